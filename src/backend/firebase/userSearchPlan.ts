// The user search on the users documents as the app writes them (email, username, displayName as given, no
// lower-cased copies), decided without the SDK so it can be tested plainly; firestoreUserSearch.ts gives it
// Firestore's reads.
//
// Firestore has no case-insensitive query, but it orders text by code point, so the texts that start with one
// spelling of the search text ("ann": "ANN", "ANn", …, "Ann", …, "ann") form one range, and the matches are the
// union of one range per spelling: 2^letters ranges. A skip scan reads only those that hold documents: it reads
// the first document at or after the smallest spelling not yet passed; if that document starts with a spelling it
// reads the rest of that spelling's range, and if not (a miss: one document read that is no match) it jumps to the
// smallest spelling after it. After MISSES_PER_FIELD misses a field reads only the usual spellings of what is left
// (as typed, lower case, Capitalized, Title Case, UPPER CASE), each a range of matches only. A range holding only
// documents another field found already is counted rather than read again (Known). A search so reads its matches,
// about once each, plus at most MISSES_PER_FIELD documents per text field.
import { normalizeSearch } from '../../lib/userFilters';

/** A search reads at most this many matches per field; beyond it the total is a lower bound. */
export const SEARCH_CAP = 1000;
/** Documents read per field that start with no spelling of the text, before the field reads the usual spellings only. */
export const MISSES_PER_FIELD = 3;
/** The users document's text fields the search reads by prefix, as the spec names them. */
export const SEARCH_TEXT_FIELDS = ['email', 'username', 'displayName'] as const;

export interface SearchPlan {
  /** The search text as src/lib/userFilters.ts normalizeSearch gives it (trimmed, lower-cased). */
  text: string;
  /** For each code point of the text, the characters a stored text may have there, in code point order. */
  forms: string[][];
  /** The first text after every text that starts with a spelling: where each field's reads stop. */
  end: string;
  /** The usual spellings, in code point order: as typed, lower case, Capitalized, Title Case, UPPER CASE. */
  usual: string[];
  /** Document id prefixes: as typed and lower-cased (a uid is pasted, not retyped in another case). */
  idPrefixes: string[];
}

const codePoint = (c: string) => c.codePointAt(0)!;

