// Two-factor sign-in on the reference backend (contract/mfa.ts): enrolment signed in and after the password under
// REQUIRE_MFA, the second step with a code (replay, window, back-off) or a recovery code (single use), challenges
// and sessions never taken for each other, recovery codes renewed, turning it off, an admin's reset, the secret
// sealed at rest and unreadable under another session secret, and the trail of all of it holding no secret or code.
// Codes are made from the secret the enrolment answers, with otplib, as an authenticator app makes them.
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import { MFA_ACTIONS, MFA_ERRORS, MFA_RECOVERY_CODE_COUNT, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '../../contract/mfa';
import type { MfaEnrolment, MfaStatus } from '../../contract/schemas/mfa';
import type { SignInSecondStep, SignInSession } from '../../contract/schemas/auth';
import type { OperatorsPage } from '../../contract/schemas/operators';
import { OPERATOR_ACTIONS, OPERATOR_ERRORS } from '../../contract/operators';
import { buildApp } from '../src/app';
import { createAccount } from '../src/auth/accounts';
import { CHALLENGE_AUDIENCE, CHALLENGE_TYPE, createMfaChallenges } from '../src/auth/mfa/challenges';
import { MFA_MESSAGES, MFA_UNREADABLE } from '../src/auth/mfa/mfaErrors';
import { checkCodeIn } from '../src/auth/mfa/mfaStore';
import { createSecretBox } from '../src/auth/mfa/secretBox';
import { newSessionId, nowSeconds } from '../src/auth/tokens';
import { createMetrics } from '../src/http/metrics';
import { WRONG_CURRENT_PASSWORD } from '../src/operators/ownPassword';
import { createReferenceDirectory } from '../src/operators/referenceDirectory';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { operationsSettingsFromEnv } from '../src/settings';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

let t: TestApp;
/** The same database served with REQUIRE_MFA=1. */
let required: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
  required = await buildApp({ db: t.db, sessionSecret: TEST_SESSION_SECRET, requireMfa: true });
  await required.ready();
});
afterAll(async () => {
  await required?.close();
  await t?.close();
});

/** Every secret, code, recovery code, challenge and token this file sees: none may be on the trail (last test). */
const secrets = new Set<string>();
const remember = <T extends string>(secret: T): T => {
  secrets.add(secret);
  return secret;
};
/**
 * Whether `text` holds `secret`: a six-digit code only standing alone (timestamps and ids are full of digit runs,
 * where a code would turn up by chance).
 */
const holds = (text: string, secret: string) =>
  /^\d{6}$/.test(secret) ? new RegExp(`(?<![\\d.])${secret}(?![\\d.])`).test(text) : text.includes(secret);

type Method = 'GET' | 'POST';
const call = (
  method: Method,
  url: string,
  { token, payload, app = t.app, ip }: { token?: string; payload?: object; app?: FastifyInstance; ip?: string } = {},
) =>
  app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
    ...(ip ? { remoteAddress: ip } : {}),
  });
const stats = (token: string, app = t.app) => call('GET', '/api/swipes/stats', { token, app });

let serial = 0;
/** A new admin account with a password and no second factor. */
async function newAdmin(): Promise<{ uid: string; email: string; password: string }> {
  serial += 1;
  const uid = `mfa-admin-${serial}`;
  const email = `mfa-admin-${serial}@example.test`;
  const password = `mfa admin password ${serial}`;
  await createAccount(t.db, { uid, email, password });
  await t.db.query('INSERT INTO users (uid, email, display_name, is_admin) VALUES ($1, $2, $3, true)', [uid, email, `MFA Admin ${serial}`]);
  return { uid, email, password };
}

const signIn = (email: string, password: string, app = t.app, ip?: string) =>
  call('POST', '/auth/sign-in', { payload: { email, password }, app, ip });
async function session(email: string, password: string, app = t.app): Promise<SignInSession> {
  const response = await signIn(email, password, app);
  expect(response.statusCode).toBe(200);
  const answer = response.json() as SignInSession & { step?: string };
  expect(answer.step).toBeUndefined();
  return answer;
}
async function secondStep(email: string, password: string, app = t.app): Promise<SignInSecondStep> {
  const response = await signIn(email, password, app);
  expect(response.statusCode).toBe(200);
  const answer = response.json() as SignInSecondStep;
  expect(answer).not.toHaveProperty('token');
  remember(answer.challenge);
  return answer;
}

