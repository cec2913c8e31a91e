import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { sessionRejected } from '../../api/sessionEvents';
import type { Backend } from '../../backend/ports';
import { endSession, loginFailureDetail } from './sessionSaga';
import {
  initialSessionState,
  LOGIN_FAILED_MESSAGE,
  loginFailed,
  sessionReducer,
  SESSION_ENDED_NOTICE,
  signedOut,
  type SessionState,
} from './sessionSlice';

async function runEndSession(session: SessionState) {
  const dispatched: UnknownAction[] = [];
  const signOut = jest.fn(async () => undefined);
  const backend = { auth: { signOut } } as unknown as Backend;
  await runSaga(
    { dispatch: (action: UnknownAction) => dispatched.push(action), getState: () => ({ session }) },
    endSession,
    backend,
    sessionRejected({ reason: 'This session was signed out. Please sign in again.' }),
  ).toPromise();
  return { dispatched, signOut };
}

describe('endSession (a 401 in the middle of a session)', () => {
  it('signs out with the notice and the server’s reason on a second line', async () => {
    const { dispatched, signOut } = await runEndSession({ ...initialSessionState, status: 'signedIn' });
    // The reason's own "Please sign in again." is not repeated.
    expect(dispatched).toEqual([signedOut({ notice: `${SESSION_ENDED_NOTICE}\nThis session was signed out.` })]);
    expect(signOut).toHaveBeenCalled();
  });

  it('signs out a live session even when an older notice is still in the state', async () => {
    const { dispatched } = await runEndSession({ ...initialSessionState, status: 'signedIn', notice: 'an older notice' });
    expect(dispatched).toEqual([signedOut({ notice: `${SESSION_ENDED_NOTICE}\nThis session was signed out.` })]);
  });

  it('adds the notice when auth already reported the sign-out without one', async () => {
    const { dispatched } = await runEndSession({ ...initialSessionState, status: 'signedOut' });
    expect(dispatched).toHaveLength(1);
  });

  it('stays quiet while the session is still being determined, or when a notice is already shown', async () => {
    expect((await runEndSession({ ...initialSessionState, status: 'loading' })).dispatched).toEqual([]);
    expect((await runEndSession({ ...initialSessionState, status: 'signedOut', notice: 'x' })).dispatched).toEqual([]);
  });
});

describe('sign-in failures (spec text first, a reason that is not about the credentials below it)', () => {
  const failure = (status: number | string, message: string) => Object.assign(new Error(message), { status });

  it.each([
    [503, 'The server cannot reach its database (connection refused).'],
    [429, 'Too many sign-in attempts. Try again in 42 seconds.'],
    ['NETWORK', 'Could not reach the server.'],
    ['TIMEOUT', 'The server did not answer in time.'],
  ])('%s adds the reason on a second line', (status, message) => {
    const state = sessionReducer(initialSessionState, loginFailed(loginFailureDetail(failure(status, message))));
    expect(state.loginError).toBe(`${LOGIN_FAILED_MESSAGE}\n${message}`);
  });

  it.each([
    ['a blank message', failure(503, '   ')],
    ['a message that is not text', { status: 503, message: 42 }],
    ['nothing at all', null],
  ])('a 503 with %s adds nothing', (_what, error) => {
    expect(loginFailureDetail(error)).toBeUndefined();
  });

  it.each([401, 403])('%s reads exactly the spec text (no hint whether the email exists)', (status) => {
    const state = sessionReducer(initialSessionState, loginFailed(loginFailureDetail(failure(status, 'Invalid email or password'))));
    expect(state.loginError).toBe(LOGIN_FAILED_MESSAGE);
  });
});
