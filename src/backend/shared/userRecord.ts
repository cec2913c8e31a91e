// Turns a users document (Firestore) or an API row (the reference backend) into the wire UserRecord:
// Timestamps become ISO strings (the store holds only serializable values), absent fields take the spec's
// defaults (section 3), and a value of the wrong type (an object where text belongs) is dropped and named
// in malformedFields, so one bad row shows as that row, flagged, instead of breaking the whole table.
import type { NotificationSettings, UserRecord } from '../../../contract/schemas/usersAudit';
import { DEFAULT_NOTIFICATION_SETTINGS, USER_RECORD_DEFAULTS as DEFAULTS } from '../../../contract/usersAudit';

type Data = Record<string, unknown>;

/** Firestore Timestamp (has toDate), Date, epoch millis or ISO text -> ISO string; anything else -> null. */
export function toIsoDate(value: unknown): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value).toISOString() : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const withToDate = value as { toDate?: () => Date };
  if (typeof withToDate.toDate === 'function') return toIsoDate(withToDate.toDate());
  return null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

function notifications(value: unknown): NotificationSettings {
  const given = (value && typeof value === 'object' ? value : {}) as Data;
  const result = { ...DEFAULT_NOTIFICATION_SETTINGS };
  for (const key of Object.keys(result) as (keyof NotificationSettings)[]) result[key] = flag(given[key], result[key]);
  return result;
}

/** A record from the edge, with the fields whose values had the wrong type (dropped to their default). */
export type CheckedUserRecord = UserRecord & { malformedFields?: string[] };

const TEXT_FIELDS = [
  'uid',
  'email',
  'username',
  'displayName',
  'preferredGender',
  'preferredNationality',
  'preferredLanguage',
  'connectedUserId',
  'connectionStatus',
  'totalActiveTimeFormatted',
] as const;
const FLAG_FIELDS = ['accountActive', 'isPremium', 'connectionRequestSent', 'isAdmin'] as const;
const DATE_FIELDS = ['createdAt', 'updatedAt', 'lastLogin', 'lastActiveDate', 'lastSwipeDate'] as const;

/** The fields of `data` whose value is present but of a type the record cannot hold. */
export function malformedFieldsOf(data: Data): string[] {
  const bad: string[] = [];
  for (const key of TEXT_FIELDS) if (data[key] != null && typeof data[key] !== 'string') bad.push(key);
  for (const key of FLAG_FIELDS) if (data[key] != null && typeof data[key] !== 'boolean') bad.push(key);
  for (const key of DATE_FIELDS) if (data[key] != null && toIsoDate(data[key]) === null) bad.push(key);
  if (data.dailySwipeCount != null && typeof data.dailySwipeCount !== 'number') bad.push('dailySwipeCount');
  return bad;
}

/** An API row checked at the edge: the normalized record, with malformedFields when any value was dropped. */
export function checkUserRow(raw: unknown, index: number): CheckedUserRecord {
  const data = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Data;
  const record: CheckedUserRecord = toUserRecord(typeof data.uid === 'string' ? data.uid : `malformed-row-${index}`, data);
  const bad = raw === data ? malformedFieldsOf(data) : ['row'];
  if (bad.length > 0) record.malformedFields = bad;
  return record;
}

export function toUserRecord(uid: string, data: Data): UserRecord {
  return {
    uid: text(data.uid) || uid,
    email: text(data.email),
    username: text(data.username),
    displayName: text(data.displayName),
    accountActive: flag(data.accountActive, DEFAULTS.accountActive),
    isPremium: flag(data.isPremium, DEFAULTS.isPremium),
    createdAt: toIsoDate(data.createdAt),
    updatedAt: toIsoDate(data.updatedAt),
    lastLogin: toIsoDate(data.lastLogin),
    lastActiveDate: toIsoDate(data.lastActiveDate),
    preferredGender: text(data.preferredGender) ?? DEFAULTS.preferredGender,
    preferredNationality: text(data.preferredNationality) ?? DEFAULTS.preferredNationality,
    preferredLanguage: text(data.preferredLanguage) ?? DEFAULTS.preferredLanguage,
    connectedUserId: text(data.connectedUserId),
    connectionStatus: text(data.connectionStatus),
    connectionRequestSent: flag(data.connectionRequestSent, DEFAULTS.connectionRequestSent),
    dailySwipeCount: typeof data.dailySwipeCount === 'number' ? data.dailySwipeCount : DEFAULTS.dailySwipeCount,
    lastSwipeDate: toIsoDate(data.lastSwipeDate),
    // Only a real boolean true grants admin; "true" strings or 1 do not.
    isAdmin: data.isAdmin === true,
    notificationSettings: notifications(data.notificationSettings),
    totalActiveTimeFormatted: text(data.totalActiveTimeFormatted) ?? DEFAULTS.totalActiveTimeFormatted,
    // The reference backend's record version: what a write sends back as If-Match (contract/dataSafety.ts).
    ...(isVersion(data.version) ? { version: data.version } : {}),
  };
}

const isVersion = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/** Swipes of one names document: the size of its swipedBy map (one entry per user who swiped). */
export function swipeCountOf(data: Data): number {
  const swipedBy = data.swipedBy;
  return swipedBy && typeof swipedBy === 'object' ? Object.keys(swipedBy).length : 0;
}
