// How the users screen writes dates and values.

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO instant as "3 Mar 2026, 14:05" (local time); '—' when there is none or it is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** An ISO instant as "3 Mar 2026" (local day); '—' when there is none. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dayFormat.format(date);
}
