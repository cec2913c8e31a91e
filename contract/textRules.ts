// The rules every text the wire carries is held to, stated once: the server registers them as JSON-schema
// formats (contract/endpoints.ts names them), the console may check the same functions before sending.
import { unsafeCharProblem, describeTextProblem, type TextProblem } from './nameRules';

/**
 * Free text a person types and others read (usernames, display names, import file names, names): no
 * control characters (ANSI escapes start with one, ESC), no bidirectional overrides, no zero-width or
 * other invisible format characters, no broken characters, and not whitespace only.
 */
export function freeTextProblem(value: string): TextProblem | undefined {
  if (value.trim() === '') return 'empty';
  return unsafeCharProblem(value);
}

export const FREE_TEXT_FORMAT = 'free-text';
/** The 400 message when a free-text field breaks the rule (the field's name goes first). */
export const FREE_TEXT_RULE =
  'must be visible text: not blank, and without control characters or escape sequences, bidirectional controls, zero-width or invisible characters';

export function describeFreeTextProblem(field: string, value: string): string {
  const problem = freeTextProblem(value);
  return problem ? describeTextProblem(field, problem) : `${field} ${FREE_TEXT_RULE}`;
}

// ---------------------------------------------------------------------------------------------------
// Numbers written in a query or a path. Plain decimal digits only, at most 15 (what a JS number holds
// exactly), no leading zero: '0x10', '1e3', '+1', ' 12 ', 'Infinity', '1e309' and '01' each read as another
// number than the text shows (or none), so a client that sends one has a bug to be told about.

export const WHOLE_NUMBER_TEXT = /^-?(0|[1-9]\d{0,14})$/;
export const DECIMAL_NUMBER_TEXT = /^-?(0|[1-9]\d{0,14})(\.\d{1,15})?$/;
export const NUMBER_TEXT_RULE = 'must be a number written in plain digits, without a leading zero';

// ---------------------------------------------------------------------------------------------------
// Instants and days. Bounded years: PostgreSQL has no year 0 (a '0000-...' instant failed there as a
// 500), and nothing in this console happened before 1900 or will after 2999.

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

export const INSTANT_FORMAT = 'instant';
export const DAY_FORMAT = 'day';

/** An ISO 8601 instant with its time zone (2026-11-22T20:00:00Z, ...+01:00) or a plain date (UTC midnight). */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,6})?)?(Z|[+-](\d{2}):?(\d{2})))?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  // Date.UTC rolls 2026-02-30 over to March: a real day survives the round trip.
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

export function isInstantText(text: string): boolean {
  const m = INSTANT.exec(text);
  if (!m || !isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (m[4] === undefined) return true;
  if (Number(m[5]) > 23 || Number(m[6]) > 59 || Number(m[8] ?? 0) > 59) return false;
  return m[10] === 'Z' || (Number(m[11]) <= 23 && Number(m[12]) <= 59);
}

export function isDayText(text: string): boolean {
  const m = DAY.exec(text);
  return m !== null && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

export const INSTANT_RULE = `must be an ISO 8601 date-time with a time zone (or a date), years ${MIN_YEAR} to ${MAX_YEAR}, e.g. 2026-01-31T00:00:00Z`;
export const DAY_RULE = `must be a date written YYYY-MM-DD, years ${MIN_YEAR} to ${MAX_YEAR}`;

/** The formats endpoints.ts uses, for the validator to register (name -> check, and the message). */
export const WIRE_FORMATS: Record<string, { check: (text: string) => boolean; rule: string }> = {
  [FREE_TEXT_FORMAT]: { check: (text) => freeTextProblem(text) === undefined, rule: FREE_TEXT_RULE },
  [INSTANT_FORMAT]: { check: isInstantText, rule: INSTANT_RULE },
  [DAY_FORMAT]: { check: isDayText, rule: DAY_RULE },
};

/**
 * Longest echo of a client's value in a message: a message that quotes input (an unknown version, an
 * id) quotes at most this much, so a 50 MB value cannot become a 50 MB alert.
 */
export const MAX_ECHO_LENGTH = 80;

export function echo(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_ECHO_LENGTH ? `${text.slice(0, MAX_ECHO_LENGTH)}… (${text.length} characters)` : text;
}
