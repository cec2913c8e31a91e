// User Management and Audit Logs: a user's record, the list's query and page, a deletion's report, the audit log's
// entries and counts. Constants: usersAudit.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { closed, count, instant, isoText, MAX_OFFSET, nullable, text, whole, described } from './parts';
import {
  AUDIT_SOURCES,
  MAX_AUDIT_LOG_PAGE_SIZE,
  MAX_USER_CURSOR_LENGTH,
  MAX_USER_PAGE_SIZE,
  MAX_USER_SEARCH_LENGTH,
  USER_SORT_FIELDS,
  type USER_RECORD_DEFAULTS,
} from '../usersAudit';

export const NotificationSettingsSchema = Type.Object({
  matchedName: Type.Boolean(),
  connectionRequest: Type.Boolean(),
  connectionConfirmed: Type.Boolean(),
  connectionRejected: Type.Boolean(),
  partnerDisconnected: Type.Boolean(),
  dailyReminder: Type.Boolean(),
});

export const UserRecordSchema = Type.Object({
  uid: Type.String(),
  email: nullable(Type.String()),
  username: nullable(Type.String()),
  displayName: nullable(Type.String()),
  accountActive: Type.Boolean(),
  isPremium: Type.Boolean(),
  createdAt: nullable(isoText),
  updatedAt: nullable(isoText),
  lastLogin: nullable(isoText),
  lastActiveDate: nullable(isoText),
  preferredGender: Type.String(),
  preferredNationality: Type.String(),
  preferredLanguage: Type.String(),
  connectedUserId: nullable(Type.String()),
  connectionStatus: nullable(Type.String()),
  connectionRequestSent: Type.Boolean(),
  dailySwipeCount: Type.Integer(),
  lastSwipeDate: nullable(isoText),
  isAdmin: Type.Boolean(),
  notificationSettings: NotificationSettingsSchema,
  totalActiveTimeFormatted: Type.String(),
  version: described(
    Type.Optional(Type.Integer({ minimum: 1 })),
    'grows with each write of the record, whoever writes it; send it back as If-Match (absent: not versioned, e.g. Firestore)',
  ),
});

export const AuditCountSchema = Type.Object({ source: Type.Enum(['app', 'console']), event: Type.String(), count: count });