/**
 * The codes an authenticator app would show, each once: the current step's, then the next one's (both inside the
 * server's window even if a step boundary passes meanwhile). A third within the same step would be refused as a
 * replay, as it should: the test waits for the clock instead.
 */
const lastStep = new Map<string, number>();
async function nextCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  let step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
  if (step > now + 1) {
    await new Promise((resolve) => setTimeout(resolve, ((now + 1) * TOTP_PERIOD_SECONDS - Date.now() / 1000) * 1000 + 50));
    step = Math.max(Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS), (lastStep.get(secret) ?? -1) + 1);
  }
  lastStep.set(secret, step);
  return remember(await generate({ secret, epoch: step * TOTP_PERIOD_SECONDS + 1 }));
}
/** The code of a step `offset` steps from now, whether or not it is inside the window. */
const codeAt = async (secret: string, offset: number) =>
  remember(await generate({ secret, epoch: (Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + offset) * TOTP_PERIOD_SECONDS + 1 }));
/** A code that is none of the window's: the right code's digits, one changed. */
const wrongCode = (right: string) => `${(Number(right[0]) + 1) % 10}${right.slice(1)}`;

async function enrol(token: string, app = t.app): Promise<MfaEnrolment> {
  const response = await call('POST', '/auth/mfa/enrolment', { token, payload: {}, app });
  expect(response.statusCode).toBe(200);
  const enrolment = response.json() as MfaEnrolment;
  remember(enrolment.secret);
  remember(enrolment.otpauthUrl);
  return enrolment;
}
async function confirm(token: string, secret: string): Promise<{ recoveryCodes: string[]; session: SignInSession; code: string }> {
  const code = await nextCode(secret);
  const response = await call('POST', '/auth/mfa/enrolment/confirm', { token, payload: { code } });
  expect(response.statusCode).toBe(200);
  const answer = response.json() as { recoveryCodes: string[]; session: SignInSession };
  answer.recoveryCodes.forEach(remember);
  remember(answer.session.token);
  return { ...answer, code };
}
/** A new admin with two-factor on (enrolled signed in), and what they hold. */
async function adminWithMfa() {
  const admin = await newAdmin();
  const first = await session(admin.email, admin.password);
  const { secret } = await enrol(first.token);
  const confirmed = await confirm(first.token, secret);
  return { ...admin, secret, recoveryCodes: confirmed.recoveryCodes, token: confirmed.session.token, confirmedWith: confirmed.code };
}
const verify = (challenge: string, body: { code: string } | { recoveryCode: string }, app = t.app, ip?: string) =>
  call('POST', '/auth/mfa/verify', { payload: { challenge, ...body }, app, ip });
const status = async (token: string, app = t.app) => {
  const response = await call('GET', '/auth/mfa', { token, app });
  expect(response.statusCode).toBe(200);
  return response.json() as MfaStatus;
};
async function trail(uid: string, action?: string) {
  const { rows } = await t.db.query<{
    action: string;
    actor_uid: string;
    target_id: string | null;
    details: Record<string, unknown> | null;
  }>(
    `SELECT action, actor_uid, target_id, details FROM console_actions
      WHERE (actor_uid = $1 OR target_id = $1) AND ($2::text IS NULL OR action = $2) ORDER BY id`,
    [uid, action ?? null],
  );
  return rows;
}
function expectError(response: { statusCode: number; json(): unknown }, statusCode: number, error: string, message?: string) {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
    statusCode,
    body: expect.objectContaining({ error, ...(message ? { message } : {}) }),
  });
}

describe('signing in without two-factor', () => {
  it('answers a session, as before', async () => {
    const admin = await newAdmin();
    const answer = await session(admin.email, admin.password);
    expect(answer).toEqual({
      token: expect.any(String),
      expiresAt: expect.any(String),
      account: expect.objectContaining({ uid: admin.uid }),
    });
    expect((await stats(answer.token)).statusCode).toBe(200);
    expect(await status(answer.token)).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
  });
});

