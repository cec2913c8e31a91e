import { errorDetail } from '../../../../api/errors';
import { VERSION_CONFLICT } from '../../../../../contract/dataSafety';
import type { NameRecord } from '../../../../../contract/schemas/names';
import { isNameRecord } from '../../nameRecords';
import type { ChangedName } from './DeleteConflictDialog';

/**
 * The names a 409 version_conflict says changed, beside how they were shown; empty for any other failure (or a
 * conflict about a name not among `shown`, which the operator never saw).
 */
export function changedNamesOf(error: unknown, shown: readonly NameRecord[]): ChangedName[] {
  const detail = errorDetail(error);
  if (detail?.code !== VERSION_CONFLICT) return [];
  const byId = new Map(shown.map((n) => [n.id, n]));
  const conflicts = detail.conflicts ?? (detail.conflict ? [detail.conflict] : []);
  return conflicts.flatMap((conflict) => {
    const current = conflict.current;
    const before = isNameRecord(current) ? byId.get(current.id) : undefined;
    return isNameRecord(current) && before ? [{ shown: before, current, conflict }] : [];
  });
}
