// Every endpoint of the reference backend, written once: its path parameters, query, body and answer. The schemas
// are their areas' (schemas/: names, importRuns, usersAudit, analytics, exports, databaseAdmin, backupRestore, auth,
// mfa, operators, ...; the rules every schema holds are schemas/parts.ts's). The server validates each request and
// serializes each answer by these; the wire types are Static<> of the same schemas, so what the console sends and
// reads is what the server checks. This file is only the map: no module of the contract imports it.
import { Type, type TSchema } from 'typebox';
import { ANALYTICS_DEFAULTS, ANALYTICS_MAX_DAYS, ANALYTICS_MAX_LIMIT } from './analytics';
import { EXPORT_PAGE_DEFAULT, EXPORT_PAGE_MAX } from './exports';
import { BULK_IMPORT_MAX_ROWS, RECENT_IMPORT_RUNS } from './importRuns';
import { RECOVERY_CODE_PATTERN } from './mfa';
import { MAX_BULK_DELETE_IDS, MAX_RESTORE_PART } from './nameRules';
import { MAX_PASSWORD_LENGTH } from './operators';
import {
  AnalyticsAnswers,
  analyticsId,
  analyticsUser,
  dayRangeQuery,
  limitQuery,
  NameAnalyticsSchema,
  TopNamesByGroupSchema,
  TopNamesQuerySchema,
  TopRankedNameSchema,
} from './schemas/analytics';
import { AuthAccountSchema, RenewResponseSchema, SignInRequestSchema, SignInResponseSchema, SignInSessionSchema } from './schemas/auth';
import {
  RestoreApplyBodySchema,
  RestoreCheckBodySchema,
  RestoreOpenBodySchema,
  RestoreRowsBodySchema,
  RestoreRowsResponseSchema,
  RestoreSessionListSchema,
  RestoreSessionSchema,
} from './schemas/backupRestore';
import { DocumentCountsSchema, SwipeStatsSchema } from './schemas/dashboard';
import { DatabaseOverviewSchema, MigrationResponseSchema, SystemHealthSchema } from './schemas/databaseAdmin';
import {
  historyTarget,
  NamesImpactSchema,
  PurgeResponseSchema,
  RecordHistorySchema,
  RestoreResponseSchema,
  RevertResponseSchema,
  TrashMoveResponseSchema,
  TrashPageSchema,
} from './schemas/dataSafety';
import {
  CSV_FILE,
  exportCollection,
  ExportCountResponseSchema,
  exportRange,
  ExportRunRequestSchema,
  ExportRunResponseSchema,
  streamedCsvCollection,
} from './schemas/exports';
import { ImportCheckBatchSchema, ImportCheckSchema, ImportCheckTotalsSchema } from './schemas/importChecks';
import {
  BulkImportResponseSchema,
  FinishImportRunRequestSchema,
  ImportRunDetailSchema,
  ImportRunSchema,
  StartImportRunRequestSchema,
  UndoImportRunResponseSchema,
} from './schemas/importRuns';
import { mfaChallenge, MfaConfirmedSchema, MfaEnrolmentSchema, MfaRecoveryCodesSchema, MfaStatusSchema, totpCode } from './schemas/mfa';
import {
  nameIdList,
  NameInputSchema,
  NameRecordSchema,
  NamesPageResponseSchema,
  NamesQuerySchema,
  NationalityCountSchema,
} from './schemas/names';
import { NameBulkJobSchema, NameBulkJobStartSchema } from './schemas/namesBulkJobs';
import { METRICS_TEXT, OpenApiDocumentSchema, ProbeAnswerSchema } from './schemas/operations';
import {
  ChangePasswordBodySchema,
  linkToken,
  OperatorEmailBody,
  OperatorLinkSchema,
  OperatorSchema,
  OperatorsPageSchema,
  PasswordLinkInfoSchema,
  RedeemLinkBodySchema,
} from './schemas/operators';
import {
  closed,
  freeText,
  Id,
  IfMatchHeaders,
  MAX_ID,
  MAX_OFFSET,
  NoBody,
  NoQuery,
  text,
  Uid,
  uidText,
  UNTYPED_ANSWER,
  whole,
} from './schemas/parts';
import {
  CreateSavedViewSchema,
  GridPreferencesBodySchema,
  GridPreferencesSchema,
  SavedViewPageSchema,
  SavedViewSchema,
  SavedViewsListSchema,
  UpdateSavedViewSchema,
} from './schemas/savedViews';
import {
  AccountDeletionResponseSchema,
  AUDIT_LOGS_QUERY,
  AUDIT_STATS_QUERY,
  AuditLogsPageSchema,
  AuditStatsSchema,
  DeleteUserResponseSchema,
  USER_LIST_QUERY,
  UserFlagsUpdateSchema,
  UserRecordSchema,
  UsersPageSchema,
} from './schemas/usersAudit';

interface EndpointSchema {
  params?: TSchema;
  /** request headers the route reads (left open: every other header is the client's own) */
  headers?: TSchema;
  querystring: TSchema;
  body?: TSchema;
  /** Answers by status; an error status is always ApiErrorBody (the error handler's). */
  response: Record<number, TSchema>;
}

/** A POST acting on the record its path names (`params`), with no query and no body, answering `answer` (200). */
const commandOn = <P extends TSchema, A extends TSchema>(params: P, answer: A) =>
  ({ params, querystring: NoQuery, body: NoBody, response: { 200: answer } }) as const;

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
    body: ChangePasswordBodySchema,
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
    body: RedeemLinkBodySchema,
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
  'POST /api/admin/operators/:uid/grant': commandOn(Uid, OperatorSchema),
  'POST /api/admin/operators/:uid/revoke': commandOn(Uid, OperatorSchema),
  'POST /api/admin/operators/:uid/reset-mfa': commandOn(Uid, OperatorSchema),
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
  'POST /api/names/bulk-jobs/:id/cancel': commandOn(Id, NameBulkJobSchema),
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
    body: RestoreOpenBodySchema,
    response: { 201: RestoreSessionSchema },
  },
  'GET /api/admin/restores/:id': { params: Id, querystring: NoQuery, response: { 200: RestoreSessionSchema } },
  'POST /api/admin/restores/:id/rows': {
    params: Id,
    querystring: NoQuery,
    body: RestoreRowsBodySchema,
    response: { 200: RestoreRowsResponseSchema },
  },
  'POST /api/admin/restores/:id/check': {
    params: Id,
    querystring: NoQuery,
    body: RestoreCheckBodySchema,
    response: { 200: RestoreSessionSchema },
  },
  'POST /api/admin/restores/:id/apply': {
    params: Id,
    querystring: NoQuery,
    body: RestoreApplyBodySchema,
    response: { 202: RestoreSessionSchema },
  },
  'POST /api/admin/restores/:id/cancel': commandOn(Id, RestoreSessionSchema),

  // analytics (answers: schemas/analytics.ts describes them field by field)
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