describe('enrolling while signed in', () => {
  it('turns two-factor on with a code of the new secret: ten recovery codes, the other sessions ended, a fresh session', async () => {
    const admin = await newAdmin();
    const first = await session(admin.email, admin.password);
    const other = await session(admin.email, admin.password);

    const enrolment = await enrol(first.token);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(enrolment.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/${TOTP_ISSUER}:${admin.email}`);
    expect(url.searchParams.get('secret')).toBe(enrolment.secret);
    expect(url.searchParams.get('issuer')).toBe(TOTP_ISSUER);
    // Pending: sign-in still answers a session, and the status says off.
    expect((await status(first.token)).enabled).toBe(false);
    await session(admin.email, admin.password);

    // The secret at rest is sealed, not the base32 an app reads.
    const { rows } = await t.db.query<{ sealed_secret: string; confirmed_at: Date | null }>(
      'SELECT sealed_secret, confirmed_at FROM account_mfa WHERE uid = $1',
      [admin.uid],
    );
    expect(rows[0]!.confirmed_at).toBeNull();
    expect(rows[0]!.sealed_secret).not.toContain(enrolment.secret);
    expect(Buffer.from(rows[0]!.sealed_secret, 'base64').toString('latin1')).not.toContain(enrolment.secret);
    expect(Buffer.from(rows[0]!.sealed_secret, 'base64').length).toBeGreaterThan(12 + 16);

    // A wrong code leaves it pending.
    const code = await nextCode(enrolment.secret);
    const refused = await call('POST', '/auth/mfa/enrolment/confirm', { token: first.token, payload: { code: wrongCode(code) } });
    expectError(refused, 401, MFA_ERRORS.invalidCode, MFA_MESSAGES.invalidCode);
    expect((await status(first.token)).enabled).toBe(false);

    const response = await call('POST', '/auth/mfa/enrolment/confirm', { token: first.token, payload: { code } });
    expect(response.statusCode).toBe(200);
    const confirmed = response.json() as { recoveryCodes: string[]; session: SignInSession };
    confirmed.recoveryCodes.forEach(remember);
    expect(confirmed.recoveryCodes).toHaveLength(MFA_RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.recoveryCodes).size).toBe(MFA_RECOVERY_CODE_COUNT);
    for (const recoveryCode of confirmed.recoveryCodes) expect(recoveryCode).toMatch(/^[0-9A-HJ-NP-Z]{5}-[0-9A-HJ-NP-Z]{5}$/);
    expect(confirmed.session.account).toEqual({ uid: admin.uid, email: admin.email, displayName: `MFA Admin ${serial}` });

    // Every session from before has ended (the caller's old token too); the answer's token works.
    expect((await stats(first.token)).statusCode).toBe(401);
    expect((await stats(other.token)).statusCode).toBe(401);
    expect((await stats(confirmed.session.token)).statusCode).toBe(200);
    expect(await status(confirmed.session.token)).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });

    // On already: a new enrolment is refused.
    expectError(await call('POST', '/auth/mfa/enrolment', { token: confirmed.session.token, payload: {} }), 409, MFA_ERRORS.alreadyOn);
    expect((await trail(admin.uid)).map((row) => row.action)).toEqual(
      expect.arrayContaining([MFA_ACTIONS.enrolmentStarted, MFA_ACTIONS.codeRefused, MFA_ACTIONS.enrolled]),
    );
  });

  it('refuses a confirmation without an enrolment, and an enrolment without a session or challenge', async () => {
    const admin = await newAdmin();
    const { token } = await session(admin.email, admin.password);
    expectError(await call('POST', '/auth/mfa/enrolment/confirm', { token, payload: { code: '123456' } }), 409, MFA_ERRORS.notOn);
    expect((await call('POST', '/auth/mfa/enrolment', { payload: {} })).statusCode).toBe(401);
    expect((await call('GET', '/auth/mfa')).statusCode).toBe(401);
  });

  it('a second enrolment replaces a pending secret: a code of the first no longer confirms', async () => {
    const admin = await newAdmin();
    const { token } = await session(admin.email, admin.password);
    const first = await enrol(token);
    const second = await enrol(token);
    expect(second.secret).not.toBe(first.secret);
    const stale = await call('POST', '/auth/mfa/enrolment/confirm', { token, payload: { code: await nextCode(first.secret) } });
    expectError(stale, 401, MFA_ERRORS.invalidCode);
    expect(
      (await call('POST', '/auth/mfa/enrolment/confirm', { token, payload: { code: await nextCode(second.secret) } })).statusCode,
    ).toBe(200);
  });
});

describe('signing in with two-factor on', () => {
  let admin: Awaited<ReturnType<typeof adminWithMfa>>;
  beforeAll(async () => {
    admin = await adminWithMfa();
  });

  it('answers a second step, not a session; a code opens the session; the same code again is refused', async () => {
    const step = await secondStep(admin.email, admin.password);
    expect(step).toEqual({ step: 'verify', challenge: expect.any(String), expiresAt: expect.any(String), email: admin.email });
    const lifetime = Date.parse(step.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);

    // The code that turned it on, a moment ago: used already.
    expectError(await verify(step.challenge, { code: admin.confirmedWith }), 401, MFA_ERRORS.invalidCode, MFA_MESSAGES.invalidCode);
    const code = await nextCode(admin.secret);
    const verified = await verify(step.challenge, { code });
    expect(verified.statusCode).toBe(200);
    const opened = verified.json() as SignInSession;
    remember(opened.token);
    expect(opened.account.uid).toBe(admin.uid);
    expect((await stats(opened.token)).statusCode).toBe(200);
    const signIns = await trail(admin.uid, OPERATOR_ACTIONS.signIn);
    expect(signIns.at(-1)!.details).toEqual({ address: '127.0.0.1', secondFactor: 'totp' });

    // Replay: the same code, with a fresh challenge, within its step.
    const again = await secondStep(admin.email, admin.password);
    expectError(await verify(again.challenge, { code }), 401, MFA_ERRORS.invalidCode, MFA_MESSAGES.invalidCode);
    // A code of a step far from now: the same answer, whichever way.
    expectError(
      await verify(again.challenge, { code: await codeAt(admin.secret, 5) }),
      401,
      MFA_ERRORS.invalidCode,
      MFA_MESSAGES.invalidCode,
    );
    expectError(
      await verify(again.challenge, { code: await codeAt(admin.secret, -4) }),
      401,
      MFA_ERRORS.invalidCode,
      MFA_MESSAGES.invalidCode,
    );
    const refusedOnTrail = await trail(admin.uid, MFA_ACTIONS.codeRefused);
    expect(refusedOnTrail.at(-1)).toMatchObject({
      actor_uid: admin.uid,
      details: { address: '127.0.0.1', during: 'sign_in', kind: 'code' },
    });
  });

  it('takes a recovery code once; the status counts what is left', async () => {
    const [first, second] = admin.recoveryCodes;
    const step = await secondStep(admin.email, admin.password);
    const opened = await verify(step.challenge, { recoveryCode: first! });
    expect(opened.statusCode).toBe(200);
    const { token } = opened.json() as SignInSession;
    remember(token);
    expect((await stats(token)).statusCode).toBe(200);
    expect(await status(token)).toEqual({ enabled: true, recoveryCodesLeft: 9, required: false });

    const reused = await secondStep(admin.email, admin.password);
    expectError(await verify(reused.challenge, { recoveryCode: first! }), 401, MFA_ERRORS.invalidCode);
    // Typed without the dash: the same code.
    expect((await verify(reused.challenge, { recoveryCode: second!.replace('-', '') })).statusCode).toBe(200);
    expect((await status(token)).recoveryCodesLeft).toBe(8);
    expect((await trail(admin.uid, MFA_ACTIONS.recoveryCodeUsed)).map((row) => row.details)).toEqual([
      { address: '127.0.0.1', left: 9 },
      { address: '127.0.0.1', left: 8 },
    ]);
    expect((await trail(admin.uid, OPERATOR_ACTIONS.signIn)).at(-1)!.details).toEqual({
      address: '127.0.0.1',
      secondFactor: 'recovery_code',
    });
  });

  it('two requests with the same code at once: one session, one refusal', async () => {
    const racer = await adminWithMfa();
    const [a, b] = [await secondStep(racer.email, racer.password), await secondStep(racer.email, racer.password)];
    const code = await nextCode(racer.secret);
    const answers = await Promise.all([verify(a.challenge, { code }), verify(b.challenge, { code })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('the replay guard holds for two checks of one code in two transactions at once (PostgreSQL: truly concurrent)', async () => {
    const racer = await adminWithMfa();
    const box = createSecretBox(TEST_SESSION_SECRET);
    const actor = { uid: racer.uid, email: racer.email };
    const code = await nextCode(racer.secret);
    const check = () => t.db.transaction((tx) => checkCodeIn(tx, box, actor, code, { address: '10.79.0.1', during: 'sign_in' }));
    // Three connections open and idle first, so no check waits for one to be made while another runs through.
    await Promise.all([1, 2, 3].map(() => t.db.query('SELECT pg_sleep(0.05)')));
    expect((await Promise.all([check(), check(), check()])).sort()).toEqual(['ok', 'refused', 'refused']);
  });

  it('counts wrong codes like wrong passwords: the eleventh gets 429 with Retry-After, the right code too', async () => {
    const other = await adminWithMfa();
    const ip = '10.77.0.1';
    const step = await secondStep(other.email, other.password);
    const right = await codeAt(other.secret, 0);
    for (let i = 0; i < 10; i += 1)
      expectError(await verify(step.challenge, { code: wrongCode(right) }, t.app, ip), 401, MFA_ERRORS.invalidCode);
    const limited = await verify(step.challenge, { code: wrongCode(right) }, t.app, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      error: 'rate_limited',
      message: expect.stringMatching(/^Too many code attempts\. Try again in \d+ seconds\.$/),
    });
    expect((await verify(step.challenge, { code: right }, t.app, ip)).statusCode).toBe(429);
    const refusals = await trail(other.uid, MFA_ACTIONS.codeRefused);
    expect(refusals.filter((row) => row.details?.reason === 'rate_limited').length).toBe(2);
    expect(refusals.filter((row) => row.details?.address === ip).length).toBe(12);
  });
});

describe('challenges and sessions are never taken for each other', () => {
  let admin: Awaited<ReturnType<typeof adminWithMfa>>;
  beforeAll(async () => {
    admin = await adminWithMfa();
  });

  it('a challenge opens neither /api nor the session routes', async () => {
    const { challenge } = await secondStep(admin.email, admin.password);
    expect((await stats(challenge)).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/auth/account'],
      ['GET', '/auth/mfa'],
      ['POST', '/auth/renew'],
    ] as const) {
      expect({ url, status: (await call(method, url, { token: challenge })).statusCode }).toEqual({ url, status: 401 });
    }
  });

  it("the guard refuses a token typed or addressed as a challenge, even one with a session's claims and key", async () => {
    const key = new TextEncoder().encode(TEST_SESSION_SECRET);
    const token = (header: { typ?: string }, audience?: string) => {
      const jwt = new SignJWT({ email: admin.email, sid: newSessionId(), sv: 1, auth_time: nowSeconds() })
        .setProtectedHeader({ alg: 'HS256', ...header })
        .setSubject(admin.uid)
        .setIssuer('baby-names-admin')
        .setIssuedAt()
        .setExpirationTime(nowSeconds() + 60);
      return (audience ? jwt.setAudience(audience) : jwt).sign(key);
    };
    await t.db.query('UPDATE accounts SET session_version = 1 WHERE uid = $1', [admin.uid]);
    expect((await stats(await token({ typ: CHALLENGE_TYPE }))).statusCode).toBe(401);
    expect((await stats(await token({ typ: 'JWT' }, CHALLENGE_AUDIENCE))).statusCode).toBe(401);
    // The control: the same token typed and addressed as a session is one.
    expect((await stats(await token({ typ: 'JWT' }))).statusCode).toBe(200);
  });

  it('a session token is not a challenge', async () => {
    expectError(await verify(admin.token, { code: '123456' }), 401, MFA_ERRORS.invalidChallenge, MFA_MESSAGES.invalidChallenge);
    const enrolling = await call('POST', '/auth/mfa/enrolment', { payload: { challenge: admin.token } });
    expectError(enrolling, 401, MFA_ERRORS.invalidChallenge);
  });

  it('an expired challenge, one of another key, one of another step or of an account changed since are refused', async () => {
    const challenges = createMfaChallenges(TEST_SESSION_SECRET);
    const { rows } = await t.db.query<{ session_version: number }>('SELECT session_version FROM accounts WHERE uid = $1', [admin.uid]);
    const sessionVersion = rows[0]!.session_version;
    const code = () => codeAt(admin.secret, 0);
    const expired = await challenges.sign({ uid: admin.uid, sessionVersion, step: 'verify' }, nowSeconds() - 6 * 60);
    expectError(await verify(remember(expired.challenge), { code: await code() }), 401, MFA_ERRORS.invalidChallenge);
    const foreign = await createMfaChallenges('another-secret-of-at-least-32-characters').sign({
      uid: admin.uid,
      sessionVersion,
      step: 'verify',
    });
    expectError(await verify(remember(foreign.challenge), { code: await code() }), 401, MFA_ERRORS.invalidChallenge);
    const enrolStep = await challenges.sign({ uid: admin.uid, sessionVersion, step: 'enrol' });
    expectError(await verify(remember(enrolStep.challenge), { code: await code() }), 401, MFA_ERRORS.invalidChallenge);
    // The control: the same kind of challenge, current, gets past the challenge check (to the code's).
    const current = await challenges.sign({ uid: admin.uid, sessionVersion, step: 'verify' });
    expectError(await verify(remember(current.challenge), { code: wrongCode(await code()) }), 401, MFA_ERRORS.invalidCode);
    // A change of the account that ends its sessions (a password, a deactivation: its version bumped) voids them too.
    await t.db.query('UPDATE accounts SET session_version = session_version + 1 WHERE uid = $1', [admin.uid]);
    expectError(await verify(current.challenge, { code: await code() }), 401, MFA_ERRORS.invalidChallenge);
  });
});

describe('recovery codes renewed', () => {
  it('takes a code; the old set stops working, the new one works', async () => {
    const admin = await adminWithMfa();
    const wrong = await call('POST', '/auth/mfa/recovery-codes', {
      token: admin.token,
      payload: { code: wrongCode(await codeAt(admin.secret, 0)) },
    });
    expectError(wrong, 401, MFA_ERRORS.invalidCode);
    const response = await call('POST', '/auth/mfa/recovery-codes', {
      token: admin.token,
      payload: { code: await nextCode(admin.secret) },
    });
    expect(response.statusCode).toBe(200);
    const { recoveryCodes } = response.json() as { recoveryCodes: string[] };
    recoveryCodes.forEach(remember);
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.filter((code) => admin.recoveryCodes.includes(code))).toEqual([]);
    const step = await secondStep(admin.email, admin.password);
    expectError(await verify(step.challenge, { recoveryCode: admin.recoveryCodes[0]! }), 401, MFA_ERRORS.invalidCode);
    expect((await verify(step.challenge, { recoveryCode: recoveryCodes[0]! })).statusCode).toBe(200);
    expect((await trail(admin.uid, MFA_ACTIONS.recoveryCodesRenewed)).length).toBe(1);
  });

  it('refuses without two-factor on', async () => {
    const admin = await newAdmin();
    const { token } = await session(admin.email, admin.password);
    expectError(await call('POST', '/auth/mfa/recovery-codes', { token, payload: { code: '123456' } }), 409, MFA_ERRORS.notOn);
  });
});

describe('turning it off', () => {
  it('asks the current password (wrong: 401 as POST /auth/password answers); then sign-in needs no code', async () => {
    const admin = await adminWithMfa();
    const wrong = await call('POST', '/auth/mfa/disable', { token: admin.token, payload: { currentPassword: 'not the password at all' } });
    expectError(wrong, 401, OPERATOR_ERRORS.wrongCurrentPassword, WRONG_CURRENT_PASSWORD);
    expect((await status(admin.token)).enabled).toBe(true);
    const off = await call('POST', '/auth/mfa/disable', { token: admin.token, payload: { currentPassword: admin.password } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    expect((await stats(admin.token)).statusCode).toBe(200);
    await session(admin.email, admin.password);
    expect((await trail(admin.uid, MFA_ACTIONS.disabled)).length).toBe(1);
    expectError(
      await call('POST', '/auth/mfa/disable', { token: admin.token, payload: { currentPassword: admin.password } }),
      409,
      MFA_ERRORS.notOn,
    );
    const { rows } = await t.db.query('SELECT 1 FROM account_mfa_recovery_codes WHERE uid = $1', [admin.uid]);
    expect(rows).toEqual([]);
  });
});

describe('REQUIRE_MFA=1', () => {
  it('sign-in without two-factor answers the enrolment step; the challenge enrols and the confirmation opens the session', async () => {
    const admin = await newAdmin();
    const step = await secondStep(admin.email, admin.password, required);
    expect(step).toMatchObject({ step: 'enrol', email: admin.email });
    // The enrolment challenge is no verification challenge, nor a session.
    expectError(await verify(step.challenge, { code: '123456' }, required), 401, MFA_ERRORS.invalidChallenge);
    expect((await stats(step.challenge, required)).statusCode).toBe(401);

    const enrolling = await call('POST', '/auth/mfa/enrolment', { payload: { challenge: step.challenge }, app: required });
    expect(enrolling.statusCode).toBe(200);
    const { secret } = enrolling.json() as MfaEnrolment;
    remember(secret);
    const confirming = await call('POST', '/auth/mfa/enrolment/confirm', {
      payload: { challenge: step.challenge, code: await nextCode(secret) },
      app: required,
    });
    expect(confirming.statusCode).toBe(200);
    const confirmed = confirming.json() as { recoveryCodes: string[]; session: SignInSession };
    confirmed.recoveryCodes.forEach(remember);
    remember(confirmed.session.token);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect((await stats(confirmed.session.token, required)).statusCode).toBe(200);
    expect((await trail(admin.uid, OPERATOR_ACTIONS.signIn)).map((row) => row.details)).toEqual([
      { address: '127.0.0.1', secondFactor: 'enrolment' },
    ]);
    // Used up: turning it on changed the account's version.
    expectError(
      await call('POST', '/auth/mfa/enrolment', { payload: { challenge: step.challenge }, app: required }),
      401,
      MFA_ERRORS.invalidChallenge,
    );

    expect(await status(confirmed.session.token, required)).toEqual({ enabled: true, recoveryCodesLeft: 10, required: true });
    const disable = await call('POST', '/auth/mfa/disable', {
      token: confirmed.session.token,
      payload: { currentPassword: admin.password },
      app: required,
    });
    expectError(disable, 409, MFA_ERRORS.required, MFA_MESSAGES.required);
    expect((await secondStep(admin.email, admin.password, required)).step).toBe('verify');
  });
});

describe("an admin's reset", () => {
  it("turns another operator's two-factor off, ends their sessions, and is on the trail", async () => {
    const target = await adminWithMfa();
    const page = async () => (await call('GET', '/api/admin/operators', { token: t.adminToken })).json() as OperatorsPage;
    const before = await page();
    expect(before.capabilities.resetMfa).toBe(true);
    expect(before.operators.find((o) => o.uid === target.uid)?.mfaEnabled).toBe(true);

    const reset = await call('POST', `/api/admin/operators/${target.uid}/reset-mfa`, { token: t.adminToken });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ uid: target.uid, mfaEnabled: false });
    expect((await page()).operators.find((o) => o.uid === target.uid)?.mfaEnabled).toBe(false);
    expect((await stats(target.token)).statusCode).toBe(401);
    await session(target.email, target.password);
    expect(await trail(target.uid, MFA_ACTIONS.reset)).toEqual([
      expect.objectContaining({ actor_uid: DEMO_ADMIN.uid, target_id: target.uid }),
    ]);

    // Not one's own (that asks the password), not an unknown user; no second factor: nothing to do.
    expect((await call('POST', `/api/admin/operators/${DEMO_ADMIN.uid}/reset-mfa`, { token: t.adminToken })).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/operators/no-such-user/reset-mfa', { token: t.adminToken })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/operators/${target.uid}/reset-mfa`, { token: t.adminToken })).statusCode).toBe(200);
    expect((await trail(target.uid, MFA_ACTIONS.reset)).length).toBe(1);
  });
});

