// With the database down, the API answers 503 with a clear reason (never a bare 500),
// sign-in included. On PostgreSQL the connection runs through a loopback proxy that the test cuts,
// a real outage as the server sees it; on PGlite the embedded database is closed under the running app.
import net from 'node:net';
import type { ApiErrorBody } from '../../contract/schemas/parts';
import { buildApp } from '../src/app';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import type { Db } from '../src/db/types';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { seedDemoData } from '../src/seed/seed';
import { TEST_SESSION_SECRET } from './testApp';

jest.setTimeout(120_000);

/** A TCP proxy to PostgreSQL that can be cut: every open connection dropped, new ones refused. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

let db: Db;
let cut: () => Promise<void>;
let cleanup: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const target = new URL(databaseUrl);
    const schema = `test_down_${Date.now().toString(36)}`;
    const admin = await openDatabase({ databaseUrl });
    await admin.exec(`CREATE SCHEMA "${schema}"`);
    const proxy = await cuttableProxy(target);
    const viaProxy = new URL(databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    db = await openDatabase({ databaseUrl: viaProxy.toString(), schema });
    cut = proxy.cut;
    cleanup = async () => {
      await admin.exec(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.close();
    };
  } else {
    db = await openDatabase({ dataDir: 'memory://' });
    cut = () => db.close();
  }
  await migrate(db);
  await seedDemoData(db, { content: 'accounts' });
});
afterAll(async () => {
  await db.close().catch(() => undefined);
  await cleanup();
});

it('answers 503 naming the database on the API and on sign-in', async () => {
  const app = await buildApp({ db, sessionSecret: TEST_SESSION_SECRET, logger: false });
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(signIn.statusCode).toBe(200);
    const token = (signIn.json() as { token: string }).token;
    expect((await app.inject({ method: 'GET', url: '/api/names', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

    await cut();

    for (const request of [
      { method: 'GET' as const, url: '/api/names', headers: { authorization: `Bearer ${token}` } },
      { method: 'POST' as const, url: '/auth/sign-in', payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } },
    ]) {
      const response = await app.inject(request);
      expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 503 });
      const body = response.json() as ApiErrorBody;
      expect(body.error).toBe('database_unavailable');
      expect(body.message).toMatch(/^The server cannot reach its database \(.+\)\.$/);
      expect(response.headers['retry-after']).toBe('5');
    }
  } finally {
    await app.close();
  }
});
