// Export files are dated by day (spec 9): `names-2026-11-22.csv`, `backup-2026-11-22.json`. The day is the UTC
// day, like every date the console shows (../format.ts), so a file's name matches the times inside it.
import { utcDay } from '../format';

export function datedFileName(stem: string, extension: 'csv' | 'json', date: Date = new Date()): string {
  return `${stem}-${utcDay(date)}.${extension}`;
}
