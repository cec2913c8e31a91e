// Every endpoint of the reference backend, written once as JSON Schema (TypeBox): its path parameters,
// query, body and answer. The server validates each request and serializes each answer by these; the
// wire types are Static<> of the same schemas, so what the console sends and reads is what the server checks.
//
// The rules that hold for every schema here (server/src/http/validators.ts enforces them):
// - objects are closed: an unknown query parameter or body field is a 400 naming it, never ignored;
// - query and path numbers are plain digits ('0x10', '1e3', '+1', 'Infinity', '01' are refused: textRules.ts) and bounded;
// - instants and days are bounded (textRules.ts), free text follows the one text rule (textRules.ts);
// - in a query, an empty or blank parameter counts as absent (the console's forms send `?gender=`).
import { Type, type Static, type TSchema } from 'typebox';
import { ANALYTICS_DEFAULTS, ANALYTICS_MAX_DAYS, ANALYTICS_MAX_LIMIT, TOP_NAMES_COUNTS } from './analytics';
import { RESTORE_BATCH_MAX_ROWS, RESTORE_MAX_PROBLEMS, RESTORE_MODES, RESTORE_STATES } from './backupRestore';
import { BACKUP_COLLECTIONS, EXPORT_PAGE_DEFAULT, EXPORT_PAGE_MAX, STREAMED_CSV_COLLECTIONS } from './exports';
import { IMPORT_RUN_FINISH_STATES, IMPORT_RUN_STATES, RECENT_IMPORT_RUNS } from './importRuns';
import { MAX_NAME_TEXT_LENGTH } from './nameRules';
import { NAME_SEARCH_MAX_LENGTH } from './nameSearch';
import { NAME_BULK_JOB_ACTIONS, NAME_BULK_JOB_MAX, NAME_BULK_JOB_STATES } from './namesBulkJobs';
import { MFA_RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN, TOTP_DIGITS } from './mfa';
import { LINK_TOKEN_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_LINK_KINDS } from './operators';
import {
  CreateSavedViewSchema,
  GridPreferencesBodySchema,
  GridPreferencesSchema,
  SavedViewPageSchema,
  SavedViewSchema,
  SavedViewsListSchema,
  UpdateSavedViewSchema,
} from './savedViewsSchemas';
import { DAY_FORMAT, FREE_TEXT_FORMAT, INSTANT_FORMAT } from './textRules';
import {
  AUDIT_SOURCES,
  MAX_AUDIT_LOG_PAGE_SIZE,
  MAX_USER_CURSOR_LENGTH,
  MAX_USER_PAGE_SIZE,
  MAX_USER_SEARCH_LENGTH,
  USER_SORT_FIELDS,
} from './usersAudit';
import { BULK_IMPORT_MAX_ROWS } from './wire';

// ---------------------------------------------------------------------------------------------------
// Building blocks

/** Largest id or offset a client may send: what a JS number holds exactly (bigint ids stay below it). */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
/** Longest import file name kept (the browser's name of the chosen file). */
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_OFFSET = 999_999_999;

const closed = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });
/** A query or body without parameters: still closed, so `?nationalty=irish` on it is refused. */
export const NoQuery = closed({});
/**
 * The body of a POST that carries no data: none at all (the validator sees null) or an empty JSON object
 * (the spec's migration call sends {} with a JSON header). A field is refused and named: a client must not
 * believe it was applied.
 */
export const NoBody = Type.Union([closed({}), Type.Null()]);
const whole = (minimum: number, maximum: number, extra: { default?: number } = {}) => Type.Integer({ minimum, maximum, ...extra });
const count = Type.Integer({ minimum: 0 });
const text = (maxLength: number) => Type.String({ maxLength });
const freeText = (maxLength: number) => Type.String({ minLength: 1, maxLength, format: FREE_TEXT_FORMAT });
const instant = Type.String({ maxLength: 40, format: INSTANT_FORMAT });
const day = Type.String({ maxLength: 10, format: DAY_FORMAT });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const isoText = Type.String();

const Id = closed({ id: whole(1, MAX_ID) });
/** A user id as Firebase makes them (28 letters and digits) or this backend's demo ids. */
const uidText = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });
const Uid = closed({ uid: uidText });

export const GenderSchema = Type.Enum(['male', 'female', 'unisex']);

// ---------------------------------------------------------------------------------------------------
// Answers shared by several endpoints

const ActorSchema = Type.Object({ uid: Type.String(), email: Type.String() });

/**
 * A write that carried a version (If-Match, or a bulk delete's `versions`) older than the record's: the record as
 * it is now, and who changed it last and when, from the console-action trail (null when the last change did not
 * go through the console, e.g. the app's own write of a users record, or is unknown).
 */
export const VersionConflictSchema = Type.Object({
  current: Type.Unknown(),
  changedBy: nullable(ActorSchema),
  changedAt: nullable(isoText),
});

export const ApiErrorBodySchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  /** 409 'version_conflict' of one record */
  conflict: Type.Optional(VersionConflictSchema),
  /** 409 'version_conflict' of a bulk write: one per record whose version was stale (nothing was written) */
  conflicts: Type.Optional(Type.Array(VersionConflictSchema)),
  /** 409 'in_trash': a name with the same name, gender and nationality is in the trash (restore it instead) */
  trashed: Type.Optional(Type.Array(Type.Unknown())),
  /** 409 'count_changed' (POST /api/names/bulk-jobs): how many names match the filter now */
  count: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const NameRecordSchema = Type.Object({
  id: Type.Integer(),
  name_id: Type.Integer(),
  name: Type.String(),
  gender: GenderSchema,
  nationality: Type.String(),
  created_at: isoText,
  /** once the Database Admin migration added the column */
  random_seed: Type.Optional(nullable(Type.Number())),
  /** grows with each write of the record; send it back as If-Match (absent: the backend does not version names) */
  version: Type.Optional(Type.Integer({ minimum: 1 })),
});

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
  /** grows with each write of the record, whoever writes it; send it back as If-Match (absent: not versioned, e.g. Firestore) */
  version: Type.Optional(Type.Integer({ minimum: 1 })),
});

export const AuthAccountSchema = Type.Object({ uid: Type.String(), email: nullable(Type.String()), displayName: nullable(Type.String()) });
export const SignInRequestSchema = closed({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
// Operators (contract/operators.ts): the console's admin accounts, invitations and password links.
const linkToken = Type.String({ minLength: LINK_TOKEN_LENGTH, maxLength: LINK_TOKEN_LENGTH, pattern: '^[A-Za-z0-9_-]+$' });
const newPassword = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });
export const OperatorSchema = Type.Object({
  uid: Type.String(),
  email: nullable(Type.String()),
  displayName: nullable(Type.String()),
  /** the user record's accountActive: a deactivated operator cannot sign in */
  accountActive: Type.Boolean(),
  /** the last successful sign-in, null when never */
  lastSignInAt: nullable(isoText),
  /** a second factor is enrolled */
  mfaEnabled: Type.Boolean(),
  /** the account has a password (an invited operator who has not yet opened the link has none) */
  hasPassword: Type.Boolean(),
  createdAt: nullable(isoText),
});
export const OperatorInviteSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  createdAt: isoText,
  expiresAt: isoText,
  createdBy: Type.String({ description: "the inviting operator's email" }),
});
export const OperatorsPageSchema = Type.Object({
  operators: Type.Array(OperatorSchema),
  /** invitations neither used, withdrawn nor expired, newest first */
  invites: Type.Array(OperatorInviteSchema),
  /** what this stack can do: Firebase mode has no invitations of its own */
  capabilities: Type.Object({ invite: Type.Boolean(), resetPassword: Type.Boolean(), grant: Type.Boolean(), resetMfa: Type.Boolean() }),
});
/** A one-time link just made: the token is in this answer only (the server keeps its hash). */
export const OperatorLinkSchema = Type.Object({
  kind: Type.Enum(PASSWORD_LINK_KINDS),
  email: Type.String(),
  /** the link's token (reference backend): the console builds passwordLinkUrl(origin, token) */
  token: nullable(Type.String()),
  /** a whole link made elsewhere (Firebase Auth's password-reset link in Firebase mode) */
  url: nullable(Type.String()),
  expiresAt: nullable(isoText),
});
export const PasswordLinkInfoSchema = Type.Object({
  kind: Type.Enum(PASSWORD_LINK_KINDS),
  email: Type.String(),
  expiresAt: isoText,
});
const OperatorEmailBody = closed({ email: Type.String({ format: 'email', maxLength: 254 }) });

