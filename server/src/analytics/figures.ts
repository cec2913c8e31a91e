// Small arithmetic shared by the analytics queries: every ratio and average is computed here the same way.

/**
 * The swipe counts both analytics_daily (per day) and analytics_name_stats (per name) keep, from the triggers of
 * migration 030: swipes, likes, fast and slow decisions, timed decisions and their total ms.
 */
export interface SwipeCounts {
  swipes: number;
  likes: number;
  fast: number;
  slow: number;
  decisions: number;
  decision_ms: number;
}

/**
 * part / whole as an UNROUNDED fraction; 0 when whole is 0. The console rounds once, to a percent with one
 * decimal: rounding here too turned 2 of 52 (3.846 %) into 0.0385 and then 3.9 % on screen.
 */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/** total / count rounded to 1 decimal (ms), null when count is 0. */
export function average(total: number, count: number): number | null {
  return count > 0 ? Math.round((total / count) * 10) / 10 : null;
}

/** Two decimals: scores and per-user averages. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

export const isoOrNull = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString());
export const iso = (value: Date | string) => new Date(value).toISOString();
