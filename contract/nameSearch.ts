// Searching names (GET /api/names?q=): what "matches" means, written once. The console, the server and the
// console's test backend fold the search text with foldForSearch; the database keeps every name folded the same
// way in names.search_key, by an SQL function generated from SEARCH_FOLD_TABLE below (migration
// 100_name_search; server/test/nameSearch.fold.test.ts asserts that the function and foldForSearch agree on
// every entry of the table and on real names). Pure: no DOM, no Node, no packages.
import { cleanText, TEXT_PROBLEM_MESSAGES } from './nameRules';
import { freeTextProblem } from './textRules';

/** Longest search text accepted (characters). */
export const NAME_SEARCH_MAX_LENGTH = 100;

/**
 * Search text without this many letters or digits in a row (after folding) only finds names that START with
 * it: nearly every name contains one or two given letters somewhere, and a trigram index cannot serve a pattern
 * that holds no trigram (three letters or digits of one word).
 */
export const NAME_SEARCH_MIN_CONTAINS = 3;

/** When fewer names than this start with or contain the text, close spellings are listed after them. */
export const NAME_SEARCH_FEW_MATCHES = 10;

/**
 * Each group of a search is counted up to this many names past the page's end, no further: a count of every name
 * starting with or containing "mar" reads a share of the table on every keystroke (counting up to 1,000 instead of 200
 * took searches from 1.0 to 1.8 ms at the median on a million names: docs/names.md, Searching names). A group cut short makes the answer's counts lower
 * bounds (NameSearchSummary.exact false, "more than" in the console), and the groups after it are not counted.
 * Paging is unaffected: pages are read in order whatever the counts say.
 */
export const NAME_SEARCH_COUNT_LIMIT = 200;

/** At most this many close spellings, the closest first. */
export const NAME_SEARCH_MAX_CLOSE = 20;

/**
 * A close spelling shares at least this share of its trigrams with the text (pg_trgm's similarity()): "sigridr" and
 * "sigridur" share 0.55. pg_trgm's own default, 0.3, also let through names that share little more than their first
 * letters, and its trigram index then handed the database some 22,000 candidates to recheck for a 9-letter typo on
 * a million names (40 ms), against some 500 at 0.4 (7 ms): docs/names.md, Searching names.
 */
export const NAME_SEARCH_MIN_SIMILARITY = 0.4;

/**
 * Letters folded to something other than themselves lower-cased without their marks: the Icelandic and
 * Nordic letters, and other Latin letters that have no decomposition (ł, đ, ħ, ı, ŋ, ɓ, ...). Upper and lower
 * case both.
 */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  Ð: 'd',
  ð: 'd',
  Đ: 'd',
  đ: 'd',
  Þ: 'th',
  þ: 'th',
  Æ: 'ae',
  æ: 'ae',
  Œ: 'oe',
  œ: 'oe',
  Ø: 'o',
  ø: 'o',
  ß: 'ss',
  ẞ: 'ss',
  Ł: 'l',
  ł: 'l',
  Ŀ: 'l',
  ŀ: 'l',
  Ħ: 'h',
  ħ: 'h',
  ı: 'i',
  Ŧ: 't',
  ŧ: 't',
  Ĳ: 'ij',
  ĳ: 'ij',
  Ǆ: 'dz',
  ǅ: 'dz',
  ǆ: 'dz',
  Ǳ: 'dz',
  ǲ: 'dz',
  ǳ: 'dz',
  Ǉ: 'lj',
  ǈ: 'lj',
  ǉ: 'lj',
  Ǌ: 'nj',
  ǋ: 'nj',
  ǌ: 'nj',
  ſ: 's',
  Ƒ: 'f',
  ƒ: 'f',
  // Sami
  Ŋ: 'n',
  ŋ: 'n',
  Ǥ: 'g',
  ǥ: 'g',
  // Hausa and other West African alphabets (hooked letters)
  Ɓ: 'b',
  ɓ: 'b',
  Ɗ: 'd',
  ɗ: 'd',
  Ƙ: 'k',
  ƙ: 'k',
  Ƴ: 'y',
  ƴ: 'y',
};

/** Typographic apostrophes and hyphens a name may be typed with, as their plain forms. */
const SPECIAL_PUNCTUATION: Readonly<Record<string, string>> = {
  '\u2019': "'", // ’ right single quotation mark
  '\u2018': "'", // ‘ left single quotation mark
  '\u02BC': "'", // ʼ modifier letter apostrophe
  '\u2010': '-', // ‐ hyphen
  '\u2011': '-', // ‑ non-breaking hyphen
};

/** The Latin letters the table covers: A-Z, Latin-1 Supplement, Extended-A and -B, Extended Additional. */
const LATIN_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x41, 0x5a],
  [0xc0, 0x24f],
  [0x1e00, 0x1eff],
];

/** Combining diacritical marks (a name typed decomposed, "A" + U+0301): dropped, as the precomposed letter's mark is. */
const COMBINING_MARKS: readonly [number, number] = [0x300, 0x36f];