export const RenewResponseSchema = Type.Object({ token: Type.String(), expiresAt: isoText });
export const SignInSessionSchema = Type.Object({ token: Type.String(), expiresAt: isoText, account: AuthAccountSchema });
// Two-factor sign-in (contract/mfa.ts).
const mfaChallenge = Type.String({ minLength: 1, maxLength: 2048, description: "the second step's signed challenge" });
const totpCode = Type.String({ pattern: `^[0-9]{${TOTP_DIGITS}}$`, description: 'the code an authenticator app shows now' });
/** The password was right; a second step remains before a session: a code ('verify') or an enrolment ('enrol'). */
export const SignInSecondStepSchema = Type.Object({
  step: Type.Union([Type.Literal('verify'), Type.Literal('enrol')]),
  challenge: Type.String(),
  expiresAt: isoText,
  email: Type.String(),
});
export const SignInResponseSchema = Type.Union([SignInSessionSchema, SignInSecondStepSchema]);
export const MfaEnrolmentSchema = Type.Object({
  /** base32, to type into an authenticator app by hand */
  secret: Type.String(),
  /** otpauth://totp/...: what the QR code carries */
  otpauthUrl: Type.String(),
});
export const MfaRecoveryCodesSchema = Type.Object({
  /** shown once: the server keeps only their hashes */
  recoveryCodes: Type.Array(Type.String(), { minItems: MFA_RECOVERY_CODE_COUNT, maxItems: MFA_RECOVERY_CODE_COUNT }),
});
export const MfaConfirmedSchema = Type.Object({
  recoveryCodes: Type.Array(Type.String(), { minItems: MFA_RECOVERY_CODE_COUNT, maxItems: MFA_RECOVERY_CODE_COUNT }),
  /** a session for this sign-in (a fresh token when enrolling while signed in: the other sessions have ended) */
  session: SignInSessionSchema,
});
export const MfaStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
  /** REQUIRE_MFA is set: two-factor cannot be turned off */
  required: Type.Boolean(),
});
export const SwipeStatsSchema = Type.Object({ totalNames: count, totalSwipes: count });
export const DocumentCountsSchema = Type.Object({ names: count, swipes: count });
export const SystemHealthSchema = Type.Object({
  postgresql: Type.String(),
  tables: Type.Array(Type.String()),
  analytics_tables: Type.Array(Type.String()),
  views: Type.Array(Type.String()),
  /** rows per table: exact for small tables, the catalog's estimate for large ones (listed in estimated_counts) */
  table_counts: Type.Record(Type.String(), Type.Number()),
  /** tables whose table_counts figure is an estimate (pg_class.reltuples), not an exact count */
  estimated_counts: Type.Optional(Type.Array(Type.String())),
});
/**
 * What a search (GET /names?q=) found, in the answer's order (contract/nameSearch.ts): names starting with the
 * text, then names containing it, then close spellings (only when fewer than NAME_SEARCH_FEW_MATCHES matched,
 * at most NAME_SEARCH_MAX_CLOSE). `total` is their sum. Its presence tells the console the search was applied.
 */
export const NameSearchSummarySchema = Type.Object({
  /** the search text as applied (trimmed) */
  q: Type.String(),
  /** its folded form, what names.search_key is compared with */
  key: Type.String(),
  prefixMatches: count,
  containsMatches: count,
  closeMatches: count,
  exact: Type.Boolean({
    description:
      'False when a group held more names than a search counts (NAME_SEARCH_COUNT_LIMIT of contract/nameSearch.ts past the page): the counts and the total are then lower bounds, and the groups after the one cut short count 0.',
  }),
});
export const NamesPageResponseSchema = Type.Object({
  names: Type.Array(NameRecordSchema),
  total: count,
  totalIsEstimate: Type.Boolean(),
  /** only when the request searched (q) */
  search: Type.Optional(NameSearchSummarySchema),
});
export const NationalityCountSchema = Type.Object({ name: Type.String(), count: count });
export const BulkImportResponseSchema = Type.Object({
  addedCount: count,
  /** rows not stored because the same name, gender and nationality exists (in the database or earlier in the batch) */
  duplicateCount: Type.Optional(count),
  /** rows not stored because the same name, gender and nationality is in the trash (not counted in duplicateCount) */
  trashedCount: Type.Optional(count),
  /** the run the batch was recorded under */
  runId: Type.Optional(Type.Integer()),
});
/** A check of a file before it is imported (contract/importChecks.ts). */
export const ImportCheckSchema = Type.Object({ id: Type.Integer({ minimum: 1 }), createdAt: isoText });
/** What the import of a batch would do: the same counts as BulkImportResponseSchema's, nothing written. */
export const ImportCheckBatchSchema = Type.Object({ addedCount: count, duplicateCount: count, trashedCount: count });
/** A check's totals over every batch it was sent, given when it ends. */
export const ImportCheckTotalsSchema = Type.Object({ rowsReceived: count, addedCount: count, duplicateCount: count, trashedCount: count });

/**
 * A count a client reports (rows it read or skipped): bounded like every other number a request carries, by what
 * a JS number holds exactly, so 1e308 or 2^63 is refused instead of stored. (`count` above is for answers.)
 */
const reportedCount = whole(0, MAX_ID);

export const ImportRunConsoleReportSchema = closed({
  rowsRead: reportedCount,
  rowsSkipped: reportedCount,
  skippedByReason: Type.Record(Type.String({ maxLength: 64 }), reportedCount, { maxProperties: 32 }),
  encoding: nullable(Type.String({ maxLength: 32 })),
});

const importRunFields = {
  id: Type.Integer(),
  fileName: Type.String(),
  actorEmail: Type.String(),
  startedAt: isoText,
  lastBatchAt: isoText,
  finishedAt: nullable(isoText),
  state: Type.Enum([...IMPORT_RUN_STATES]),
  batches: count,
  rowsReceived: count,
  rowsAdded: count,
  duplicatesSkipped: count,
  consoleReport: nullable(
    Type.Object({
      rowsRead: count,
      rowsSkipped: count,
      skippedByReason: Type.Record(Type.String(), count),
      encoding: nullable(Type.String()),
    }),
  ),
  undoneAt: nullable(isoText),
  undoneBy: nullable(Type.String()),
  rowsUndone: nullable(count),
  /** rows not stored because the same name, gender and nationality is in the trash (this backend always says) */
  trashedSkipped: Type.Optional(count),
  /** an undone run whose names are still in the trash: the deletion to restore (this backend always says) */
  undoDeletionId: Type.Optional(nullable(Type.Integer())),
};
export const ImportRunSchema = Type.Object(importRunFields);
export const ImportRunDetailSchema = Type.Object({
  ...importRunFields,
  rowsPresent: count,
  /** of rowsPresent, names edited since the import: an undo keeps them */
  rowsEdited: Type.Optional(count),
  /** swipes and matches of the names an undo would move to the trash */
  swipes: Type.Optional(count),
  matches: Type.Optional(count),
  /** the undo whose names are still in the trash (POST /api/names/restore { deletionId } takes it back) */
  undoDeletionId: Type.Optional(nullable(Type.Integer())),
});
export const StartImportRunRequestSchema = closed({ fileName: freeText(MAX_FILE_NAME_LENGTH) });
export const FinishImportRunRequestSchema = closed({
  state: Type.Enum([...IMPORT_RUN_FINISH_STATES]),
  report: Type.Optional(ImportRunConsoleReportSchema),
});
export const UndoImportRunResponseSchema = Type.Object({
  /** names moved to the trash */
  deletedCount: count,
  /** names of the run edited since the import (version above 1): kept, not moved */
  keptEditedCount: count,
  /** the deletion that holds them in the trash (restore it to take the undo back); null when nothing moved */
  deletionId: nullable(Type.Integer()),
  run: ImportRunSchema,
});

