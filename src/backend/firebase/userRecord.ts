// Turns a Firestore users document into the wire UserRecord: Timestamps become ISO strings (the store
// holds only serializable values) and absent fields take the spec's defaults (section 3).
import type { NotificationSettings, UserRecord } from '../../api/contract';

const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  matchedName: true,
  connectionRequest: true,
  connectionConfirmed: true,
  connectionRejected: true,
  partnerDisconnected: true,
  dailyReminder: false,
};

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
  const result = { ...DEFAULT_NOTIFICATIONS };
  for (const key of Object.keys(result) as (keyof NotificationSettings)[]) result[key] = flag(given[key], result[key]);
  return result;
}

export function toUserRecord(uid: string, data: Data): UserRecord {
  return {
    uid: text(data.uid) || uid,
    email: text(data.email),
    username: text(data.username),
    displayName: text(data.displayName),
    accountActive: flag(data.accountActive, true),
    isPremium: flag(data.isPremium, false),
    createdAt: toIsoDate(data.createdAt),
    updatedAt: toIsoDate(data.updatedAt),
    lastLogin: toIsoDate(data.lastLogin),
    lastActiveDate: toIsoDate(data.lastActiveDate),
    preferredGender: text(data.preferredGender) ?? 'all',
    preferredNationality: text(data.preferredNationality) ?? 'all',
    preferredLanguage: text(data.preferredLanguage) ?? 'english',
    connectedUserId: text(data.connectedUserId),
    connectionStatus: text(data.connectionStatus),
    connectionRequestSent: flag(data.connectionRequestSent, false),
    dailySwipeCount: typeof data.dailySwipeCount === 'number' ? data.dailySwipeCount : 0,
    lastSwipeDate: toIsoDate(data.lastSwipeDate),
    // Only a real boolean true grants admin; "true" strings or 1 do not.
    isAdmin: data.isAdmin === true,
    notificationSettings: notifications(data.notificationSettings),
    totalActiveTimeFormatted: text(data.totalActiveTimeFormatted) ?? '0h 0m 0s',
  };
}

/** Swipes of one names document: the size of its swipedBy map (one entry per user who swiped). */
export function swipeCountOf(data: Data): number {
  const swipedBy = data.swipedBy;
  return swipedBy && typeof swipedBy === 'object' ? Object.keys(swipedBy).length : 0;
}
