import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { UserRecord } from '../../contract/schemas/usersAudit';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/types';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
});
afterAll(async () => t?.close());

const admin = () => ({ authorization: `Bearer ${t.adminToken}` });

describe('unknown routes', () => {
  it.each(['/nope', '/api/nope', '/auth/nope', '/api'])('GET %s answers 404 JSON', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: admin() });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('never echoes the query string (it may carry a token)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nope?access_token=secret-value' });
    expect(response.body).not.toContain('secret-value');
  });
});

describe('input validation', () => {
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/users', headers: { ...admin(), ...headers }, payload: payload as string });

  it.each([
    ['a missing email', { username: 'x' }, 'email'],
    ['a malformed email', { email: 'not-an-email' }, 'email'],
    ['an empty username', { email: 'a@example.com', username: '' }, 'username'],
    ['a uid with odd characters', { email: 'a@example.com', uid: 'has spaces' }, 'uid'],
    ['a wrongly typed displayName', { email: 'a@example.com', displayName: 42 }, 'displayName'],
  ])('answers %s with 400 naming the field', async (_label, body, field) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(field), field });
  });

  it('answers malformed JSON with 400 naming the body', async () => {
    const response = await post('{"email": ', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request', field: 'body' });
  });

  it('answers a missing body with 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/users', headers: admin() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request', field: 'body' });
  });
});

describe('users', () => {
  it('creates a record with the spec defaults (201), reads it back, refuses a duplicate uid (409)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin(),
      payload: { uid: 'e2e-user-1', email: 'e2e.one@example.com', username: 'e2eone', displayName: 'E2E One' },
    });
    expect(created.statusCode).toBe(201);
    const record = created.json<UserRecord>();
    expect(record).toMatchObject({
      uid: 'e2e-user-1',
      accountActive: true,
      isPremium: false,
      isAdmin: false,
      preferredGender: 'all',
      preferredNationality: 'all',
      preferredLanguage: 'english',
      connectionRequestSent: false,
      dailySwipeCount: 0,
      connectedUserId: null,
      connectionStatus: null,
      lastLogin: null,
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
    const read = await t.app.inject({ method: 'GET', url: '/api/users/e2e-user-1', headers: admin() });
    expect(read.json()).toEqual(record);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin(),
      payload: { uid: 'e2e-user-1', email: 'x@example.com' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error: 'conflict', field: 'uid' });
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_logs WHERE event = 'USER_CREATED' AND user_id = 'e2e-user-1'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('generates a Firebase-like uid when none is given', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: admin(), payload: { email: 'nouid@example.com' } });
    expect(created.statusCode).toBe(201);
    expect(created.json<UserRecord>().uid).toMatch(/^[A-Za-z0-9]{28}$/);
  });

  it('answers an unknown uid with 404 JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/does-not-exist', headers: admin() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('server errors', () => {
  let failing: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    // The same database, except that reading the swipe totals (the trigger-kept counters) fails the way a broken
    // connection would.
    const db: Db = {
      ...t.db,
      query: (sql, params) =>
        /FROM row_counters/.test(sql)
          ? Promise.reject(new Error('connection to swipes exploded at /secret/path.ts:12'))
          : t.db.query(sql, params),
    };
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    failing = await buildApp({ db, sessionSecret: TEST_SESSION_SECRET, logger: { level: 'error', stream } });
  });
  afterAll(async () => failing?.close());

  it('answers 500 with a plain message, no stack, and logs the real error', async () => {
    const response = await failing.inject({ method: 'GET', url: '/api/swipes/stats', headers: admin() });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal_error', message: 'Internal server error' });
    expect(response.body).not.toMatch(/exploded|secret|stack|\bat /);
    expect(logged.join('')).toContain('connection to swipes exploded');
  });
});