export const AuditCountSchema = Type.Object({ source: Type.Enum(['app', 'console']), event: Type.String(), count: count });

export const UsersPageSchema = Type.Object({
  users: Type.Array(UserRecordSchema),
  /** records matching the filters (all pages); null when the backend cannot know it without reading every record */
  total: nullable(count),
  /** true when the backend stopped counting: more than `total` records match. Absent means exact. */
  totalIsLowerBound: Type.Optional(Type.Boolean()),
  /** pass as `cursor` for the next page; null on the last page */
  nextCursor: nullable(Type.String()),
  /** pass as `before` for the previous page; null on the first. Absent: the backend pages back by offset (the reference backend) */
  previousCursor: Type.Optional(nullable(Type.String())),
});
/** PATCH /api/users/:uid body: at least one of the two, nothing else. The server sets updatedAt itself. */
export const UserFlagsUpdateSchema = Type.Object(
  { isPremium: Type.Optional(Type.Boolean()), accountActive: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
/** The rows of one user a deletion removed from the API's database (the hosted API's, in Firebase mode). */
export const DeletedUserRowsSchema = Type.Object({
  /** the users row (in Firebase mode the database's copy of the Firestore record, if it has one) */
  user: Type.Boolean(),
  swipes: count,
  connectionRequests: count,
  connections: count,
  /** other users whose connectedUserId pointed at the deleted user: their link (and connectionStatus) is cleared */
  partnersUnlinked: count,
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
    /** the sign-in account: the reference backend's accounts row, or (Firebase mode) the Auth account, deleted through the hosted API */
    account: Type.Boolean(),
    swipes: count,
    connectionRequests: count,
    connections: count,
    /** other users whose connectedUserId pointed at the deleted user: their link (and connectionStatus) is cleared */
    partnersUnlinked: count,
  }),
  /**
   * Firebase mode only: the parts outside Firestore, which the console asks the hosted API for after the Firestore
   * part (DELETE /api/accounts/:uid). Absent when there are no parts (the reference backend's one transaction).
   */
  elsewhere: Type.Optional(
    Type.Object({
      authAccount: AuthAccountDeletionSchema,
      hostedApi: Type.Object({
        /** deleted: its rows are gone (rows says which); no_route: a hosted API without the route (404); not_done: it failed */
        outcome: Type.Enum(['deleted', 'no_route', 'not_done']),
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
  /** the record's id within its source: rows are unique by (source, id), not by id alone */
  id: Type.String(),
  timestamp: isoText,
  /** the app's event type, or the console's action name */
  event: Type.String(),
  /** the end user concerned: the app event's userId, or a console action's target when it is a user */
  userId: nullable(Type.String()),
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
  /** what was changed: 'user', 'name', 'names', 'import', ... and its id when there is one */
  targetType: Type.String(),
  targetId: nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  details: Type.Unknown(),
});
export const AuditLogsPageSchema = Type.Object({
  entries: Type.Array(Type.Union([AppAuditEntrySchema, ConsoleAuditEntrySchema])),
  /** pass as `cursor` for the next page; null when there is none */
  nextCursor: nullable(Type.String()),
});
/** The data of each `counts` event of GET /api/live/counts (server-sent events). */
export const LiveCountsSchema = Type.Object({ users: count, acceptedConnections: count });
export const ExportCountResponseSchema = Type.Object({ total: count });
export const ExportRunRequestSchema = closed({
  kind: Type.Enum(['users', 'names', 'analytics', 'backup', 'audit-logs']),
  format: Type.Enum(['csv', 'json']),
  /** audit-log exports: the range asked for */
  from: Type.Optional(instant),
  to: Type.Optional(instant),
});
export const ExportRunResponseSchema = Type.Object({ runId: Type.Integer() });
export const MigrationResponseSchema = Type.Object({
  message: Type.String(),
  /** false when the column was already there (a second run changes nothing) */
  applied: Type.Boolean(),
  durationMs: Type.Number(),
});
export const DatabaseOverviewSchema = Type.Object({
  totalNames: count,
  namesByGender: Type.Object({ male: count, female: count, unisex: count }),
  nationalityCount: count,
  hasRandomSeedColumn: Type.Boolean(),
});

// The names trash and record history (contract/dataSafety.ts says what they mean).
// restore_replace: names a restore in replace mode moved there (not in the file it restored).
export const DeletionKindSchema = Type.Enum(['delete', 'bulk_delete', 'import_undo', 'restore_replace']);
export const TrashedNameSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gender: GenderSchema,
  nationality: Type.String(),
  created_at: isoText,
  deletedAt: isoText,
  deletedBy: ActorSchema,
  deletionId: Type.Integer(),
  deletionKind: DeletionKindSchema,
  /** the import run whose undo moved it, with its file's name */
  importRunId: nullable(Type.Integer()),
  importFileName: nullable(Type.String()),
  /** what goes with it when it is deleted forever, and comes back with a restore */
  swipes: count,
  /** matches it was part of when it was deleted */
  matches: count,
  /** when the retention purge deletes it forever */
  purgeAt: isoText,
});
export const TrashPageSchema = Type.Object({
  names: Type.Array(TrashedNameSchema),
  total: count,
  retentionDays: count,
});
/** What a set of names carries: the delete confirmations and the moves' answers say it. */
export const NamesImpactSchema = Type.Object({ names: count, swipes: count, matches: count });
export const TrashMoveResponseSchema = Type.Object({
  deletedCount: count,
  swipes: count,
  matches: count,
  /** the deletion the names are grouped under in the trash (restore it to undo); null when nothing moved */
  deletionId: nullable(Type.Integer()),
});
export const RestoreResponseSchema = Type.Object({
  restoredCount: count,
  swipes: count,
  matches: count,
  /** a restore of a deletion with `limit`: its names still in the trash after this part */
  remaining: Type.Optional(count),
});
/** The filter a names job acts on: the Manage Names filters and search, as GET /api/names takes them. */
const NameBulkJobFilterSchema = closed({
  letter: Type.Optional(Type.String({ maxLength: 16 })),
  gender: Type.Optional(Type.String({ maxLength: 16 })),
  nationality: Type.Optional(text(MAX_NAME_TEXT_LENGTH)),
  q: Type.Optional(freeText(NAME_SEARCH_MAX_LENGTH)),
});
export const NameBulkJobStartSchema = closed({
  action: Type.Enum([...NAME_BULK_JOB_ACTIONS]),
  filter: NameBulkJobFilterSchema,
  /** edit only: the one field to set on every name */
  set: Type.Optional(
    Type.Union([closed({ gender: Type.String({ maxLength: 16 }) }), closed({ nationality: freeText(MAX_NAME_TEXT_LENGTH + 16) })]),
  ),
  /** the count the confirmation showed: a different count now answers 409 'count_changed' with the new one */
  expectedCount: whole(1, NAME_BULK_JOB_MAX),
});
export const NameBulkJobSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  action: Type.Enum([...NAME_BULK_JOB_ACTIONS]),
  state: Type.Enum([...NAME_BULK_JOB_STATES]),
  // as started (no text format here: the serializer's ajv does not know the request's formats)
  filter: Type.Object({
    letter: Type.Optional(Type.String()),
    gender: Type.Optional(Type.String()),
    nationality: Type.Optional(Type.String()),
    q: Type.Optional(Type.String()),
  }),
  set: nullable(Type.Object({ gender: Type.Optional(Type.String()), nationality: Type.Optional(Type.String()) })),
  /** the names of the snapshot */
  total: count,
  /** of them, handled (applied or skipped) */
  done: count,
  applied: count,
  /** skipped: changed since the snapshot (version moved) */
  changedSince: count,
  /** skipped: no longer a live name */
  gone: count,
  /** skipped (edit): the change would duplicate a live name or one in the trash */
  duplicates: count,
  /** skipped (edit): already had the value */
  unchanged: count,
  /** delete: the trash deletion the names are grouped under (restore it to undo) */
  deletionId: nullable(Type.Integer()),
  swipes: count,
  matches: count,
  message: nullable(Type.String()),
  createdAt: isoText,
  finishedAt: nullable(isoText),
});
export const PurgeResponseSchema = Type.Object({ purgedCount: count, swipes: count, matches: count });
export const HistoryChangeSchema = Type.Object({ field: Type.String(), before: Type.Unknown(), after: Type.Unknown() });
export const HistoryEntrySchema = Type.Object({
  /** unique within the history: 'console:12', 'app:40', 'import:3' */
  id: Type.String(),
  source: Type.Enum(['console', 'app', 'import']),
  at: isoText,
  /** who: the operator of a console action or an import; null for the app's own events */
  actor: nullable(ActorSchema),
  /** the console action ('name.update', ...), the app's event ('SUBSCRIPTION_START', ...) or 'import' */
  action: Type.String(),
  /** one line for people: 'Moved to the trash with 75 swipes and 1 match', 'Created by importing names.csv' */
  summary: Type.String(),
  /** field by field, before -> after (empty when the entry changed no field of the record) */
  changes: Type.Array(HistoryChangeSchema),
  /** the console action's id when POST /api/history/revert can take it back now */
  revertActionId: nullable(Type.Integer()),
});
export const RecordHistorySchema = Type.Object({
  /** live: the record exists; trash: a name in the trash; gone: deleted (a user) or deleted forever (a name) */
  state: Type.Enum(['live', 'trash', 'gone']),
  /** the record as it is now (live or in the trash), with its version; null when gone */
  current: Type.Unknown(),
  entries: Type.Array(HistoryEntrySchema),
  /** pass as `before` for older entries; null when there are none */
  nextCursor: nullable(Type.String()),
});
export const RevertResponseSchema = Type.Object({
  state: Type.Enum(['live', 'trash']),
  /** the record after the revert, with its new version */
  current: Type.Unknown(),
});

// Restoring the spec's full backup (contract/backupRestore.ts says what the steps and modes mean).
const backupCollections = Type.Enum([...BACKUP_COLLECTIONS]);
const perCollection = <T extends TSchema>(schema: T) =>
  Type.Object({ users: schema, names: schema, connections: schema, audit_logs: schema });
export const RestoreProblemSchema = Type.Object({
  collection: backupCollections,
  /** the row's position in its collection's array in the file; null for a problem of the file itself */
  index: nullable(count),
  problem: Type.String(),
});
export const RestoreCollectionFiguresSchema = Type.Object({
  /** rows the file holds (as staged), refused ones included */
  read: count,
  /** rows refused (bad shape, duplicated id, a connection whose users are nowhere): never written */
  refused: count,
  /** valid rows whose id exists now: add keeps them, replace overwrites them */
  existing: count,
  /** valid rows whose id is nowhere now: both modes create them */
  missing: count,
  /** names only: valid rows whose id is in the trash; both modes bring them back from it */
  inTrash: count,
  /** records that exist now and are not in the file: replace removes them (names: to the trash) */
  extra: count,
});
export const RestorePlanSchema = Type.Object({
  collections: perCollection(RestoreCollectionFiguresSchema),
  /** what replace deletes with the users it removes (the users not in the file) */
  replaceTakes: Type.Object({ swipes: count, connectionRequests: count, namesSwipes: count }),
  /** sign-in rights the restore would change: users whose isAdmin the file sets true (granted) or false (revoked) */
  adminChanges: Type.Object({
    add: Type.Object({ granted: count }),
    replace: Type.Object({ granted: count, revoked: count }),
    /** the first ones, to name them in the confirmation */
    examples: Type.Array(
      Type.Object({
        uid: Type.String(),
        email: nullable(Type.String()),
        change: Type.Enum(['granted', 'revoked']),
        modes: Type.Array(Type.Enum([...RESTORE_MODES])),
      }),
    ),
  }),
  /** why replace cannot be applied (refused rows), null when it can */
  replaceRefusal: nullable(Type.String()),
  /**
   * why neither mode can be applied (rows that never arrived, problems of the file itself), null when both can;
   * replaceRefusal says the same reason then. Optional: a plan without it refuses only as replaceRefusal says.
   */
  applyRefusal: Type.Optional(nullable(Type.String())),
  /**
   * how the apply writes where it is not one transaction, for the operator to read before choosing (a hosted API in
   * Firebase mode writes the Firestore collections in batches); absent or null where the apply is one transaction
   */
  writeNote: Type.Optional(nullable(Type.String())),
  /**
   * where a replace keeps the state it overwrites: 'server' (the reference backend writes it to BACKUP_DIR as
   * beforeBackupFile, in the apply's transaction) or 'console' (the hosted API in Firebase mode cannot read Firestore
   * as one snapshot: the console downloads a full backup first and applies only once it is saved). Absent: 'server'.
   */
  beforeBackup: Type.Optional(Type.Enum(['server', 'console'])),
});
export const RestoreReportSchema = Type.Object({
  collections: perCollection(
    Type.Object({ read: count, added: count, kept: count, replaced: count, removed: count, restoredFromTrash: count, refused: count }),
  ),
  /** replace: the file the state before the restore was saved to (on the server, in BACKUP_DIR) */
  beforeBackupFile: nullable(Type.String()),
  /**
   * where the apply was not one transaction (Firebase mode's Firestore batches) and it stopped part-way (cancelled or
   * failed): what landed before it stopped, in words; the figures above count what was written. Absent otherwise.
   */
  partial: Type.Optional(Type.String()),
});
export const RestoreSessionSchema = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  fileSize: count,
  state: Type.Enum([...RESTORE_STATES]),
  createdAt: isoText,
  createdBy: ActorSchema,
  /** rows staged and refused so far, per collection */
  staged: perCollection(Type.Object({ read: count, refused: count })),
  /** the first problems, in file order per collection (at most RESTORE_MAX_PROBLEMS) */
  problems: Type.Array(RestoreProblemSchema),
  /** known once the file was read to its end (state ready and after) */
  plan: nullable(RestorePlanSchema),
  /** the chosen mode, from apply on */
  mode: nullable(Type.Enum([...RESTORE_MODES])),
  /** replace saves the current state first, as this file (in the server's BACKUP_DIR) */
  beforeBackupFile: Type.String(),
  /** while applying: the step it is at ('saving the current state', 'users', 'names', ...) and rows written so far */
  progress: nullable(Type.Object({ step: Type.String(), done: count, total: count })),
  report: nullable(RestoreReportSchema),
  /** why it failed (failed), or who cancelled it (cancelled) */
  failure: nullable(Type.String()),
  finishedAt: nullable(isoText),
});
export const RestoreSessionListSchema = Type.Object({ restores: Type.Array(RestoreSessionSchema) });
export const RestoreRowsResponseSchema = Type.Object({ staged: count, refused: count });

