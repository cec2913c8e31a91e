// Readers for query-string parameters (they arrive as text, or as a list when repeated): each answers
// the value, undefined when absent or empty, or a FieldError naming the parameter.
import { fail, ok, type Parsed } from '../names/result';

export type Query = Record<string, unknown>;

/** Control characters (NUL above all, which PostgreSQL text cannot hold) are refused in any parameter. */
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export function queryText(query: Query, field: string, maxLength = 200): Parsed<string | undefined> {
  const value = query[field];
  if (value === undefined) return ok(undefined);
  if (typeof value !== 'string') return fail(field, `${field} must be given once, as text`);
  const text = value.trim();
  if (text === '') return ok(undefined);
  if (text.length > maxLength) return fail(field, `${field} must be at most ${maxLength} characters`);
  if (hasControlCharacter(text)) return fail(field, `${field} must not contain control characters`);
  return ok(text);
}

export function queryInteger(query: Query, field: string, min: number, max: number): Parsed<number | undefined> {
  const raw = queryText(query, field);
  if (!raw.ok || raw.value === undefined) return raw as Parsed<undefined>;
  // Digits only: Number() would also accept "1e3", "0x10" and " 12 ".
  if (!/^\d{1,9}$/.test(raw.value)) return fail(field, `${field} must be a whole number between ${min} and ${max}`);
  const value = Number(raw.value);
  if (value < min || value > max) return fail(field, `${field} must be between ${min} and ${max}`);
  return ok(value);
}

export function queryBoolean(query: Query, field: string): Parsed<boolean | undefined> {
  const raw = queryText(query, field);
  if (!raw.ok || raw.value === undefined) return raw as Parsed<undefined>;
  if (raw.value === 'true') return ok(true);
  if (raw.value === 'false') return ok(false);
  return fail(field, `${field} must be true or false`);
}

/** An ISO 8601 instant with its time zone (2026-11-22T20:00:00Z, ...+01:00) or a plain date (UTC midnight). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/** A valid instant: its text goes to PostgreSQL as given (microseconds intact, which a JS Date would cut to milliseconds). */
export interface Instant {
  text: string;
  /** The same instant to the millisecond, for comparisons in JS. */
  ms: number;
}

export function queryInstant(query: Query, field: string): Parsed<Instant | undefined> {
  const raw = queryText(query, field);
  if (!raw.ok || raw.value === undefined) return raw as Parsed<undefined>;
  const ms = new Date(raw.value).getTime();
  if (!ISO_INSTANT.test(raw.value) || Number.isNaN(ms)) {
    return fail(field, `${field} must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T00:00:00Z`);
  }
  // A plain date means UTC midnight here; PostgreSQL would read it in its session's time zone.
  return ok({ text: raw.value.includes('T') ? raw.value : `${raw.value}T00:00:00Z`, ms });
}

export function queryChoice<T extends string>(query: Query, field: string, choices: readonly T[]): Parsed<T | undefined> {
  const raw = queryText(query, field);
  if (!raw.ok || raw.value === undefined) return raw as Parsed<undefined>;
  if (!(choices as readonly string[]).includes(raw.value)) return fail(field, `${field} must be one of ${choices.join(', ')}`);
  return ok(raw.value as T);
}

/** Parameters a route does not know are refused rather than ignored: a misspelt filter must not look applied. */
export function unknownParameter(query: Query, known: readonly string[]): Parsed<void> {
  const extra = Object.keys(query).find((key) => !known.includes(key));
  return extra === undefined ? ok(undefined) : fail(extra, `${extra} is not a parameter of this route`);
}
