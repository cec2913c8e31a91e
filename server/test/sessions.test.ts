// Sessions end when they should: sign-out, demotion, deactivation, password change,
// tokens without exp/iat, quiet renewal, and open live-count streams closed when their session ends.
import { SignJWT } from 'jose';
import type { RenewResponse, SignInSession } from '../../contract/schemas/auth';
import { createAccount } from '../src/auth/accounts';
import { hashPassword } from '../src/auth/password';
import { SESSION_ENDED } from '../src/auth/sessions';
import { createSessionTokens, nowSeconds, SESSION_MAX_SECONDS, SESSION_TTL_SECONDS } from '../src/auth/tokens';
import { freshClaims } from './sessionClaims';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts', sessionCheckMs: 100 });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => t?.close());

let serial = 0;
/** A fresh admin account (so one test's demotion never touches another's), signed in. */
async function newAdmin(): Promise<{ uid: string; email: string; password: string; token: string }> {
  serial += 1;
  const uid = `session-admin-${serial}`;
  const email = `${uid}@babynames.test`;
  const password = `pw-${uid}`;
  await createAccount(t.db, { uid, email, password });
  await t.db.query('INSERT INTO users (uid, email, is_admin) VALUES ($1, $2, true)', [uid, email]);
  return { uid, email, password, token: await signIn(email, password) };
}

async function signIn(email: string, password: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return (response.json() as SignInSession).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const getStats = (token: string) => t.app.inject({ method: 'GET', url: '/api/swipes/stats', headers: bearer(token) });
const post = (url: string, token: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });

describe('sign-out', () => {
  it('revokes the token on the server: the old token answers 401 afterwards', async () => {
    const admin = await newAdmin();
    expect((await getStats(admin.token)).statusCode).toBe(200);
    expect((await post('/auth/sign-out', admin.token)).statusCode).toBe(204);
    const after = await getStats(admin.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'unauthorized', message: SESSION_ENDED.signedOut });
    expect((await t.app.inject({ method: 'GET', url: '/auth/account', headers: bearer(admin.token) })).statusCode).toBe(401);
    expect((await post('/auth/renew', admin.token)).statusCode).toBe(401);
  });

  it('ends every renewal of the session too, and leaves the account’s other sessions alone', async () => {
    const admin = await newAdmin();
    const otherSession = await signIn(admin.email, admin.password);
    const renewed = await post('/auth/renew', admin.token);
    expect(renewed.statusCode).toBe(200);
    const renewedToken = (renewed.json() as RenewResponse).token;
    expect((await post('/auth/sign-out', renewedToken)).statusCode).toBe(204);
    expect((await getStats(admin.token)).statusCode).toBe(401);
    expect((await getStats(renewedToken)).statusCode).toBe(401);
    expect((await getStats(otherSession)).statusCode).toBe(200);
  });
});

describe('changes to the account end its sessions, whichever way the row changes', () => {
  it('demotion (is_admin false) ends the session; promoting again does not revive the old token', async () => {
    const admin = await newAdmin();
    await t.db.query('UPDATE users SET is_admin = false WHERE uid = $1', [admin.uid]);
    const demoted = await getStats(admin.token);
    expect(demoted.statusCode).toBe(401);
    expect(demoted.json()).toMatchObject({ message: SESSION_ENDED.accountChanged });
    await t.db.query('UPDATE users SET is_admin = true WHERE uid = $1', [admin.uid]);
    expect((await getStats(admin.token)).statusCode).toBe(401);
    expect((await getStats(await signIn(admin.email, admin.password))).statusCode).toBe(200);
  });

  it('deactivation ends the session, and a deactivated account cannot sign in', async () => {
    const admin = await newAdmin();
    await t.db.query('UPDATE users SET account_active = false WHERE uid = $1', [admin.uid]);
    expect((await getStats(admin.token)).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email: admin.email, password: admin.password } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'account_inactive', message: SESSION_ENDED.inactive });
  });

  it('a password change ends the session', async () => {
    const admin = await newAdmin();
    await t.db.query('UPDATE accounts SET password_hash = $2 WHERE uid = $1', [admin.uid, await hashPassword('a-new-password')]);
    expect((await getStats(admin.token)).statusCode).toBe(401);
  });

  it('deleting the user record ends the session', async () => {
    const admin = await newAdmin();
    await t.db.query('DELETE FROM users WHERE uid = $1', [admin.uid]);
    expect((await getStats(admin.token)).statusCode).toBe(401);
  });

  it('an unrelated change to the record (premium, last login) keeps the session', async () => {
    const admin = await newAdmin();
    await t.db.query('UPDATE users SET is_premium = true, last_login = now() WHERE uid = $1', [admin.uid]);
    expect((await getStats(admin.token)).statusCode).toBe(200);
  });
});

