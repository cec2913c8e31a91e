// What differs between two states of a users record, field by field: what a conflict shows ("what changed since
// you saw it") and what a backend without record versions (Firestore) compares before it writes.
import type { UserRecord } from '../../contract/schemas/usersAudit';

/** The record's fields in the spec's order (section 3); `version` is bookkeeping, not content. */
export const USER_RECORD_FIELDS = [
  'uid',
  'email',
  'username',
  'displayName',
  'accountActive',
  'isPremium',
  'createdAt',
  'updatedAt',
  'lastLogin',
  'lastActiveDate',
  'preferredGender',
  'preferredNationality',
  'preferredLanguage',
  'connectedUserId',
  'connectionStatus',
  'connectionRequestSent',
  'dailySwipeCount',
  'lastSwipeDate',
  'isAdmin',
  'notificationSettings',
  'totalActiveTimeFormatted',
] as const satisfies readonly (keyof UserRecord)[];

export type UserRecordField = (typeof USER_RECORD_FIELDS)[number];

export interface UserFieldChange {
  field: UserRecordField;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields (of `fields`, every field by default) whose value in `after` is not the one in `before`. */
export function userRecordChanges(
  before: UserRecord,
  after: UserRecord,
  fields: readonly UserRecordField[] = USER_RECORD_FIELDS,
): UserFieldChange[] {
  return fields
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}
