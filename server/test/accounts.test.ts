import type { UserRecord } from '../../contract/schemas/usersAudit';
import type { AuthAccount, SignInSession } from '../../contract/schemas/auth';
import { buildApp } from '../src/app';
import { createAccount } from '../src/auth/accounts';
import { createSessionTokens } from '../src/auth/tokens';
import { freshClaims } from './sessionClaims';
import { DEMO_ADMIN, DEMO_USER } from '../src/seed/demoAccounts';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

// Small limits so the 429s are reachable; attempts are counted per IP + email and per IP.
const RATE_LIMIT_MAX = 3;
const RATE_LIMIT_MAX_PER_IP = 10;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: 'accounts',
    signInRateLimit: { max: RATE_LIMIT_MAX, timeWindowMs: 60_000, maxPerIp: RATE_LIMIT_MAX_PER_IP },
  });
  await createAccount(t.db, { uid: 'limit-owner', email: 'limit.owner@babynames.test', password: 'limit-owner-password' });
});
afterAll(async () => t?.close());

/** From 127.0.0.1, or from `ip` (each rate-limit test uses its own, so the per-IP counts do not mix). */
const signIn = (email: string, password: string, ip?: string) =>
  t.app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email, password }, ...(ip ? { remoteAddress: ip } : {}) });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('POST /auth/sign-in', () => {
  it('returns a token, its expiry (30 min, renewed while active) and the account for the right password', async () => {
    const response = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(response.statusCode).toBe(200);
    const body = response.json() as SignInSession;
    expect(body.account).toEqual({ uid: DEMO_ADMIN.uid, email: DEMO_ADMIN.email, displayName: DEMO_ADMIN.displayName });
    expect(body.token.split('.')).toHaveLength(3);
    const hours = (Date.parse(body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.49);
    expect(hours).toBeLessThanOrEqual(0.5);
  });

  it('treats the email case-insensitively', async () => {
    const response = await signIn(DEMO_ADMIN.email.toUpperCase(), DEMO_ADMIN.password);
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password with 401 and the spec text', async () => {
    const response = await signIn(DEMO_USER.email, 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password' });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const response = await signIn('nobody@babynames.test', 'whatever-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password' });
  });

  it('names the missing or malformed field with 400', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email: DEMO_ADMIN.email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'bad_request', field: 'password' });
    const malformed = await signIn('not-an-email', 'x');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'bad_request', field: 'email' });
  });

  it('rate-limits failed attempts per IP and email with 429, leaving other emails alone', async () => {
    const email = 'target@babynames.test';
    for (let attempt = 0; attempt < RATE_LIMIT_MAX; attempt += 1) {
      expect((await signIn(email, `guess-${attempt}`)).statusCode).toBe(401);
    }
    const limited = await signIn(email, 'one-more-guess');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another email from the same client is not affected, and successes never lock anyone out.
    for (let attempt = 0; attempt < RATE_LIMIT_MAX + 2; attempt += 1) {
      expect((await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).statusCode).toBe(200);
    }
  });

  it('counts parallel attempts before checking them, so a burst cannot get past the limit', async () => {
    const burst = await Promise.all(
      Array.from({ length: RATE_LIMIT_MAX + 5 }, (_, i) => signIn('burst@babynames.test', `guess-${i}`, '10.0.0.1')),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(RATE_LIMIT_MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('clears the IP + email count on a successful sign-in', async () => {
    const ip = '10.0.0.2';
    const owner = 'limit.owner@babynames.test';
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < RATE_LIMIT_MAX - 1; attempt += 1)
        expect((await signIn(owner, `typo-${attempt}`, ip)).statusCode).toBe(401);
      expect((await signIn(owner, 'limit-owner-password', ip)).statusCode).toBe(200);
    }
    // Without the reset, those 3 * RATE_LIMIT_MAX attempts would have hit the limit long ago.
    expect((await signIn(owner, 'one-more-typo', ip)).statusCode).toBe(401);
  });

  it('limits one IP across emails (password spraying), leaving other IPs alone', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < RATE_LIMIT_MAX_PER_IP; i += 1)
      expect((await signIn(`spray-${i}@babynames.test`, 'Password1', ip)).statusCode).toBe(401);
    const limited = await signIn('spray-last@babynames.test', 'Password1', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password, ip)).statusCode).toBe(429);
    expect((await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password, '10.0.0.4')).statusCode).toBe(200);
  });

  it('counts attempts in the database, so a second server on it counts the same ones', async () => {
    const second = await buildApp({
      db: t.db,
      sessionSecret: TEST_SESSION_SECRET,
      logger: false,
      signInRateLimit: { max: RATE_LIMIT_MAX, timeWindowMs: 60_000, maxPerIp: RATE_LIMIT_MAX_PER_IP },
    });
    try {
      const ip = '10.0.0.6';
      const statuses: number[] = [];
      for (let attempt = 0; attempt < RATE_LIMIT_MAX + 1; attempt += 1) {
        const app = attempt % 2 === 0 ? t.app : second;
        const response = await app.inject({
          method: 'POST',
          url: '/auth/sign-in',
          payload: { email: DEMO_USER.email, password: `typo-${attempt}` },
          remoteAddress: ip,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(RATE_LIMIT_MAX).fill(401), 429]);
    } finally {
      await second.close();
    }
  });

  it('never limits an IP by its successes', async () => {
    const ip = '10.0.0.5';
    for (let attempt = 0; attempt < RATE_LIMIT_MAX_PER_IP + 2; attempt += 1) {
      expect((await signIn(DEMO_USER.email, DEMO_USER.password, ip)).statusCode).toBe(200);
    }
  });
});

