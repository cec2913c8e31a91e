// Export files are dated by day (spec 9): `names-2026-11-22.csv`, `backup-2026-11-22.json`.

/** The operator's local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function datedFileName(stem: string, extension: 'csv' | 'json', date: Date = new Date()): string {
  return `${stem}-${localDay(date)}.${extension}`;
}
