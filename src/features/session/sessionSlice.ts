// The admin session (spec 4): loading -> signedIn (an admin user) | signedOut (no user).
// Only the saga decides transitions; components dispatch loginRequested / logoutRequested.
import { createAction, createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import type { AuthAccount, SignInSecondStep } from '../../../contract/schemas/auth';
import type { MfaEnrolment } from '../../../contract/schemas/mfa';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

/** The auth account merged with its users record (the record's uid, email and displayName win when present). */
export type SessionUser = AuthAccount & Omit<UserRecord, 'uid' | 'email' | 'displayName'>;

/**
 * A sign-in whose password was right and whose second step (contract/mfa.ts) is on screen: a code ('verify') or, when
 * the server requires two-factor and the account has none, setting it up ('enrol'). The challenge stays in the saga
 * that runs it (secondStep/secondStepSaga.ts), which alone changes this.
 */
export interface SecondStepState extends Pick<SignInSecondStep, 'step' | 'email' | 'expiresAt'> {
  /** a code or the new secret is on its way to or from the server */
  pending: boolean;
  /** why the server refused the last code (or the enrolment), shown under the field */
  error: string | null;
  /** enrol: the new secret to scan or type in */
  enrolment: MfaEnrolment | null;
  /** enrol: the recovery codes the confirmation answered, shown once */
  recoveryCodes: string[] | null;
}

export interface SessionState {
  status: SessionStatus;
  /** the second step of the sign-in in progress, if any */
  secondStep: SecondStepState | null;
  user: SessionUser | null;
  /** why the visitor is signed out (e.g. a valid non-admin account), shown on the login page */
  notice: string | null;
  loginError: string | null;
  loginPending: boolean;
}

export interface Credentials {
  email: string;
  password: string;
}

/** Spec 5 and 8: every sign-in failure reads exactly this, whatever the cause. */
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';
export const NOT_ADMIN_NOTICE = 'This account does not have admin access.';
/** An admin whose record says accountActive false holds no session (the server's SESSION_ENDED.inactive). */
export const INACTIVE_ADMIN_NOTICE = 'This account is deactivated.';
export const SESSION_ENDED_NOTICE = 'Your session has ended. Please sign in again.';

/** The notice, with the backend's reason on a second line when it gives one. */
export function sessionEndedNotice(reason: string | undefined): string {
  // The server's reasons often end with the same request; say it once.
  const detail = reason?.replace(/\s*Please sign in again\.?\s*$/i, '').trim();
  return detail ? `${SESSION_ENDED_NOTICE}\n${detail}` : SESSION_ENDED_NOTICE;
}

export const initialSessionState: SessionState = {
  status: 'loading',
  secondStep: null,
  user: null,
  notice: null,
  loginError: null,
  loginPending: false,
};

function isPresent(value: string | null | undefined): value is string {
  return typeof value === 'string' && value !== '';
}

/** Spec 3: the session user merges the auth user with the record; the record's uid, email and displayName win. */
export function mergeSessionUser(account: AuthAccount, record: UserRecord): SessionUser {
  return {
    ...record,
    uid: isPresent(record.uid) ? record.uid : account.uid,
    email: isPresent(record.email) ? record.email : account.email,
    displayName: isPresent(record.displayName) ? record.displayName : account.displayName,
  };
}

function sameUser(a: SessionUser | null, b: SessionUser): boolean {
  // Plain JSON data (ISO dates, flags, one nested settings object): a serialized compare is exact enough.
  return a !== null && JSON.stringify(a) === JSON.stringify(b);
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loginRequested: {
      reducer(state) {
        state.loginPending = true;
        state.loginError = null;
        state.notice = null;
      },
      // Credentials ride on the action only (never in state); store.ts masks them in DevTools.
      prepare(credentials: Credentials) {
        return { payload: credentials };
      },
    },
    loginFailed: {
      reducer(state, action: PayloadAction<string | undefined>) {
        state.loginPending = false;
        // The spec's text first; a reason that is not about the credentials (database down, rate limit) below it.
        state.loginError = action.payload ? `${LOGIN_FAILED_MESSAGE}\n${action.payload}` : LOGIN_FAILED_MESSAGE;
      },
      prepare(detail?: string) {
        return { payload: detail };
      },
    },
    /** Auth reports a signed-in account; its record is being read. */
    accountDetected(state, action: PayloadAction<{ uid: string }>) {
      // Re-checking the admin who is already signed in must not flash the guard's Loading... screen.
      const sameAdmin = state.status === 'signedIn' && state.user?.uid === action.payload.uid;
      if (!sameAdmin) {
        state.status = 'loading';
        state.user = null;
      }
    },
    signedIn(state, action: PayloadAction<SessionUser>) {
      state.status = 'signedIn';
      // A re-check that finds the same admin unchanged keeps the old object, so nothing re-renders.
      if (!sameUser(state.user, action.payload)) state.user = action.payload;
      state.notice = null;
      state.loginError = null;
      state.loginPending = false;
      state.secondStep = null;
    },
    signedOut(state, action: PayloadAction<{ notice?: string } | undefined>) {
      state.status = 'signedOut';
      state.user = null;
      state.loginPending = false;
      state.secondStep = null;
      // The plain "auth says signed out" that follows a rejected account must not wipe the reason.
      if (action.payload?.notice) state.notice = action.payload.notice;
    },
    noticeDismissed(state) {
      state.notice = null;
    },
    /** The second step as its saga has it now; null when it is over (back to the password). */
    secondStepChanged(state, action: PayloadAction<SecondStepState | null>) {
      state.secondStep = action.payload;
      state.loginPending = false;
    },
  },
});

/** Signs out through the auth port and reloads the page (spec 2). */
export const logoutRequested = createAction('session/logoutRequested');

export const { loginRequested, loginFailed, accountDetected, signedIn, signedOut, noticeDismissed, secondStepChanged } =
  sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

/** For Redux DevTools: never show a typed password. */
export function sanitizeSessionAction<A extends UnknownAction>(action: A): A {
  if (loginRequested.match(action)) {
    return { ...action, payload: { ...action.payload, password: '********' } };
  }
  return action;
}

type WithSession = { session: SessionState };
export const selectSession = (state: WithSession) => state.session;
export const selectSessionStatus = (state: WithSession) => state.session.status;
export const selectSessionUser = (state: WithSession) => state.session.user;
export const selectSecondStep = (state: WithSession) => state.session.secondStep;
