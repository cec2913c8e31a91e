// The CSV rules of the bulk import (spec 5), as pure functions.
// Shared by the parse worker, the Jest tests and bench/ (run by Node), so this file must stay free of
// DOM globals, import.meta and papaparse itself: callers hand papaparse's output in.
import type { BulkImportRow } from './schemas/importRuns';
import { capitalizeName, cleanText, isGender, MAX_NAME_TEXT_LENGTH, textProblem, type TextProblem } from './nameRules';

export { capitalizeName, isGender };

/** The columns a file must have, as they read after normalizeHeader. */
export const REQUIRED_COLUMNS = ['name', 'gender', 'nationality'] as const;
export type RequiredColumn = (typeof REQUIRED_COLUMNS)[number];

/** A parsed data row keyed by normalized header (papaparse `header: true` + `transformHeader`). */
export type RawCsvRow = Record<string, string | undefined>;

/**
 * papaparse `transformHeader`: headers match without regard to case and surrounding spaces.
 * papaparse already strips a BOM from the first header; dropping it here too keeps the function
 * right for callers that read headers some other way.
 */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}

/** The required columns a header row lacks (normalized field names in); empty when importable. */
export function missingColumns(fields: readonly string[] | undefined): RequiredColumn[] {
  const present = new Set((fields ?? []).map(normalizeHeader));
  return REQUIRED_COLUMNS.filter((column) => !present.has(column));
}

export function hasRequiredColumns(fields: readonly string[] | undefined): boolean {
  return missingColumns(fields).length === 0;
}

/**
 * Which of a file's columns holds each required one, by normalized header: for a file whose header is not
 * name,gender,nationality (another language, an export of another tool). Applied by mappedHeader as papaparse reads
 * the header, so every rule after it (required fields, trimming, capitalisation, lower case) is the same.
 */
export type ColumnMapping = Record<RequiredColumn, string>;

/** Headers other tools and languages use for each column, normalized: what a proposed mapping recognizes. */
export const COLUMN_SYNONYMS: Record<RequiredColumn, readonly string[]> = {
  name: [
    'name',
    'first name',
    'firstname',
    'first_name',
    'given name',
    'given_name',
    'forename',
    'baby name',
    'nafn',
    'navn',
    'namn',
    'nimi',
    'nom',
    'vorname',
    'nombre',
  ],
  gender: ['gender', 'sex', 'kyn', 'kön', 'køn', 'kjønn', 'sukupuoli', 'genre', 'geschlecht', 'sexo', 'género'],
  nationality: [
    'nationality',
    'origin',
    'country',
    'nation',
    'language',
    'þjóðerni',
    'uppruni',
    'nationalitet',
    'ursprung',
    'opprinnelse',
    'kansallisuus',
    'nationalité',
    'origine',
    'herkunft',
    'nacionalidad',
    'origen',
  ],
};

/** The mapping proposed for a header: each required column's own name or first synonym present, each header used once. */
export function proposeColumns(fields: readonly string[]): Partial<ColumnMapping> {
  const present = fields.map(normalizeHeader);
  const used = new Set<string>();
  const mapping: Partial<ColumnMapping> = {};
  for (const column of REQUIRED_COLUMNS) {
    const found = COLUMN_SYNONYMS[column].find((synonym) => present.includes(synonym) && !used.has(synonym));
    if (found !== undefined) {
      mapping[column] = found;
      used.add(found);
    }
  }
  return mapping;
}

/**
 * papaparse's transformHeader for a mapping: the chosen headers read as the required columns, and a column that is
 * named like a required one but not chosen for it is set aside, so it cannot stand in for the chosen one.
 */
export function mappedHeader(columns: ColumnMapping | undefined): (header: string) => string {
  if (!columns) return normalizeHeader;
  const required = new Map(REQUIRED_COLUMNS.map((column) => [columns[column], column] as const));
  return (header) => {
    const normalized = normalizeHeader(header);
    const column = required.get(normalized);
    if (column !== undefined) return column;
    return (REQUIRED_COLUMNS as readonly string[]).includes(normalized) ? `(not used) ${normalized}` : normalized;
  };
}

