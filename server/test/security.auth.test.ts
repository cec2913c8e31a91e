// The auth table over EVERY registered route (collected with onRoute, so routes added
// later by anyone are covered without editing this file), with every kind of token that must not pass.
import type { RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import type { SignInSession } from '../../contract/schemas/auth';
import { createAccount } from '../src/auth/accounts';
import { createSessionTokens, nowSeconds } from '../src/auth/tokens';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { freshClaims } from './sessionClaims';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

const routes: { method: string; url: string }[] = [];
let t: TestApp;
const tokens: Record<string, string | undefined> = {};
const tally = { tried: 0, refused: 0 };

beforeAll(async () => {
  t = await createTestApp({
    seed: 'accounts',
    // As npm start serves it: the console's static file route beside /api and /auth.
    served: true,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  const key = new TextEncoder().encode(TEST_SESSION_SECRET);
  tokens['no token'] = undefined;
  tokens['a garbage token'] = 'garbage';
  tokens['a token without exp'] = await new SignJWT({ email: DEMO_ADMIN.email, sid: 'no-exp', sv: 1, auth_time: nowSeconds() })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(DEMO_ADMIN.uid)
    .setIssuer('baby-names-admin')
    .setIssuedAt()
    .sign(key);
  tokens['an "alg: none" token'] = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
    JSON.stringify({
      sub: DEMO_ADMIN.uid,
      email: DEMO_ADMIN.email,
      sid: 'x',
      sv: 1,
      auth_time: nowSeconds(),
      iat: nowSeconds(),
      exp: nowSeconds() + 60,
    }),
  ).toString('base64url')}.`;
  tokens['a token of another secret'] = (
    await createSessionTokens('another-secret-of-at-least-32-characters').sign(freshClaims(DEMO_ADMIN.uid, DEMO_ADMIN.email))
  ).token;
  tokens['an expired token'] = (
    await createSessionTokens(TEST_SESSION_SECRET).sign(freshClaims(DEMO_ADMIN.uid, DEMO_ADMIN.email), -1)
  ).token;

  // A real admin session, signed out.
  await createAccount(t.db, { uid: 'auth-table-admin', email: 'auth-table@babynames.test', password: 'auth-table-pw' });
  await t.db.query(`INSERT INTO users (uid, email, is_admin) VALUES ('auth-table-admin', 'auth-table@babynames.test', true)`);
  const signIn = async () =>
    (
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/sign-in',
          payload: { email: 'auth-table@babynames.test', password: 'auth-table-pw' },
        })
      ).json() as SignInSession
    ).token;
  const revoked = await signIn();
  await t.app.inject({ method: 'POST', url: '/auth/sign-out', headers: { authorization: `Bearer ${revoked}` } });
  tokens['a signed-out (revoked) token'] = revoked;
  // A real admin session whose admin was then demoted and promoted again (the old token stays dead).
  const demoted = await signIn();
  await t.db.query(`UPDATE users SET is_admin = false WHERE uid = 'auth-table-admin'`);
  await t.db.query(`UPDATE users SET is_admin = true WHERE uid = 'auth-table-admin'`);
  tokens['a token from before a demotion'] = demoted;
});
afterAll(async () => {
  console.log(
    `auth table: ${routes.filter(isApi).length} /api routes; ${tally.tried} requests tried, ${tally.refused} refused as expected`,
  );
  await t?.close();
});

const isApi = (route: { url: string }) => route.url === '/api' || route.url.startsWith('/api/');
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x');

describe('every /api route refuses what is not a live admin session', () => {
  it('found the routes, teammates’ included', () => {
    expect(routes.filter(isApi).length).toBeGreaterThan(15);
  });

  it.each([
    ['no token', 401],
    ['a garbage token', 401],
    ['a token without exp', 401],
    ['an "alg: none" token', 401],
    ['a token of another secret', 401],
    ['an expired token', 401],
    ['a signed-out (revoked) token', 401],
    ['a token from before a demotion', 401],
    ['a non-admin token', 403],
  ])('%s: %i on every route, as JSON', async (label, expected) => {
    const token = label === 'a non-admin token' ? t.userToken : tokens[label];
    const failures: string[] = [];
    for (const route of routes.filter(isApi)) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      tally.tried += 1;
      const json = route.method === 'HEAD' || response.headers['content-type']?.toString().startsWith('application/json');
      if (response.statusCode === expected && json) tally.refused += 1;
      else failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ['/api/no-such-route', undefined, 401],
    ['/api/admin/secret-thing', undefined, 401],
    ['/api/no-such-route', 'USER', 403],
    ['/api/no-such-route', 'ADMIN', 404],
  ])('unknown path %s with %s answers %i (a stranger cannot map the routes)', async (url, who, expected) => {
    const token = who === 'USER' ? t.userToken : who === 'ADMIN' ? t.adminToken : undefined;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      tally.tried += 1;
      expect(`${method} ${response.statusCode}`).toBe(`${method} ${expected}`);
      tally.refused += 1;
    }
  });

  it('the /auth endpoints that need a session refuse the same tokens', async () => {
    const failures: string[] = [];
    for (const url of ['/auth/account', '/auth/record', '/auth/renew']) {
      for (const label of Object.keys(tokens)) {
        const token = tokens[label];
        const response = await t.app.inject({
          method: url === '/auth/renew' ? 'POST' : 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        tally.tried += 1;
        if (response.statusCode === 401) tally.refused += 1;
        else failures.push(`${url} with ${label}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
