// The name rules the console's CSV import and the server's names API share (spec 5), so a row the
// console sends is one the server accepts. Pure: imported by the browser bundle, the parse worker,
// bench/ and the server (like contract.ts), so no DOM globals, no import.meta, no dependencies.
export type Gender = 'male' | 'female' | 'unisex';
export const GENDERS: readonly Gender[] = ['male', 'female', 'unisex'];

export function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

/**
 * NFC, then trimmed. NFC first: a name typed or pasted as "A" + combining acute (NFD, common from
 * macOS) must become the single letter "Á", otherwise its first letter would read "A" and the letter
 * filter would file "Ásta" under A. NFC is idempotent, so normalized text passes unchanged.
 */
export function cleanText(value: string): string {
  return value.normalize('NFC').trim();
}

/** Gender and nationality are compared and stored trimmed and lower-cased (spec 5). */
export function cleanKey(value: string): string {
  return cleanText(value).toLowerCase();
}

/**
 * The letter a name files under for the Manage Names letter filter: its first character, upper-cased
 * by JavaScript (independent of the database collation). Á, É, Í, Ó, Ú, Ý, Æ and Ö are letters of their
 * own, so "Ásta" files under Á, never under A. Stored in names.first_letter.
 */
export function firstLetter(name: string): string {
  const first = Array.from(name.trim())[0] ?? '';
  return first.toLocaleUpperCase('is');
}

// Latin digraphs whose first letter, capitalized, has its own title-case form ("ǆ" -> "ǅ", not "Ǆ").
const TITLE_CASE: Record<string, string> = {
  Ǆ: 'ǅ',
  ǅ: 'ǅ',
  ǆ: 'ǅ',
  Ǉ: 'ǈ',
  ǈ: 'ǈ',
  ǉ: 'ǈ',
  Ǌ: 'ǋ',
  ǋ: 'ǋ',
  ǌ: 'ǋ',
  Ǳ: 'ǲ',
  ǲ: 'ǲ',
  ǳ: 'ǲ',
};

/**
 * A case mapping that keeps the text's length: JavaScript's full case mapping can grow text ("ß" upper
 * is "SS", "İ" lower is "i" + combining dot), which would turn "ßen" into "SSen". Whole text first so
 * context rules still apply (a Greek final sigma stays "ς"); only if that changes the length, code
 * point by code point, keeping each one whose mapping would grow.
 */
function mapKeepingLength(text: string, map: (s: string) => string): string {
  const whole = map(text);
  if (whole.length === text.length) return whole;
  return Array.from(text, (ch) => {
    const mapped = map(ch);
    return mapped.length === ch.length ? mapped : ch;
  }).join('');
}

/**
 * The bulk-import capitalization (spec 5): first letter upper, the rest lower, after cleanText, and
 * never changing the name's length ('ßen' stays 'ßen', three characters).
 * Array.from splits by code point, not UTF-16 unit, so a name starting with a letter outside the BMP
 * is not cut in half; the locale-independent toUpperCase/toLowerCase apply Unicode's case tables
 * ("ásta" and "ÆGIR" become "Ásta" and "Ægir") without letting a browser's locale change the data
 * (a Turkish locale would turn "i" into "İ").
 */
export function capitalizeName(value: string): string {
  const [first = '', ...rest] = Array.from(cleanText(value));
  const head = TITLE_CASE[first] ?? mapKeepingLength(first, (s) => s.toUpperCase());
  return head + mapKeepingLength(rest.join(''), (s) => s.toLowerCase());
}

/**
 * Why a text cannot be stored as a name or nationality. Each is a reason a person can act on: the
 * server answers 400 with its message, the CSV import skips and counts the row under it.
 */
export type TextProblem =
  | 'empty'
  | 'too-long'
  | 'control-character'
  | 'bidi-control'
  | 'zero-width'
  | 'invisible-format'
  | 'lone-surrogate'
  | 'replacement-character';

// C0, DEL and C1: PostgreSQL text cannot hold NUL, and none of them belong in a name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
// Bidirectional formatting (embeddings, overrides, isolates, marks): they can make a stored name read
// differently from its characters ("Trojan Source").
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// Invisible joiners and spaces: two names that look the same would be different rows. This refuses
// ZWJ/ZWNJ too, which some Persian and Indic spellings use; such names are stored without them.
const ZERO_WIDTH = /[\u180e\u200b-\u200d\u2060\ufeff]/;
// Any other invisible format character (soft hyphen, tags, interlinear annotations, ...).
const FORMAT_CHARS = /\p{Cf}/u;
// In a /u pattern a lone surrogate is one code point of category Cs; paired ones never match.
const LONE_SURROGATE = /\p{Cs}/u;

/** The first reason a character of `value` makes it unstorable, or undefined when every character is fine. */
export function unsafeCharProblem(value: string): TextProblem | undefined {
  if (CONTROL_CHARS.test(value)) return 'control-character';
  if (LONE_SURROGATE.test(value)) return 'lone-surrogate';
  if (value.includes('\ufffd')) return 'replacement-character';
  if (BIDI_CONTROLS.test(value)) return 'bidi-control';
  if (ZERO_WIDTH.test(value)) return 'zero-width';
  if (FORMAT_CHARS.test(value)) return 'invisible-format';
  return undefined;
}

/** C0/C1 controls and DEL only; kept for callers that ask just this. unsafeCharProblem covers it. */
export function hasControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value);
}

/**
 * Longest name or nationality stored, in UTF-16 units after cleanText. Generous: it exists to bound
 * row size. The server rejects longer text; the console skips such CSV rows instead of failing a batch.
 */
export const MAX_NAME_TEXT_LENGTH = 200;

/** What is wrong with a name or nationality AFTER cleanText, or undefined when it can be stored. */
export function textProblem(cleaned: string): TextProblem | undefined {
  if (cleaned === '') return 'empty';
  if (cleaned.length > MAX_NAME_TEXT_LENGTH) return 'too-long';
  return unsafeCharProblem(cleaned);
}

/** The problem in words, to follow a field name: "name must not contain zero-width characters". */
export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  empty: 'must not be empty',
  'too-long': `must be at most ${MAX_NAME_TEXT_LENGTH} characters`,
  'control-character': 'must not contain control characters',
  'bidi-control': 'must not contain bidirectional text controls (such as U+202E)',
  'zero-width': 'must not contain zero-width characters (such as U+200B)',
  'invisible-format': 'must not contain invisible formatting characters (such as a soft hyphen)',
  'lone-surrogate': 'must not contain a broken character (a lone UTF-16 surrogate)',
  'replacement-character': 'must not contain U+FFFD, a character lost in decoding (check the encoding)',
};

/** "<field> <problem>", the message the server answers with and the import's per-reason label. */
export function describeTextProblem(field: string, problem: TextProblem): string {
  return `${field} ${TEXT_PROBLEM_MESSAGES[problem]}`;
}

// The names area's constants besides one name's rules (the schemas and types of the names routes: schemas/names.ts).
/** Letters of the Manage Names letter filter, in display order (spec 2). */
export const FILTER_LETTERS: readonly string[] = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''), 'Á', 'É', 'Í', 'Ó', 'Ú', 'Ý', 'Æ', 'Ö'];

/** Most names one part of a deletion's restore takes (POST /names/restore { deletionId, limit }). */
export const MAX_RESTORE_PART = 5000;

/** Most ids one POST /names/bulk-delete takes (one DELETE ... WHERE id = ANY($1)). */
export const MAX_BULK_DELETE_IDS = 1000;
