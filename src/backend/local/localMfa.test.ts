import { MFA_ERRORS } from '../../../contract/mfa';
import { config } from '../../../jest/env.mock';
import { CURRENT_CODE, FAKE_SECRET, mfaDb } from '../../../mocks/fakeMfa';
import { CURRENT_PASSWORD, operatorsDb } from '../../../mocks/operators.handlers';
import { demoAdmin, FIXTURE_EXPIRES_AT } from '../../../mocks/session.handlers';
import { memoryTokenStore } from '../../../mocks/fakeBackend';
import { createLocalAuth } from './localAuth';
import { MFA_NOT_SIGNED_IN, createLocalMfa } from './localMfa';
import { onUnauthorized } from '../../api/http';

const signedInAs = (token: string | null) => ({
  getIdToken: jest.fn(async () => token),
  adoptToken: jest.fn(),
  adoptSession: jest.fn(),
});
const port = (auth: ReturnType<typeof signedInAs>) => createLocalMfa({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000, auth });

beforeEach(() => {
  mfaDb.reset();
  operatorsDb.reset();
});

describe('local two-factor adapter', () => {
  it("reads the signed-in account's status with its token", async () => {
    mfaDb.turnOn({ uid: 'admin-1', email: 'admin@example.com', displayName: null });
    await expect(port(signedInAs('fake-token')).status()).resolves.toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
  });

  it('refuses signed-in calls without a session, before any request', async () => {
    await expect(port(signedInAs(null)).status()).rejects.toMatchObject({ status: 401, reason: MFA_NOT_SIGNED_IN });
    expect(mfaDb.calls).toEqual([]);
  });

  it("enrols signed in: the secret, then a code; the answer's fresh token replaces this session's at once", async () => {
    const auth = signedInAs('fake-token');
    const mfa = port(auth);
    await expect(mfa.startEnrolment({})).resolves.toMatchObject({ secret: FAKE_SECRET });
    const confirmed = await mfa.confirmEnrolment({ code: CURRENT_CODE });
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(auth.adoptToken).toHaveBeenCalledWith({ token: confirmed.session.token, expiresAt: FIXTURE_EXPIRES_AT });
    expect(auth.adoptSession).not.toHaveBeenCalled();
    expect(mfaDb.calls.map((c) => [c.route, c.body, c.authorization])).toEqual([
      ['POST /auth/mfa/enrolment', {}, 'Bearer fake-token'],
      ['POST /auth/mfa/enrolment/confirm', { code: CURRENT_CODE }, 'Bearer fake-token'],
    ]);
  });

  it('a wrong code or password refused with 401 carries its error code and does not end the session', async () => {
    const ended = jest.fn();
    const stop = onUnauthorized(ended);
    mfaDb.turnOn({ uid: 'admin-1', email: 'admin@example.com', displayName: null });
    const mfa = port(signedInAs('fake-token'));
    await expect(mfa.renewRecoveryCodes('000000')).rejects.toMatchObject({ status: 401, detail: { code: MFA_ERRORS.invalidCode } });
    await expect(mfa.disable('not the password')).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
    await expect(mfa.disable(CURRENT_PASSWORD)).resolves.toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    stop();
  });

  it("a second step's calls carry the challenge and no session; a recovery code goes in the form the server hashes", async () => {
    mfaDb.turnOn(demoAdmin.account);
    const step = mfaDb.secondStepFor(demoAdmin.account)!;
    const [code] = mfaDb.accounts.get('admin-1')!.recoveryCodes;
    const typed = ` ${code.replace('-', ' ').toLowerCase()} `;
    const auth = signedInAs(null);
    const session = await port(auth).verify({ challenge: step.challenge, recoveryCode: typed });
    expect(session.account).toEqual(demoAdmin.account);
    expect(mfaDb.calls).toEqual([
      { route: 'POST /auth/mfa/verify', body: { challenge: step.challenge, recoveryCode: code }, authorization: null },
    ]);
    // Not signed in by the answer alone: the caller opens it (openSession).
    expect(auth.adoptSession).not.toHaveBeenCalled();
    await port(auth).openSession(session);
    expect(auth.adoptSession).toHaveBeenCalledWith(session);
  });

  it('an enrolment with a challenge answers the session without opening it (the recovery codes come first)', async () => {
    mfaDb.required = true;
    const step = mfaDb.secondStepFor(demoAdmin.account)!;
    expect(step.step).toBe('enrol');
    const auth = signedInAs(null);
    const mfa = port(auth);
    await mfa.startEnrolment({ challenge: step.challenge });
    const confirmed = await mfa.confirmEnrolment({ challenge: step.challenge, code: CURRENT_CODE });
    expect(confirmed.session.account).toEqual(demoAdmin.account);
    expect(auth.adoptToken).not.toHaveBeenCalled();
    expect(auth.adoptSession).not.toHaveBeenCalled();
    expect(mfaDb.calls.every((c) => c.authorization === null)).toBe(true);
  });

  it('an expired challenge is refused with its own error code', async () => {
    await expect(port(signedInAs(null)).verify({ challenge: 'challenge-gone', code: CURRENT_CODE })).rejects.toMatchObject({
      status: 401,
      detail: { code: MFA_ERRORS.invalidChallenge },
    });
  });
});

describe('local auth with a second step', () => {
  it('a right password of an account with two-factor answers the step: nobody is signed in and nothing is stored', async () => {
    mfaDb.turnOn(demoAdmin.account);
    const store = memoryTokenStore();
    const auth = createLocalAuth({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000, store });
    await auth.ready;
    const seen: unknown[] = [];
    auth.observeAccount((account) => seen.push(account));
    const answer = await auth.signIn(demoAdmin.account.email!, demoAdmin.password);
    expect(answer).toMatchObject({ step: 'verify', email: demoAdmin.account.email, challenge: expect.any(String) });
    expect(store.value).toBeNull();
    expect(await auth.getIdToken()).toBeNull();

    const session = await createLocalMfa({ authBaseUrl: config.authBaseUrl, timeoutMs: 10_000, auth }).verify({
      challenge: (answer as { challenge: string }).challenge,
      code: CURRENT_CODE,
    });
    auth.adoptSession(session);
    expect(store.value).toEqual({ token: session.token, expiresAt: session.expiresAt });
    expect(await auth.getIdToken()).toBe(session.token);
    expect(seen).toEqual([null, demoAdmin.account]);
  });
});
