// The server's log as an operator collects it: JSON lines with a request id (taken from X-Request-Id when plain,
// made otherwise, echoed in the answer), and never a password, a session token or an Authorization header, at the
// most talkative level, over a full sign-in, renewal, an import and sign-out; nor any two-factor secret, code, recovery
// code or challenge over an enrolment and both kinds of second step. The same logger main.ts uses
// (server/src/http/logging.ts); server/test/shutdown.test.ts greps a real process's log the same way.
import { generate } from 'otplib';
import { TOTP_PERIOD_SECONDS } from '../../contract/mfa';
import type { MfaEnrolment } from '../../contract/schemas/mfa';
import type { SignInSecondStep, SignInSession } from '../../contract/schemas/auth';
import { createAccount } from '../src/auth/accounts';
import { serverLogger } from '../src/http/logging';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { createTestApp, type TestApp } from './testApp';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: 'accounts',
    logger: serverLogger({ level: 'trace', stream: { write: (line: string) => void lines.push(line) } }),
  });
});
afterAll(async () => t?.close());

describe('the log', () => {
  it('holds JSON lines with request ids, and no password, token or Authorization header of a full session and an import', async () => {
    const wrongPassword = 'not-the-admin-password-7731';
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: DEMO_ADMIN.email, password: wrongPassword },
    });
    expect(wrong.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      headers: { 'x-request-id': 'proxy-trace-0001' },
    });
    expect(signIn.headers['x-request-id']).toBe('proxy-trace-0001');
    const { token } = signIn.json() as SignInSession;
    const auth = { authorization: `Bearer ${token}` };
    const renewed = (await t.app.inject({ method: 'POST', url: '/auth/renew', headers: auth })).json() as { token: string };
    const run = (
      await t.app.inject({ method: 'POST', url: '/api/admin/import-runs', payload: { fileName: 'logged.csv' }, headers: auth })
    ).json() as {
      id: number;
    };
    const names = ['Logga', 'Loggi'].map((name) => ({ name, gender: 'female', nationality: 'logland' }));
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/admin/names/bulk-import',
      payload: { names, runId: run.id },
      headers: auth,
    });
    expect(batch.statusCode).toBe(200);
    // A refused batch (an invalid row) and an unknown path are logged too.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/names/bulk-import',
      payload: { names: [{ name: '', gender: 'x', nationality: '' }], runId: run.id },
      headers: auth,
    });
    await t.app.inject({ method: 'GET', url: `/api/nothing-here?token=${token}`, headers: auth });
    const finished = await t.app.inject({
      method: 'POST',
      url: `/api/admin/import-runs/${run.id}/finish`,
      payload: { state: 'done', report: { rowsRead: 3, rowsSkipped: 1, skippedByReason: { 'missing-field': 1 }, encoding: 'UTF-8' } },
      headers: auth,
    });
    expect(finished.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/sign-out', headers: { authorization: `Bearer ${renewed.token}` } })).statusCode,
    ).toBe(204);

    const text = lines.join('');
    const records = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; path?: string; statusCode?: number });
    // Every line is one JSON object; each request left an access line with its id and path (without the query).
    expect(records.length).toBeGreaterThan(10);
    const access = records.filter((record) => record.msg === 'request');
    expect(access.length).toBeGreaterThanOrEqual(9);
    for (const record of access) expect(record.reqId).toEqual(expect.any(String));
    expect(access).toContainEqual(expect.objectContaining({ reqId: 'proxy-trace-0001', path: '/auth/sign-in', statusCode: 200 }));
    expect(access).toContainEqual(expect.objectContaining({ path: '/api/nothing-here', statusCode: 404 }));

    for (const secret of [DEMO_ADMIN.password, wrongPassword, token, renewed.token, t.adminToken, t.userToken, 'Bearer']) {
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
    }
    // The JWTs' signatures alone (the part a partial leak would show).
    for (const jwt of [token, renewed.token]) expect(text).not.toContain(jwt.split('.')[2]);
  });

  it('holds no two-factor secret, code, recovery code or challenge of an enrolment, a code sign-in and a recovery-code sign-in', async () => {
    const from = lines.length;
    const uid = 'log-mfa-admin';
    const email = 'log-mfa@example.test';
    const password = 'log mfa password 42';
    await createAccount(t.db, { uid, email, password });
    await t.db.query('INSERT INTO users (uid, email, is_admin) VALUES ($1, $2, true)', [uid, email]);
    const post = (url: string, payload: object, token?: string) =>
      t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
    const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
    const codeOf = (secret: string, at: number) => generate({ secret, epoch: at * TOTP_PERIOD_SECONDS + 1 });

    const { token } = (await post('/auth/sign-in', { email, password })).json() as SignInSession;
    const enrolment = (await post('/auth/mfa/enrolment', {}, token)).json() as MfaEnrolment;
    const confirmCode = await codeOf(enrolment.secret, step);
    // A refused code first (its digits shifted), then the right one.
    const refusedCode = `${(Number(confirmCode[0]) + 1) % 10}${confirmCode.slice(1)}`;
    expect((await post('/auth/mfa/enrolment/confirm', { code: refusedCode }, token)).statusCode).toBe(401);
    const confirmed = await post('/auth/mfa/enrolment/confirm', { code: confirmCode }, token);
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes, session } = confirmed.json() as { recoveryCodes: string[]; session: SignInSession };

    const first = (await post('/auth/sign-in', { email, password })).json() as SignInSecondStep;
    const verifyCode = await codeOf(enrolment.secret, step + 1);
    const verified = await post('/auth/mfa/verify', { challenge: first.challenge, code: verifyCode });
    expect(verified.statusCode).toBe(200);
    const second = (await post('/auth/sign-in', { email, password })).json() as SignInSecondStep;
    const recovered = await post('/auth/mfa/verify', { challenge: second.challenge, recoveryCode: recoveryCodes[0] });
    expect(recovered.statusCode).toBe(200);
    const { rows } = await t.db.query<{ sealed_secret: string }>('SELECT sealed_secret FROM account_mfa WHERE uid = $1', [uid]);

    const text = lines.slice(from).join('');
    // The flow was logged (an access line per request), at the most talkative level.
    expect(text).toContain('/auth/mfa/verify');
    expect(text).toContain('/auth/mfa/enrolment/confirm');
    const texts = [
      enrolment.secret,
      enrolment.otpauthUrl,
      encodeURIComponent(enrolment.otpauthUrl),
      rows[0]!.sealed_secret,
      first.challenge,
      second.challenge,
      session.token,
      (verified.json() as SignInSession).token,
      (recovered.json() as SignInSession).token,
      ...recoveryCodes,
      ...recoveryCodes.map((code) => code.replace('-', '')),
    ];
    for (const secret of texts) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
    // A six-digit code only standing alone: timestamps and ids are full of digit runs where one could turn up by chance.
    for (const code of [confirmCode, refusedCode, verifyCode]) {
      expect({ code, found: new RegExp(`(?<![\\d.])${code}(?![\\d.])`).test(text) }).toEqual({ code, found: false });
    }
  });

  it('takes a plain X-Request-Id, and makes one for a missing or unruly one', async () => {
    const plain = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'a1b2-C3D4.e5:f6/g7' } });
    expect(plain.headers['x-request-id']).toBe('a1b2-C3D4.e5:f6/g7');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const unruly of ['x'.repeat(129), 'two words', '<script>', '"quoted"', 'ü-umlaut']) {
      const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': unruly } });
      expect({ unruly, id: response.headers['x-request-id'] }).toEqual({ unruly, id: expect.stringMatching(uuid) });
    }
    const none = await t.app.inject({ url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(uuid);
    // Errors carry it too (a report of a failure can be found in the log).
    const missing = await t.app.inject({ url: '/api/names', headers: { 'x-request-id': 'report-42' } });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['x-request-id']).toBe('report-42');
  });
});
