// Chart series derived from the API's answers. Pure and outside the lazily loaded chart chunk, so they are
// tested without rendering a chart.
import type { DailyActiveUsers, PopularityTrends, SwipesOverTime } from '../../../contract/schemas/analytics';
import { formatDayKey, utcDay } from '../../lib/format';

/** The suffix of today's point: the current UTC day is still counting, so its figures are partial. */
export const PARTIAL_DAY_SUFFIX = ' (today, so far)';

/** 'YYYY-MM-DD' (a UTC day, as the API counts days) -> "22 Nov"; today's UTC day -> "25 Nov (today, so far)". */
export function formatDay(date: string, now: Date = new Date()): string {
  return formatDayKey(date) + (date === utcDay(now) ? PARTIAL_DAY_SUFFIX : '');
}

export interface DailySeries {
  days: string[];
  series: { id: string; label: string; data: number[] }[];
}

export function swipesOverTimeSeries(rows: readonly SwipesOverTime[]): DailySeries {
  return {
    days: rows.map((row) => row.date),
    series: [
      { id: 'swipes', label: 'Swipes', data: rows.map((row) => row.swipes) },
      { id: 'likes', label: 'Likes', data: rows.map((row) => row.likes) },
    ],
  };
}

export function dailyActiveUsersSeries(rows: readonly DailyActiveUsers[]): DailySeries {
  return {
    days: rows.map((row) => row.date),
    series: [{ id: 'active', label: 'Active users', data: rows.map((row) => row.active_users) }],
  };
}

/**
 * Likes per day of the origins with most likes. A line per origin for more than a handful becomes a tangle,
 * so the rest are summed into one "other origins" line; the days axis is the first origin's (every origin
 * carries every day of the window).
 */
export function popularityTrendSeries(trends: PopularityTrends | undefined, maxLines = 5): DailySeries {
  const origins = trends?.origins ?? [];
  if (origins.length === 0) return { days: [], series: [] };
  const days = origins[0].points.map((point) => point.date);
  const likesOn = (origin: (typeof origins)[number]) => {
    const byDay = new Map(origin.points.map((point) => [point.date, point.likes]));
    return days.map((day) => byDay.get(day) ?? 0);
  };
  const shown = origins.slice(0, maxLines);
  const rest = origins.slice(maxLines);
  const series = shown.map((origin) => ({ id: origin.origin, label: capitalize(origin.origin), data: likesOn(origin) }));
  if (rest.length > 0) {
    const restLikes = rest.map(likesOn);
    const sums = days.map((_, i) => restLikes.reduce((sum, likes) => sum + likes[i], 0));
    series.push({ id: '__other', label: `${rest.length} other origins`, data: sums });
  }
  return { days, series };
}

export interface OriginRatio {
  origin: string;
  label: string;
  like_ratio: number;
  swipes: number;
}

/** Like ratio per origin over the trend window, highest first; origins without swipes are left out. */
export function likeRatioByOrigin(trends: PopularityTrends | undefined): OriginRatio[] {
  return (trends?.origins ?? [])
    .filter((origin) => origin.swipes > 0)
    .map((origin) => ({ origin: origin.origin, label: capitalize(origin.origin), like_ratio: origin.like_ratio, swipes: origin.swipes }))
    .sort((a, b) => b.like_ratio - a.like_ratio || a.origin.localeCompare(b.origin));
}

export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
