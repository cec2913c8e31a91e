// Bounded resources (slow clients cannot starve the server) and the security headers.
// Loopback only, bounded: at most SLOW_CLIENTS sockets, each until the server drops it.
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

const MAX_CONNECTIONS = 40;
const SLOW_CLIENTS = 60;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    seed: 'accounts',
    limits: {
      headersTimeoutMs: 1_000,
      requestTimeoutMs: 2_000,
      timeoutCheckIntervalMs: 200,
      maxConnections: MAX_CONNECTIONS,
      keepAliveTimeoutMs: 500,
    },
  });
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(url).port);
});
afterAll(async () => t?.close());

/**
 * A client that sends half a request head and then nothing: it holds a connection until the server drops
 * it. `byServer` says the server closed it (the client's own fallback is only there so a broken server
 * cannot hang the suite; it is far beyond every server limit here, however slow the machine).
 */
function slowClient(): Promise<{ closedAfterMs: number; byServer: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let gaveUp = false;
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/names HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
    socket.on('error', () => undefined);
    // Read what the server sends (its 408): an unread socket never sees the server's end, so never closes.
    socket.resume();
    socket.on('close', () => resolve({ closedAfterMs: Date.now() - started, byServer: !gaveUp }));
    setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, 60_000).unref();
  });
}

const openConnections = () =>
  new Promise<number>((resolve, reject) => t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

/** One plain request on a connection of its own (no pooled keep-alive socket), bounded to 1 s. */
function normalRequestStatus(): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/names', agent: false, timeout: 1_000, headers: { authorization: `Bearer ${t.adminToken}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

describe('slow clients', () => {
  it('cannot hold connections past the header timeout, and a normal request still answers', async () => {
    const clients = Array.from({ length: SLOW_CLIENTS }, () => slowClient());
    // While they hang (more of them than the connection limit), a normal request gets through as soon as
    // the server has dropped them: retry until it does. The bound only keeps a broken server from hanging
    // the suite; how soon depends on the machine, so nothing here counts the clock.
    let status = 0;
    let attempts = 0;
    while (status !== 200 && attempts < 300) {
      attempts += 1;
      status = await normalRequestStatus();
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    console.log(
      `slow clients: ${SLOW_CLIENTS} half-sent requests against a limit of ${MAX_CONNECTIONS}; a normal request answered 200 after ${attempts} attempt(s)`,
    );
    // Every one was closed by the server (refused over the limit, or timed out), none by its own fallback;
    // then the server holds none of them (at most the normal request's keep-alive connection).
    const results = await Promise.all(clients);
    expect(results.filter((result) => !result.byServer)).toEqual([]);
    expect(await openConnections()).toBeLessThanOrEqual(1);
  });

  it('refuses connections over the limit at once instead of queueing them', async () => {
    // Node's 'drop' event marks a connection refused for maxConnections, as opposed to one that timed out.
    let dropped = 0;
    const onDrop = () => (dropped += 1);
    t.app.server.on('drop', onDrop);
    try {
      const results = await Promise.all(Array.from({ length: MAX_CONNECTIONS + 10 }, () => slowClient()));
      expect(results.filter((result) => !result.byServer)).toEqual([]);
      expect(dropped).toBeGreaterThanOrEqual(10);
    } finally {
      t.app.server.off('drop', onDrop);
    }
  });
});

describe('security headers', () => {
  it('are on API answers, errors included', async () => {
    for (const url of ['/api/names', '/api/no-such-route', '/auth/account']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/connect-src 'self'(;|$)/);
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('keep every /auth and /api answer out of caches (Cache-Control: no-store), errors included', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: 'admin@babynames.test', password: 'admin-demo-password' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/names', '/api/users', '/api/no-such-route', '/auth/account']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminToken}` } });
      expect({ url, cacheControl: response.headers['cache-control'] }).toEqual({ url, cacheControl: 'no-store' });
    }
    const stranger = await t.app.inject({ method: 'GET', url: '/api/names' });
    expect([stranger.statusCode, stranger.headers['cache-control']]).toEqual([401, 'no-store']);
  });

  it('never serves a source map from the built console', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'h3-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const app = await buildApp({ db: t.db, sessionSecret: TEST_SESSION_SECRET, staticDir: dist });
    try {
      expect((await app.inject({ method: 'GET', url: '/app.js' })).statusCode).toBe(200);
      const map = await app.inject({ method: 'GET', url: '/app.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
      const page = await app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('connect-src lists the extra origins it is given (Firebase mode)', async () => {
    const other = await createTestApp({ seed: 'accounts', connectSources: ['https://identitytoolkit.googleapis.com'] });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api/names' });
      expect(String(response.headers['content-security-policy'])).toContain("connect-src 'self' https://identitytoolkit.googleapis.com");
    } finally {
      await other.close();
    }
  });
});
