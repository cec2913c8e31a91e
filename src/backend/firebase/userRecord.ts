// Turns a Firestore users document into the wire UserRecord: Timestamps become ISO strings (the store
// holds only serializable values) and absent fields take the spec's defaults (section 3).
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  USER_RECORD_DEFAULTS as DEFAULTS,
  type NotificationSettings,
  type UserRecord,
} from '../../../contract/wire';

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
  };
}

/** Swipes of one names document: the size of its swipedBy map (one entry per user who swiped). */
export function swipeCountOf(data: Data): number {
  const swipedBy = data.swipedBy;
  return swipedBy && typeof swipedBy === 'object' ? Object.keys(swipedBy).length : 0;
}