const ASCII_LETTER = /^[A-Za-z]$/;

/** One base letter (no marks left) folded, or undefined when it is no letter the table folds. */
function foldBase(ch: string): string | undefined {
  const special = SPECIAL_LETTERS[ch];
  if (special !== undefined) return special;
  return ASCII_LETTER.test(ch) ? ch.toLowerCase() : undefined;
}

/**
 * What one Latin letter folds to: its canonical decomposition (Unicode's, which the stability policy freezes)
 * without the marks, each remaining letter lower-cased or folded by SPECIAL_LETTERS. Undefined for letters
 * that fold to nothing in a-z (ɓ, ƀ, ŋ, ...): those are searched as they are written.
 */
function foldLetter(ch: string): string | undefined {
  const special = SPECIAL_LETTERS[ch];
  if (special !== undefined) return special;
  const bases = Array.from(ch.normalize('NFD')).filter((c) => {
    const code = c.codePointAt(0)!;
    return code < COMBINING_MARKS[0] || code > COMBINING_MARKS[1];
  });
  if (bases.length === 0) return undefined;
  let out = '';
  for (const base of bases) {
    const folded = foldBase(base);
    if (folded === undefined) return undefined;
    out += folded;
  }
  return out;
}

function buildTable(): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const [from, to] of LATIN_RANGES) {
    for (let code = from; code <= to; code++) {
      const ch = String.fromCodePoint(code);
      const folded = foldLetter(ch);
      if (folded !== undefined && folded !== ch) table.set(ch, folded);
    }
  }
  for (const [ch, folded] of Object.entries(SPECIAL_LETTERS)) table.set(ch, folded);
  for (let code = COMBINING_MARKS[0]; code <= COMBINING_MARKS[1]; code++) table.set(String.fromCodePoint(code), '');
  for (const [ch, folded] of Object.entries(SPECIAL_PUNCTUATION)) table.set(ch, folded);
  return table;
}

/**
 * Every character search folds, and what it folds to (a-z, an apostrophe, a hyphen, or nothing for a combining
 * mark). Every other character is kept as it is: digits, spaces, plain punctuation, and letters of other
 * scripts (compared as written, case included).
 */
export const SEARCH_FOLD_TABLE: ReadonlyMap<string, string> = buildTable();

/**
 * The search form of a text: case- and accent-insensitive with Icelandic and Nordic folding. "Sigríður" and
 * "sigridur" fold to "sigridur", "Ægir" to "aegir", "Þór" to "thor", "Øyvind" to "oyvind", "Straße" to
 * "strasse". Character by character through SEARCH_FOLD_TABLE, so a text already folded folds to itself.
 */
export function foldForSearch(text: string): string {
  let out = '';
  for (const ch of text) out += SEARCH_FOLD_TABLE.get(ch) ?? ch;
  return out;
}

/** How a name matches a search, in the order of the answer: starts with the text, contains it, or a close spelling. */
export type NameMatchKind = 'prefix' | 'contains' | 'close';

/**
 * Prefix or contains for a name's folded key against folded search text, or undefined (the server's close
 * spellings are pg_trgm's similarity, which only the database computes).
 */
export function exactMatchKind(key: string, folded: string): Exclude<NameMatchKind, 'close'> | undefined {
  if (key.startsWith(folded)) return 'prefix';
  if (searchesInside(folded) && key.includes(folded)) return 'contains';
  return undefined;
}

// a-z and digits only: what pg_trgm counts as a word's characters in every database locale (PGlite's is C, where
// other letters are word breaks), so the text holds a trigram wherever it is searched.
const TRIGRAM_RUN = new RegExp(`[a-z0-9]{${NAME_SEARCH_MIN_CONTAINS}}`);

/**
 * Whether folded search text also finds names that contain it (not only those starting with it) and close
 * spellings: it holds NAME_SEARCH_MIN_CONTAINS folded letters (a-z) or digits in a row.
 */
export function searchesInside(folded: string): boolean {
  return TRIGRAM_RUN.test(folded);
}

/**
 * What is wrong with search text the console is about to send, in words for the operator, or undefined: the API
 * refuses text that is not visible (control, zero-width, bidirectional, invisible characters: the free-text rule
 * of textRules.ts) and text that folds to nothing (combining marks alone). Blank text is no search, not a problem.
 */
export function searchTextProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const problem = freeTextProblem(text);
  if (problem !== undefined) return `The search ${TEXT_PROBLEM_MESSAGES[problem]}`;
  if (foldForSearch(text).trim() === '') return 'The search must hold a letter, digit or sign';
  return undefined;
}

/**
 * Search text as a console applies it: NFC and trimmed as the API reads it (namesInput.ts), cut at the
 * NAME_SEARCH_MAX_LENGTH characters the API takes (whole characters, never half a surrogate pair).
 */
export function normalizeSearchText(text: string): string {
  return Array.from(cleanText(text)).slice(0, NAME_SEARCH_MAX_LENGTH).join('').trim();
}
