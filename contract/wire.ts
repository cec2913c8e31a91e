// Wire contract between the console and the /api (and the reference backend's /auth).
// Types only: the server imports this file too.

export type Gender = 'male' | 'female' | 'unisex';
export const GENDERS: readonly Gender[] = ['male', 'female', 'unisex'];

/** A name as GET /names returns it. */
export interface NameRecord {
  id: number;
  name_id: number;
  name: string;
  gender: Gender;
  nationality: string;
  created_at: string;
}

export interface NameInput {
  name: string;
  gender: Gender;
  nationality: string;
}

/** GET /names query. 'all' (or absent) means no filter; alphabetFilter 'All' (or absent) likewise. */
export interface NamesQuery {
  gender?: Gender | 'all';
  nationality?: string;
  limit: number;
  offset: number;
  alphabetFilter?: string;
}

/**
 * GET /names from the reference backend: the page, and how many names match the filters in all.
 * `totalIsEstimate` is true when the backend could only estimate the total (the console says "about").
 */
export interface NamesPageResponse {
  names: NameRecord[];
  total: number;
  totalIsEstimate: boolean;
}

/** GET /names answers a list or an object with names (spec 7); the total is optional for other backends. */
export type NamesResponse = NameRecord[] | { names: NameRecord[]; total?: number; totalIsEstimate?: boolean };

export interface NationalityCount {
  name: string;
  count: number;
}

export interface SwipeStats {
  totalNames: number;
  totalSwipes: number;
}

export interface SystemHealth {
  postgresql: string;
  tables: string[];
  analytics_tables: string[];
  views: string[];
  /** Rows per table: exact for small tables, the catalog's estimate for large ones (listed in estimated_counts). */
  table_counts: Record<string, number>;
  /** Tables whose table_counts figure is an estimate (pg_class.reltuples), not an exact count. */
  estimated_counts?: string[];
}

export interface BulkImportRow {
  name: string;
  gender: Gender;
  nationality: string;
  createdAt: string;
}

export interface BulkImportRequest {
  names: BulkImportRow[];
  /** the import run (POST /admin/import-runs) this batch belongs to; without one the batch is its own run */
  runId?: number;
}

export interface BulkImportResponse {
  addedCount: number;
  /** rows not stored because the same name, gender and nationality exists (in the database or earlier in the batch) */
  duplicateCount?: number;
  /** the run the batch was recorded under */
  runId?: number;
}

/** Largest `names` list POST /admin/names/bulk-import accepts in one request. */
export const BULK_IMPORT_MAX_ROWS = 5000;

/** Letters of the Manage Names letter filter, in display order (spec 2). */
export const FILTER_LETTERS: readonly string[] = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''), 'Á', 'É', 'Í', 'Ó', 'Ú', 'Ý', 'Æ', 'Ö'];

export interface NotificationSettings {
  matchedName: boolean;
  connectionRequest: boolean;
  connectionConfirmed: boolean;
  connectionRejected: boolean;
  partnerDisconnected: boolean;
  dailyReminder: boolean;
}

/** End-user record (users collection), spec section 3. Dates are ISO strings on the wire. */
export interface UserRecord {
  uid: string;
  email: string | null;
  username: string | null;
  displayName: string | null;
  accountActive: boolean;
  isPremium: boolean;
  createdAt: string | null;
  updatedAt: string | null;
  lastLogin: string | null;
  lastActiveDate: string | null;
  preferredGender: string;
  preferredNationality: string;
  preferredLanguage: string;
  connectedUserId: string | null;
  connectionStatus: string | null;
  connectionRequestSent: boolean;
  dailySwipeCount: number;
  lastSwipeDate: string | null;
  isAdmin: boolean;
  notificationSettings: NotificationSettings;
  totalActiveTimeFormatted: string;
}

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
export interface AuthAccount {
  uid: string;
  email: string | null;
  displayName: string | null;
}

/** POST /auth/sign-in (reference backend) */
export interface SignInRequest {
  email: string;
  password: string;
}
export interface SignInResponse {
  token: string;
  expiresAt: string;
  account: AuthAccount;
}

/** POST /auth/renew: a fresh token for the same session (quiet renewal while the operator is active). */
export interface RenewResponse {
  token: string;
  expiresAt: string;
}

/** Live counts pushed by GET /api/live/counts (server-sent events, event name `counts`). */
export interface LiveCounts {
  users: number;
  acceptedConnections: number;
}

/** GET /api/documents/counts: document-store counts, the dashboard's fallback for names and swipes. */
export interface DocumentCounts {
  names: number;
  swipes: number;
}

/** Every error the reference backend sends. `field` names the offending input on 400. */
export interface ApiErrorBody {
  error: string;
  message: string;
  field?: string;
}
