// Drives the session state machine from the auth port (spec 4) and handles login / logout.
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import type { AuthAccount, SignInSecondStep } from '../../../contract/schemas/auth';
import type * as SecondStepModule from './secondStep';
import { sessionRejected } from '../../api/sessionEvents';
import type { AuthPort, Backend } from '../../backend/ports';
import {
  accountDetected,
  loginFailed,
  loginRequested,
  logoutRequested,
  mergeSessionUser,
  INACTIVE_ADMIN_NOTICE,
  NOT_ADMIN_NOTICE,
  selectSession,
  sessionEndedNotice,
  signedIn,
  signedOut,
} from './sessionSlice';

/** An eventChannel cannot carry null, so each auth change travels wrapped. */
export interface AccountChange {
  account: AuthAccount | null;
}

export function accountChannel(auth: AuthPort): EventChannel<AccountChange> {
  // Only the newest auth state matters, and adapters may call back synchronously while subscribing
  // (before anyone takes), so keep exactly the latest change instead of dropping it.
  return eventChannel<AccountChange>((emit) => auth.observeAccount((account) => emit({ account })), buffers.sliding(1));
}

/** The error's message without a final period: it is quoted inside a sentence of ours. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.trim().replace(/\.$/, '') || 'unknown error';
}

/** A chunk of the console's code did not load (a new build deployed meanwhile, the network). */
const couldNotLoad = (error: unknown) => `Could not load the console (${reasonOf(error)}). Please reload the page.`;

function* rejectAccount(backend: Backend, notice: string) {
  // Put first: signing out makes auth emit null, and takeLatest then cancels this task.
  yield put(signedOut({ notice }));
  try {
    yield call([backend.auth, backend.auth.signOut]);
  } catch {
    // The session is already empty; a failed sign-out only leaves a token the console will not use.
  }
}

/** Starts what an admin session needs before its pages show (the store provides it; tests may not). */
export type PrepareAdminSession = () => Promise<void>;

/** One auth change -> the session it means. Runs under takeLatest: a newer change cancels it. */
export function* resolveSession(backend: Backend, { account }: AccountChange) {
  if (!account) {
    // A reload during an outage: say the server or its database is unreachable, not a bare login form.
    const problem = backend.auth.restoreProblem?.() ?? null;
    yield put(signedOut(problem ? { notice: problem } : undefined));
    return;
  }
  yield put(accountDetected({ uid: account.uid }));
  let record: UserRecord | null;
  try {
    record = yield call([backend.userRecords, backend.userRecords.readUserRecord], account.uid);
  } catch (error) {
    // Without the record there is no proof of admin rights (spec 6): treat as signed out, and say why.
    yield* rejectAccount(backend, `Could not verify admin access (${reasonOf(error)}). Please try again.`);
    return;
  }
  if (record && record.isAdmin === true && record.accountActive === false) {
    // A deactivated admin is treated as signed out, with the reason (firestore.rules refuse them everything too).
    yield* rejectAccount(backend, INACTIVE_ADMIN_NOTICE);
  } else if (record && record.isAdmin === true) {
    // The admin pages' watchers start first (loaded on demand, see app/store.ts): a page shown by signedIn
    // may dispatch to them at once.
    const prepareAdminSession: PrepareAdminSession | undefined = yield getContext('prepareAdminSession');
    if (prepareAdminSession) {
      try {
        yield call(prepareAdminSession);
      } catch (error) {
        yield* rejectAccount(backend, couldNotLoad(error));
        return;
      }
    }
    yield put(signedIn(mergeSessionUser(account, record)));
  } else {
    // A missing record or isAdmin false: a valid account that must not hold a session.
    yield* rejectAccount(backend, NOT_ADMIN_NOTICE);
  }
}

/**
 * What the login page adds under 'Invalid email or password' (spec 5), only for failures that are not
 * about the credentials: the server cannot reach its database (503), too many attempts (429, with
 * when to try again), the server unreachable. Never a hint whether the email exists.
 */
export function loginFailureDetail(error: unknown): string | undefined {
  // Adapters reject with an Error carrying the HTTP status (or a transport kind) and the server's reason.
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  if (typeof message !== 'string' || message.trim() === '') return undefined;
  return [503, 429, 'NETWORK', 'TIMEOUT'].includes(status as number | string) ? message : undefined;
}

export function* login(backend: Backend, action: ReturnType<typeof loginRequested>) {
  let answer: AuthAccount | SignInSecondStep;
  try {
    answer = yield call([backend.auth, backend.auth.signIn], action.payload.email, action.payload.password);
    // An account needs nothing more here: auth emits it and resolveSession decides admin or not.
  } catch (error) {
    // Spec 5: any sign-in failure reads the same (no hint whether the email exists).
    yield put(loginFailed(loginFailureDetail(error)));
    return;
  }
  // contract/mfa.ts isSecondStep, for the port's answer (an account, not the wire's session)
  if ('step' in answer) yield call(secondStep, backend, answer);
}

/**
 * The password was right and a code (or setting two-factor up) remains. What runs it loads now, not with the login
 * route: most operators never see it. Until it ends, this sign-in holds the login (takeLeading).
 */
function* secondStep(backend: Backend, answer: SignInSecondStep) {
  let steps: typeof SecondStepModule;
  try {
    steps = yield call(() => import('./secondStep'));
  } catch (error) {
    yield put(signedOut({ notice: couldNotLoad(error) }));
    return;
  }
  yield call(steps.runSecondStep, backend, answer);
}

export function sessionEndedChannel(auth: AuthPort): EventChannel<{ reason: string }> {
  return eventChannel<{ reason: string }>(
    (emit) => auth.observeSessionEnded?.((reason) => emit({ reason })) ?? (() => undefined),
    buffers.sliding(1),
  );
}

/** The backend refused the session mid-way: sign out with a notice; the guard keeps the page to return to. */
export function* endSession(backend: Backend, action: ReturnType<typeof sessionRejected>) {
  const session: ReturnType<typeof selectSession> = yield select(selectSession);
  // At start (loading) a stale stored token is dropped quietly; a notice already shown stays.
  if (session.status === 'loading' || (session.status === 'signedOut' && session.notice)) return;
  yield put(signedOut({ notice: sessionEndedNotice(action.payload.reason) }));
  try {
    yield call([backend.auth, backend.auth.signOut]);
  } catch {
    // Already signed out on this page; the server refuses the token anyway.
  }
}

export type Reload = () => void;

export function* logout(backend: Backend) {
  try {
    yield call([backend.auth, backend.auth.signOut]);
  } catch {
    // Reload anyway: the fresh page asks auth again and shows whatever state it is really in.
  }
  const reload: Reload | undefined = yield getContext('reload');
  yield call(reload ?? (() => window.location.reload()));
}

export function* sessionSaga() {
  const backend: Backend = yield getContext('backend');
  const changes: EventChannel<AccountChange> = yield call(accountChannel, backend.auth);
  yield takeLatest(changes, resolveSession, backend);
  yield takeLeading(loginRequested.type, login, backend);
  yield takeLeading(logoutRequested.type, logout, backend);
  const ended: EventChannel<{ reason: string }> = yield call(sessionEndedChannel, backend.auth);
  yield takeLeading(ended, function* forward({ reason }: { reason: string }) {
    yield put(sessionRejected({ reason }));
  });
  yield takeLeading(sessionRejected.type, endSession, backend);
}
