// What a load balancer and Prometheus ask, without a session: /healthz, /readyz (503 with the reason while the
// database is down or not migrated, and back), and the metrics, never served unless configured.
// Sources: server/src/routes/probes.ts, server/src/http/metrics.ts, server/src/server.ts (METRICS_PORT).
import net from 'node:net';
import { buildApp } from '../src/app';
import { migrations } from '../src/db/migrations';
import { openDatabase } from '../src/db/open';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { createMetrics } from '../src/http/metrics';
import { startBackend } from '../src/server';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { templateFor } from './jest/pgliteTemplates';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const databaseUrl = process.env.DATABASE_URL;

let t: TestApp;
const metrics = createMetrics({ processMetrics: false });
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts', metrics, metricsToken: METRICS_TOKEN });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /healthz and /readyz', () => {
  it('answer 200 without a session, with no data and nothing cacheable', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await get(url);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 200, body: { status: 'ok' } });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('/readyz is 503 naming the reason while a migration is missing, and 200 again once it is applied', async () => {
    const last = migrations.at(-1)!.id;
    const { rows } = await t.db.query<{ applied_at: Date }>('SELECT applied_at FROM schema_migrations WHERE id = $1', [last]);
    await t.db.query('DELETE FROM schema_migrations WHERE id = $1', [last]);
    try {
      const response = await get('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'not_ready', message: 'Not ready: 1 migration is not applied yet.' });
      // The process itself is fine: a liveness probe must not restart it for this.
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      await t.db.query('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, $2)', [last, rows[0]!.applied_at]);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('/readyz is 503 while shutting down', async () => {
    let stopping = false;
    const app = await buildApp({ db: t.db, sessionSecret: TEST_SESSION_SECRET, logger: false, stopping: () => stopping });
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      stopping = true;
      const response = await app.inject({ url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: 'Not ready: the server is shutting down.' });
    } finally {
      await app.close();
    }
  });
});

/** A TCP proxy to PostgreSQL that can be stopped (every connection dropped, new ones refused) and started again. */
async function stoppableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    port: () => port,
    stop: () =>
      new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    start,
  };
}

