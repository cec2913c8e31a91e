// The console depends on these ports, never on Firebase or the reference server directly.
import type {
  UserRecord,
  AuditLogsPage,
  AuditStats,
  DeleteUserResponse,
  UserFlagsUpdate,
  UsersPage,
  AuditLogsQuery,
  AuditStatsQuery,
  UsersQuery,
} from '../../contract/schemas/usersAudit';
import type { AuthAccount, SignInSecondStep, SignInSession } from '../../contract/schemas/auth';
import type { ExportCollection, ExportPageResponse, ExportRowOf, StreamedCsvCollection } from '../../contract/exports';
import type { ExportRunRequest } from '../../contract/schemas/exports';
import type { HistoryTargetType } from '../../contract/dataSafety';
import type { RecordHistory, RevertResponse } from '../../contract/schemas/dataSafety';
import type {
  RestoreApplyRequest,
  RestoreCheckRequest,
  RestoreOpenRequest,
  RestoreRowsRequest,
  RestoreRowsResponse,
  RestoreSession,
} from '../../contract/schemas/backupRestore';
import type { ChangePasswordRequest, PasswordLinkInfo, RedeemLinkRequest } from '../../contract/schemas/operators';
import type { MfaEnrolment, MfaRecoveryCodes, MfaStatus, MfaConfirmedSchema } from '../../contract/schemas/mfa';
import type { Static } from 'typebox';

export type Unsubscribe = () => void;

export interface AuthPort {
  /**
   * The account, signed in; or, when the password was right but the account has a second factor to give (or, required,
   * to set up), the second step (contract/mfa.ts): nobody is signed in yet, and the accountMfa port takes it from there.
   */
  signIn(email: string, password: string): Promise<AuthAccount | SignInSecondStep>;
  signOut(): Promise<void>;
  /** Calls back with the current account (or null) now and on every change. */
  observeAccount(onChange: (account: AuthAccount | null) => void): Unsubscribe;
  /** ID token of the signed-in account, for `Authorization: Bearer`; null when signed out. */
  getIdToken(): Promise<string | null>;
  /**
   * Calls back with a reason when the backend refuses the session mid-way (signed out elsewhere,
   * demoted, deactivated, expired). Both adapters hear a refused token from the one HTTP client (src/api/http.ts,
   * onUnauthorized), which every request goes through, RTK Query's included. Optional: without it, a 401 ends nothing.
   */
  observeSessionEnded?(onEnded: (reason: string) => void): Unsubscribe;
  /**
   * Why a session kept from before (a reload) could not be checked at start, when the reason is not the
   * session itself: the server or its database cannot be reached. Null otherwise. Optional.
   */
  restoreProblem?(): string | null;
  /**
   * A guess made without the server: whether a session kept from before (a reload) is there to be checked.
   * Lets the console load an admin page's code beside the check instead of after it. Optional: without it,
   * nothing loads early.
   */
  hasKeptSession?(): boolean;
}

export interface UserRecordsPort {
  /** The users-collection record keyed by the auth uid; null when there is none. */
  readUserRecord(uid: string): Promise<UserRecord | null>;
}

export interface LiveCountsPort {
  watchUserCount(onCount: (count: number) => void, onError: (reason: string) => void): Unsubscribe;
  /** Connection requests whose status is accepted (spec: what "Connections" counts). */
  watchAcceptedConnectionCount(onCount: (count: number) => void, onError: (reason: string) => void): Unsubscribe;
  /** Document-store counts: the dashboard's fallback when /swipes/stats fails. */
  countNames(): Promise<number>;
  /** null when the store cannot say without reading every names document (Firebase mode). */
  countSwipes(): Promise<number | null>;
}

/**
 * What a write is based on: the record as the screen showed it. A backend that versions records sends `version`
 * as If-Match; one that does not (Firestore) compares the fields the write changes, in a transaction. Either way a
 * record changed since rejects with an HttpError 409 whose detail is { code: 'version_conflict', conflict }
 * (contract/dataSafety.ts): the record as it is now, who changed it and when.
 */
export interface WriteBasis {
  version?: number;
  shown?: UserRecord;
}