describe('a directory without resets (Firebase mode keeps its own second factors)', () => {
  it('answers 501 to a reset', async () => {
    const reference = createReferenceDirectory(t.db);
    const { resetMfa: _none, ...withoutReset } = reference;
    const app = await buildApp({
      db: t.db,
      sessionSecret: TEST_SESSION_SECRET,
      operatorDirectory: { ...withoutReset, capabilities: { ...reference.capabilities, resetMfa: false } },
    });
    try {
      const response = await call('POST', '/api/admin/operators/anyone/reset-mfa', { token: t.adminToken, app });
      expect(response.statusCode).toBe(501);
      expect(response.json()).toMatchObject({ error: 'not_available' });
    } finally {
      await app.close();
    }
  });
});

describe('the metrics', () => {
  it('count refused codes, and code attempts over the limit, among the refused sign-ins', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const app = await buildApp({
      db: t.db,
      sessionSecret: TEST_SESSION_SECRET,
      metrics,
      signInRateLimit: { max: 2, timeWindowMs: 60_000 },
    });
    try {
      const admin = await adminWithMfa();
      const { challenge } = await secondStep(admin.email, admin.password, app);
      const wrong = wrongCode(await codeAt(admin.secret, 0));
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await verify(challenge, { code: wrong }, app, '10.78.0.1')).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
      const { text } = await metrics.exposition();
      expect(text).toContain('sign_in_failures_total{reason="invalid_mfa_code"} 2');
      expect(text).toContain('sign_in_failures_total{reason="rate_limited"} 1');
    } finally {
      await app.close();
    }
  });
});

