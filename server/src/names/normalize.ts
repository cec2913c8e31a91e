import { GENDERS, type Gender } from '../../../src/api/contract';

/**
 * Text normalization shared by every write path of the names API.
 *
 * NFC first: a name typed or pasted as "A" + combining acute (NFD, common from macOS) must be stored
 * as the single letter "Á", otherwise first_letter would say "A" and the letter filter would file
 * "Ásta" under A. NFC is idempotent, so rows the console already normalized are stored unchanged.
 */
export function cleanText(value: string): string {
  return value.normalize('NFC').trim();
}

/** Gender and nationality are compared and stored trimmed and lower-cased (spec 5). */
export function cleanKey(value: string): string {
  return cleanText(value).toLowerCase();
}

/**
 * The bulk-import capitalization (spec 5): first letter upper, the rest lower. Splits by code point,
 * not UTF-16 unit, so a name starting with a letter outside the BMP is not cut in half; "ásta" and
 * "ÆGIR" become "Ásta" and "Ægir". Must match the console's normalizer (src/features/bulkUpload).
 */
export function capitalizeName(value: string): string {
  const [first = '', ...rest] = Array.from(cleanText(value));
  return first.toUpperCase() + rest.join('').toLowerCase();
}

export function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

/** C0 controls and DEL: PostgreSQL text cannot hold NUL, and none of them belong in a name. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export function hasControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value);
}

/** Longest name or nationality accepted (characters). Generous: it exists to bound row size. */
export const MAX_TEXT_LENGTH = 200;