// Analytics answers (contract/analytics.ts says what each field means). Every figure is a Number: a
// ratio or score must never be rounded by an integer schema on its way out.
const num = Type.Number();
const nnum = nullable(Type.Number());
const topRankedFields = {
  name_id: num,
  name: Type.String(),
  gender: GenderSchema,
  origin: Type.String(),
  popularity_score: num,
  total_swipes: num,
  total_likes: num,
  like_ratio: num,
  matches: num,
  match_rate: num,
  fast_decisions: num,
  avg_decision_time_ms: nnum,
};
export const TopRankedNameSchema = Type.Object(topRankedFields);
export const NameAnalyticsSchema = Type.Object({
  ...topRankedFields,
  total_dislikes: num,
  slow_decisions: num,
  fast_decision_ratio: num,
  slow_decision_ratio: num,
  last_swiped_at: isoText,
});
export const TopNamesQuerySchema = closed({ count: Type.Optional(Type.Enum([...TOP_NAMES_COUNTS], { default: 'likes' })) });
export const TopNamesByGroupSchema = Type.Record(Type.String(), Type.Array(Type.Tuple([Type.String(), num])));
const pairMatchFields = {
  name_id: num,
  name: Type.String(),
  gender: GenderSchema,
  origin: Type.String(),
  created_at: isoText,
  time_between_swipes_ms: num,
};
export const AnalyticsAnswers = {
  userStats: Type.Object({
    uniqueUsers: num,
    totalNames: num,
    totalSwipes: num,
    averageSwipesPerUser: num,
    totalLikes: num,
    totalDislikes: num,
    totalConnections: num,
    likeRate: num,
  }),
  decisionTimeStats: Type.Object({
    avg_decision_time: nnum,
    fast_decision_ratio: num,
    slow_decision_ratio: num,
    total_decisions: num,
    fast_decisions: num,
    slow_decisions: num,
    avg_like_decision_time: nnum,
    avg_dislike_decision_time: nnum,
  }),
  matchConversionRate: Type.Object({
    total_connections: num,
    connections_with_matches: num,
    conversion_rate: num,
    total_matches: num,
    avg_matches_per_connection: num,
    connected_likes: num,
    like_to_match_rate: num,
  }),
  matchAnalytics: Type.Array(Type.Object({ ...pairMatchFields, user_a: Type.String(), user_b: Type.String() })),
  pairMatches: Type.Object({
    user_a: Type.String(),
    user_b: Type.String(),
    connected: Type.Boolean(),
    total: num,
    limit: num,
    offset: num,
    matches: Type.Array(Type.Object(pairMatchFields)),
  }),
  userSwipes: Type.Object({
    user_id: Type.String(),
    total_swipes: num,
    total_likes: num,
    total_dislikes: num,
    last_swipe_at: nullable(isoText),
    swipes: Type.Array(
      Type.Object({
        id: num,
        name_id: num,
        name: Type.String(),
        gender: GenderSchema,
        origin: Type.String(),
        liked: Type.Boolean(),
        decision_time_ms: nnum,
        created_at: isoText,
      }),
    ),
  }),
  userSwipeInsights: Type.Object({
    user_id: Type.String(),
    total_swipes: num,
    total_likes: num,
    total_dislikes: num,
    like_ratio: num,
    avg_decision_time_ms: nnum,
    fast_decision_ratio: num,
    slow_decision_ratio: num,
    first_swipe_at: nullable(isoText),
    last_swipe_at: nullable(isoText),
    active_days: num,
    total_sessions: num,
    avg_swipes_per_session: num,
    origins: Type.Array(Type.Object({ origin: Type.String(), likes: num, swipes: num, like_ratio: num })),
    likes_by_gender: Type.Object({ male: num, female: num, unisex: num }),
    partner_id: nullable(Type.String()),
    matches: num,
  }),
  swipeSessions: Type.Object({
    user_id: Type.String(),
    session_gap_ms: num,
    total_sessions: num,
    sessions: Type.Array(
      Type.Object({ started_at: isoText, ended_at: isoText, duration_ms: num, swipes: num, likes: num, avg_decision_time_ms: nnum }),
    ),
  }),
  dailyActiveUsers: Type.Array(Type.Object({ date: Type.String(), active_users: num })),
  swipesOverTime: Type.Array(
    Type.Object({ date: Type.String(), swipes: num, likes: num, dislikes: num, like_ratio: num, avg_decision_time_ms: nnum }),
  ),
  popularityTrends: Type.Object({
    days: num,
    start_date: Type.String(),
    end_date: Type.String(),
    origins: Type.Array(
      Type.Object({
        origin: Type.String(),
        swipes: num,
        likes: num,
        like_ratio: num,
        points: Type.Array(Type.Object({ date: Type.String(), swipes: num, likes: num })),
      }),
    ),
  }),
};