export const UsersPageSchema = Type.Object({
  users: Type.Array(UserRecordSchema),
  total: described(
    nullable(count),
    'records matching the filters (all pages); null when the backend cannot know it without reading every record',
  ),
  totalIsLowerBound: described(
    Type.Optional(Type.Boolean()),
    'true when the backend stopped counting: more than `total` records match. Absent means exact.',
  ),
  nextCursor: described(nullable(Type.String()), 'pass as `cursor` for the next page; null on the last page'),
  previousCursor: described(
    Type.Optional(nullable(Type.String())),
    'pass as `before` for the previous page; null on the first. Absent: the backend pages back by offset (the reference backend)',
  ),
});
/** PATCH /api/users/:uid body: at least one of the two, nothing else. The server sets updatedAt itself. */
export const UserFlagsUpdateSchema = Type.Object(
  { isPremium: Type.Optional(Type.Boolean()), accountActive: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
/** The rows of one user a deletion removed from the API's database (the hosted API's, in Firebase mode). */
export const DeletedUserRowsSchema = Type.Object({
  user: described(Type.Boolean(), "the users row (in Firebase mode the database's copy of the Firestore record, if it has one)"),
  swipes: count,
  connectionRequests: count,
  connections: count,
  partnersUnlinked: described(
    count,
    'other users whose connectedUserId pointed at the deleted user: their link (and connectionStatus) is cleared',
  ),
});
/** What became of a Firebase Auth account: deleted, not found (already gone), or not done and why. */
export const AuthAccountDeletionSchema = Type.Object({
  outcome: Type.Enum(['deleted', 'not_found', 'not_done']),
  reason: Type.Optional(Type.String()),
});
/** DELETE /api/accounts/:uid (the hosted API in Firebase mode): the Auth account and the user's rows, each reported. */
export const AccountDeletionResponseSchema = Type.Object({
  uid: Type.String(),
  authAccount: AuthAccountDeletionSchema,
  rows: DeletedUserRowsSchema,
});
export const DeleteUserResponseSchema = Type.Object({
  uid: Type.String(),
  /** the record and what hung off it: in the reference backend's database, or (Firebase mode) in Firestore */
  deleted: Type.Object({
    user: Type.Boolean(),
    account: described(
      Type.Boolean(),
      "the sign-in account: the reference backend's accounts row, or (Firebase mode) the Auth account, deleted through the hosted API",
    ),
    swipes: count,
    connectionRequests: count,
    connections: count,
    partnersUnlinked: described(
      count,
      'other users whose connectedUserId pointed at the deleted user: their link (and connectionStatus) is cleared',
    ),
  }),
  /**
   * Firebase mode only: the parts outside Firestore, which the console asks the hosted API for after the Firestore
   * part (DELETE /api/accounts/:uid). Absent when there are no parts (the reference backend's one transaction).
   */
  elsewhere: Type.Optional(
    Type.Object({
      authAccount: AuthAccountDeletionSchema,
      hostedApi: Type.Object({
        outcome: described(
          Type.Enum(['deleted', 'no_route', 'not_done']),
          'deleted: its rows are gone (rows says which); no_route: a hosted API without the route (404); not_done: it failed',
        ),
        reason: Type.Optional(Type.String()),
        rows: Type.Optional(DeletedUserRowsSchema),
      }),
    }),
  ),
});
export const AuditStatsSchema = Type.Object({
  since: nullable(isoText),
  source: Type.Enum([...AUDIT_SOURCES]),
  total: count,
  byEvent: Type.Array(AuditCountSchema),
});
const auditEntryFields = {
  id: described(Type.String(), "the record's id within its source: rows are unique by (source, id), not by id alone"),
  timestamp: isoText,
  event: described(Type.String(), "the app's event type, or the console's action name"),
  userId: described(
    nullable(Type.String()),
    "the end user concerned: the app event's userId, or a console action's target when it is a user",
  ),
};
/** An event the mobile app wrote (spec 3, audit log). */
export const AppAuditEntrySchema = Type.Object({
  ...auditEntryFields,
  source: Type.Literal('app'),
  lastSwipeDate: nullable(Type.String()),
  totalActiveTimeFormatted: nullable(Type.String()),
});
/** A write made through this console, recorded by the server in the same transaction as the change. */
export const ConsoleAuditEntrySchema = Type.Object({
  ...auditEntryFields,
  source: Type.Literal('console'),
  actor: Type.Object({ uid: Type.String(), email: Type.String() }),
  targetType: described(Type.String(), "what was changed: 'user', 'name', 'names', 'import', ... and its id when there is one"),
  targetId: nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  details: Type.Unknown(),
});
export const AuditLogsPageSchema = Type.Object({
  entries: Type.Array(Type.Union([AppAuditEntrySchema, ConsoleAuditEntrySchema])),
  nextCursor: described(nullable(Type.String()), 'pass as `cursor` for the next page; null when there is none'),
});

// Dates are ISO 8601 instants; `...From` is inclusive, `...To` exclusive (so a day is [day, next day)).
export const USER_LIST_QUERY = closed({
  search: described(Type.Optional(text(MAX_USER_SEARCH_LENGTH)), 'case-insensitive substring of email, username, displayName or uid'),
  isPremium: Type.Optional(Type.Boolean()),
  accountActive: Type.Optional(Type.Boolean()),
  connected: described(Type.Optional(Type.Boolean()), 'true: has a connectedUserId; false: has none'),
  preferredGender: described(
    Type.Optional(text(64)),
    "equality with the record's preferredGender ('all' is a stored value too, the default)",
  ),
  preferredNationality: described(
    Type.Optional(text(64)),
    "equality with the record's preferredNationality ('all' is a stored value too, the default)",
  ),
  createdFrom: Type.Optional(instant),
  createdTo: Type.Optional(instant),
  lastActiveFrom: Type.Optional(instant),
  lastActiveTo: Type.Optional(instant),
  sort: Type.Optional(Type.Enum([...USER_SORT_FIELDS])),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
  limit: Type.Optional(whole(1, MAX_USER_PAGE_SIZE)),
  offset: Type.Optional(whole(0, MAX_OFFSET)),
  cursor: Type.Optional(text(MAX_USER_CURSOR_LENGTH)),
});

export const AUDIT_LOGS_QUERY = closed({
  since: described(Type.Optional(instant), 'only entries at or after this instant; absent: all time'),
  event: described(Type.Optional(text(100)), "equality with an app event (e.g. 'CANCELLATION') or a console action (e.g. 'user.update')"),
  source: described(Type.Optional(Type.Enum([...AUDIT_SOURCES])), "default 'all'"),
  limit: Type.Optional(whole(1, MAX_AUDIT_LOG_PAGE_SIZE)),
  cursor: Type.Optional(text(500)),
});
export const AUDIT_STATS_QUERY = closed({ since: Type.Optional(instant), source: Type.Optional(Type.Enum([...AUDIT_SOURCES])) });

export type UserListQuery = Static<typeof USER_LIST_QUERY>;
export type AuditLogsQueryParams = Static<typeof AUDIT_LOGS_QUERY>;
export type AuditStatsQueryParams = Static<typeof AUDIT_STATS_QUERY>;

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire
export type UsersPage = Static<typeof UsersPageSchema>;

/** PATCH /api/users/:uid body: at least one of the two, nothing else. The server sets updatedAt itself. */
export type UserFlagsUpdate = Static<typeof UserFlagsUpdateSchema>;

/** DELETE /api/users/:uid answers what was removed with the record. */
export type DeleteUserResponse = Static<typeof DeleteUserResponseSchema>;

/** The user's rows a deletion removed from the API's database. */
export type DeletedUserRows = Static<typeof DeletedUserRowsSchema>;

/** DELETE /api/accounts/:uid (hosted API, Firebase mode) answers the Auth account's fate and the rows removed. */
export type AccountDeletionResponse = Static<typeof AccountDeletionResponseSchema>;

/** An event the mobile app wrote (spec 3, audit log). */
export type AppAuditEntry = Static<typeof AppAuditEntrySchema>;

/** A write made through this console, recorded by the server in the same transaction as the change. */
export type ConsoleAuditEntry = Static<typeof ConsoleAuditEntrySchema>;
export type AuditLogsPage = Static<typeof AuditLogsPageSchema>;
export type AuditEventCount = Static<typeof AuditCountSchema>;

/** Counts per event type in the range, most frequent first, and their total. */
export type AuditStats = Static<typeof AuditStatsSchema>;

export type NotificationSettings = Static<typeof NotificationSettingsSchema>;

/** End-user record (users collection), spec section 3. Dates are ISO strings on the wire. */
export type UserRecord = Static<typeof UserRecordSchema>;

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

/** PATCH answers the updated record (with its new updatedAt). */
export type UpdateUserResponse = UserRecord;

/**
 * GET /api/audit-logs query. Ordered by timestamp descending (then source, then id descending), in pages of
 * `limit` (default AUDIT_LOG_PAGE_SIZE) read on with `cursor` (never an offset).
 */
export type AuditLogsQuery = AuditLogsQueryParams;

export type AuditEntry = AppAuditEntry | ConsoleAuditEntry;

/** GET /api/audit-logs/stats query: the same range, event-less (it counts every event type). */
export type AuditStatsQuery = AuditStatsQueryParams;

/** USER_RECORD_DEFAULTS (usersAudit.ts) holds values a user record may have: this fails to compile otherwise. */
export type UserRecordDefaultsFit = typeof USER_RECORD_DEFAULTS extends Partial<UserRecord> ? true : never;
