// The rules shared with the console's CSV import live in contract/nameRules.ts; re-exported here for
// the names API's validators.
export {
  capitalizeName,
  cleanKey,
  cleanText,
  describeTextProblem,
  hasControlChars,
  isGender,
  MAX_NAME_TEXT_LENGTH as MAX_TEXT_LENGTH,
  textProblem,
} from '../../../contract/nameRules';
