// Wire contract of User Management and Audit Logs: the /api routes of the reference backend and
// the shapes the document ports return in both backends. Types and constants only: the server imports it too.

// ---------------------------------------------------------------------------------------------------
// Users: GET /api/users, PATCH /api/users/:uid, DELETE /api/users/:uid, DELETE /api/accounts/:uid
// ---------------------------------------------------------------------------------------------------

/** Spec 9: the user list shows 25, 50 (default), 100 or 250 rows, with Show All. */
export const USER_PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_USER_PAGE_SIZE = 50;
/** Largest page GET /api/users serves; Show All reads the list in pages of this size. */
export const MAX_USER_PAGE_SIZE = 1000;
/** Longest search text accepted. */
export const MAX_USER_SEARCH_LENGTH = 200;
/** The longest list cursor a backend issues and the API takes (Firebase's carry a sort value and a document id). */
export const MAX_USER_CURSOR_LENGTH = 2000;

export const USER_SORT_FIELDS = ['createdAt', 'lastActiveDate', 'email', 'username', 'displayName'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

// ---------------------------------------------------------------------------------------------------
// Audit logs: GET /api/audit-logs, GET /api/audit-logs/stats
// ---------------------------------------------------------------------------------------------------

/** Spec 9: audit logs page size; the date filter's choices in days (null = all time), 7 by default. */
export const AUDIT_LOG_PAGE_SIZE = 100;
/** Largest page GET /api/audit-logs serves (exports read in pages this large). */
export const MAX_AUDIT_LOG_PAGE_SIZE = 1000;
export const AUDIT_RANGE_DAYS = [1, 7, 30, 90, null] as const;
export type AuditRangeDays = (typeof AUDIT_RANGE_DAYS)[number];
export const DEFAULT_AUDIT_RANGE_DAYS: AuditRangeDays = 7;

/** Events the mobile app writes that the spec names (others may appear; they get the default badge). */
export const APP_AUDIT_EVENTS = ['USER_CREATED', 'SUBSCRIPTION_START', 'SUBSCRIPTION_END', 'CANCELLATION', 'ACCOUNT_DELETED'] as const;

/** app: the mobile app's audit_logs; console: what operators did in this console (server-recorded); all: both. */
export const AUDIT_SOURCES = ['all', 'app', 'console'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** Spec 3 defaults of a user's notification settings (a stored object may lack flags: these fill them). */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<
  Record<
    'matchedName' | 'connectionRequest' | 'connectionConfirmed' | 'connectionRejected' | 'partnerDisconnected' | 'dailyReminder',
    boolean
  >
> = Object.freeze({
  matchedName: true,
  connectionRequest: true,
  connectionConfirmed: true,
  connectionRejected: true,
  partnerDisconnected: true,
  dailyReminder: false,
});

/**
 * Spec 3 defaults of a new user record, for every field that has one (the rest are the user's own:
 * uid, email, username, displayName, and the dates). The reference backend's users table declares
 * the same values as column defaults (migration 001, which stays as shipped).
 */
export const USER_RECORD_DEFAULTS = Object.freeze({
  accountActive: true,
  isPremium: false,
  preferredGender: 'all',
  preferredNationality: 'all',
  preferredLanguage: 'english',
  connectedUserId: null,
  connectionStatus: null,
  connectionRequestSent: false,
  dailySwipeCount: 0,
  lastSwipeDate: null,
  isAdmin: false,
  notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
  totalActiveTimeFormatted: '0h 0m 0s',
} as const);
