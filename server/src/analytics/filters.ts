// What the analytics routes make of query parameters their schemas (contract/endpoints.ts) have checked:
// the default day ranges, the span limit, and the case-insensitive gender and origin filters.
import { ANALYTICS_DEFAULTS, ANALYTICS_MAX_DAYS, ANALYTICS_ORIGINS, type AnalyticsOrigin } from '../../../contract/analytics';
import { GENDERS, type Gender } from '../../../contract/nameRules';
import { badRequest } from '../http/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

export function gender(value: string | undefined): Gender | undefined {
  const key = value?.toLowerCase();
  if (key === undefined || key === 'all') return undefined;
  if (!(GENDERS as readonly string[]).includes(key)) throw badRequest(`gender must be one of all, ${GENDERS.join(', ')}`, 'gender');
  return key as Gender;
}

/** undefined = no filter; 'other' = every nationality but the five. */
export function origin(value: string | undefined): AnalyticsOrigin | 'other' | undefined {
  const key = value?.toLowerCase();
  if (key === undefined || key === 'all') return undefined;
  if (key !== 'other' && !(ANALYTICS_ORIGINS as readonly string[]).includes(key)) {
    throw badRequest(`origin must be one of all, ${ANALYTICS_ORIGINS.join(', ')}, other`, 'origin');
  }
  return key as AnalyticsOrigin | 'other';
}

/** 'YYYY-MM-DD' of a UTC day. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export interface DayRange {
  /** 'YYYY-MM-DD', inclusive */
  start: string;
  end: string;
}

/** startDate / endDate (real days, checked by the schema): default the 30 days ending today (UTC); at most ANALYTICS_MAX_DAYS days. */
export function dayRange(query: { startDate?: string; endDate?: string }, now: Date): DayRange {
  const span = ANALYTICS_DEFAULTS.dateRangeDays - 1;
  const end = query.endDate ?? (query.startDate ? dayOf(new Date(Date.parse(query.startDate) + span * DAY_MS)) : dayOf(now));
  const start = query.startDate ?? dayOf(new Date(Date.parse(end) - span * DAY_MS));
  if (start > end) throw badRequest('startDate must not be after endDate', 'startDate');
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1;
  if (days > ANALYTICS_MAX_DAYS) throw badRequest(`startDate to endDate must span at most ${ANALYTICS_MAX_DAYS} days`, 'endDate');
  return { start, end };
}

/** popularity-trends: the `days` days ending today. */
export function trendWindow(days: number, now: Date): DayRange & { days: number } {
  const end = dayOf(now);
  return { days, start: dayOf(new Date(Date.parse(end) - (days - 1) * DAY_MS)), end };
}