describe('token claims', () => {
  const key = new TextEncoder().encode(TEST_SESSION_SECRET);
  /** A token signed with the real secret, with exactly the claims given. */
  const handMade = (payload: Record<string, unknown>) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setSubject('demo-admin').setIssuer('baby-names-admin').sign(key);
  const claims = () => ({ email: 'admin@babynames.test', sid: 'hand-made', sv: 1, auth_time: nowSeconds() });

  it('refuses a token without exp, even signed with the secret', async () => {
    const token = await handMade({ ...claims(), iat: nowSeconds() });
    expect((await getStats(token)).statusCode).toBe(401);
  });

  it('refuses a token without iat', async () => {
    const token = await handMade({ ...claims(), exp: nowSeconds() + 60 });
    expect((await getStats(token)).statusCode).toBe(401);
  });

  it('refuses a token that lives longer than the session lifetime allows', async () => {
    const token = await handMade({ ...claims(), iat: nowSeconds(), exp: nowSeconds() + 8 * 60 * 60 });
    expect((await getStats(token)).statusCode).toBe(401);
  });

  it('accepts a complete token of the current version (the control for the three above)', async () => {
    const token = await handMade({ ...claims(), iat: nowSeconds(), exp: nowSeconds() + 60 });
    expect((await getStats(token)).statusCode).toBe(200);
  });
});

describe('quiet renewal', () => {
  it('gives a fresh token of the same session, at most SESSION_TTL_SECONDS long', async () => {
    const admin = await newAdmin();
    const before = Date.now();
    const renewed = await post('/auth/renew', admin.token);
    expect(renewed.statusCode).toBe(200);
    const body = renewed.json() as RenewResponse;
    expect(Date.parse(body.expiresAt) - before).toBeLessThanOrEqual(SESSION_TTL_SECONDS * 1000 + 1000);
    expect((await getStats(body.token)).statusCode).toBe(200);
  });

  it('never renews past the session’s maximum length from the password sign-in', async () => {
    const tokens = createSessionTokens(TEST_SESSION_SECRET);
    const almostOver = nowSeconds() - SESSION_MAX_SECONDS + 5;
    const { token } = await tokens.sign(freshClaims('demo-admin', 'admin@babynames.test', { startedAt: almostOver }));
    const renewed = await post('/auth/renew', token);
    expect(renewed.statusCode).toBe(200);
    const expiresAt = Date.parse((renewed.json() as RenewResponse).expiresAt);
    expect(expiresAt).toBeLessThanOrEqual((almostOver + SESSION_MAX_SECONDS) * 1000);
  });
});

describe('live-count streams', () => {
  async function openStream(token: string) {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/live/counts`, { headers: bearer(token), signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    /** Reads until the stream ends (or the deadline), returning everything it sent. */
    async function readToEnd(timeoutMs: number): Promise<{ text: string; ended: boolean }> {
      const deadline = setTimeout(() => controller.abort(), timeoutMs);
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return { text, ended: true };
          text += value;
        }
      } catch {
        return { text, ended: false };
      } finally {
        clearTimeout(deadline);
      }
    }
    return { response, readToEnd, close: () => controller.abort() };
  }

  it.each([
    ['demoted', (uid: string) => t.db.query('UPDATE users SET is_admin = false WHERE uid = $1', [uid])],
    ['deactivated', (uid: string) => t.db.query('UPDATE users SET account_active = false WHERE uid = $1', [uid])],
  ])('closes an open stream when its admin is %s, saying why', async (_label, change) => {
    const admin = await newAdmin();
    const stream = await openStream(admin.token);
    expect(stream.response.status).toBe(200);
    await change(admin.uid);
    const { text, ended } = await stream.readToEnd(5000);
    expect(ended).toBe(true);
    expect(text).toContain('event: session-ended');
    expect(text).toContain(SESSION_ENDED.accountChanged);
  });

  it('closes an open stream when its session signs out', async () => {
    const admin = await newAdmin();
    const stream = await openStream(admin.token);
    await post('/auth/sign-out', admin.token);
    const { text, ended } = await stream.readToEnd(5000);
    expect(ended).toBe(true);
    expect(text).toContain(SESSION_ENDED.signedOut);
  });

  it('keeps the stream of a session that still holds (the control)', async () => {
    const admin = await newAdmin();
    const stream = await openStream(admin.token);
    const { text, ended } = await stream.readToEnd(600);
    expect(ended).toBe(false);
    expect(text).toContain('event: counts');
    expect(text).not.toContain('session-ended');
    stream.close();
  });
});