describe('/readyz while the database goes down and comes back', () => {
  it(
    databaseUrl ? 'PostgreSQL stopped (connections cut, new ones refused), then started again' : 'PGlite closed, then a live one',
    async () => {
      let db: Db;
      let stop: () => Promise<void>;
      let restart: () => Promise<void>;
      let cleanup: () => Promise<void>;
      if (databaseUrl) {
        // The test's own schema (createTestApp's), reached through a proxy this test stops and starts.
        const { rows } = await t.db.query<{ schema: string }>('SELECT current_schema() AS schema');
        const proxy = await stoppableProxy(new URL(databaseUrl));
        const viaProxy = new URL(databaseUrl);
        viaProxy.hostname = '127.0.0.1';
        viaProxy.port = String(proxy.port());
        db = await openDatabase({ databaseUrl: viaProxy.toString(), schema: rows[0]!.schema });
        stop = proxy.stop;
        restart = proxy.start;
        cleanup = async () => {
          await db.close().catch(() => undefined);
          await proxy.stop();
        };
      } else {
        // PGlite lives in this process: stopping it is closing it. The app reads through a handle that is pointed at
        // the closed database, then back at the live one (a restarted process would open its folder again).
        const template = templateFor('accounts');
        const closed = template ? await openPglite('memory://', { loadDataDir: template }) : await openDatabase({ dataDir: 'memory://' });
        await closed.close();
        let current: Db = t.db;
        db = { ...t.db, query: (sql, params) => current.query(sql, params) };
        stop = async () => {
          current = closed;
        };
        restart = async () => {
          current = t.db;
        };
        cleanup = async () => undefined;
      }
      const app = await buildApp({ db, sessionSecret: TEST_SESSION_SECRET, logger: false });
      try {
        expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
        await stop();
        const down = await app.inject({ url: '/readyz' });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({
          error: 'not_ready',
          message: expect.stringMatching(/^Not ready: the server cannot reach its database \(.+\)\.$/),
        });
        expect(down.headers['retry-after']).toBe('5');
        expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

        await restart();
        // The pool replaces the connections it lost: ready again within a few tries.
        let status = 0;
        for (let attempt = 0; attempt < 20 && status !== 200; attempt += 1) {
          status = (await app.inject({ url: '/readyz' })).statusCode;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(status).toBe(200);
      } finally {
        await app.close();
        await cleanup();
      }
    },
  );
});

describe('metrics', () => {
  const scrape = async () => {
    const response = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };
  /** The value of one series in the exposition text (0 when absent). */
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };

  it('are not served without a token configured, and only to the right bearer token', async () => {
    const plain = await createTestApp({ seed: 'accounts', metrics: createMetrics({ processMetrics: false }) });
    try {
      const response = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('http_requests_total');
    } finally {
      await plain.close();
    }
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const response = await get('/metrics', authorization ? { authorization } : {});
      expect({ authorization, status: response.statusCode }).toEqual({ authorization, status: 401 });
      expect(response.body).not.toContain('http_requests_total');
    }
    // A session token is not the metrics token either.
    expect((await get('/metrics', { authorization: `Bearer ${t.adminToken}` })).statusCode).toBe(401);
  });

  it('count requests by route pattern and status, with latency, sign-in failures, import rows and the pool', async () => {
    const admin = { authorization: `Bearer ${t.adminToken}` };
    const before = await scrape();
    for (const id of [999_001, 999_002, 999_003]) await get(`/api/admin/import-runs/${id}`, admin);
    await get('/api/no-such-route', admin);
    await t.app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email: DEMO_ADMIN.email, password: 'wrong-password' } });
    const run = (
      await t.app.inject({ method: 'POST', url: '/api/admin/import-runs', payload: { fileName: 'metrics.csv' }, headers: admin })
    ).json() as { id: number };
    const rows = ['Metrica', 'Metrico', 'Metrica'].map((name) => ({ name, gender: 'female', nationality: 'metrics' }));
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/admin/names/bulk-import',
      payload: { names: rows, runId: run.id },
      headers: admin,
    });
    expect(batch.json()).toMatchObject({ addedCount: 2, duplicateCount: 1 });

    const after = await scrape();
    const delta = (series: string) => value(after, series) - value(before, series);
    // Three ids, one series: the route's pattern, not the path.
    expect(delta('http_requests_total{method="GET",route="/api/admin/import-runs/:id",status_code="404"}')).toBe(3);
    expect(delta('http_request_duration_seconds_count{method="GET",route="/api/admin/import-runs/:id",status_code="404"}')).toBe(3);
    expect(after).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/admin/import-runs/:id",status_code="404"}',
    );
    expect(after).not.toContain('no-such-route');
    expect(delta('http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(delta('sign_in_failures_total{reason="invalid_credentials"}')).toBe(1);
    expect(delta('import_rows_total{outcome="added"}')).toBe(2);
    expect(delta('import_rows_total{outcome="duplicate"}')).toBe(1);
    expect(after).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
    expect(after).toMatch(/^db_pool_waiting_clients \d+$/m);
    expect(value(after, 'db_pool_max_connections')).toEqual(databaseUrl ? expect.any(Number) : 1);
    expect(value(after, 'live_streams_open')).toBe(0);
  });

  it('METRICS_PORT serves them on a listener of their own (with METRICS_TOKEN there too), not on the main port; live streams counted', async () => {
    const server = await startBackend({
      dataDir: 'memory://',
      host: '127.0.0.1',
      port: 0,
      logger: false,
      metricsPort: 0,
      metricsToken: METRICS_TOKEN,
    });
    try {
      expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(server.metricsUrl).not.toContain(new URL(server.url).port);
      expect((await fetch(server.metricsUrl!)).status).toBe(401);
      const scraped = await fetch(server.metricsUrl!, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      // The process's own metrics come with the server's.
      expect(text).toContain('process_cpu_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toContain('sign_in_failures_total');
      expect((await fetch(new URL('/other', server.metricsUrl!))).status).toBe(404);
      const mainPort = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(mainPort.status).toBe(404);

      // Live streams open, counted while open and no more once closed.
      const liveStreams = async () =>
        value(
          await (await fetch(server.metricsUrl!, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text(),
          'live_streams_open',
        );
      const signIn = await fetch(`${server.url}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const streams = await Promise.all(
        [1, 2].map(() => fetch(`${server.url}/api/live/counts`, { headers: { authorization: `Bearer ${token}` } })),
      );
      expect(await liveStreams()).toBe(2);
      await Promise.all(streams.map((stream) => stream.body!.cancel()));
      let after = 2;
      for (let attempt = 0; attempt < 40 && after !== 0; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await liveStreams();
      }
      expect(after).toBe(0);
    } finally {
      await server.close();
    }
    // Closed with the server.
    await expect(fetch(server.metricsUrl!)).rejects.toThrow();
  });
});
