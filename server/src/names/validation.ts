import type { Gender, NameInput } from '../../../contract/wire';
import { firstLetter } from './firstLetter';
import { cleanKey, cleanText, describeTextProblem, isGender, textProblem } from './normalize';
import { fail, ok, type Parsed } from './result';

/** GET /names paging: the console asks for 50; the cap keeps one request from reading the table. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;
/** POST /names/bulk-delete: ids per request (one DELETE ... WHERE id = ANY($1)). */
export const MAX_BULK_DELETE_IDS = 1000;

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

type Query = Record<string, unknown>;

/** Query values arrive as strings; a repeated key (?gender=a&gender=b) arrives as an array: rejected. */
function queryString(query: Query, field: string): Parsed<string | undefined> {
  const value = query[field];
  if (value === undefined) return ok(undefined);
  if (typeof value !== 'string') return fail(field, `${field} must be given once, as text`);
  return ok(value);
}

function queryInteger(query: Query, field: string, fallback: number, min: number, max: number): Parsed<number> {
  const raw = queryString(query, field);
  if (!raw.ok) return raw;
  if (raw.value === undefined || raw.value.trim() === '') return ok(fallback);
  // Digits only: Number() would also accept "1e3", "0x10" and " 12 ".
  if (!/^\d{1,9}$/.test(raw.value)) return fail(field, `${field} must be a whole number >= ${min}`);
  const value = Number(raw.value);
  if (value < min || value > max) return fail(field, `${field} must be between ${min} and ${max}`);
  return ok(value);
}

export function parseNamesQuery(query: Query | undefined): Parsed<NamesFilter> {
  const q = query ?? {};
  const filter: NamesFilter = { limit: DEFAULT_LIMIT, offset: 0 };

  const gender = queryString(q, 'gender');
  if (!gender.ok) return gender;
  const genderKey = gender.value === undefined ? '' : cleanKey(gender.value);
  if (genderKey !== '' && genderKey !== 'all') {
    if (!isGender(genderKey)) return fail('gender', 'gender must be one of all, male, female, unisex');
    filter.gender = genderKey;
  }

  const nationality = queryString(q, 'nationality');
  if (!nationality.ok) return nationality;
  // Stored nationalities are lower-case, so lower-casing the parameter is the case-insensitive match
  // that still uses the (nationality, ...) indexes; lower(nationality) = $1 would not.
  const nationalityKey = nationality.value === undefined ? '' : cleanKey(nationality.value);
  if (nationalityKey !== '' && nationalityKey !== 'all') {
    // A NUL would reach PostgreSQL (which cannot hold it in text) and fail there as a 500.
    const problem = textProblem(nationalityKey);
    if (problem) return fail('nationality', describeTextProblem('nationality', problem));
    filter.nationality = nationalityKey;
  }

  const letter = queryString(q, 'alphabetFilter');
  if (!letter.ok) return letter;
  const letterText = letter.value === undefined ? '' : cleanText(letter.value);
  if (letterText !== '' && letterText.toLowerCase() !== 'all') {
    // One code point after NFC: "Á" (either spelling) passes, "AB" does not.
    if (Array.from(letterText).length !== 1 || !/^\p{L}$/u.test(letterText)) {
      return fail('alphabetFilter', 'alphabetFilter must be a single letter or All');
    }
    // The same function that computed names.first_letter, so "á" finds "Ásta" and "A" does not.
    filter.letter = firstLetter(letterText);
  }

  const limit = queryInteger(q, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
  if (!limit.ok) return limit;
  filter.limit = limit.value;

  const offset = queryInteger(q, 'offset', 0, 0, 999_999_999);
  if (!offset.ok) return offset;
  filter.offset = offset.value;

  return ok(filter);
}

function requiredText(body: Record<string, unknown>, field: string): Parsed<string> {
  const value = body[field];
  if (typeof value !== 'string') return fail(field, `${field} is required`);
  const text = cleanText(value);
  const problem = textProblem(text);
  if (problem) return fail(field, describeTextProblem(field, problem));
  return ok(text);
}

const NAME_INPUT_FIELDS = ['name', 'gender', 'nationality'] as const;

/** The first property of `object` that is not in `allowed` (a client bug or a probe: refused, never ignored). */
export function unknownField(object: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(object).find((key) => !allowed.includes(key));
}

/**
 * Body of POST /names and PUT /names/:id. The name is trimmed but keeps the admin's capitalization
 * (a hand-typed "McKenzie" stays so; only the bulk import capitalizes, spec 5). Gender and
 * nationality are trimmed and lower-cased.
 */
export function parseNameInput(body: unknown): Parsed<NameValues> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return fail('body', 'Expected a JSON object with name, gender and nationality');
  }
  const b = body as Record<string, unknown>;
  const unknown = unknownField(b, NAME_INPUT_FIELDS);
  if (unknown !== undefined) return fail(unknown, `${unknown} is not allowed`);
  const name = requiredText(b, 'name');
  if (!name.ok) return name;
  const gender = requiredText(b, 'gender');
  if (!gender.ok) return gender;
  const genderKey = gender.value.toLowerCase();
  if (!isGender(genderKey)) return fail('gender', 'gender must be one of male, female, unisex');
  const nationality = requiredText(b, 'nationality');
  if (!nationality.ok) return nationality;
  return ok({
    name: name.value,
    gender: genderKey,
    nationality: nationality.value.toLowerCase(),
    firstLetter: firstLetter(name.value),
  });
}

/** :id of PUT/DELETE /names/:id: a positive integer (ids are bigint identity values from 1). */
export function parseNameId(raw: unknown): Parsed<number> {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,14}$/.test(raw)) return fail('id', 'id must be a positive whole number');
  return ok(Number(raw));
}

/** Body of POST /names/bulk-delete: { nameIds: number[] }, 1..MAX_BULK_DELETE_IDS positive integers. */
export function parseBulkDelete(body: unknown): Parsed<number[]> {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const unknown = unknownField(body as Record<string, unknown>, ['nameIds']);
    if (unknown !== undefined) return fail(unknown, `${unknown} is not allowed`);
  }
  const ids = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).nameIds : undefined;
  if (!Array.isArray(ids)) return fail('nameIds', 'nameIds must be a list of name ids');
  if (ids.length === 0) return fail('nameIds', 'nameIds must not be empty');
  if (ids.length > MAX_BULK_DELETE_IDS) return fail('nameIds', `nameIds may hold at most ${MAX_BULK_DELETE_IDS} ids per request`);
  for (let i = 0; i < ids.length; i++) {
    const id: unknown = ids[i];
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
      return fail(`nameIds[${i}]`, `nameIds[${i}] must be a positive whole number`);
    }
  }
  return ok(ids as number[]);
}