/** A header's identity for remembering its mapping: the same columns in the same order. */
export const headerSignature = (fields: readonly string[]): string => fields.map(normalizeHeader).join('\u0001');

/** The papaparse options every reader of an import file uses (worker, tests, bench), so all read the same rows. */
export interface CsvParseOptions {
  header: true;
  skipEmptyLines: 'greedy';
  transformHeader: (header: string) => string;
  beforeFirstChunk: (chunk: string) => string;
  delimitersToGuess: string[];
}

export const CSV_PARSE_OPTIONS: CsvParseOptions = {
  header: true,
  // 'greedy' drops whitespace-only lines as well as empty ones (spec 5: empty lines are skipped).
  skipEmptyLines: 'greedy',
  transformHeader: normalizeHeader,
  // A BOM in front of a QUOTED first header ("\uFEFF"name"") would turn the quotes into literal text,
  // so drop it before the parser sees the first character.
  beforeFirstChunk: (chunk) => chunk.replace(/^\uFEFF/, ''),
  // Excel writes ';' where the list separator is ','-as-decimal; a wrong guess ends at the header check.
  delimitersToGuess: [',', ';', '\t'],
};

/**
 * A line with nothing in it but separators and whitespace (papaparse's skipEmptyLines: 'greedy'):
 * spec 5 skips empty lines, and they are not counted as rows.
 */
export function isBlankRow(raw: RawCsvRow): boolean {
  for (const value of Object.values(raw) as unknown[]) {
    if (typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) ? value.some((v) => String(v).trim() !== '') : false)
      return false;
  }
  return true;
}

/** NFC and trimmed cell text (cleanText, as the server reads it); '' for a missing cell (a short row) or a non-string. */
function cell(raw: RawCsvRow, column: RequiredColumn): string {
  const value = raw[column];
  return typeof value === 'string' ? cleanText(value) : '';
}

/**
 * Longest name or nationality the server stores (MAX_NAME_TEXT_LENGTH in contract/nameRules.ts, which
 * the server uses too). The server rejects a whole request for one such row, so the console skips it
 * instead of failing a batch of good rows.
 */
export const MAX_CELL_LENGTH = MAX_NAME_TEXT_LENGTH;

/**
 * Why a row is skipped before sending: a missing field, an unknown gender, or the name rules' own
 * reason (textProblem in contract/nameRules.ts: too long, control, bidi, zero-width, invisible,
 * lone-surrogate, or U+FFFD, a character the file's decoding could not read).
 */
export type SkipReason = 'missing-field' | 'unknown-gender' | Exclude<TextProblem, 'empty'>;

export type CheckedRow = { ok: true; row: BulkImportRow } | { ok: false; reason: SkipReason };

/**
 * Validates and normalizes one row. A row is skipped when name, gender or nationality is empty after
 * trimming (spec 5); also when the gender is not male/female/unisex, or the name or nationality
 * breaks a name rule the server enforces: the server rejects the whole request for such a row, so
 * sending it would fail a batch of good rows.
 */
export function checkCsvRow(raw: RawCsvRow, createdAt: string): CheckedRow {
  const name = cell(raw, 'name');
  const gender = cell(raw, 'gender').toLowerCase();
  const nationality = cell(raw, 'nationality').toLowerCase();
  if (!name || !gender || !nationality) return { ok: false, reason: 'missing-field' };
  if (!isGender(gender)) return { ok: false, reason: 'unknown-gender' };
  for (const text of [name, nationality]) {
    const problem = textProblem(text);
    if (problem && problem !== 'empty') return { ok: false, reason: problem };
  }
  return { ok: true, row: { name: capitalizeName(name), gender, nationality, createdAt } };
}

/** The row to send, or null when it is skipped (and counted). `createdAt`: the import's start, ISO. */
export function normalizeCsvRow(raw: RawCsvRow, createdAt: string): BulkImportRow | null {
  const checked = checkCsvRow(raw, createdAt);
  return checked.ok ? checked.row : null;
}