/** User Management's reads and writes of the users collection. Failures reject with an Error whose message is the reason. */
export interface UserManagementPort {
  /** One page of records matching the filters, sorted, with the total and a cursor to read on. */
  /** A superseded read (`signal` aborted) rejects and sends no further requests. */
  listUsers(query: UsersQuery, options?: { signal?: AbortSignal }): Promise<UsersPage>;
  /** Sets isPremium and/or accountActive (and updatedAt); resolves with the updated record. */
  updateUserFlags(uid: string, update: UserFlagsUpdate, basis?: WriteBasis): Promise<UserRecord>;
  /** Removes the record and what hangs off it (what exactly depends on the backend: see the adapters). */
  deleteUser(uid: string, basis?: WriteBasis): Promise<DeleteUserResponse>;
}

/** The audit trail: the app's audit_logs and (local backend) the console's own actions. */
export interface AuditLogsPort {
  /** Newest first, AUDIT_LOG_PAGE_SIZE per page by default, read on with nextCursor. */
  pageAuditLogs(query: AuditLogsQuery): Promise<AuditLogsPage>;
  /** Count per event type and in total for the range, computed by the backend. */
  auditStats(query: AuditStatsQuery): Promise<AuditStats>;
}

/** The record a history is about: a name (its id) or a user (their uid). */
export interface HistoryTarget {
  type: HistoryTargetType;
  id: string;
}

/**
 * A record's history (contract/dataSafety.ts) and reverting one of its changes. Entries newest first, read on with
 * `before` = the previous page's nextCursor. A revert is a version-checked write: `version` is the record's
 * version as the history showed it (sent as If-Match); a record changed since rejects with an HttpError 409, one
 * deleted for good with 410, each with the server's reason.
 */
export interface HistoryPort {
  readHistory(target: HistoryTarget, query: { limit?: number; before?: string }): Promise<RecordHistory>;
  revert(request: { actionId: number; targetId?: string }, basis: { version?: number }): Promise<RevertResponse>;
}

/** What an export page asks for: `after` is the previous page's `next`; from/to (ISO) narrow audit logs. */
export interface ExportPageRequest {
  after: string | null;
  limit: number;
  from?: string;
  to?: string;
}

/** Whole collections read page by page for exports. */
export interface ExportPort {
  /** One page in keyset order; `next` null after the last page. */
  readPage<C extends ExportCollection>(collection: C, request: ExportPageRequest): Promise<ExportPageResponse<ExportRowOf[C]>>;
  /** Rows the export will hold; null when the backend cannot say cheaply. */
  count(collection: ExportCollection, range: Pick<ExportPageRequest, 'from' | 'to'>): Promise<number | null>;
  /** Announces an export before its first page (the server records it on the console-action trail). */
  recordRun(run: ExportRunRequest): Promise<void>;
  /**
   * The whole collection as one CSV file the backend writes itself (BOM, header, rows; columns as
   * STREAMED_CSV_COLUMNS), as it arrives. Only backends that can (the reference backend); the others' CSV is
   * written in the browser from readPage. `signal` stops the transfer.
   */
  streamCsv?(collection: StreamedCsvCollection, signal: AbortSignal): Promise<AsyncIterableIterator<Uint8Array<ArrayBuffer>>>;
}

/**
 * Restoring the spec's full backup (contract/backupRestore.ts says what each step does): open a restore, stage the
 * file's rows, check, apply in the background and follow it, cancel. Failures reject with an HttpError carrying the
 * server's reason.
 */
export interface RestorePort {
  /** the recent restores, newest first (a console that reloads finds the one it was following) */
  list(): Promise<RestoreSession[]>;
  open(request: RestoreOpenRequest): Promise<RestoreSession>;
  read(id: number): Promise<RestoreSession>;
  sendRows(id: number, batch: RestoreRowsRequest): Promise<RestoreRowsResponse>;
  /** the file was read to its end: the answer carries the plan */
  check(id: number, request: RestoreCheckRequest): Promise<RestoreSession>;
  /** starts the write in the background: the answer is the restore, applying */
  apply(id: number, request: RestoreApplyRequest): Promise<RestoreSession>;
  cancel(id: number): Promise<RestoreSession>;
}

