// Calendar days (YYYY-MM-DD, as <input type="date"> gives them) as instants in the operator's time zone:
// a filter "created from 3 March to 5 March" means those days as the operator lives them.

/** Local midnight at the start of `day`, as an ISO instant. */
export function startOfDayIso(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/** Local midnight at the end of `day` (the start of the next day): the exclusive upper bound. */
export function endOfDayIso(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}

/** The instant `days` days before `now`, or undefined for "all time" (null). */
export function sinceDaysAgo(days: number | null, now: Date): string | undefined {
  return days === null ? undefined : new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
}
