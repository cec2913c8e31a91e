// Query parameters of the analytics routes, checked by hand (not by a JSON schema) so every rejection
// is a 400 that names its parameter the way the console sends it: 'limit', 'startDate', 'origin' ...
import {
  ANALYTICS_DEFAULTS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MAX_LIMIT,
  ANALYTICS_ORIGINS,
  TOP_NAMES_COUNTS,
  type AnalyticsOrigin,
  type TopNamesCount,
} from '../../../contract/analytics';
import { GENDERS, type Gender } from '../../../contract/wire';
import { fail, ok, type Parsed } from '../names/result';

export type Query = Record<string, unknown>;

const DAY_MS = 24 * 60 * 60 * 1000;

function text(query: Query, field: string): Parsed<string | undefined> {
  const value = query[field];
  if (value === undefined) return ok(undefined);
  // A repeated key (?limit=1&limit=2) arrives as an array.
  if (typeof value !== 'string') return fail(field, `${field} must be given once, as text`);
  const trimmed = value.trim();
  return ok(trimmed === '' ? undefined : trimmed);
}

export function integer(query: Query, field: string, fallback: number, min: number, max: number): Parsed<number> {
  const raw = text(query, field);
  if (!raw.ok) return raw;
  if (raw.value === undefined) return ok(fallback);
  // Digits only: Number() would also take '1e3', '0x10' or '-0'.
  if (!/^\d{1,9}$/.test(raw.value)) return fail(field, `${field} must be a whole number between ${min} and ${max}`);
  const value = Number(raw.value);
  if (value < min || value > max) return fail(field, `${field} must be between ${min} and ${max}`);
  return ok(value);
}

export const limit = (query: Query, fallback: number, min = 1) => integer(query, 'limit', fallback, min, ANALYTICS_MAX_LIMIT);

export function gender(query: Query): Parsed<Gender | undefined> {
  const raw = text(query, 'gender');
  if (!raw.ok) return raw;
  const value = raw.value?.toLowerCase();
  if (value === undefined || value === 'all') return ok(undefined);
  if (!(GENDERS as readonly string[]).includes(value)) return fail('gender', `gender must be one of all, ${GENDERS.join(', ')}`);
  return ok(value as Gender);
}

/** undefined = no filter; 'other' = every nationality but the five. */
export function origin(query: Query): Parsed<AnalyticsOrigin | 'other' | undefined> {
  const raw = text(query, 'origin');
  if (!raw.ok) return raw;
  const value = raw.value?.toLowerCase();
  if (value === undefined || value === 'all') return ok(undefined);
  if (value !== 'other' && !(ANALYTICS_ORIGINS as readonly string[]).includes(value)) {
    return fail('origin', `origin must be one of all, ${ANALYTICS_ORIGINS.join(', ')}, other`);
  }
  return ok(value as AnalyticsOrigin | 'other');
}

/** 'YYYY-MM-DD' of a UTC day. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function day(query: Query, field: string): Parsed<string | undefined> {
  const raw = text(query, field);
  if (!raw.ok || raw.value === undefined) return raw;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.value);
  // Date.UTC rolls 2026-02-30 over to March: a real day survives the round trip unchanged.
  if (!match || dayOf(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))) !== raw.value) {
    return fail(field, `${field} must be a date written YYYY-MM-DD`);
  }
  return ok(raw.value);
}

export interface DayRange {
  /** 'YYYY-MM-DD', inclusive */
  start: string;
  end: string;
}

/** startDate / endDate: default the 30 days ending today (UTC); at most ANALYTICS_MAX_DAYS days. */
export function dayRange(query: Query, now: Date): Parsed<DayRange> {
  const startDay = day(query, 'startDate');
  if (!startDay.ok) return startDay;
  const endDay = day(query, 'endDate');
  if (!endDay.ok) return endDay;
  const span = ANALYTICS_DEFAULTS.dateRangeDays - 1;
  const end = endDay.value ?? (startDay.value ? dayOf(new Date(Date.parse(startDay.value) + span * DAY_MS)) : dayOf(now));
  const start = startDay.value ?? dayOf(new Date(Date.parse(end) - span * DAY_MS));
  if (start > end) return fail('startDate', 'startDate must not be after endDate');
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
  if (days > ANALYTICS_MAX_DAYS) return fail('endDate', `startDate to endDate must span at most ${ANALYTICS_MAX_DAYS} days`);
  return ok({ start, end });
}

/** popularity-trends: the `days` days ending today. */
export function trendWindow(query: Query, now: Date): Parsed<DayRange & { days: number }> {
  const days = integer(query, 'days', ANALYTICS_DEFAULTS.popularityTrendDays, 1, ANALYTICS_MAX_DAYS);
  if (!days.ok) return days;
  const end = dayOf(now);
  return ok({ days: days.value, start: dayOf(new Date(Date.parse(end) - (days.value - 1) * DAY_MS)), end });
}

/** A user id in the path: non-empty text without control characters (a NUL would fail in PostgreSQL as a 500). */
export function userId(value: unknown, field: string): Parsed<string> {
  if (typeof value !== 'string' || value.trim() === '') return fail(field, `${field} is required`);
  if (value.length > 200 || Array.from(value).some((char) => char.charCodeAt(0) < 0x20))
    return fail(field, `${field} is not a valid user id`);
  return ok(value);
}

/** `count` of the top-names calls: 'likes' (default) or 'swipes'. */
export function topNamesCount(query: Query): Parsed<TopNamesCount> {
  const raw = text(query, 'count');
  if (!raw.ok) return raw;
  if (raw.value === undefined) return ok('likes');
  return (TOP_NAMES_COUNTS as readonly string[]).includes(raw.value)
    ? ok(raw.value as TopNamesCount)
    : fail('count', `count must be one of ${TOP_NAMES_COUNTS.join(', ')}`);
}