/**
 * The reference backend's own passwords (contract/operators.ts): the one-time links an operator opens on the
 * set-password page (no session: the link's token is the proof), and the signed-in operator's own password. Failures
 * reject with an HttpError carrying the server's status and reason.
 */
export interface AccountPasswordsPort {
  /** What the link is for (an invitation or a reset) and whose it is; a 404 for any link that cannot be used. */
  inspectLink(token: string): Promise<PasswordLinkInfo>;
  /** Sets the password (an invitation also makes the account); every session of that account ends. */
  redeemLink(request: RedeemLinkRequest): Promise<PasswordLinkInfo>;
  /**
   * Changes the signed-in account's password. The server ends every other session and answers a fresh token for
   * this one, which the auth port keeps from then on (as it keeps a renewed one). A wrong current password rejects
   * with the server's 401 and leaves the session as it was.
   */
  changePassword(request: ChangePasswordRequest): Promise<void>;
}

/** What POST /auth/mfa/enrolment/confirm answers: the recovery codes, shown once, and a session. */
export type MfaConfirmed = Static<typeof MfaConfirmedSchema>;

/** The second factor of a second step: a code the authenticator app shows, or one of the recovery codes. */
export type MfaProof = { code: string } | { recoveryCode: string };

/**
 * Two-factor sign-in (TOTP) of the reference backend (contract/mfa.ts says what each call does): the second step of a
 * sign-in (with its challenge) and the signed-in operator's own second factor. Failures reject with an HttpError
 * carrying the server's status, reason and error code (MFA_ERRORS, in `detail.code`); a wrong code or password is the
 * server's 401, which does not end the session.
 */
export interface AccountMfaPort {
  /**
   * Whether this backend has two-factor sign-in of its own. Firebase mode has not (Firebase Auth's TOTP needs Identity
   * Platform, which the emulators lack): every call there rejects saying so, and the console offers none of it.
   */
  readonly available: boolean;
  /** The signed-in account's: on or off, recovery codes left, and whether the server requires it. */
  status(): Promise<MfaStatus>;
  /** A new secret, pending until confirmed: signed in, or with an 'enrol' step's challenge. */
  startEnrolment(request: { challenge?: string }): Promise<MfaEnrolment>;
  /**
   * Turns two-factor on with a code from the pending secret. Signed in (no challenge), the fresh token the answer
   * carries replaces this session's (every other session ended) at once. With a challenge, the answer's session is the
   * caller's to open (openSession) once the recovery codes are saved.
   */
  confirmEnrolment(request: { challenge?: string; code: string }): Promise<MfaConfirmed>;
  /** A 'verify' step's code or recovery code for its session (not yet opened: see openSession). */
  verify(request: { challenge: string } & MfaProof): Promise<SignInSession>;
  /** Signs in with the session a second step answered: the auth port reports the account from then on. */
  openSession(session: SignInSession): Promise<void>;
  /** A new set of recovery codes for a current code; the old ones stop working. */
  renewRecoveryCodes(code: string): Promise<MfaRecoveryCodes>;
  /** Two-factor off, for the current password (refused with 409 mfa_required when the server requires it). */
  disable(currentPassword: string): Promise<MfaStatus>;
}

export interface Backend {
  kind: 'local' | 'firebase';
  auth: AuthPort;
  userRecords: UserRecordsPort;
  liveCounts: LiveCountsPort;
  userManagement: UserManagementPort;
  auditLogs: AuditLogsPort;
  exports: ExportPort;
  history: HistoryPort;
  /**
   * Restoring a backup: the reference backend's routes; in Firebase mode the same routes on the hosted API, which writes
   * Firestore with the Admin SDK. A backend without it only checks the file in the browser (restoreSaga.ts runPreview).
   */
  restores?: RestorePort;
  /**
   * Password links and one's own password change: the reference backend's. Firebase Auth has its own (its reset links
   * and reauthentication), so Firebase mode has none and the console hides what needs it.
   */
  accountPasswords?: AccountPasswordsPort;
  /** Two-factor sign-in: the reference backend's; Firebase mode's says it is not available. */
  accountMfa?: AccountMfaPort;
}
