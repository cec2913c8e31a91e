// The sign-in's second step as the session saga runs it (contract/mfa.ts): the password answered a step, the saga
// loads secondStepSaga.ts and drives it by the screen's actions, over a hand-made two-factor port whose answers each
// test sets. The screens are tested with the real adapters in SecondStepPage.test.tsx.
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { MFA_ERRORS } from '../../../../contract/mfa';
import type { SignInSecondStep, SignInSession } from '../../../../contract/schemas/auth';
import { createFakeBackend, makeUserRecord, type FakeBackend } from '../../../../mocks/fakeBackend';
import { HttpError } from '../../../api/errors';
import type { AccountMfaPort, MfaConfirmed } from '../../../backend/ports';
import { sessionSaga } from '../sessionSaga';
import { initialSessionState, loginRequested, sessionReducer, type SessionState } from '../sessionSlice';
import {
  codeSubmitted,
  enrolmentRetried,
  NO_SECOND_STEP,
  recoveryCodesSaved,
  SECOND_STEP_ENDED,
  secondStepCancelled,
} from './secondStepSaga';
import { WRONG_CODE, WRONG_RECOVERY_CODE } from '../../../components/mfa/codeRefusal';

const admin = { uid: 'admin-1', email: 'admin@example.com', displayName: 'Admin' };
const verifyStep: SignInSecondStep = {
  step: 'verify',
  challenge: 'signed-challenge',
  expiresAt: '2026-11-27T10:05:00.000Z',
  email: admin.email,
};
const enrolStep: SignInSecondStep = { ...verifyStep, step: 'enrol' };
const session: SignInSession = { token: 'token-after-second-step', expiresAt: '2026-11-27T10:30:00.000Z', account: admin };
const codes = Array.from({ length: 10 }, (_, i) => `7KQ2M-XH4T${i}`);
const refusedWith = (status: number, code: string, reason: string) => new HttpError(status, reason, true, { code });

