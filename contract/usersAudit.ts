// Wire contract of User Management and Audit Logs: the /api routes of the reference backend and
// the shapes the document ports return in both backends. Types and constants only: the server imports it too.
import type { Static } from 'typebox';
import type {
  AccountDeletionResponseSchema,
  AppAuditEntrySchema,
  AuditLogsQueryParams,
  AuditStatsQueryParams,
  AuditCountSchema,
  AuditLogsPageSchema,
  AuditStatsSchema,
  ConsoleAuditEntrySchema,
  DeletedUserRowsSchema,
  DeleteUserResponseSchema,
  UserFlagsUpdateSchema,
  UserListQuery,
  UsersPageSchema,
} from './endpoints';
import type { UserRecord } from './wire';

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

/**
 * Filters of the user list: GET /api/users's query without its sort and paging. Every field is optional;
 * an absent field does not filter.
 */
export type UserFilters = Omit<UserListQuery, 'sort' | 'order' | 'limit' | 'offset' | 'cursor'>;

/**
 * GET /api/users query (all as query-string parameters; booleans as 'true' / 'false').
 * Paging: either `offset` (page jumps of the grid) or `cursor` (the `nextCursor` of the previous page:
 * Show All and exports read on with it, never losing or repeating a row). Not both.
 * Sort: `sort` (default createdAt) and `order` (default desc); uid breaks ties. Records without the sort
 * value (e.g. never active) come last in either order. Limit 1..MAX_USER_PAGE_SIZE, default
 * DEFAULT_USER_PAGE_SIZE.
 */
export type UsersQuery = UserListQuery & {
  /** The `previousCursor` of the page after the one wanted (backends that give one: Firebase mode; not on the wire). */
  before?: string;
};

export type UsersPage = Static<typeof UsersPageSchema>;

/** PATCH /api/users/:uid body: at least one of the two, nothing else. The server sets updatedAt itself. */
export type UserFlagsUpdate = Static<typeof UserFlagsUpdateSchema>;
/** PATCH answers the updated record (with its new updatedAt). */
export type UpdateUserResponse = UserRecord;

/** DELETE /api/users/:uid answers what was removed with the record. */
export type DeleteUserResponse = Static<typeof DeleteUserResponseSchema>;
/** The user's rows a deletion removed from the API's database. */
export type DeletedUserRows = Static<typeof DeletedUserRowsSchema>;
/** DELETE /api/accounts/:uid (hosted API, Firebase mode) answers the Auth account's fate and the rows removed. */
export type AccountDeletionResponse = Static<typeof AccountDeletionResponseSchema>;

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

/**
 * GET /api/audit-logs query. Ordered by timestamp descending (then source, then id descending), in pages of
 * `limit` (default AUDIT_LOG_PAGE_SIZE) read on with `cursor` (never an offset).
 */
export type AuditLogsQuery = AuditLogsQueryParams;

/** An event the mobile app wrote (spec 3, audit log). */
export type AppAuditEntry = Static<typeof AppAuditEntrySchema>;
/** A write made through this console, recorded by the server in the same transaction as the change. */
export type ConsoleAuditEntry = Static<typeof ConsoleAuditEntrySchema>;
export type AuditEntry = AppAuditEntry | ConsoleAuditEntry;
export type AuditLogsPage = Static<typeof AuditLogsPageSchema>;

/** GET /api/audit-logs/stats query: the same range, event-less (it counts every event type). */
export type AuditStatsQuery = AuditStatsQueryParams;

export type AuditEventCount = Static<typeof AuditCountSchema>;

/** Counts per event type in the range, most frequent first, and their total. */
export type AuditStats = Static<typeof AuditStatsSchema>;
