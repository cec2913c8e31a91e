// Wire contract between the console and the /api (and the reference backend's /auth). The types of what
// goes over the wire are the Static<> of the endpoint schemas (endpoints.ts), the ones the server checks;
// the rest are the console's own shapes of the same data and the constants both sides share.
import type { Static } from 'typebox';
import type {
  ApiErrorBodySchema,
  AuthAccountSchema,
  BulkImportResponseSchema,
  DocumentCountsSchema,
  LiveCountsSchema,
  NameInputBody,
  NameRecordSchema,
  NameSearchSummarySchema,
  NamesPageResponseSchema,
  NamesQueryParams,
  NationalityCountSchema,
  NotificationSettingsSchema,
  RenewResponseSchema,
  SignInRequestSchema,
  SignInResponseSchema,
  SwipeStatsSchema,
  SystemHealthSchema,
  UserRecordSchema,
} from './endpoints';

/** If-Match's value for a record version (contract/dataSafety.ts): an entity tag is a quoted string (RFC 9110). */
export const ifMatch = (version: number): string => `"${version}"`;

export type Gender = 'male' | 'female' | 'unisex';
export const GENDERS: readonly Gender[] = ['male', 'female', 'unisex'];

/** A name as GET /names returns it (random_seed once the Database Admin migration ran). */
export type NameRecord = Static<typeof NameRecordSchema>;

/** POST /names and PUT /names/:id as the console sends them: the wire body, its gender one of the three. */
export type NameInput = NameInputBody & { gender: Gender };

/**
 * GET /names as the console asks it: the wire query, always with a page. 'all' (or absent) means no filter;
 * alphabetFilter 'All' (or absent) likewise.
 */
export type NamesQuery = NamesQueryParams & { gender?: Gender | 'all'; limit: number; offset: number };

/**
 * GET /names from the reference backend: the page, and how many names match the filters in all.
 * `totalIsEstimate` is true when the backend could only estimate the total (the console says "about").
 */
export type NamesPageResponse = Static<typeof NamesPageResponseSchema>;

/** What a search found, per group (GET /names?q=; contract/nameSearch.ts). */
export type NameSearchSummary = Static<typeof NameSearchSummarySchema>;

/**
 * GET /names answers a list or an object with names (spec 7); the total is optional for other backends, and
 * `search` is there only from a backend that applied the request's q.
 */
export type NamesResponse = NameRecord[] | { names: NameRecord[]; total?: number; totalIsEstimate?: boolean; search?: NameSearchSummary };

export type NationalityCount = Static<typeof NationalityCountSchema>;

export type SwipeStats = Static<typeof SwipeStatsSchema>;

export type SystemHealth = Static<typeof SystemHealthSchema>;

/**
 * A row of POST /admin/names/bulk-import as the console sends it: a name's input and when it was imported.
 * The envelope's schema leaves rows to the row rule (bulkImportRows.ts), which names each problem's row.
 */
export type BulkImportRow = NameInput & { createdAt: string };

export interface BulkImportRequest {
  names: BulkImportRow[];
  /** the import run (POST /admin/import-runs) this batch belongs to; without one the batch is its own run */
  runId?: number;
}

export type BulkImportResponse = Static<typeof BulkImportResponseSchema>;

/** Largest `names` list POST /admin/names/bulk-import accepts in one request. */
export const BULK_IMPORT_MAX_ROWS = 5000;

/** Letters of the Manage Names letter filter, in display order (spec 2). */
export const FILTER_LETTERS: readonly string[] = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''), 'Á', 'É', 'Í', 'Ó', 'Ú', 'Ý', 'Æ', 'Ö'];

export type NotificationSettings = Static<typeof NotificationSettingsSchema>;

/** End-user record (users collection), spec section 3. Dates are ISO strings on the wire. */
export type UserRecord = Static<typeof UserRecordSchema>;

/** Spec 3 defaults of a user's notification settings (a stored object may lack flags: these fill them). */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = Object.freeze({
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
} as const satisfies Partial<UserRecord>);

/** The authenticated account (what the authentication service knows). */
export type AuthAccount = Static<typeof AuthAccountSchema>;

/** POST /auth/sign-in (reference backend) */
export type SignInRequest = Static<typeof SignInRequestSchema>;
export type SignInResponse = Static<typeof SignInResponseSchema>;

/** POST /auth/renew: a fresh token for the same session (quiet renewal while the operator is active). */
export type RenewResponse = Static<typeof RenewResponseSchema>;

/** Live counts pushed by GET /api/live/counts (server-sent events, event name `counts`). */
export type LiveCounts = Static<typeof LiveCountsSchema>;

/** GET /api/documents/counts: document-store counts, the dashboard's fallback for names and swipes. */
export type DocumentCounts = Static<typeof DocumentCountsSchema>;

/** Every error the reference backend sends. `field` names the offending input on 400. */
export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;
