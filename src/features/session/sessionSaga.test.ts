import { runSaga, stdChannel, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { createFakeBackend, makeUserRecord, type FakeBackend } from '../../../mocks/fakeBackend';
import { sessionSaga } from './sessionSaga';
import {
  initialSessionState,
  LOGIN_FAILED_MESSAGE,
  loginRequested,
  logoutRequested,
  INACTIVE_ADMIN_NOTICE,
  NOT_ADMIN_NOTICE,
  sessionReducer,
  type SessionState,
} from './sessionSlice';

const adminAccount = { uid: 'admin-1', email: 'auth-admin@example.com', displayName: null };
const userAccount = { uid: 'user-1', email: 'user@example.com', displayName: 'User' };

/** Runs the session saga against a fake backend with a tiny store: state, dispatch, and the log. */
function start(backend: FakeBackend, reload = jest.fn(), prepareAdminSession?: () => Promise<void>) {
  let state: SessionState = initialSessionState;
  const actions: UnknownAction[] = [];
  // Actions reach take() through the channel, as the saga middleware would feed them.
  const channel = stdChannel<UnknownAction>();
  const dispatch = (action: UnknownAction) => {
    actions.push(action);
    state = sessionReducer(state, action);
    channel.put(action);
  };
  const task = runSaga(
    { context: { backend, reload, prepareAdminSession }, channel, dispatch, getState: () => ({ session: state }) },
    sessionSaga as Saga,
  );
  return { task, dispatch, actions, reload, state: () => state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function backendWithAccounts() {
  const backend = createFakeBackend();
  backend.records.set('admin-1', makeUserRecord({ uid: 'admin-1', email: 'admin@example.com', displayName: 'Admin', isAdmin: true }));
  backend.records.set('user-1', makeUserRecord({ uid: 'user-1', email: 'user@example.com' }));
  backend.passwords.set('auth-admin@example.com', { password: 'pw', account: adminAccount });
  backend.passwords.set('user@example.com', { password: 'pw', account: userAccount });
  return backend;
}

describe('session saga', () => {
  it('an admin account becomes the session user (record values win)', async () => {
    const backend = backendWithAccounts();
    const run = start(backend);
    backend.emitAccount(adminAccount);
    await flush();
    expect(run.state().status).toBe('signedIn');
    expect(run.state().user).toMatchObject({ uid: 'admin-1', email: 'admin@example.com', displayName: 'Admin', isAdmin: true });
    run.task.cancel();
  });

  it('no account at start: loading -> signedOut', async () => {
    const run = start(backendWithAccounts());
    await flush();
    expect(run.state()).toMatchObject({ status: 'signedOut', user: null, notice: null });
    run.task.cancel();
  });

  it('no account at start because the server was unreachable: signed out WITH that notice, not a bare login form', async () => {
    const backend = backendWithAccounts();
    backend.auth.restoreProblem = () =>
      'The server cannot reach its database. Your session is kept: reload this page once the server is back.';
    const run = start(backend);
    await flush();
    expect(run.state()).toMatchObject({ status: 'signedOut', notice: expect.stringMatching(/^The server cannot reach its database/) });
    run.task.cancel();
  });

  it('a non-admin account is signed out through the port with a clear notice', async () => {
    const backend = backendWithAccounts();
    const signOut = jest.spyOn(backend.auth, 'signOut');
    const run = start(backend);
    backend.emitAccount(userAccount);
    await flush();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(run.state()).toMatchObject({ status: 'signedOut', user: null, notice: NOT_ADMIN_NOTICE });
    run.task.cancel();
  });

  it('a missing record means signed out', async () => {
    const backend = backendWithAccounts();
    const signOut = jest.spyOn(backend.auth, 'signOut');
    const run = start(backend);
    backend.emitAccount({ uid: 'ghost', email: 'ghost@example.com', displayName: null });
    await flush();
    expect(signOut).toHaveBeenCalled();
    expect(run.state()).toMatchObject({ status: 'signedOut', user: null, notice: NOT_ADMIN_NOTICE });
    run.task.cancel();
  });

  it('a deactivated admin (accountActive false) is signed out through the port with the reason', async () => {
    const backend = backendWithAccounts();
    backend.records.set('off-1', makeUserRecord({ uid: 'off-1', email: 'off@example.com', isAdmin: true, accountActive: false }));
    const signOut = jest.spyOn(backend.auth, 'signOut');
    const run = start(backend);
    backend.emitAccount({ uid: 'off-1', email: 'off@example.com', displayName: null });
    await flush();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(run.state()).toMatchObject({ status: 'signedOut', user: null, notice: INACTIVE_ADMIN_NOTICE });
    run.task.cancel();
  });

  // Only isAdmin === true holds a session (spec 6); a record from another writer may lack the flag or hold text.
  it.each([
    ['missing', undefined],
    ['null', null],
    ['the text "true"', 'true'],
    ['1', 1],
  ])('a record whose isAdmin is %s means signed out', async (_label, flag) => {
    const backend = backendWithAccounts();
    const record = makeUserRecord({ uid: 'odd-1', email: 'odd@example.com' }) as unknown as Record<string, unknown>;
    if (flag === undefined) delete record.isAdmin;
    else record.isAdmin = flag;
    backend.records.set('odd-1', record as unknown as ReturnType<typeof makeUserRecord>);
    const run = start(backend);
    backend.emitAccount({ uid: 'odd-1', email: 'odd@example.com', displayName: null });
    await flush();
    expect(run.state()).toMatchObject({ status: 'signedOut', user: null, notice: NOT_ADMIN_NOTICE });
    run.task.cancel();
  });

  it('a failing record read means signed out, with the reason', async () => {
    const backend = backendWithAccounts();
    jest.spyOn(backend.userRecords, 'readUserRecord').mockRejectedValue(new Error('Could not reach the server.'));
    const signOut = jest.spyOn(backend.auth, 'signOut');
    const run = start(backend);
    backend.emitAccount(adminAccount);
    await flush();
    expect(signOut).toHaveBeenCalled();
    expect(run.state().status).toBe('signedOut');
    expect(run.state().notice).toBe('Could not verify admin access (Could not reach the server). Please try again.');
  });

  it('signing out (auth emits null) ends the session', async () => {
    const backend = backendWithAccounts();
    const run = start(backend);
    backend.emitAccount(adminAccount);
    await flush();
    expect(run.state().status).toBe('signedIn');
    backend.emitAccount(null);
    await flush();
    expect(run.state()).toMatchObject({ status: 'signedOut', user: null });
    run.task.cancel();
  });

  it('a newer auth change cancels a record read still in flight', async () => {
    const backend = backendWithAccounts();
    let resolveSlow: (value: ReturnType<typeof makeUserRecord>) => void = () => {};
    const read = jest
      .spyOn(backend.userRecords, 'readUserRecord')
      .mockImplementationOnce(() => new Promise((resolve) => (resolveSlow = resolve)));
    const run = start(backend);
    backend.emitAccount(adminAccount); // slow read starts
    await flush();
    expect(run.state().status).toBe('loading');
    backend.emitAccount(null); // signs out before the read answers
    await flush();
    resolveSlow(makeUserRecord({ uid: 'admin-1', isAdmin: true }));
    await flush();
    expect(read).toHaveBeenCalledTimes(1);
    expect(run.state()).toMatchObject({ status: 'signedOut', user: null });
    run.task.cancel();
  });

  it('login with good credentials signs in through the port', async () => {
    const backend = backendWithAccounts();
    const signIn = jest.spyOn(backend.auth, 'signIn');
    const run = start(backend);
    await flush();
    run.dispatch(loginRequested({ email: 'auth-admin@example.com', password: 'pw' }));
    expect(run.state().loginPending).toBe(true);
    await flush();
    expect(signIn).toHaveBeenCalledWith('auth-admin@example.com', 'pw');
    expect(run.state()).toMatchObject({ status: 'signedIn', loginPending: false, loginError: null });
    run.task.cancel();
  });

  it('any sign-in failure reads "Invalid email or password"', async () => {
    const backend = backendWithAccounts();
    jest.spyOn(backend.auth, 'signIn').mockRejectedValueOnce(new Error('auth/too-many-requests'));
    const run = start(backend);
    await flush();
    run.dispatch(loginRequested({ email: 'auth-admin@example.com', password: 'pw' }));
    await flush();
    expect(run.state()).toMatchObject({ status: 'signedOut', loginPending: false, loginError: LOGIN_FAILED_MESSAGE });
    run.task.cancel();
  });

  it('logging in as a non-admin ends signed out with the notice, not the login error', async () => {
    const backend = backendWithAccounts();
    const run = start(backend);
    await flush();
    run.dispatch(loginRequested({ email: 'user@example.com', password: 'pw' }));
    await flush();
    expect(run.state()).toMatchObject({ status: 'signedOut', loginPending: false, loginError: null, notice: NOT_ADMIN_NOTICE });
    run.task.cancel();
  });

  it('logout signs out through the port, then reloads the page', async () => {
    const backend = backendWithAccounts();
    const signOut = jest.spyOn(backend.auth, 'signOut');
    const run = start(backend);
    backend.emitAccount(adminAccount);
    await flush();
    run.dispatch(logoutRequested());
    await flush();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(run.reload).toHaveBeenCalledTimes(1);
    expect(signOut.mock.invocationCallOrder[0]).toBeLessThan(run.reload.mock.invocationCallOrder[0]);
    run.task.cancel();
  });

  it('logout still reloads when signing out fails', async () => {
    const backend = backendWithAccounts();
    jest.spyOn(backend.auth, 'signOut').mockRejectedValueOnce(new Error('offline'));
    const run = start(backend);
    await flush();
    run.dispatch(logoutRequested());
    await flush();
    expect(run.reload).toHaveBeenCalledTimes(1);
    run.task.cancel();
  });

  it.each([
    ['a message without its final period', new Error('v1.2 failed. '), 'v1.2 failed'],
    ['a rejection with a text', 'database down.', 'database down'],
    ['a rejection with neither', { code: 42 }, 'unknown error'],
    ['an Error without a message', new Error('  '), 'unknown error'],
  ])('a record read failing with %s quotes it in the notice', async (_what, failure, reason) => {
    const backend = backendWithAccounts();
    jest.spyOn(backend.userRecords, 'readUserRecord').mockRejectedValue(failure);
    const run = start(backend);
    backend.emitAccount(adminAccount);
    await flush();
    expect(run.state().notice).toBe(`Could not verify admin access (${reason}). Please try again.`);
    run.task.cancel();
  });

  it('a session the backend ends mid-way (observeSessionEnded) signs out with its reason', async () => {
    const backend = backendWithAccounts();
    let end: (reason: string) => void = () => undefined;
    backend.auth.observeSessionEnded = (onEnded) => {
      end = onEnded;
      return () => undefined;
    };
    const signOut = jest.spyOn(backend.auth, 'signOut');
    const run = start(backend);
    backend.emitAccount(adminAccount);
    await flush();
    expect(run.state().status).toBe('signedIn');
    end('This session was signed out. Please sign in again.');
    await flush();
    expect(run.state().status).toBe('signedOut');
    expect(run.state().notice).toContain('This session was signed out.');
    expect(signOut).toHaveBeenCalled();
    run.task.cancel();
  });

  it('starts what an admin session needs before the session shows its pages', async () => {
    const backend = backendWithAccounts();
    let finishLoading: () => void = () => undefined;
    const prepare = jest.fn(() => new Promise<void>((resolve) => (finishLoading = resolve)));
    const run = start(backend, jest.fn(), prepare);
    backend.emitAccount(adminAccount);
    await flush();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(run.state().status).not.toBe('signedIn');
    finishLoading();
    await flush();
    expect(run.state().status).toBe('signedIn');
    run.task.cancel();
  });

  it('signs out with the reason when what an admin session needs cannot be loaded', async () => {
    const backend = backendWithAccounts();
    const run = start(backend, jest.fn(), () => Promise.reject(new Error('Failed to fetch dynamically imported module.')));
    backend.emitAccount(adminAccount);
    await flush();
    expect(run.state()).toMatchObject({
      status: 'signedOut',
      notice: 'Could not load the console (Failed to fetch dynamically imported module). Please reload the page.',
    });
    run.task.cancel();
  });

  it('a non-admin account never loads the admin session', async () => {
    const backend = backendWithAccounts();
    const prepare = jest.fn(async () => undefined);
    const run = start(backend, jest.fn(), prepare);
    backend.emitAccount(userAccount);
    await flush();
    expect(run.state().status).toBe('signedOut');
    expect(prepare).not.toHaveBeenCalled();
    run.task.cancel();
  });
});
