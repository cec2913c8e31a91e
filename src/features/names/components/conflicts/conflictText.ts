import type { VersionConflict } from '../../../../../contract/schemas/dataSafety';
import { formatDateTimeWithZone } from '../../../../lib/format';

/**
 * Who saved the version the server holds now: "Saved by ana@example.com at 4 Mar 2026, 02:30:05 UTC", or, when
 * the last change did not go through the console (changedBy null: the app, a script), "Changed outside the console".
 */
export function savedByText(conflict: Pick<VersionConflict, 'changedBy' | 'changedAt'>): string {
  const at = conflict.changedAt ? ` at ${formatDateTimeWithZone(conflict.changedAt)}` : '';
  return conflict.changedBy ? `Saved by ${conflict.changedBy.email}${at}` : `Changed outside the console${at}`;
}