describe('session tokens', () => {
  const tokens = createSessionTokens(TEST_SESSION_SECRET);

  it('rejects an expired token with 401', async () => {
    const { token } = await tokens.sign(freshClaims(DEMO_ADMIN.uid, DEMO_ADMIN.email), -60);
    const response = await get('/auth/account', token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('rejects a token signed with another secret with 401', async () => {
    const forged = await createSessionTokens('some-other-secret-of-at-least-32-chars!').sign(freshClaims(DEMO_ADMIN.uid, DEMO_ADMIN.email));
    expect((await get('/auth/account', forged.token)).statusCode).toBe(401);
    expect((await get('/api/swipes/stats', forged.token)).statusCode).toBe(401);
  });

  it('rejects a token whose payload was altered with 401', async () => {
    const [header, , signature] = t.userToken.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: DEMO_ADMIN.uid, email: DEMO_ADMIN.email, iss: 'baby-names-admin', exp: 9_999_999_999 }),
    ).toString('base64url');
    expect((await get('/api/swipes/stats', `${header}.${payload}.${signature}`)).statusCode).toBe(401);
  });

  it('rejects a token of an account that no longer exists with 401', async () => {
    const { token } = await tokens.sign(freshClaims('deleted-account', 'gone@babynames.test'));
    expect((await get('/auth/account', token)).statusCode).toBe(401);
  });

  it('rejects missing and malformed Authorization headers with 401', async () => {
    expect((await get('/auth/account')).statusCode).toBe(401);
    const basic = await t.app.inject({ method: 'GET', url: '/auth/account', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
    expect((await get('/auth/account', 'not.a.jwt')).statusCode).toBe(401);
  });
});

describe('GET /auth/account and /auth/record', () => {
  it('returns the signed-in account, admin or not', async () => {
    const admin = await get('/auth/account', t.adminToken);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual<AuthAccount>({ uid: DEMO_ADMIN.uid, email: DEMO_ADMIN.email, displayName: DEMO_ADMIN.displayName });
    const user = await get('/auth/account', t.userToken);
    expect(user.json()).toEqual<AuthAccount>({ uid: DEMO_USER.uid, email: DEMO_USER.email, displayName: DEMO_USER.displayName });
  });

  it('returns the caller’s own user record in the contract’s shape', async () => {
    const response = await get('/auth/record', t.adminToken);
    expect(response.statusCode).toBe(200);
    const record = response.json() as UserRecord;
    expect(record).toMatchObject({
      uid: DEMO_ADMIN.uid,
      email: DEMO_ADMIN.email,
      username: DEMO_ADMIN.username,
      displayName: DEMO_ADMIN.displayName,
      isAdmin: true,
      isPremium: false,
      accountActive: true,
      preferredGender: 'all',
      preferredNationality: 'all',
      preferredLanguage: 'english',
      connectionRequestSent: false,
      dailySwipeCount: 0,
      totalActiveTimeFormatted: '0h 0m 0s',
      notificationSettings: {
        matchedName: true,
        connectionRequest: true,
        connectionConfirmed: true,
        connectionRejected: true,
        partnerDisconnected: true,
        dailyReminder: false,
      },
    });
    // Dates are ISO strings; signing in stamped lastLogin.
    expect(new Date(record.createdAt!).toISOString()).toBe(record.createdAt);
    expect(Date.now() - Date.parse(record.lastLogin!)).toBeLessThan(120_000);
    const user = (await get('/auth/record', t.userToken)).json() as UserRecord;
    expect(user).toMatchObject({ uid: DEMO_USER.uid, isAdmin: false });
  });

  it('answers 404 JSON when the account has no user record', async () => {
    await createAccount(t.db, { uid: 'no-record', email: 'norecord@babynames.test', password: 'norecord-password' });
    const signedIn = await signIn('norecord@babynames.test', 'norecord-password');
    expect(signedIn.statusCode).toBe(200);
    const token = (signedIn.json() as SignInSession).token;
    const response = await get('/auth/record', token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
    // and such an account does not pass the admin guard
    expect((await get('/api/swipes/stats', token)).statusCode).toBe(403);
  });
});

describe('POST /auth/sign-out', () => {
  it('answers 204 with or without a JSON content type and an empty body', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/sign-out' })).statusCode).toBe(204);
    const withHeader = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.adminToken}` },
    });
    expect(withHeader.statusCode).toBe(204);
    expect(withHeader.body).toBe('');
  });
});