// ---------------------------------------------------------------------------------------------------
// The endpoints. Keys are 'METHOD /path' as Fastify registers them (with their prefix).

// Dates are ISO 8601 instants; `...From` is inclusive, `...To` exclusive (so a day is [day, next day)).
const USER_LIST_QUERY = closed({
  /** case-insensitive substring of email, username, displayName or uid */
  search: Type.Optional(text(MAX_USER_SEARCH_LENGTH)),
  isPremium: Type.Optional(Type.Boolean()),
  accountActive: Type.Optional(Type.Boolean()),
  /** true: has a connectedUserId; false: has none */
  connected: Type.Optional(Type.Boolean()),
  /** equality with the record's preferredGender ('all' is a stored value too, the default) */
  preferredGender: Type.Optional(text(64)),
  /** equality with the record's preferredNationality ('all' is a stored value too, the default) */
  preferredNationality: Type.Optional(text(64)),
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

const AUDIT_LOGS_QUERY = closed({
  /** only entries at or after this instant; absent: all time */
  since: Type.Optional(instant),
  /** equality with an app event (e.g. 'CANCELLATION') or a console action (e.g. 'user.update') */
  event: Type.Optional(text(100)),
  /** default 'all' */
  source: Type.Optional(Type.Enum([...AUDIT_SOURCES])),
  limit: Type.Optional(whole(1, MAX_AUDIT_LOG_PAGE_SIZE)),
  cursor: Type.Optional(text(500)),
});
const AUDIT_STATS_QUERY = closed({ since: Type.Optional(instant), source: Type.Optional(Type.Enum([...AUDIT_SOURCES])) });

const limitQuery = (fallback: number, min = 1) => closed({ limit: Type.Optional(whole(min, ANALYTICS_MAX_LIMIT, { default: fallback })) });
const dayRangeQuery = closed({ startDate: Type.Optional(day), endDate: Type.Optional(day) });
// Not blank (a path segment of spaces is no id); control characters are refused for every route (http/inputGuards.ts).
const analyticsId = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const analyticsUser = closed({ id: analyticsId });
const exportRange = { from: Type.Optional(instant), to: Type.Optional(instant) };
const exportCollection = closed({ collection: Type.Enum(['users', 'names', 'connections', 'audit-logs', 'name-analytics']) });
const streamedCsvCollection = closed({ collection: Type.Enum([...STREAMED_CSV_COLLECTIONS]) });
/** A CSV file (text/csv), streamed: the contract's statement of its columns is STREAMED_CSV_COLUMNS. */
const CSV_FILE = Type.String({ contentMediaType: 'text/csv' });

const NamesQuerySchema = closed({
  // 'all' (any case) or absent: no filter. Gender and nationality match case-insensitively (the route
  // lower-cases them); alphabetFilter is one letter or 'All'.
  gender: Type.Optional(Type.String({ maxLength: 16 })),
  nationality: Type.Optional(text(MAX_NAME_TEXT_LENGTH)),
  alphabetFilter: Type.Optional(Type.String({ maxLength: 16 })),
  limit: Type.Optional(whole(1, 500, { default: 50 })),
  offset: Type.Optional(whole(0, MAX_OFFSET, { default: 0 })),
  // Search (contract/nameSearch.ts): case- and accent-insensitive, prefix matches first, then names containing
  // it, then close spellings. Visible text only (no control, invisible or bidirectional characters); absent or
  // blank: no search, the answer is the filtered list as without it.
  q: Type.Optional(freeText(NAME_SEARCH_MAX_LENGTH)),
});

export const NameInputSchema = closed({
  name: freeText(MAX_NAME_TEXT_LENGTH + 16),
  gender: Type.String({ maxLength: 16 }),
  nationality: freeText(MAX_NAME_TEXT_LENGTH + 16),
});

/** Most names one part of a deletion's restore takes (POST /names/restore { deletionId, limit }). */
export const MAX_RESTORE_PART = 5000;

/** Most ids one POST /names/bulk-delete takes (one DELETE ... WHERE id = ANY($1)). */
export const MAX_BULK_DELETE_IDS = 1000;

const nameIdList = Type.Array(whole(1, MAX_ID), { minItems: 1, maxItems: MAX_BULK_DELETE_IDS, uniqueItems: true });
/** The version a write was based on, as HTTP says it: a quoted number ("3"); a bare number is taken too. */
const IfMatchHeaders = Type.Object({ 'if-match': Type.Optional(Type.String({ maxLength: 24, pattern: '^"?[1-9][0-9]{0,9}"?$' })) });
const historyTarget = closed({
  targetType: Type.Enum(['name', 'user']),
  id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});

interface EndpointSchema {
  params?: TSchema;
  /** request headers the route reads (left open: every other header is the client's own) */
  headers?: TSchema;
  querystring: TSchema;
  body?: TSchema;
  /** Answers by status; an error status is always ApiErrorBody (the error handler's). */
  response: Record<number, TSchema>;
}

/**
 * Answers that are not JSON documents of a fixed shape: the event stream's answer is text, the export page
 * is sent pre-serialized. Their schema says so (a string, or any JSON), and the route enumeration test
 * accepts these two only.
 */
/** GET /api/openapi.json: the document's top level (its paths are contract/openapi.ts's, built from this file). */
export const OpenApiDocumentSchema = Type.Object({
  openapi: Type.String(),
  info: Type.Unknown(),
  paths: Type.Unknown(),
  components: Type.Unknown(),
});

export const UNTYPED_ANSWER = Type.Unknown({ description: 'not a JSON document of fixed shape: see the route' });

/** /healthz and /readyz when all is well; a 503 from /readyz is an ApiErrorBody naming the reason. */
export const ProbeAnswerSchema = Type.Object({ status: Type.Literal('ok') });
/** Prometheus's text exposition format (text/plain; version=0.0.4). */
const METRICS_TEXT = Type.String({ contentMediaType: 'text/plain' });

export const ENDPOINTS = {
  // /auth (the reference backend's sessions)
  'POST /auth/sign-in': { querystring: NoQuery, body: SignInRequestSchema, response: { 200: SignInResponseSchema } },
  'GET /auth/account': { querystring: NoQuery, response: { 200: AuthAccountSchema } },
  'GET /auth/record': { querystring: NoQuery, response: { 200: UserRecordSchema } },
  'POST /auth/renew': { querystring: NoQuery, body: NoBody, response: { 200: RenewResponseSchema } },
  'POST /auth/sign-out': { querystring: NoQuery, body: NoBody, response: { 204: Type.Null() } },

  // one's own password, and the one-time links of contract/operators.ts (no session: the token is the proof)
  'POST /auth/password': {
    querystring: NoQuery,
    body: closed({ currentPassword: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }), newPassword }),
    response: { 200: RenewResponseSchema },
  },
  // two-factor sign-in (contract/mfa.ts): the challenge stands in for the session where the body carries one
  'POST /auth/mfa/verify': {
    querystring: NoQuery,
    body: Type.Union([
      closed({ challenge: mfaChallenge, code: totpCode }),
      closed({ challenge: mfaChallenge, recoveryCode: Type.String({ pattern: RECOVERY_CODE_PATTERN, maxLength: 11 }) }),
    ]),
    response: { 200: SignInSessionSchema },
  },
  'GET /auth/mfa': { querystring: NoQuery, response: { 200: MfaStatusSchema } },
  'POST /auth/mfa/enrolment': {
    querystring: NoQuery,
    body: closed({ challenge: Type.Optional(mfaChallenge) }),
    response: { 200: MfaEnrolmentSchema },
  },
  'POST /auth/mfa/enrolment/confirm': {
    querystring: NoQuery,
    body: closed({ challenge: Type.Optional(mfaChallenge), code: totpCode }),
    response: { 200: MfaConfirmedSchema },
  },
  'POST /auth/mfa/recovery-codes': { querystring: NoQuery, body: closed({ code: totpCode }), response: { 200: MfaRecoveryCodesSchema } },
  'POST /auth/mfa/disable': {
    querystring: NoQuery,
    body: closed({ currentPassword: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }) }),
    response: { 200: MfaStatusSchema },
  },
  'POST /auth/links/inspect': { querystring: NoQuery, body: closed({ token: linkToken }), response: { 200: PasswordLinkInfoSchema } },
  'POST /auth/links/redeem': {
    querystring: NoQuery,
    body: closed({ token: linkToken, password: newPassword, displayName: Type.Optional(freeText(100)) }),
    response: { 200: PasswordLinkInfoSchema },
  },

  // operations (server/src/routes/probes.ts): for load balancers and Prometheus, outside /api, no session. /healthz:
  // the process answers; /readyz: its database is reachable and migrated (503 with the reason otherwise); /metrics:
  // only with METRICS_TOKEN as a bearer token (or on METRICS_PORT's listener), never open by default.
  'GET /healthz': { querystring: NoQuery, response: { 200: ProbeAnswerSchema } },
  'GET /readyz': { querystring: NoQuery, response: { 200: ProbeAnswerSchema } },
  'GET /metrics': { querystring: NoQuery, response: { 200: METRICS_TEXT } },

  // operators (contract/operators.ts)
  'GET /api/admin/operators': { querystring: NoQuery, response: { 200: OperatorsPageSchema } },
  'POST /api/admin/operators/invites': { querystring: NoQuery, body: OperatorEmailBody, response: { 201: OperatorLinkSchema } },
  'DELETE /api/admin/operators/invites/:id': { params: Id, querystring: NoQuery, response: { 204: Type.Null() } },
  'POST /api/admin/operators/:uid/grant': { params: Uid, querystring: NoQuery, body: NoBody, response: { 200: OperatorSchema } },
  'POST /api/admin/operators/:uid/revoke': { params: Uid, querystring: NoQuery, body: NoBody, response: { 200: OperatorSchema } },
  'POST /api/admin/operators/:uid/reset-mfa': { params: Uid, querystring: NoQuery, body: NoBody, response: { 200: OperatorSchema } },
  'POST /api/admin/operators/:uid/reset-password': {
    params: Uid,
    querystring: NoQuery,
    body: NoBody,
    response: { 201: OperatorLinkSchema },
  },

  // saved views and grid preferences (contract/savedViews.ts)
  'GET /api/views': { querystring: closed({ page: SavedViewPageSchema }), response: { 200: SavedViewsListSchema } },
  'POST /api/views': { querystring: NoQuery, body: CreateSavedViewSchema, response: { 201: SavedViewSchema } },
  'PUT /api/views/:id': {
    params: Id,
    headers: IfMatchHeaders,
    querystring: NoQuery,
    body: UpdateSavedViewSchema,
    response: { 200: SavedViewSchema },
  },
  'DELETE /api/views/:id': { params: Id, headers: IfMatchHeaders, querystring: NoQuery, response: { 204: Type.Null() } },
  'GET /api/views/preferences/:page': {
    params: closed({ page: SavedViewPageSchema }),
    querystring: NoQuery,
    response: { 200: GridPreferencesSchema },
  },
  'PUT /api/views/preferences/:page': {
    params: closed({ page: SavedViewPageSchema }),
    querystring: NoQuery,
    body: GridPreferencesBodySchema,
    response: { 200: GridPreferencesSchema },
  },

  // counts and health
  'GET /api/swipes/stats': { querystring: NoQuery, response: { 200: SwipeStatsSchema } },
  'GET /api/documents/counts': { querystring: NoQuery, response: { 200: DocumentCountsSchema } },
  'GET /api/admin/health': { querystring: NoQuery, response: { 200: SystemHealthSchema } },
  'GET /api/live/counts': { querystring: NoQuery, response: { 200: UNTYPED_ANSWER } },

  // users
  'GET /api/users/:uid': { params: Uid, querystring: NoQuery, response: { 200: UserRecordSchema } },
  'POST /api/users': {
    querystring: NoQuery,
    body: closed({
      uid: Type.Optional(uidText),
      email: Type.String({ format: 'email', maxLength: 254 }),
      username: Type.Optional(freeText(64)),
      displayName: Type.Optional(freeText(128)),
    }),
    response: { 201: UserRecordSchema },
  },
  'GET /api/users': { querystring: USER_LIST_QUERY, response: { 200: UsersPageSchema } },
  'PATCH /api/users/:uid': {
    params: Uid,
    headers: IfMatchHeaders,
    querystring: NoQuery,
    body: UserFlagsUpdateSchema,
    response: { 200: UserRecordSchema },
  },
  'DELETE /api/users/:uid': { params: Uid, headers: IfMatchHeaders, querystring: NoQuery, response: { 200: DeleteUserResponseSchema } },
  // Firebase mode only (the hosted API): after the console deleted the Firestore record, the user's Firebase Auth
  // account (Admin SDK) and the user's rows in this database. A missing account or no rows is no error.
  'DELETE /api/accounts/:uid': { params: Uid, querystring: NoQuery, response: { 200: AccountDeletionResponseSchema } },

  // audit logs
  'GET /api/audit-logs': {
    querystring: AUDIT_LOGS_QUERY,
    response: { 200: AuditLogsPageSchema },
  },
  'GET /api/audit-logs/stats': {
    querystring: AUDIT_STATS_QUERY,
    response: { 200: AuditStatsSchema },
  },

  // names
  'GET /api/names': { querystring: NamesQuerySchema, response: { 200: NamesPageResponseSchema } },
  'GET /api/names/nationalities': { querystring: NoQuery, response: { 200: Type.Array(Type.String()) } },
  'GET /api/names/nationalities-with-counts': {
    querystring: NoQuery,
    response: { 200: Type.Array(NationalityCountSchema) },
  },
  'POST /api/names': { querystring: NoQuery, body: NameInputSchema, response: { 201: NameRecordSchema } },
  'PUT /api/names/:id': {
    params: Id,
    headers: IfMatchHeaders,
    querystring: NoQuery,
    body: NameInputSchema,
    response: { 200: NameRecordSchema },
  },
  // Moves the name to the trash (with its swipes): GET /api/names/trash lists it, POST /api/names/restore brings it back.
  'DELETE /api/names/:id': { params: Id, headers: IfMatchHeaders, querystring: NoQuery, response: { 204: Type.Null() } },
  'POST /api/names/bulk-delete': {
    querystring: NoQuery,
    // versions[i] is the version nameIds[i] was shown with: one stale version refuses the whole request (409).
    body: closed({ nameIds: nameIdList, versions: Type.Optional(Type.Array(whole(1, 2_147_483_647), { maxItems: MAX_BULK_DELETE_IDS })) }),
    response: { 200: TrashMoveResponseSchema },
  },
  // Acting on every name matching a filter (contract/namesBulkJobs.ts): start, progress, cancel.
  'POST /api/names/bulk-jobs': { querystring: NoQuery, body: NameBulkJobStartSchema, response: { 202: NameBulkJobSchema } },
  'GET /api/names/bulk-jobs/:id': { params: Id, querystring: NoQuery, response: { 200: NameBulkJobSchema } },
  'POST /api/names/bulk-jobs/:id/cancel': { params: Id, querystring: NoQuery, body: NoBody, response: { 200: NameBulkJobSchema } },
  'POST /api/names/delete-preview': { querystring: NoQuery, body: closed({ nameIds: nameIdList }), response: { 200: NamesImpactSchema } },
  'GET /api/names/trash': {
    querystring: closed({
      limit: Type.Optional(whole(1, 500, { default: 50 })),
      offset: Type.Optional(whole(0, MAX_OFFSET, { default: 0 })),
      /** only the names of one deletion */
      deletionId: Type.Optional(whole(1, MAX_ID)),
    }),
    response: { 200: TrashPageSchema },
  },
  'POST /api/names/restore': {
    querystring: NoQuery,
    // The names, or every name of one deletion still in the trash. All or nothing: an id not in the trash, or a
    // name whose twin is live again, refuses the request and names them.
    // A large deletion (an import's undo) restores in parts: `limit` takes its first names by id, and the answer's
    // `remaining` says how many are still in the trash; the check for live twins covers the whole deletion each time.
    body: Type.Union([
      closed({ nameIds: nameIdList }),
      closed({ deletionId: whole(1, MAX_ID), limit: Type.Optional(whole(1, MAX_RESTORE_PART)) }),
    ]),
    response: { 200: RestoreResponseSchema },
  },
  'POST /api/names/trash/purge': { querystring: NoQuery, body: closed({ nameIds: nameIdList }), response: { 200: PurgeResponseSchema } },

  // a record's history (console actions, the app's events, the import that created it) and reverting a change
  'GET /api/history/:targetType/:id': {
    params: historyTarget,
    querystring: closed({
      limit: Type.Optional(whole(1, 200, { default: 50 })),
      before: Type.Optional(text(200)),
      // 'console': the console's actions and imports only (Firebase mode reads the app's events from Firestore)
      source: Type.Optional(Type.Enum(['all', 'console'])),
    }),
    response: { 200: RecordHistorySchema },
  },
  'POST /api/history/revert': {
    headers: IfMatchHeaders,
    querystring: NoQuery,
    // targetId: which record of an action that touched several (a bulk delete)
    body: closed({
      actionId: whole(1, MAX_ID),
      targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })),
    }),
    response: { 200: RevertResponseSchema },
  },
  'POST /api/admin/names/bulk-import': {
    querystring: NoQuery,
    // Only the envelope: the rows are checked one by one (names/bulkImportRows.ts) so every row error
    // names its row ('Row 3: ...') the way the console reports it.
    body: closed({ names: Type.Array(Type.Unknown(), { maxItems: BULK_IMPORT_MAX_ROWS }), runId: Type.Optional(whole(1, MAX_ID)) }),
    response: { 200: BulkImportResponseSchema },
  },

  // checks of a file before its import (contract/importChecks.ts): each batch answers what its import would do
  'POST /api/admin/import-checks': { querystring: NoQuery, body: NoBody, response: { 201: ImportCheckSchema } },
  'POST /api/admin/import-checks/:id/batches': {
    params: Id,
    querystring: NoQuery,
    // the same envelope and row rules as a bulk import's batch
    body: closed({ names: Type.Array(Type.Unknown(), { maxItems: BULK_IMPORT_MAX_ROWS }) }),
    response: { 200: ImportCheckBatchSchema },
  },
  'DELETE /api/admin/import-checks/:id': { params: Id, querystring: NoQuery, response: { 200: ImportCheckTotalsSchema } },

  // import runs
  'GET /api/admin/import-runs': {
    querystring: closed({ limit: Type.Optional(whole(1, 100, { default: RECENT_IMPORT_RUNS })) }),
    response: { 200: Type.Array(ImportRunSchema) },
  },
  'GET /api/admin/import-runs/:id': { params: Id, querystring: NoQuery, response: { 200: ImportRunDetailSchema } },
  'POST /api/admin/import-runs': {
    querystring: NoQuery,
    body: StartImportRunRequestSchema,
    response: { 201: ImportRunSchema },
  },
  'POST /api/admin/import-runs/:id/finish': {
    params: Id,
    querystring: NoQuery,
    body: FinishImportRunRequestSchema,
    response: { 200: ImportRunSchema },
  },
  'POST /api/admin/import-runs/:id/undo': {
    params: Id,
    querystring: NoQuery,
    body: NoBody,
    response: { 200: UndoImportRunResponseSchema },
  },

  // exports and database admin
  'GET /api/export/:collection': {
    params: exportCollection,
    querystring: closed({
      after: Type.Optional(Type.String({ minLength: 1, maxLength: 160 })),
      limit: Type.Optional(whole(1, EXPORT_PAGE_MAX, { default: EXPORT_PAGE_DEFAULT })),
      ...exportRange,
    }),
    // Rows of five shapes, sent pre-serialized where the database wrote the JSON itself.
    response: { 200: UNTYPED_ANSWER },
  },
  'GET /api/export/:collection/csv': { params: streamedCsvCollection, querystring: NoQuery, response: { 200: CSV_FILE } },
  'GET /api/export/:collection/count': {
    params: exportCollection,
    querystring: closed(exportRange),
    response: { 200: ExportCountResponseSchema },
  },
  'POST /api/export/runs': { querystring: NoQuery, body: ExportRunRequestSchema, response: { 201: ExportRunResponseSchema } },
  'POST /api/admin/migrate/add-random-seed-column': {
    // The route itself refuses a call without the JSON content header (415), as spec 7 sends one.
    querystring: NoQuery,
    body: NoBody,
    response: { 200: MigrationResponseSchema },
  },
  'GET /api/admin/database-overview': { querystring: NoQuery, response: { 200: DatabaseOverviewSchema } },

  // restoring the spec's full backup (contract/backupRestore.ts)
  'GET /api/admin/restores': { querystring: NoQuery, response: { 200: RestoreSessionListSchema } },
  'POST /api/admin/restores': {
    querystring: NoQuery,
    body: closed({ fileName: freeText(MAX_FILE_NAME_LENGTH), fileSize: whole(0, MAX_ID) }),
    response: { 201: RestoreSessionSchema },
  },
  'GET /api/admin/restores/:id': { params: Id, querystring: NoQuery, response: { 200: RestoreSessionSchema } },
  'POST /api/admin/restores/:id/rows': {
    params: Id,
    querystring: NoQuery,
    // Rows are checked one by one where they land (backupRowProblem): a bad row is refused and counted, not the batch.
    body: closed({
      collection: backupCollections,
      /** the position of rows[0] in its collection's array in the file */
      firstIndex: whole(0, MAX_OFFSET),
      rows: Type.Array(Type.Unknown(), { minItems: 1, maxItems: RESTORE_BATCH_MAX_ROWS }),
    }),
    response: { 200: RestoreRowsResponseSchema },
  },
  'POST /api/admin/restores/:id/check': {
    params: Id,
    querystring: NoQuery,
    // What the console read to the file's end: rows per collection (a staged count that differs is a lost batch),
    // and problems of the file itself (a collection that is not an array, a version it does not know).
    body: closed({
      rowsRead: closed({ users: count, names: count, connections: count, audit_logs: count }),
      fileProblems: Type.Array(closed({ collection: backupCollections, problem: text(500) }), { maxItems: RESTORE_MAX_PROBLEMS }),
    }),
    response: { 200: RestoreSessionSchema },
  },
  'POST /api/admin/restores/:id/apply': {
    params: Id,
    querystring: NoQuery,
    // confirmAdminChanges: the operator confirmed the plan's adminChanges for this mode (required when there are any).
    body: closed({ mode: Type.Enum([...RESTORE_MODES]), confirmAdminChanges: Type.Boolean() }),
    response: { 202: RestoreSessionSchema },
  },
  'POST /api/admin/restores/:id/cancel': { params: Id, querystring: NoQuery, body: NoBody, response: { 200: RestoreSessionSchema } },

  // analytics (answers: contract/analytics.ts describes them field by field)
  // count: rank and count by likes (default) or by swipes (Advanced Analytics: "with swipe counts").
  'GET /api/analytics/top-names-by-gender': { querystring: TopNamesQuerySchema, response: { 200: TopNamesByGroupSchema } },
  'GET /api/analytics/top-names-by-nationality': { querystring: TopNamesQuerySchema, response: { 200: TopNamesByGroupSchema } },
  'GET /api/analytics/user-stats': { querystring: NoQuery, response: { 200: AnalyticsAnswers.userStats } },
  'GET /api/analytics/decision-time-stats': { querystring: NoQuery, response: { 200: AnalyticsAnswers.decisionTimeStats } },
  'GET /api/analytics/match-conversion-rate': { querystring: NoQuery, response: { 200: AnalyticsAnswers.matchConversionRate } },
  'GET /api/analytics/name-analytics': {
    querystring: closed({
      limit: Type.Optional(whole(1, ANALYTICS_MAX_LIMIT, { default: ANALYTICS_DEFAULTS.nameAnalyticsLimit })),
      // 'all' (any case) or absent: no filter; matched case-insensitively.
      gender: Type.Optional(Type.String({ maxLength: 16 })),
      origin: Type.Optional(Type.String({ maxLength: 32 })),
    }),
    response: { 200: Type.Array(NameAnalyticsSchema) },
  },
  'GET /api/analytics/top-ranked-names': {
    querystring: limitQuery(ANALYTICS_DEFAULTS.topRankedLimit),
    response: { 200: Type.Array(TopRankedNameSchema) },
  },
  'GET /api/analytics/match-analytics': {
    querystring: limitQuery(ANALYTICS_DEFAULTS.matchAnalyticsLimit),
    response: { 200: AnalyticsAnswers.matchAnalytics },
  },
  'GET /api/analytics/daily-active-users': { querystring: dayRangeQuery, response: { 200: AnalyticsAnswers.dailyActiveUsers } },
  'GET /api/analytics/swipes-over-time': { querystring: dayRangeQuery, response: { 200: AnalyticsAnswers.swipesOverTime } },
  'GET /api/analytics/popularity-trends': {
    querystring: closed({ days: Type.Optional(whole(1, ANALYTICS_MAX_DAYS, { default: ANALYTICS_DEFAULTS.popularityTrendDays })) }),
    response: { 200: AnalyticsAnswers.popularityTrends },
  },
  'GET /api/analytics/user-swipes/:id': {
    params: analyticsUser,
    querystring: limitQuery(ANALYTICS_DEFAULTS.userSwipesLimit, 0),
    response: { 200: AnalyticsAnswers.userSwipes },
  },
  'GET /api/analytics/user-swipe-insights/:id': {
    params: analyticsUser,
    querystring: NoQuery,
    response: { 200: AnalyticsAnswers.userSwipeInsights },
  },
  'GET /api/analytics/swipe-sessions/:id': {
    params: analyticsUser,
    querystring: limitQuery(ANALYTICS_DEFAULTS.sessionsLimit),
    response: { 200: AnalyticsAnswers.swipeSessions },
  },
  // this very contract as OpenAPI 3.1 (contract/openapi.ts)
  'GET /api/openapi.json': { querystring: NoQuery, response: { 200: OpenApiDocumentSchema } },
  'GET /api/matches/:a/:b': {
    params: closed({ a: analyticsId, b: analyticsId }),
    querystring: closed({
      limit: Type.Optional(whole(1, ANALYTICS_MAX_LIMIT, { default: ANALYTICS_DEFAULTS.matchesLimit })),
      offset: Type.Optional(whole(0, 1_000_000, { default: 0 })),
    }),
    response: { 200: AnalyticsAnswers.pairMatches },
  },
} as const satisfies Record<string, EndpointSchema>;

export type Endpoint = keyof typeof ENDPOINTS;

/** An endpoint's schema as a route's `schema` option (the keys Fastify reads). */
export function routeSchema<E extends Endpoint>(endpoint: E): (typeof ENDPOINTS)[E] {
  return ENDPOINTS[endpoint];
}

// ---------------------------------------------------------------------------------------------------
// Wire types derived from the schemas (the console's types come from here).

export type NamesQueryParams = Static<typeof NamesQuerySchema>;
export type NameInputBody = Static<typeof NameInputSchema>;
export type UserListQuery = Static<typeof USER_LIST_QUERY>;
export type AuditLogsQueryParams = Static<typeof AUDIT_LOGS_QUERY>;
export type AuditStatsQueryParams = Static<typeof AUDIT_STATS_QUERY>;
export type ImportRunConsoleReportBody = Static<typeof ImportRunConsoleReportSchema>;
