// The users-record normalizer is shared with the local adapter (src/backend/shared/userRecord.ts).
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import { toUserRecord as toWireRecord } from '../shared/userRecord';

export { swipeCountOf, toIsoDate } from '../shared/userRecord';

/**
 * A users document as the wire record. Firestore keeps no record version (its writes are checked field by field
 * in a transaction: firestoreWriteBasis.ts), so a `version` field another writer left in a document is not one.
 */
export function toUserRecord(uid: string, data: Record<string, unknown>): UserRecord {
  const { version: _notKept, ...record } = toWireRecord(uid, data);
  return record;
}