/** Firestore's order of text (UTF-8 bytes, which is code point order); JavaScript's `<` compares UTF-16 units. */
export function compareCodePoints(a: string, b: string): number {
  const [x, y] = [[...a], [...b]];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = codePoint(x[i]!) - codePoint(y[i]!);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** The characters that read as `c` once lower-cased: `c`, and its upper case when that is one character. */
export function formsOf(c: string): string[] {
  const upper = c.toUpperCase();
  return (upper !== c && [...upper].length === 1 ? [c, upper] : [c]).sort(compareCodePoints);
}

/**
 * The first text after every text that starts with `prefix` (its last code point + 1), or null for a prefix of
 * U+10FFFF alone. Exact, unlike the usual `prefix + '\uf8ff'`, which misses texts that go on above U+F8FF.
 */
export function prefixEnd(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length > 0) {
    const last = codePoint(chars.pop()!);
    // No stored text holds a surrogate code point: after U+D7FF comes U+E000.
    if (last < 0x10ffff) return chars.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return null;
}

/** How many leading code points of `value` are forms of the text's code points in the same places. */
export function matchedLength(value: string, plan: Pick<SearchPlan, 'forms'>): number {
  let n = 0;
  for (const c of value) {
    if (n === plan.forms.length || !plan.forms[n]!.includes(c)) break;
    n += 1;
  }
  return n;
}

/** The spelling of the text `value` starts with, or null. */
export function spellingOf(value: string, plan: Pick<SearchPlan, 'forms'>): string | null {
  const n = plan.forms.length;
  return matchedLength(value, plan) === n ? [...value].slice(0, n).join('') : null;
}

const lowestFrom = (plan: Pick<SearchPlan, 'forms'>, i: number) => plan.forms.slice(i).map((forms) => forms[0]!);

/** The smallest spelling: where a field's skip scan starts. */
export const firstSpelling = (plan: Pick<SearchPlan, 'forms'>) => lowestFrom(plan, 0).join('');

/**
 * The smallest spelling after `value` that `value` does not start with: where the skip scan goes on after reading
 * a document with this text (a miss, or a match whose spelling's range it has read). Null when there is none.
 */
export function nextSpelling(value: string, plan: Pick<SearchPlan, 'forms'>): string | null {
  const n = plan.forms.length;
  const chars = [...value].slice(0, n);
  const matched = matchedLength(value, plan);
  // `value` is the start of a spelling: the smallest spelling that goes on from it.
  if (matched === chars.length && matched < n) return [...chars, ...lowestFrom(plan, matched)].join('');
  // Otherwise a larger form where `value` holds none (or, after a match, at its last place), else at an earlier place.
  for (let i = Math.min(matched, n - 1); i >= 0; i--) {
    const above = plan.forms[i]!.find((form) => compareCodePoints(form, chars[i]!) > 0);
    if (above !== undefined) return [...chars.slice(0, i), above, ...lowestFrom(plan, i + 1)].join('');
  }
  return null;
}

const capitalized = (text: string) => {
  const [first = '', ...rest] = [...text];
  return first.toUpperCase() + rest.join('');
};
/** Each word's first letter in upper case: "ronald mcdonald" → "Ronald Mcdonald", "o'brien" → "O'Brien". */
const titleCase = (text: string) =>
  text.replace(/(^|[^\p{L}])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/** The spellings people and apps most often store, among the text's spellings. */
function usualSpellings(typed: string, plan: Pick<SearchPlan, 'forms'>): string[] {
  const lower = typed.toLowerCase();
  const candidates = [typed, lower, capitalized(lower), titleCase(lower), typed.toUpperCase()];
  const spellings = candidates.filter((s) => [...s].length === plan.forms.length && spellingOf(s, plan) === s);
  return [...new Set(spellings)].sort(compareCodePoints);
}

/** What a search for `search` (as typed) reads, or null when there is nothing to search. */
export function planSearch(search: string | undefined): SearchPlan | null {
  const text = normalizeSearch(search);
  const forms = [...text].map(formsOf);
  const end = prefixEnd(forms.map((f) => f[f.length - 1]!).join(''));
  if (text === '' || end === null) return null;
  const typed = (search ?? '').trim();
  // A document id cannot hold '/', so no id starts with such a text.
  const idPrefixes = [...new Set([typed, text])].filter((p) => !p.includes('/'));
  return { text, forms, end, usual: usualSpellings(typed, { forms }), idPrefixes };
}

/** One field's reads, ordered by the field and then the document id: Firestore's (firestoreUserSearch.ts) or a test's. */
export interface FieldReads<D> {
  /** The first document whose field is at or after `from` and before `end`, with that field's text; null if none. */
  first(from: string, end: string): Promise<{ doc: D; value: string } | null>;
  /** Up to `max` documents after `doc` (whose field is `value`) whose field is before `end`. */
  after(doc: D, value: string, end: string, max: number): Promise<D[]>;
  /** Up to `max` documents whose field is at or after `from` and before `end`. */
  range(from: string, end: string, max: number): Promise<D[]>;
  /** How many documents have the field at or after `from` and before `end` (a count: no document read). */
  count(from: string, end: string): Promise<number>;
}

/**
 * Documents the search found on another field already. A user's e-mail, username and display name often start
 * alike: where a spelling's range holds only such documents, its count (one billed read, no document) says so
 * and the range is not read again.
 */
export interface Known<D> {
  has(doc: D): boolean;
  /** How many of them have this field at or after `from` and before `end`. */
  within(from: string, end: string): number;
}

export const NOTHING_KNOWN: Known<unknown> = { has: () => false, within: () => 0 };

export interface FieldMatches<D> {
  /** The documents whose field starts with the text, in any case (or, after the misses, in a usual spelling),
   * less the known ones of ranges that held nothing else. */
  found: D[];
  /** More than SEARCH_CAP matched: `found` holds the first SEARCH_CAP. */
  capped: boolean;
  /** Documents read that did not match. */
  misses: number;
}

export interface ScanOptions<D> {
  /** A superseded search stops before its next read. */
  signal?: AbortSignal;
  /** Misses before the field reads the usual spellings only (MISSES_PER_FIELD; the tests also scan without a limit). */
  maxMisses?: number;
  known?: Known<D>;
}

/** The skip scan of one field (see the top of this file). */
export async function scanField<D>(plan: SearchPlan, reads: FieldReads<D>, options: ScanOptions<D> = {}): Promise<FieldMatches<D>> {
  const { signal, maxMisses = MISSES_PER_FIELD, known = NOTHING_KNOWN } = options;
  const found: D[] = [];
  let misses = 0;
  /** Adds documents up to SEARCH_CAP; true when there were more. */
  const keep = (more: D[]) => {
    const room = SEARCH_CAP - found.length;
    found.push(...more.slice(0, room));
    return more.length > room;
  };
  const room = () => SEARCH_CAP - found.length + 1;
  /** Whether [from, end) holds nothing but known documents and `fresh` new ones read already. */
  const onlyKnown = async (from: string, end: string, fresh: number) => {
    const k = known.within(from, end);
    return k > 0 && (await reads.count(from, end)) === k + fresh;
  };
  /** The usual spellings from `start` on, each a range of matches. */
  const usualFrom = async (start: string) => {
    const left = plan.usual.filter((s) => compareCodePoints(s, start) >= 0);
    const ranges = await Promise.all(
      left.map(async (s) => ((await onlyKnown(s, prefixEnd(s)!, 0)) ? [] : reads.range(s, prefixEnd(s)!, room()))),
    );
    return keep(ranges.flat());
  };

  let from: string | null = firstSpelling(plan);
  while (from !== null) {
    signal?.throwIfAborted();
    if (misses >= maxMisses) return { found, capped: await usualFrom(from), misses };
    const hit = await reads.first(from, plan.end);
    if (hit === null) break;
    const spelling = spellingOf(hit.value, plan);
    if (spelling === null) misses += 1;
    else {
      const end = prefixEnd(spelling)!;
      const fresh = known.has(hit.doc) ? 0 : 1;
      if (fresh === 1 && keep([hit.doc])) return { found, capped: true, misses };
      if (!(await onlyKnown(spelling, end, fresh)) && keep(await reads.after(hit.doc, hit.value, end, room())))
        return { found, capped: true, misses };
    }
    from = nextSpelling(hit.value, plan);
  }
  return { found, capped: false, misses };
}
