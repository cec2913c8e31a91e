// The name rules the console's CSV import and the server's names API share (spec 5), so a row the
// console sends is one the server accepts. Pure: imported by the browser bundle, the parse worker,
// bench/ and the server (like contract.ts), so no DOM globals, no import.meta, no dependencies.
import { GENDERS, type Gender } from './contract';

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

/**
 * The bulk-import capitalization (spec 5): first letter upper, the rest lower, after cleanText.
 * Array.from splits by code point, not UTF-16 unit, so a name starting with a letter outside the BMP
 * is not cut in half; the locale-independent toUpperCase/toLowerCase apply Unicode's case tables
 * ("ásta" and "ÆGIR" become "Ásta" and "Ægir") without letting a browser's locale change the data
 * (a Turkish locale would turn "i" into "İ").
 */
export function capitalizeName(value: string): string {
  const [first = '', ...rest] = Array.from(cleanText(value));
  return first.toUpperCase() + rest.join('').toLowerCase();
}

/** C0 controls and DEL: PostgreSQL text cannot hold NUL, and none of them belong in a name. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export function hasControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value);
}

/**
 * Longest name or nationality stored, in UTF-16 units after cleanText. Generous: it exists to bound
 * row size. The server rejects longer text; the console skips such CSV rows instead of failing a batch.
 */
export const MAX_NAME_TEXT_LENGTH = 200;
