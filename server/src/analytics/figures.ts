// Small arithmetic shared by the analytics queries: every ratio and average is computed here the same way.

/** part / whole as a fraction rounded to 4 decimals (enough for a percent with one decimal); 0 when whole is 0. */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}

/** total / count rounded to 1 decimal (ms), null when count is 0. */
export function average(total: number, count: number): number | null {
  return count > 0 ? Math.round((total / count) * 10) / 10 : null;
}

/** Two decimals: scores and per-user averages. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

export const isoOrNull = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString());
export const iso = (value: Date | string) => new Date(value).toISOString();
