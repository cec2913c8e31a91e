// The second step's code loads when the server answers one (sessionSaga.ts): when that load fails (a new build deployed
// meanwhile, the network gone), the login page says so instead of "Invalid email or password" or nothing at all.
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { createFakeBackend } from '../../../mocks/fakeBackend';
import { sessionSaga } from './sessionSaga';
import { initialSessionState, loginRequested, sessionReducer, type SessionState } from './sessionSlice';

jest.mock('./secondStep', () => {
  throw new Error('Failed to fetch dynamically imported module.');
});

it('a second step whose code cannot load signs out with the reason, and the next sign-in can start', async () => {
  const backend = createFakeBackend();
  const signIn = jest
    .spyOn(backend.auth, 'signIn')
    .mockResolvedValue({ step: 'verify', challenge: 'c', expiresAt: '2026-11-27T10:05:00.000Z', email: 'admin@example.com' });
  let state: SessionState = initialSessionState;
  const channel = stdChannel<UnknownAction>();
  const dispatch = (action: UnknownAction) => {
    state = sessionReducer(state, action);
    channel.put(action);
  };
  const task = runSaga({ context: { backend }, channel, dispatch, getState: () => ({ session: state }) }, sessionSaga as Saga);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  await settle();
  dispatch(loginRequested({ email: 'admin@example.com', password: 'pw' }));
  await settle();
  expect(state).toMatchObject({
    status: 'signedOut',
    loginPending: false,
    loginError: null,
    secondStep: null,
    notice: 'Could not load the console (Failed to fetch dynamically imported module). Please reload the page.',
  });
  dispatch(loginRequested({ email: 'admin@example.com', password: 'pw' }));
  await settle();
  expect(signIn).toHaveBeenCalledTimes(2);
  task.cancel();
});
