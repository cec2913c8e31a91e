// The rules shared with the console's CSV import live in contract/nameRules.ts; re-exported here for
// the names API's validators.
import { cleanText } from '../../../contract/nameRules';

export {
  capitalizeName,
  cleanText,
  describeTextProblem,
  hasControlChars,
  isGender,
  MAX_NAME_TEXT_LENGTH as MAX_TEXT_LENGTH,
  textProblem,
} from '../../../contract/nameRules';

/** Gender and nationality are compared and stored trimmed and lower-cased (spec 5). */
export function cleanKey(value: string): string {
  return cleanText(value).toLowerCase();
}
