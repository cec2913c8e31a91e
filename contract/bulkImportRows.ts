// The rows of POST /api/admin/names/bulk-import, checked one by one so each problem names its row ('Row 3:
// ...') the way the console reports it. The server's route runs this; the console's test backend (mocks/)
// runs the same, so a test sees the answer the server gives.
import type { Gender } from './nameRules';
import { capitalizeName, cleanKey, cleanText, describeTextProblem, firstLetter, isGender, textProblem } from './nameRules';
import { fail, ok, type Parsed } from './parsed';
const unknownField = (object: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(object).find((key) => !allowed.includes(key));

const BULK_ROW_FIELDS = ['name', 'gender', 'nationality', 'createdAt'] as const;

/**
 * Rows of one bulk import, validated and normalized, held column by column because the insert binds
 * one array per column: INSERT ... SELECT * FROM unnest($1::text[], ..., $5::timestamptz[]).
 */
export interface BulkImportColumns {
  names: string[];
  genders: Gender[];
  nationalities: string[];
  firstLetters: string[];
  createdAts: string[];
}

// A calendar date, optionally with a time that then must carry its zone ("Z" or an offset): without
// one, JavaScript would read it as server-local time and PostgreSQL as session time.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

// What both JavaScript and PostgreSQL hold as the same instant: PostgreSQL has no year 0, and an
// instant past 9999 turns toISOString() into "+010000-..." which PostgreSQL refuses (both were 500s).
const EARLIEST_DATE = Date.UTC(1900, 0, 1);
const LATEST_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The instant as a canonical ISO string, or undefined when not a real ISO 8601 date from 1900 to 9999 (UTC). */
export function parseIsoDate(value: string): string | undefined {
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  if (Number(y) < 1900) return undefined;
  // Date.parse rolls 2024-02-30 over to March 1; re-check the fields so such dates are rejected.
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time) || time < EARLIEST_DATE || time > LATEST_DATE) return undefined;
  return new Date(time).toISOString();
}

function rowText(row: Record<string, unknown>, index: number, field: string): Parsed<string> {
  const where = `names[${index}].${field}`;
  const value = row[field];
  if (typeof value !== 'string') return fail(where, `Row ${index}: ${field} is required and must be text`);
  const text = cleanText(value);
  const problem = textProblem(text);
  if (problem) return fail(where, `Row ${index}: ${describeTextProblem(field, problem)}`);
  return ok(text);
}

/**
 * Validates and normalizes EVERY row of a bulk import again: the browser is not trusted.
 *
 * Policy: the first invalid row rejects the whole request (400, field "names[<index>].<field>",
 * index 0-based within this request) and nothing is inserted. The console already skips and counts
 * rows with empty cells before sending, so an invalid row here means a client bug or a hand-made
 * request; silently dropping it would make the console's "Added: n" disagree with what it sent.
 *
 * Normalization is the console's (spec 5): name trimmed and capitalized, gender and nationality
 * trimmed and lower-cased; createdAt must be an ISO date, absent (or null) means `now`.
 */
export function validateBulkImportRows(rows: readonly unknown[], now: Date): Parsed<BulkImportColumns> {
  const nowIso = now.toISOString();
  const columns: BulkImportColumns = { names: [], genders: [], nationalities: [], firstLetters: [], createdAts: [] };
  let lastCreatedAt: { text: unknown; iso: string } = { text: undefined, iso: nowIso };
  for (let i = 0; i < rows.length; i++) {
    const raw = rows[i];
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      return fail(`names[${i}]`, `Row ${i}: expected an object with name, gender, nationality and createdAt`);
    }
    const row = raw as Record<string, unknown>;
    const unknown = unknownField(row, BULK_ROW_FIELDS);
    if (unknown !== undefined) return fail(`names[${i}].${unknown}`, `Row ${i}: ${unknown} is not allowed`);

    const nameText = rowText(row, i, 'name');
    if (!nameText.ok) return nameText;
    const gender = rowText(row, i, 'gender');
    if (!gender.ok) return gender;
    const genderKey = gender.value.toLowerCase();
    if (!isGender(genderKey)) return fail(`names[${i}].gender`, `Row ${i}: gender must be one of male, female, unisex`);
    const nationality = rowText(row, i, 'nationality');
    if (!nationality.ok) return nationality;

    let createdAt = nowIso;
    if (row.createdAt !== undefined && row.createdAt !== null) {
      // The console stamps every row with the same time: parse each distinct text once.
      if (row.createdAt !== lastCreatedAt.text) {
        const parsed = typeof row.createdAt === 'string' ? parseIsoDate(row.createdAt.trim()) : undefined;
        if (parsed === undefined) return fail(`names[${i}].createdAt`, `Row ${i}: createdAt must be an ISO 8601 date from 1900 to 9999`);
        lastCreatedAt = { text: row.createdAt, iso: parsed };
      }
      createdAt = lastCreatedAt.iso;
    }

    const name = capitalizeName(nameText.value);
    columns.names.push(name);
    columns.genders.push(genderKey);
    columns.nationalities.push(cleanKey(nationality.value));
    columns.firstLetters.push(firstLetter(name));
    columns.createdAts.push(createdAt);
  }
  return ok(columns);
}
