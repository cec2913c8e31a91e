// Apart from dayRange.ts: the audit filters' slice, and so this, load with the login route (its budget is tight),
// the day parsing only with the pages that filter by day.

/** The instant `days` days before `now`, or undefined for "all time" (null). */
export function sinceDaysAgo(days: number | null, now: Date): string | undefined {
  return days === null ? undefined : new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
}
