// Two operators (or an operator and the app) on one users record (contract/dataSafety.ts): every write says what it
// is based on (the row's version and the row as shown), and a stale one is refused with the record as it is now.
// A flag toggle conflicts only when the toggled field itself moved: a change to another field (the app's
// lastActiveDate, the other flag) is retried once, based on the record now.
import type { UserRecord, UserFlagsUpdate } from '../../../contract/schemas/usersAudit';
import type { VersionConflict } from '../../../contract/schemas/dataSafety';
import { VERSION_CONFLICT } from '../../../contract/dataSafety';
import { errorDetail } from '../../api/errors';
import type { UserManagementPort, WriteBasis } from '../../backend/ports';

/** A refused write's other side: the record now (never null here), who changed it and when. */
export type UserConflictSide = Omit<VersionConflict, 'current'> & { current: UserRecord };

/** What a write based on `record` sends: its version (If-Match) and the record itself (Firestore compares fields). */
export function basisOf(record: UserRecord): WriteBasis {
  return record.version === undefined ? { shown: record } : { version: record.version, shown: record };
}

/** The other side of a version conflict, when the failure is one and the record still exists. */
export function conflictOf(error: unknown): UserConflictSide | null {
  const detail = errorDetail(error);
  const conflict = detail?.code === VERSION_CONFLICT ? detail.conflict : undefined;
  const current = conflict?.current as UserRecord | null | undefined;
  return conflict && current && typeof current === 'object' ? { ...conflict, current } : null;
}

/** Whether the fields the update sets still hold, in `current`, what the operator was shown. */
export function toggledFieldsUnchanged(update: UserFlagsUpdate, shown: UserRecord, current: UserRecord): boolean {
  return (Object.keys(update) as (keyof UserFlagsUpdate)[]).every((field) => current[field] === shown[field]);
}

/**
 * Sets the flags based on `basis`; refused because the record moved on while the toggled fields did not (someone
 * changed another field), tries once more based on the record now. Any other refusal, or a second one, is the
 * caller's to show.
 */
export async function updateFlagsRetryingOnce(
  port: UserManagementPort,
  uid: string,
  update: UserFlagsUpdate,
  basis: WriteBasis,
): Promise<UserRecord> {
  try {
    return await port.updateUserFlags(uid, update, basis);
  } catch (error) {
    const conflict = conflictOf(error);
    if (!conflict || !basis.shown || !toggledFieldsUnchanged(update, basis.shown, conflict.current)) throw error;
    return port.updateUserFlags(uid, update, basisOf(conflict.current));
  }
}