describe('the REQUIRE_MFA setting', () => {
  it('reads 1 and 0 (unset is off) and stops the start on anything else, naming it', () => {
    expect(operationsSettingsFromEnv({ REQUIRE_MFA: '1' }).requireMfa).toBe(true);
    expect(operationsSettingsFromEnv({ REQUIRE_MFA: '0' }).requireMfa).toBe(false);
    expect(operationsSettingsFromEnv({}).requireMfa).toBe(false);
    expect(() => operationsSettingsFromEnv({ REQUIRE_MFA: 'maybe' })).toThrow('REQUIRE_MFA must be 0 or 1, got "maybe"');
  });
});

describe('another session secret', () => {
  it('cannot read the secret: a code is refused with a plain message (fail closed), a recovery code still signs in', async () => {
    const admin = await adminWithMfa();
    const elsewhere = await buildApp({ db: t.db, sessionSecret: 'a-different-session-secret-0123456789' });
    try {
      const step = await secondStep(admin.email, admin.password, elsewhere);
      const refused = await verify(step.challenge, { code: await codeAt(admin.secret, 0) }, elsewhere);
      expectError(refused, 409, MFA_UNREADABLE, MFA_MESSAGES.unreadable);
      const recovered = await verify(step.challenge, { recoveryCode: admin.recoveryCodes[0]! }, elsewhere);
      expect(recovered.statusCode).toBe(200);
      expect((await stats((recovered.json() as SignInSession).token, elsewhere)).statusCode).toBe(200);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('the trail', () => {
  it('holds no secret, code, recovery code, challenge or token of this file', async () => {
    const { rows } = await t.db.query<{ all: unknown }>("SELECT coalesce(json_agg(c), '[]'::json) AS all FROM console_actions c");
    const text = JSON.stringify(rows[0]!.all);
    expect(secrets.size).toBeGreaterThan(50);
    const found = [...secrets].filter((secret) => holds(text, secret));
    expect(found).toEqual([]);
  });
});
