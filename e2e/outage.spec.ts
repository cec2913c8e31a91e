// The outage as an operator meets it: while the server's database is down the Dashboard marks its
// live counts stale instead of "Live", and a reload says the server cannot reach its database instead of showing
// a bare login form (which reads as a sign-out); once the database is back, both recover by themselves.
//
// The outage must not touch the suite's shared backend, so this file starts a backend of its own on a fresh
// database, connected to PostgreSQL through a TCP proxy in this process. Cutting the proxy (open connections
// dropped, new ones refused) is an outage as the server sees it; listening again on the same port ends it.
// PostgreSQL is needed (an embedded PGlite cannot be taken away from a running server): DATABASE_URL, as CI sets it.
import net from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { DEMO_ADMIN } from './helpers';
import { startOwnBackend, type OwnBackend } from './ownBackend';

const POSTGRES_URL = process.env.DATABASE_URL;

class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens (again) on its port, the first time on a free one. */
  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => this.sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Every connection dropped and the port closed: the server's next query finds its database gone. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

interface OutageBackend {
  url: string;
  proxy: CuttableProxy;
}

/** A backend of its own on a fresh database behind the proxy; stop() ends it and drops the database. */
async function startOutageBackend(): Promise<OutageBackend & { stop: () => Promise<void> }> {
  const admin = new URL(POSTGRES_URL!);
  const database = `outage_e2e_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${database}`);
  const proxy = new CuttableProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
  await proxy.open();
  const viaProxy = new URL(admin);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  viaProxy.pathname = `/${database}`;
  let backend: OwnBackend | undefined;
  const stop = async () => {
    await backend?.stop();
    await proxy.cut();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.end();
  };
  try {
    backend = await startOwnBackend({
      DATABASE_URL: viaProxy.toString(),
      SESSION_SECRET: `outage-e2e-${Date.now()}-secret-of-enough-length`,
      SIGN_IN_RATE_LIMIT: '1000',
      SIGN_IN_IP_RATE_LIMIT: '1000',
      // The demo admin signs in; on PostgreSQL the demo is off unless asked for.
      SEED_DEMO: '1',
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const url = backend.url;
  return { url, proxy, stop };
}

test.skip(!POSTGRES_URL, 'needs PostgreSQL (DATABASE_URL, as CI sets it): an embedded PGlite cannot be taken away from a running server');
test.describe.configure({ mode: 'serial' });

let outage: Awaited<ReturnType<typeof startOutageBackend>>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  outage = await startOutageBackend();
});
test.afterAll(async () => {
  await outage?.stop();
});

/** Signs in on this file's own backend (the suite's baseURL is the shared one). */
async function signIn(page: Page) {
  await page.goto(`${outage.url}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title });
/** The big number of a stat card. */
const figureOf = (page: Page, title: string) => card(page, title).locator('p.MuiTypography-h4');
const liveBadge = (page: Page, title: string) => card(page, title).getByText('Live', { exact: true });

test('the Dashboard marks its live counts stale while the database is down, and live again once it is back', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const users = card(page, 'Total Users');
  await expect(liveBadge(page, 'Total Users')).toBeVisible();
  await expect(figureOf(page, 'Total Users')).toHaveText(/^\d[\d,]*$/);
  const figure = await figureOf(page, 'Total Users').textContent();

  await outage.proxy.cut();
  for (const title of ['Total Users', 'Connections']) {
    await expect(card(page, title).getByRole('status')).toHaveText(
      /^Stale: The server cannot read the live counts right now \(its database may be unreachable\)\. The last known figure is shown\.$/,
      { timeout: 20_000 },
    );
    await expect(liveBadge(page, title)).toHaveCount(0);
  }
  // The last known figure stays, dimmed: stale is not "no data".
  await expect(figureOf(page, 'Total Users')).toHaveText(figure!);
  await expect(figureOf(page, 'Total Users')).toHaveCSS('opacity', '0.5');
  await page.screenshot({ path: test.info().outputPath('dashboard-stale.png'), fullPage: true });

  await outage.proxy.open();
  await expect(liveBadge(page, 'Total Users')).toBeVisible({ timeout: 30_000 });
  await expect(users.getByRole('status')).toHaveCount(0);
  await expect(figureOf(page, 'Total Users')).toHaveCSS('opacity', '1');
});

test('a reload during the outage says the server cannot reach its database, and the session comes back with it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expect(liveBadge(page, 'Total Users')).toBeVisible();

  await outage.proxy.cut();
  try {
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    const notice = page.getByRole('alert').filter({ hasText: 'cannot reach its database' });
    await expect(notice).toHaveText(
      // said once (it once read "... database (The server cannot reach its database (connection refused))")
      /^The server cannot reach its database \([^()]+\)\. Your session is kept: reload this page once the server is back\.$/,
      { timeout: 20_000 },
    );
    await page.screenshot({ path: test.info().outputPath('login-during-outage.png'), fullPage: true });
  } finally {
    await outage.proxy.open();
  }

  await page.goto(`${outage.url}/dashboard`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(liveBadge(page, 'Total Users')).toBeVisible({ timeout: 30_000 });
});