/** A two-factor port whose calls are jest mocks; opening a session signs the fake backend in, as the local port does. */
function mfaPort(backend: FakeBackend): jest.Mocked<AccountMfaPort> {
  return {
    available: true,
    status: jest.fn(),
    startEnrolment: jest.fn(async () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' })),
    confirmEnrolment: jest.fn(async (): Promise<MfaConfirmed> => ({ recoveryCodes: codes, session })),
    verify: jest.fn(async () => session),
    openSession: jest.fn(async (opened: SignInSession) => backend.emitAccount(opened.account)),
    renewRecoveryCodes: jest.fn(),
    disable: jest.fn(),
  } as unknown as jest.Mocked<AccountMfaPort>;
}

function start(answer: SignInSecondStep) {
  const backend = createFakeBackend();
  backend.records.set(admin.uid, makeUserRecord({ ...admin, isAdmin: true }));
  const signIn = jest.spyOn(backend.auth, 'signIn').mockResolvedValue(answer);
  const mfa = mfaPort(backend);
  backend.accountMfa = mfa;
  let state: SessionState = initialSessionState;
  const channel = stdChannel<UnknownAction>();
  const dispatch = (action: UnknownAction) => {
    state = sessionReducer(state, action);
    channel.put(action);
  };
  const task = runSaga(
    { context: { backend, reload: jest.fn() }, channel, dispatch, getState: () => ({ session: state }) },
    sessionSaga as Saga,
  );
  return { backend, mfa, signIn, task, dispatch, state: () => state };
}

/** Waits (on macrotasks: the step's code loads with a dynamic import) until `check` passes. */
async function until(check: () => void) {
  for (let i = 0; ; i += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

async function signInTo(answer: SignInSecondStep) {
  const run = start(answer);
  await until(() => expect(run.state().status).toBe('signedOut'));
  run.dispatch(loginRequested({ email: admin.email, password: 'right password' }));
  await until(() => expect(run.state().secondStep).not.toBeNull());
  return run;
}

afterEach(() => jest.restoreAllMocks());

describe("the sign-in's second step: a code", () => {
  it('shows the step (no session yet), sends the code with the challenge and signs in with the session it answers', async () => {
    const run = await signInTo(verifyStep);
    expect(run.state()).toMatchObject({
      status: 'signedOut',
      loginPending: false,
      secondStep: { step: 'verify', email: admin.email, expiresAt: verifyStep.expiresAt, pending: false, error: null },
    });
    expect(JSON.stringify(run.state())).not.toContain('signed-challenge');

    run.dispatch(codeSubmitted({ code: '492039' }));
    expect(run.state().secondStep?.pending).toBe(true);
    await until(() => expect(run.state().status).toBe('signedIn'));
    expect(run.mfa.verify).toHaveBeenCalledWith({ challenge: 'signed-challenge', code: '492039' });
    expect(run.mfa.openSession).toHaveBeenCalledWith(session);
    expect(run.state().secondStep).toBeNull();
    run.task.cancel();
  });

  it('a wrong code is said under the field and the step stays, for the next code', async () => {
    const run = await signInTo(verifyStep);
    run.mfa.verify.mockRejectedValueOnce(refusedWith(401, MFA_ERRORS.invalidCode, 'The code is not valid'));
    run.dispatch(codeSubmitted({ code: '000000' }));
    await until(() => expect(run.state().secondStep).toMatchObject({ pending: false, error: WRONG_CODE }));
    expect(run.mfa.openSession).not.toHaveBeenCalled();

    run.dispatch(codeSubmitted({ code: '492039' }));
    await until(() => expect(run.state().status).toBe('signedIn'));
    expect(run.mfa.verify).toHaveBeenCalledTimes(2);
    run.task.cancel();
  });

  it('a recovery code goes as one, and a wrong one says so', async () => {
    const run = await signInTo(verifyStep);
    run.mfa.verify.mockRejectedValueOnce(refusedWith(401, MFA_ERRORS.invalidCode, 'The code is not valid'));
    run.dispatch(codeSubmitted({ recoveryCode: '7kq2m xh4tc' }));
    await until(() => expect(run.state().secondStep?.error).toBe(WRONG_RECOVERY_CODE));
    expect(run.mfa.verify).toHaveBeenCalledWith({ challenge: 'signed-challenge', recoveryCode: '7kq2m xh4tc' });
    run.dispatch(codeSubmitted({ recoveryCode: '7KQ2M-XH4T0' }));
    await until(() => expect(run.state().status).toBe('signedIn'));
    run.task.cancel();
  });

  it("too many codes: the server's 429 says how long to wait", async () => {
    const run = await signInTo(verifyStep);
    run.mfa.verify.mockRejectedValueOnce(
      new HttpError(429, 'Too many code attempts. Try again in 45 seconds.', true, { code: 'rate_limited' }),
    );
    run.dispatch(codeSubmitted({ code: '492039' }));
    await until(() => expect(run.state().secondStep?.error).toBe('Too many code attempts. Try again in 45 seconds.'));
    run.task.cancel();
  });

  it('an expired challenge goes back to the password with the reason, and a new sign-in can start', async () => {
    const run = await signInTo(verifyStep);
    run.mfa.verify.mockRejectedValueOnce(refusedWith(401, MFA_ERRORS.invalidChallenge, 'The sign-in step has expired'));
    run.dispatch(codeSubmitted({ code: '492039' }));
    await until(() => expect(run.state().secondStep).toBeNull());
    expect(run.state()).toMatchObject({ status: 'signedOut', notice: SECOND_STEP_ENDED, loginError: null });

    run.dispatch(loginRequested({ email: admin.email, password: 'right password' }));
    await until(() => expect(run.signIn).toHaveBeenCalledTimes(2));
    await until(() => expect(run.state().secondStep).not.toBeNull());
    run.task.cancel();
  });

  it('Back to sign-in ends the step, and the password form takes a new sign-in', async () => {
    const run = await signInTo(verifyStep);
    run.dispatch(secondStepCancelled());
    await until(() => expect(run.state().secondStep).toBeNull());
    run.dispatch(codeSubmitted({ code: '492039' }));
    run.dispatch(loginRequested({ email: admin.email, password: 'right password' }));
    await until(() => expect(run.signIn).toHaveBeenCalledTimes(2));
    expect(run.mfa.verify).not.toHaveBeenCalled();
    run.task.cancel();
  });

  it('a backend without two-factor of its own cannot go on, and says so', async () => {
    const run = start(verifyStep);
    run.backend.accountMfa = { ...run.mfa, available: false };
    await until(() => expect(run.state().status).toBe('signedOut'));
    run.dispatch(loginRequested({ email: admin.email, password: 'right password' }));
    await until(() => expect(run.state().notice).toBe(NO_SECOND_STEP));
    expect(run.state().secondStep).toBeNull();
    run.task.cancel();
  });
});

describe("the sign-in's second step: setting two-factor up (the server requires it)", () => {
  it('makes the secret with the challenge, confirms a code, shows the recovery codes, and opens the console only once they are saved', async () => {
    const run = await signInTo(enrolStep);
    await until(() => expect(run.state().secondStep?.enrolment).not.toBeNull());
    expect(run.mfa.startEnrolment).toHaveBeenCalledWith({ challenge: 'signed-challenge' });
    expect(run.state().secondStep).toMatchObject({ step: 'enrol', pending: false, enrolment: { secret: 'JBSWY3DPEHPK3PXP' } });

    run.mfa.confirmEnrolment.mockRejectedValueOnce(refusedWith(401, MFA_ERRORS.invalidCode, 'The code is not valid'));
    run.dispatch(codeSubmitted({ code: '000000' }));
    await until(() => expect(run.state().secondStep?.error).toBe(WRONG_CODE));

    run.dispatch(codeSubmitted({ code: '492039' }));
    await until(() => expect(run.state().secondStep?.recoveryCodes).toEqual(codes));
    expect(run.mfa.confirmEnrolment).toHaveBeenLastCalledWith({ challenge: 'signed-challenge', code: '492039' });
    expect(run.mfa.openSession).not.toHaveBeenCalled();
    expect(run.state().status).toBe('signedOut');

    run.dispatch(recoveryCodesSaved());
    await until(() => expect(run.state().status).toBe('signedIn'));
    expect(run.mfa.openSession).toHaveBeenCalledWith(session);
    run.task.cancel();
  });

  it('making the secret failing says why, and Try again makes it again', async () => {
    const run = start(enrolStep);
    run.mfa.startEnrolment.mockRejectedValueOnce(new HttpError('NETWORK', 'Could not reach the server.'));
    await until(() => expect(run.state().status).toBe('signedOut'));
    run.dispatch(loginRequested({ email: admin.email, password: 'right password' }));
    await until(() =>
      expect(run.state().secondStep).toMatchObject({ pending: false, enrolment: null, error: 'Could not reach the server.' }),
    );
    run.dispatch(enrolmentRetried());
    await until(() => expect(run.state().secondStep?.enrolment).not.toBeNull());
    expect(run.mfa.startEnrolment).toHaveBeenCalledTimes(2);
    expect(run.state().secondStep?.error).toBeNull();
    run.task.cancel();
  });

  it('an expired challenge while setting up goes back to the password', async () => {
    const run = await signInTo(enrolStep);
    await until(() => expect(run.state().secondStep?.enrolment).not.toBeNull());
    run.mfa.confirmEnrolment.mockRejectedValueOnce(refusedWith(401, MFA_ERRORS.invalidChallenge, 'The sign-in step has expired'));
    run.dispatch(codeSubmitted({ code: '492039' }));
    await until(() => expect(run.state().notice).toBe(SECOND_STEP_ENDED));
    expect(run.state().secondStep).toBeNull();
    run.task.cancel();
  });
});
