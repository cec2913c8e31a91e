// Calendar days (YYYY-MM-DD, as <input type="date"> gives them) as instants. A day is a UTC day, like every
// time the console shows (src/lib/format.ts): a filter "created from 3 March" keeps exactly the rows whose
// Created (UTC) column reads 3 March or later.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcMidnight(day: string, plusDays: number): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** UTC midnight at the start of `day`, as an ISO instant. */
export function startOfDayIso(day: string): string {
  const start = utcMidnight(day, 0);
  if (!start) throw new RangeError(`Not a day: ${day}`);
  return start.toISOString();
}

/** UTC midnight at the end of `day` (the start of the next day): the exclusive upper bound. */
export function endOfDayIso(day: string): string {
  const end = utcMidnight(day, 1);
  if (!end) throw new RangeError(`Not a day: ${day}`);
  return end.toISOString();
}

/**
 * An optional first and last day (both included) as instants, the last made exclusive; null when a day is not a
 * day or the range is backwards. Empty means open-ended.
 */
export function dayRangeToInstants({ from, to }: { from: string; to: string }): { from?: string; to?: string } | null {
  const start = from ? utcMidnight(from, 0) : undefined;
  const end = to ? utcMidnight(to, 1) : undefined;
  if (start === null || end === null) return null;
  if (start && end && start >= end) return null;
  return { ...(start ? { from: start.toISOString() } : {}), ...(end ? { to: end.toISOString() } : {}) };
}
