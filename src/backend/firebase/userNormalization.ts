// What a users document needs so the console's Firestore queries see it as the reference backend would:
// Firestore orders values of different types apart (numbers, then Timestamps, then strings) and leaves a
// document without the sort field out of both an ordered list and its count, and an equality filter
// (isPremium == false) misses a document whose field is absent although the grid shows it with the default.
// Decided here without an SDK so it can be tested plainly; scripts/firebase/normalizeUsers.ts applies it with
// firebase-admin to documents the app (or an older console) wrote. The search needs nothing from it: it reads
// email, username and displayName as the app writes them (userSearchPlan.ts).
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import { USER_RECORD_DEFAULTS } from '../../../contract/usersAudit';

type Data = Record<string, unknown>;
/** A value to write: Dates become Timestamps in the SDK. */
export type NormalizedValue = Date | string | boolean | null;

/** Sort fields that hold instants: stored as Timestamps, or null when unknown. */
export const SORT_DATE_FIELDS = ['createdAt', 'lastActiveDate'] as const;
/** Sort fields that hold text: null when unknown, so the document stays in the ordered list. */
export const SORT_TEXT_FIELDS = ['email', 'username', 'displayName'] as const;
/** Fields the console filters by equality: absent means the record's default, so write the default. */
export const FILTERED_FIELDS = ['isPremium', 'accountActive', 'preferredGender', 'preferredNationality'] as const;

export interface UserNormalization {
  /** Fields to set; empty when the document is already as the console's queries need it. */
  update: Record<string, NormalizedValue>;
  /** Fields with a value that cannot be read as their type: left as they are, for a person to look at. */
  unreadable: string[];
}

const isTimestampLike = (value: unknown) =>
  value instanceof Date || (typeof value === 'object' && value !== null && typeof (value as { toDate?: unknown }).toDate === 'function');

/**
 * An instant from text or a number. Numbers are epoch milliseconds, as the console's own reading of a record
 * takes them (src/backend/shared/userRecord.ts toIsoDate); text is anything Date parses (ISO 8601 above all).
 */
function instantOf(value: string | number): Date | null {
  const date = new Date(value);
  return Number.isFinite(date.getTime()) ? date : null;
}

export function normalizeUserDocument(data: Data): UserNormalization {
  const update: Record<string, NormalizedValue> = {};
  const unreadable: string[] = [];

  for (const field of SORT_DATE_FIELDS) {
    const value = data[field];
    if (value === undefined) update[field] = null;
    else if (value === null || isTimestampLike(value)) continue;
    else if (typeof value === 'string' || typeof value === 'number') {
      const date = instantOf(value);
      if (date) update[field] = date;
      else unreadable.push(field);
    } else unreadable.push(field);
  }

  for (const field of SORT_TEXT_FIELDS) {
    const value = data[field];
    if (value === undefined) update[field] = null;
    else if (value !== null && typeof value !== 'string') unreadable.push(field);
  }

  for (const field of FILTERED_FIELDS) {
    const value = data[field];
    const fallback = USER_RECORD_DEFAULTS[field as keyof typeof USER_RECORD_DEFAULTS & keyof UserRecord] as string | boolean;
    if (value === undefined || value === null) update[field] = fallback;
    else if (typeof value !== typeof fallback) unreadable.push(field);
  }

  return { update, unreadable };
}
