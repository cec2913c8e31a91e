// How the audit table writes a console action's change (times are src/lib/format.ts's).
import type { ConsoleAuditEntry } from '../../../../contract/schemas/usersAudit';

function compact(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * "isPremium: false → true" for the fields that changed (flat before/after objects); the raw values
 * otherwise. Kept short for a table cell; the full values are in the export.
 */
export function describeChange(entry: Pick<ConsoleAuditEntry, 'before' | 'after'>): string {
  const { before, after } = entry;
  const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]) && k !== 'updatedAt',
    );
    if (keys.length > 0 && keys.length <= 4) return keys.map((k) => `${k}: ${compact(before[k])} → ${compact(after[k])}`).join(', ');
  }
  if (before === null || before === undefined) return after === null || after === undefined ? '—' : `→ ${compact(after)}`;
  if (after === null || after === undefined) return `${compact(before)} → (removed)`;
  return `${compact(before)} → ${compact(after)}`;
}
