import { makeUserRecord } from '../../../mocks/fakeBackend';
import {
  accountDetected,
  initialSessionState,
  LOGIN_FAILED_MESSAGE,
  loginFailed,
  loginRequested,
  logoutRequested,
  mergeSessionUser,
  noticeDismissed,
  NOT_ADMIN_NOTICE,
  sanitizeSessionAction,
  sessionReducer,
  signedIn,
  secondStepChanged,
  signedOut,
  type SecondStepState,
  type SessionState,
} from './sessionSlice';

const account = { uid: 'u1', email: 'auth@example.com', displayName: 'Auth Name' };
const admin = mergeSessionUser(account, makeUserRecord({ uid: 'u1', email: 'admin@example.com', isAdmin: true }));

const reduce = (state: SessionState, ...actions: Parameters<typeof sessionReducer>[1][]) => actions.reduce(sessionReducer, state);

describe('session reducer', () => {
  it('starts loading with no user', () => {
    expect(sessionReducer(undefined, { type: '@@init' })).toEqual({
      status: 'loading',
      secondStep: null,
      user: null,
      notice: null,
      loginError: null,
      loginPending: false,
    });
  });

  it('loading -> signedIn with the merged user', () => {
    const state = reduce(initialSessionState, accountDetected({ uid: 'u1' }), signedIn(admin));
    expect(state.status).toBe('signedIn');
    expect(state.user).toEqual(admin);
  });

  it('loading -> signedOut', () => {
    expect(reduce(initialSessionState, signedOut())).toMatchObject({ status: 'signedOut', user: null });
  });

  it('login: pending, then the exact failure message', () => {
    const signedOutState = reduce(initialSessionState, signedOut({ notice: NOT_ADMIN_NOTICE }));
    const pending = reduce(signedOutState, loginRequested({ email: 'a@b.c', password: 'x' }));
    expect(pending).toMatchObject({ loginPending: true, loginError: null, notice: null, status: 'signedOut' });
    const failed = reduce(pending, loginFailed());
    expect(failed).toMatchObject({ loginPending: false, loginError: LOGIN_FAILED_MESSAGE, status: 'signedOut' });
    expect(LOGIN_FAILED_MESSAGE).toBe('Invalid email or password');
  });

  it('a successful login ends pending and clears errors', () => {
    const state = reduce(
      { ...initialSessionState, status: 'signedOut', loginError: LOGIN_FAILED_MESSAGE },
      loginRequested({ email: 'a@b.c', password: 'x' }),
      accountDetected({ uid: 'u1' }),
      signedIn(admin),
    );
    expect(state).toEqual({ status: 'signedIn', secondStep: null, user: admin, notice: null, loginError: null, loginPending: false });
  });

  it('signedOut with a notice keeps it through the plain sign-out that follows', () => {
    const state = reduce({ ...initialSessionState, loginPending: true }, signedOut({ notice: NOT_ADMIN_NOTICE }), signedOut());
    expect(state).toMatchObject({ status: 'signedOut', notice: NOT_ADMIN_NOTICE, loginPending: false });
    expect(reduce(state, noticeDismissed()).notice).toBeNull();
  });

  it('a new account goes back to loading; the same admin stays signed in while re-checked', () => {
    const signedInState = reduce(initialSessionState, signedIn(admin));
    expect(reduce(signedInState, accountDetected({ uid: 'u1' }))).toMatchObject({ status: 'signedIn', user: admin });
    expect(reduce(signedInState, accountDetected({ uid: 'other' }))).toMatchObject({ status: 'loading', user: null });
  });

  it('re-confirming the same admin with an unchanged record keeps the same user object', () => {
    const state = reduce(initialSessionState, signedIn(admin));
    const again = reduce(state, accountDetected({ uid: 'u1' }), signedIn({ ...admin }));
    expect(again.user).toBe(state.user);
    const changed = reduce(state, signedIn({ ...admin, isPremium: true }));
    expect(changed.user).toMatchObject({ isPremium: true });
  });

  it('signedIn -> signedOut drops the user', () => {
    expect(reduce(initialSessionState, signedIn(admin), signedOut())).toMatchObject({ status: 'signedOut', user: null });
  });

  it('logoutRequested changes nothing by itself (the saga signs out and reloads)', () => {
    const state = reduce(initialSessionState, signedIn(admin));
    expect(sessionReducer(state, logoutRequested())).toBe(state);
  });
});

describe('the second step of a sign-in (contract/mfa.ts)', () => {
  const step: SecondStepState = {
    step: 'verify',
    email: 'admin@example.com',
    expiresAt: '2026-11-27T10:05:00.000Z',
    pending: false,
    error: null,
    enrolment: null,
    recoveryCodes: null,
  };
  const pendingLogin = reduce({ ...initialSessionState, status: 'signedOut' }, loginRequested({ email: 'a@b.c', password: 'x' }));

  it('shows as its saga has it, and ends the password step pending', () => {
    const state = reduce(pendingLogin, secondStepChanged(step));
    expect(state).toMatchObject({ status: 'signedOut', secondStep: step, loginPending: false, loginError: null });
    const refused = reduce(state, secondStepChanged({ ...step, error: 'That code was not accepted' }));
    expect(refused.secondStep?.error).toBe('That code was not accepted');
    expect(reduce(refused, secondStepChanged(null)).secondStep).toBeNull();
  });

  it('is over once signed in, and once signed out (an expired challenge, a non-admin)', () => {
    const during = reduce(pendingLogin, secondStepChanged(step));
    expect(reduce(during, accountDetected({ uid: 'u1' }), signedIn(admin)).secondStep).toBeNull();
    expect(reduce(during, signedOut({ notice: 'Expired' }))).toMatchObject({ secondStep: null, notice: 'Expired' });
  });

  it('the account re-check between the code and the console keeps the step on screen', () => {
    const during = reduce(pendingLogin, secondStepChanged({ ...step, pending: true }));
    expect(reduce(during, accountDetected({ uid: 'u1' })).secondStep).toEqual({ ...step, pending: true });
  });
});

describe('mergeSessionUser', () => {
  it("lets the record's uid, email and displayName win when present", () => {
    const user = mergeSessionUser(
      account,
      makeUserRecord({ uid: 'u1', email: 'record@example.com', displayName: 'Record Name', isAdmin: true }),
    );
    expect(user).toMatchObject({ uid: 'u1', email: 'record@example.com', displayName: 'Record Name', isAdmin: true });
  });

  it('keeps the auth values where the record has none', () => {
    const user = mergeSessionUser(account, makeUserRecord({ uid: '', email: null, displayName: '', isAdmin: true }));
    expect(user).toMatchObject({ uid: 'u1', email: 'auth@example.com', displayName: 'Auth Name' });
  });
});

it('never shows a typed password in DevTools', () => {
  const action = loginRequested({ email: 'a@b.c', password: 'secret' });
  expect(sanitizeSessionAction(action).payload).toEqual({ email: 'a@b.c', password: '********' });
  expect(action.payload.password).toBe('secret');
});
