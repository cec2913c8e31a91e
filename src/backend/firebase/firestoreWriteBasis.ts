// What a users write on Firestore is based on (ports.ts WriteBasis). Firestore keeps no record version, so the
// write runs in a transaction that reads the record and compares the fields the write changes with what the
// operator was shown: the reference backend's If-Match, with fields instead of a version number
// (contract/dataSafety.ts). A refusal is the same HttpError 409 'version_conflict' the API answers, so the screens
// handle both backends alike; nobody the console knows changed it (Firestore has no console-action trail).
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import { VERSION_CONFLICT } from '../../../contract/dataSafety';
import { HttpError } from '../../api/errors';
import { userRecordChanges, USER_RECORD_FIELDS, type UserRecordField } from '../../lib/userRecordChanges';

export function recordChangedError(uid: string, current: UserRecord | null, changedFields: readonly string[]): HttpError {
  const reason =
    current === null
      ? `No user record ${uid}: it was deleted. Nothing was saved.`
      : `The user record was changed since you loaded it (${changedFields.join(', ')}): nothing was saved`;
  return new HttpError(409, reason, undefined, {
    code: VERSION_CONFLICT,
    conflict: { current, changedBy: null, changedAt: current?.updatedAt ?? null },
  });
}

/**
 * Refuses (throws the 409) when the record is gone, or when one of `fields` (every field by default: a delete takes
 * all of them) is no longer what `shown` held. Without `shown` only a missing record is refused.
 */
export function refuseIfChangedSince(
  uid: string,
  now: UserRecord | null,
  shown: UserRecord | undefined,
  fields: readonly UserRecordField[] = USER_RECORD_FIELDS,
): asserts now is UserRecord {
  if (now === null) throw recordChangedError(uid, null, []);
  if (!shown) return;
  const changed = userRecordChanges(shown, now, fields);
  if (changed.length > 0)
    throw recordChangedError(
      uid,
      now,
      changed.map((c) => c.field),
    );
}
