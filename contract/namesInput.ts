// What the names routes do with input the schemas (endpoints.ts) have already checked for shape, bounds and
// the text rule: the spec's normalization. Filters are matched case-insensitively ('all' means none), names
// keep the admin's capitalization, gender and nationality are stored lower-case. The server's routes run
// these; the console's test backend (mocks/) runs the same.
import type { NameInputBody, NamesQueryParams, NameInput } from './schemas/names';
import { cleanKey, cleanText, describeTextProblem, firstLetter, isGender, textProblem } from './nameRules';
import { foldForSearch } from './nameSearch';
import { fail, ok, type Parsed } from './parsed';
import type { Gender } from './nameRules';

/** The filters of a GET /names page after validation; undefined = no filter. */
export interface NamesFilter {
  gender?: Gender;
  /** lower-cased, as stored */
  nationality?: string;
  /** one upper-cased letter, compared with names.first_letter */
  letter?: string;
  /** the search (q): its text as applied and its folded form (contract/nameSearch.ts) */
  search?: { q: string; key: string };
  limit: number;
  offset: number;
}

export function namesFilterOf(query: NamesQueryParams): Parsed<NamesFilter> {
  const filter: NamesFilter = { limit: query.limit ?? 50, offset: query.offset ?? 0 };

  const genderKey = cleanKey(query.gender ?? '');
  if (genderKey !== '' && genderKey !== 'all') {
    if (!isGender(genderKey)) return fail('gender', 'gender must be one of all, male, female, unisex');
    filter.gender = genderKey;
  }

  // Stored nationalities are lower-case, so lower-casing the parameter is the case-insensitive match
  // that still uses the (nationality, ...) indexes; lower(nationality) = $1 would not.
  const nationalityKey = cleanKey(query.nationality ?? '');
  if (nationalityKey !== '' && nationalityKey !== 'all') {
    const problem = textProblem(nationalityKey);
    if (problem) return fail('nationality', describeTextProblem('nationality', problem));
    filter.nationality = nationalityKey;
  }

  const letterText = cleanText(query.alphabetFilter ?? '');
  if (letterText !== '' && letterText.toLowerCase() !== 'all') {
    // One code point after NFC: "Á" (either spelling) passes, "AB" does not.
    if (Array.from(letterText).length !== 1 || !/^\p{L}$/u.test(letterText)) {
      return fail('alphabetFilter', 'alphabetFilter must be a single letter or All');
    }
    // The same function that computed names.first_letter, so "á" finds "Ásta" and "A" does not.
    filter.letter = firstLetter(letterText);
  }

  // NFC like every stored text; the schema has already refused control, invisible and bidirectional characters.
  const q = cleanText(query.q ?? '');
  if (q !== '') {
    const key = foldForSearch(q);
    // Only combining marks, say: nothing left to look for.
    if (key.trim() === '') return fail('q', 'q must hold a letter, digit or sign to search for');
    filter.search = { q, key };
  }
  return ok(filter);
}

/** A valid name row, normalized, with its computed letter. */
export interface NameValues extends NameInput {
  firstLetter: string;
}

function storedText(value: string, field: string): Parsed<string> {
  const text = cleanText(value);
  const problem = textProblem(text);
  return problem ? fail(field, describeTextProblem(field, problem)) : ok(text);
}

/**
 * Body of POST /names and PUT /names/:id. The name is trimmed but keeps the admin's capitalization
 * (a hand-typed "McKenzie" stays so; only the bulk import capitalizes, spec 5). Gender and
 * nationality are trimmed and lower-cased.
 */
export function nameValuesOf(body: NameInputBody): Parsed<NameValues> {
  const name = storedText(body.name, 'name');
  if (!name.ok) return name;
  const gender = cleanKey(body.gender);
  if (!isGender(gender)) return fail('gender', 'gender must be one of male, female, unisex');
  const nationality = storedText(body.nationality, 'nationality');
  if (!nationality.ok) return nationality;
  return ok({ name: name.value, gender, nationality: nationality.value.toLowerCase(), firstLetter: firstLetter(name.value) });
}
