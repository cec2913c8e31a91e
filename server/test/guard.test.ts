import type { FastifyRequest, RouteOptions } from 'fastify';
import type { SignInSession } from '../../contract/schemas/auth';
import { createAccount } from '../src/auth/accounts';
import { tokenOf } from '../src/auth/guard';
import { createSessionTokens } from '../src/auth/tokens';
import { freshClaims } from './sessionClaims';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

// The routes are collected as Fastify registers them (onRoute), so a route added later by anyone,
// in any plugin under /api, is checked here without editing this file.
const routes: { method: string; url: string }[] = [];
const collect = (route: RouteOptions) => {
  for (const method of [route.method].flat()) routes.push({ method, url: route.url });
};

let t: TestApp;
let baseUrl: string;
let noRecordToken: string;
let expiredAdminToken: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts', onRoute: collect });
  // An account that can sign in but has no end-user record.
  await createAccount(t.db, { uid: 'guard-no-record', email: 'guard-norecord@babynames.test', password: 'guard-norecord-pw' });
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    payload: { email: 'guard-norecord@babynames.test', password: 'guard-norecord-pw' },
  });
  noRecordToken = (signedIn.json() as SignInSession).token;
  expiredAdminToken = (await createSessionTokens(TEST_SESSION_SECRET).sign(freshClaims(DEMO_ADMIN.uid, DEMO_ADMIN.email), -1)).token;
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => t?.close());

const apiRoutes = () => routes.filter((route) => route.url === '/api' || route.url.startsWith('/api/'));
/** A concrete URL for a route pattern: every :param becomes '1', a wildcard 'x'. */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x');

/** The status of a request, read from the response head only (streams such as SSE never end). */
async function statusOf(method: string, url: string, token?: string): Promise<number> {
  const controller = new AbortController();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  if (withBody) headers['content-type'] = 'application/json';
  const response = await fetch(baseUrl + url, { method, headers, body: withBody ? '{}' : undefined, signal: controller.signal });
  controller.abort();
  return response.status;
}

describe('every /api route demands an admin session', () => {
  it('finds the routes to check, the names plugins’ included', () => {
    const urls = apiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/swipes/stats',
        'GET /api/admin/health',
        'GET /api/users/:uid',
        'POST /api/users',
        'GET /api/documents/counts',
        'GET /api/live/counts',
        'GET /api/names',
        'POST /api/admin/names/bulk-import',
        'GET /api/users',
        'PATCH /api/users/:uid',
        'DELETE /api/users/:uid',
        'GET /api/audit-logs',
        'GET /api/audit-logs/stats',
      ]),
    );
  });

  it.each([
    ['no token', 401, undefined],
    ['a garbage token', 401, 'garbage'],
    ['an expired admin token', 401, 'EXPIRED'],
    ['a non-admin token', 403, 'USER'],
    ['a token of an account without a user record', 403, 'NO_RECORD'],
  ])('answers %s with %i JSON on every route', async (_label, expected, which) => {
    const token = which === 'USER' ? t.userToken : which === 'NO_RECORD' ? noRecordToken : which === 'EXPIRED' ? expiredAdminToken : which;
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (response.statusCode !== expected) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
      else if (route.method !== 'HEAD' && !response.headers['content-type']?.toString().startsWith('application/json'))
        failures.push(`${route.method} ${route.url}: not JSON`);
    }
    expect(failures).toEqual([]);
  });

  it('lets the admin through on every route (no 401/403)', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const status = await statusOf(route.method, concrete(route.url), t.adminToken);
      if (status === 401 || status === 403) failures.push(`${route.method} ${route.url}: ${status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('token in the query string', () => {
  it('is never accepted, not even on the live stream (the console sends the Authorization header)', async () => {
    expect(await statusOf('GET', `/api/live/counts?access_token=${t.adminToken}`)).toBe(401);
    expect(await statusOf('GET', `/api/swipes/stats?access_token=${t.adminToken}`)).toBe(401);
  });
});

describe('the Authorization header', () => {
  const token = (authorization?: string) => tokenOf({ headers: authorization === undefined ? {} : { authorization } } as FastifyRequest);

  it('reads the token after "Bearer", any case, any run of spaces, trailing spaces ignored', () => {
    expect(token('Bearer abc.def')).toBe('abc.def');
    expect(token('bearer   abc.def')).toBe('abc.def');
    expect(token('BEARER\tabc.def  ')).toBe('abc.def');
  });

  it('refuses anything else: no header, another scheme, text before "Bearer", two tokens, no token', () => {
    expect(token()).toBeNull();
    expect(token('Basic abc')).toBeNull();
    expect(token('xBearer abc')).toBeNull();
    expect(token('Bearer abc def')).toBeNull();
    expect(token('Bearer abc x')).toBeNull();
    expect(token('Bearer ')).toBeNull();
    expect(token('Bearerabc')).toBeNull();
  });
});

describe('each refusal says why', () => {
  const reason = async (authorization?: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/swipes/stats', headers: authorization ? { authorization } : {} });
    return `${response.statusCode} ${response.body}`;
  };

  it('401 "Sign-in required" without a token, "Invalid or expired session" for a bad or expired one, 403 "Admin access required" for a non-admin', async () => {
    expect(await reason()).toMatch(/^401 .*Sign-in required/);
    expect(await reason('Basic abc')).toMatch(/^401 .*Sign-in required/);
    expect(await reason('Bearer garbage')).toMatch(/^401 .*Invalid or expired session/);
    expect(await reason(`Bearer ${expiredAdminToken}`)).toMatch(/^401 .*Invalid or expired session/);
    expect(await reason(`Bearer ${t.userToken}`)).toMatch(/^403 .*Admin access required/);
    expect(await reason(`Bearer ${noRecordToken}`)).toMatch(/^403 .*Admin access required/);
    expect(await reason(`Bearer ${t.adminToken}`)).toMatch(/^200 /);
  });
});
