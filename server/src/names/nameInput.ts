// What the names routes do with input the schemas (contract/endpoints.ts) have already checked for shape,
// bounds and the text rule: the spec's normalization. Filters are matched case-insensitively ('all' means
// none), names keep the admin's capitalization, gender and nationality are stored lower-case.
import type { NameInputBody, NamesQueryParams } from '../../../contract/endpoints';
import type { Gender, NameInput } from '../../../contract/wire';
import { badRequest } from '../http/errors';
import { firstLetter } from './firstLetter';
import { cleanKey, cleanText, describeTextProblem, isGender, textProblem } from './normalize';

/** The filters of a GET /names page after validation; undefined = no filter. */
export interface NamesFilter {
  gender?: Gender;
  /** lower-cased, as stored */
  nationality?: string;
  /** one upper-cased letter, compared with names.first_letter */
  letter?: string;
  limit: number;
  offset: number;
}

/** A valid name row, normalized, with its computed letter. */
export interface NameValues extends NameInput {
  firstLetter: string;
}

export function namesFilter(query: NamesQueryParams): NamesFilter {
  const filter: NamesFilter = { limit: query.limit ?? 50, offset: query.offset ?? 0 };

  const genderKey = cleanKey(query.gender ?? '');
  if (genderKey !== '' && genderKey !== 'all') {
    if (!isGender(genderKey)) throw badRequest('gender must be one of all, male, female, unisex', 'gender');
    filter.gender = genderKey;
  }

  // Stored nationalities are lower-case, so lower-casing the parameter is the case-insensitive match
  // that still uses the (nationality, ...) indexes; lower(nationality) = $1 would not.
  const nationalityKey = cleanKey(query.nationality ?? '');
  if (nationalityKey !== '' && nationalityKey !== 'all') {
    const problem = textProblem(nationalityKey);
    if (problem) throw badRequest(describeTextProblem('nationality', problem), 'nationality');
    filter.nationality = nationalityKey;
  }

  const letterText = cleanText(query.alphabetFilter ?? '');
  if (letterText !== '' && letterText.toLowerCase() !== 'all') {
    // One code point after NFC: "Á" (either spelling) passes, "AB" does not.
    if (Array.from(letterText).length !== 1 || !/^\p{L}$/u.test(letterText)) {
      throw badRequest('alphabetFilter must be a single letter or All', 'alphabetFilter');
    }
    // The same function that computed names.first_letter, so "á" finds "Ásta" and "A" does not.
    filter.letter = firstLetter(letterText);
  }
  return filter;
}

function storedText(value: string, field: string): string {
  const text = cleanText(value);
  const problem = textProblem(text);
  if (problem) throw badRequest(describeTextProblem(field, problem), field);
  return text;
}

/**
 * Body of POST /names and PUT /names/:id. The name is trimmed but keeps the admin's capitalization
 * (a hand-typed "McKenzie" stays so; only the bulk import capitalizes, spec 5). Gender and
 * nationality are trimmed and lower-cased.
 */
export function nameValues(body: NameInputBody): NameValues {
  const name = storedText(body.name, 'name');
  const gender = cleanKey(body.gender);
  if (!isGender(gender)) throw badRequest('gender must be one of male, female, unisex', 'gender');
  const nationality = storedText(body.nationality, 'nationality').toLowerCase();
  return { name, gender, nationality, firstLetter: firstLetter(name) };
}
