// The console's one way of writing numbers, dates and times: every screen, table, chart and toast
// takes its formats from here, so the same instant reads the same wherever it is shown.
//
// Time zone policy: UTC everywhere, stated where times are shown ("Created (UTC)", "… 14:05:09 UTC"). The API
// counts its days in UTC (charts, daily figures, swipe sessions), so local time in the tables beside UTC days in
// the charts could put one swipe on two different days; and an operator in another zone reading "14:05" in a
// shared screenshot or a bug report reads the same instant as whoever took it. Day filters (<input type="date">)
// mean UTC days for the same reason.
//
// Dates are written from the UTC fields by hand rather than with Intl: ICU versions differ between Node, which
// runs the tests, and browsers (en-GB's September became "Sept" in ICU 72), and a fixed format must not move
// with them. Numbers use Intl with a fixed locale, which is stable for digits and separators.

const countFormat = new Intl.NumberFormat('en-US');
const oneDecimalFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** What a value that is not there (null, missing, not a number) shows as: a dash, never "NaN" or "0". */
export const MISSING = '—';

/** 1234567 -> "1,234,567" (thousands separators, a fixed locale so figures read the same everywhere). */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** 1234.56 -> "1,234.6": one decimal, always shown (so a column of them lines up). */
export function formatOneDecimal(value: number): string {
  return oneDecimalFormat.format(value);
}

// ---------------------------------------------------------------------------------------------------------
// Dates and times
// ---------------------------------------------------------------------------------------------------------

/** The zone every time in the console is written in. */
export const TIME_ZONE = 'UTC';

/** A column header or field label with the zone stated: "Created" -> "Created (UTC)". */
export function withTimeZone(label: string): string {
  return `${label} (${TIME_ZONE})`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad2 = (n: number) => String(n).padStart(2, '0');

type Instant = string | Date | null | undefined;

/** The instant as a Date, undefined when there is none, or the text itself when it is not a date. */
function parse(value: Instant): Date | string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : undefined;
  return date;
}

const dayText = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const timeText = (d: Date) => `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;

/**
 * How a value that is not a date shows: what the server sent, so an operator sees the bad value rather than a
 * dash that reads as "never".
 */
function format(value: Instant, write: (date: Date) => string): string {
  const parsed = parse(value);
  if (parsed === undefined) return MISSING;
  return typeof parsed === 'string' ? parsed : write(parsed);
}

/** An instant's UTC day: "4 Mar 2026". A dash when there is none. */
export function formatDate(value: Instant): string {
  return format(value, dayText);
}

/** An instant to the second, in UTC: "4 Mar 2026, 02:30:05" (the zone is in the column header or label). */
export function formatDateTime(value: Instant): string {
  return format(value, (d) => `${dayText(d)}, ${timeText(d)}`);
}

/** The same with the zone written out, for prose and tooltips: "4 Mar 2026, 02:30:05 UTC". */
export function formatDateTimeWithZone(value: Instant): string {
  return format(value, (d) => `${dayText(d)}, ${timeText(d)} ${TIME_ZONE}`);
}

/** The time of day alone, with the zone: "02:30:05 UTC" (for an instant known to be today). */
export function formatTimeWithZone(value: Instant): string {
  return format(value, (d) => `${timeText(d)} ${TIME_ZONE}`);
}

/** The instant's UTC calendar day as 'YYYY-MM-DD' (the API's day keys, date inputs, export file names). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A 'YYYY-MM-DD' day key as a chart label: "4 Mar". The text itself when it is not a day. */
export function formatDayKey(day: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  return date && !Number.isNaN(date.getTime()) ? `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}` : day;
}
