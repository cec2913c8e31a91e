// At start-up: where the session secret lives, and the demo accounts' safe defaults (server/src/seed/demoSafety.ts).
// Always on an on-disk PGlite in a temporary folder (it is about files and restarts), whatever DATABASE_URL says.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SignInSession } from '../../contract/schemas/auth';
import { SECRET_FILE_NAME } from '../src/auth/secret';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { DemoOnPublicHostError, isLoopbackHost } from '../src/seed/demoSafety';
import { startBackend, type BackendOptions } from '../src/server';

jest.setTimeout(180_000);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'h3-startup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const start = (options: Partial<BackendOptions> = {}) =>
  startBackend({ dataDir: dir, host: '127.0.0.1', port: 0, seedDemo: true, logger: false, ...options });

async function signInStatus(url: string): Promise<{ status: number; token?: string }> {
  const response = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const body = (await response.json()) as Partial<SignInSession>;
  return { status: response.status, token: body.token };
}

describe('the session secret', () => {
  it('is generated into a 0600 file in the data folder, never into the database, and kept across restarts', async () => {
    const first = await start();
    let token: string | undefined;
    try {
      expect(first.sessionSecretFrom).toBe(path.resolve(dir, SECRET_FILE_NAME));
      expect(statSync(first.sessionSecretFrom).mode & 0o777).toBe(0o600);
      const { rows } = await first.db.query(`SELECT 1 FROM server_settings WHERE key = 'session_secret'`);
      expect(rows).toHaveLength(0);
      token = (await signInStatus(first.url)).token;
    } finally {
      await first.close();
    }
    const second = await start();
    try {
      const response = await fetch(`${second.url}/auth/account`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('moves a secret an older version kept in server_settings out to the file, and deletes it from the database', async () => {
    const db = await openDatabase({ dataDir: dir });
    await migrate(db);
    const legacy = 'legacy-secret-kept-in-the-database-0123456789';
    await db.query(`INSERT INTO server_settings (key, value) VALUES ('session_secret', $1)`, [legacy]);
    await db.close();
    const backend = await start();
    try {
      expect(readFileSync(path.join(dir, SECRET_FILE_NAME), 'utf8').trim()).toBe(legacy);
      const { rows } = await backend.db.query(`SELECT 1 FROM server_settings WHERE key = 'session_secret'`);
      expect(rows).toHaveLength(0);
    } finally {
      await backend.close();
    }
  });

  it('comes from SESSION_SECRET when given, and no file is written', async () => {
    const backend = await start({ sessionSecret: 'an-environment-secret-of-enough-length-0123' });
    try {
      expect(backend.sessionSecretFrom).toBe('env');
      expect(() => statSync(path.join(dir, SECRET_FILE_NAME))).toThrow();
    } finally {
      await backend.close();
    }
  });
});

describe('demo accounts', () => {
  it('SEED_DEMO=0 disables demo accounts that exist (and ends their sessions), and a later start without SEED_DEMO=1 keeps them off', async () => {
    const seeded = await start();
    let token: string | undefined;
    try {
      expect(seeded.demoPasswordLive).toBe(true);
      const signedIn = await signInStatus(seeded.url);
      expect(signedIn.status).toBe(200);
      token = signedIn.token;
    } finally {
      await seeded.close();
    }

    const off = await start({ seedDemo: false });
    try {
      expect(off.demoPasswordLive).toBe(false);
      expect((await signInStatus(off.url)).status).toBe(401);
      const old = await fetch(`${off.url}/api/names`, { headers: { authorization: `Bearer ${token}` } });
      expect(old.status).toBe(401);
      // Re-activating the record by hand does not bring the public password back.
      await off.db.query(`UPDATE users SET account_active = true WHERE uid = $1`, [DEMO_ADMIN.uid]);
      expect((await signInStatus(off.url)).status).toBe(401);
    } finally {
      await off.close();
    }

    // A start that does not say SEED_DEMO (a restart script that forgot it): the recorded choice holds.
    const unset = await start({ seedDemo: undefined });
    try {
      expect(unset.demoPasswordLive).toBe(false);
      expect(unset.demo).toEqual({ enabled: false, because: 'SEED_DEMO=0, recorded by an earlier start' });
      expect((await signInStatus(unset.url)).status).toBe(401);
    } finally {
      await unset.close();
    }

    // Only SEED_DEMO=1 brings them back; then the quick start's default (on) holds again.
    const on = await start({ seedDemo: true });
    try {
      expect(on.demoPasswordLive).toBe(true);
      expect((await signInStatus(on.url)).status).toBe(200);
    } finally {
      await on.close();
    }
    const again = await start({ seedDemo: undefined });
    try {
      expect(again.demo).toEqual({ enabled: true, because: 'the embedded quick-start database' });
      expect((await signInStatus(again.url)).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('the embedded quick start (no DATABASE_URL, not production) has its demo without being asked', async () => {
    const backend = await start({ seedDemo: undefined });
    try {
      expect(backend).toMatchObject({ seeded: true, seedSkipped: false, demoPasswordLive: true });
      expect((await signInStatus(backend.url)).status).toBe(200);
    } finally {
      await backend.close();
    }
  });

  it('NODE_ENV=production: no demo data and no live demo account unless SEED_DEMO=1, on every start', async () => {
    const first = await start({ seedDemo: undefined, production: true });
    try {
      expect(first).toMatchObject({ seeded: false, seedSkipped: true, demoPasswordLive: false });
      expect(first.demo.because).toBe('off by default with NODE_ENV=production');
      const { rows } = await first.db.query<{ accounts: number; names: number }>(
        'SELECT (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM names)::int AS names',
      );
      expect(rows[0]).toEqual({ accounts: 0, names: 0 });
    } finally {
      await first.close();
    }
    const asked = await start({ seedDemo: true, production: true });
    try {
      expect((await signInStatus(asked.url)).status).toBe(200);
    } finally {
      await asked.close();
    }
    // SEED_DEMO=1 once is no standing permission in production: the next start without it switches them off.
    const later = await start({ seedDemo: undefined, production: true });
    try {
      expect(later.demoPasswordLive).toBe(false);
      expect((await signInStatus(later.url)).status).toBe(401);
    } finally {
      await later.close();
    }
  });

  it('are refused behind a proxy (TRUST_PROXY) even on loopback, unless explicitly allowed', async () => {
    await expect(start({ trustProxy: ['loopback'] })).rejects.toThrow(/behind a proxy \(TRUST_PROXY is set\)/);
    const allowed = await start({ trustProxy: 1, allowDemoOnPublicHost: true });
    await allowed.close();
    const withoutDemo = await start({ trustProxy: ['loopback'], seedDemo: false });
    expect(withoutDemo.demoPasswordLive).toBe(false);
    await withoutDemo.close();
  });

  it('are refused on a non-loopback bind unless explicitly allowed', async () => {
    await expect(start({ host: '0.0.0.0' })).rejects.toBeInstanceOf(DemoOnPublicHostError);
    const allowed = await start({ host: '0.0.0.0', allowDemoOnPublicHost: true });
    await allowed.close();
    const withoutDemo = await start({ host: '0.0.0.0', seedDemo: false });
    expect(withoutDemo.demoPasswordLive).toBe(false);
    await withoutDemo.close();
  });

  it('knows loopback from every-interface addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com']) expect(isLoopbackHost(host)).toBe(false);
  });
});