describe('messages that quote input', () => {
  const long = 'x'.repeat(100_000);

  it.each([
    ['an unknown body field', 'POST', '/api/names', { name: 'Anna', gender: 'female', nationality: 'english', [long]: 1 }],
    ['an unknown query parameter', 'GET', `/api/names?${long}=1`, undefined],
    ['an unknown path', 'GET', `/api/${long}`, undefined],
    [
      'a bulk-import row',
      'POST',
      '/api/admin/names/bulk-import',
      { names: [{ name: 'Anna', gender: 'female', nationality: 'english', createdAt: '2026-01-01', [long]: 1 }] },
    ],
  ] as const)('quote at most a bounded part of %s', async (_what, method, url, payload) => {
    const response = await t.app.inject({ method, url, headers: admin(), ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body.length).toBeLessThan(1_000);
  });
});

describe('a full disk', () => {
  // The failures a write meets when the disk is full: PostgreSQL's disk_full, and the file system's ENOSPC
  // as PGlite (which writes its own files) raises it.
  const failures = {
    postgresql: Object.assign(new Error('could not extend file "base/16384/16385": No space left on device'), { code: '53100' }),
    pglite: Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
  };

  it.each(Object.keys(failures) as (keyof typeof failures)[])('answers 507 with the reason on %s, never a bare 500', async (kind) => {
    const full: Db = {
      ...t.db,
      transaction: () => Promise.reject(failures[kind]),
      query: (sql, params) => (/^\s*(INSERT|UPDATE)/i.test(sql) ? Promise.reject(failures[kind]) : t.db.query(sql, params)),
    };
    const app = await buildApp({ db: full, sessionSecret: TEST_SESSION_SECRET });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/names',
        headers: admin(),
        payload: { name: 'Anna', gender: 'female', nationality: 'english' },
      });
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual({ error: 'insufficient_storage', message: expect.stringContaining('no disk space left') });
    } finally {
      await app.close();
    }
  });
});

describe('serving the built console', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
    writeFileSync(path.join(dir, 'assets', 'main-D73pLn1S.js'), 'console.log("main")');
    writeFileSync(path.join(dir, 'assets', 'main-D73pLn1S.js.br'), brotliCompressSync('console.log("main")'));
    writeFileSync(path.join(dir, 'assets', 'main-D73pLn1S.js.gz'), gzipSync('console.log("main")'));
    app = await buildApp({ db: t.db, sessionSecret: TEST_SESSION_SECRET, staticDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/dashboard', '/manage-names?x=1', '/login'])('serves index.html for the client route %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>console</title>');
  });

  it('serves files, and 404 JSON for missing files and backend paths', async () => {
    const file = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('console.log');
    // An unknown /api path is a 404 only for an admin (below: 401 / 403 for anyone else).
    const admin = { authorization: `Bearer ${t.adminToken}` };
    for (const url of ['/assets/missing.js', '/api/nope', '/auth/nope']) {
      const response = await app.inject({ method: 'GET', url, headers: url.startsWith('/api') ? admin : {} });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toMatchObject({ error: 'not_found' });
    }
    const api = await app.inject({ method: 'GET', url: '/api/swipes/stats' });
    expect(api.statusCode).toBe(401);
  });

  it("serves the build's brotli or gzip copy to a browser that accepts it, the file itself to one that does not", async () => {
    const url = '/assets/main-D73pLn1S.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("main")');
    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log("main")');
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("main")');
    for (const response of [br, gzip, plain]) {
      expect(response.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('lets browsers keep hashed assets for a year and ask again for the page and other files', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await app.inject({ method: 'GET', url: '/assets/main-D73pLn1S.js', headers: { 'accept-encoding': encoding } });
      expect({ encoding, cache: response.headers['cache-control'] }).toEqual({ encoding, cache: immutable });
    }
    for (const url of ['/', '/index.html', '/manage-names', '/assets/app.js']) {
      expect({ url, cache: (await app.inject({ method: 'GET', url })).headers['cache-control'] }).toEqual({ url, cache: 'no-cache' });
    }
  });

  // The console's catch-all file route takes every GET the API does not: an unknown /api path must still
  // answer like a known one, so a stranger cannot map the routes (it answered 404 before).
  it('answers an unknown /api path 401 without a token and 403 for a non-admin, as a known one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(401);
    const user = await app.inject({ method: 'GET', url: '/api/nope', headers: { authorization: `Bearer ${t.userToken}` } });
    expect(user.statusCode).toBe(403);
  });
});
