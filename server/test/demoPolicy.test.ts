// Where the demo accounts (public passwords) may live: the embedded quick start only, unless SEED_DEMO=1 says
// otherwise on this very start; an operator's SEED_DEMO=0 is recorded and outlives restarts that forget it.
// Sources: server/src/seed/demoSafety.ts (decideDemo), server/src/server.ts. The PGlite starts and restarts are in
// security.startup.test.ts; here the decision itself on either database, and a real start on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/db/open';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { decideDemo, DEMO_CHOICE_KEY } from '../src/seed/demoSafety';
import { startBackend } from '../src/server';
import { createTestApp, type TestApp } from './testApp';

const databaseUrl = process.env.DATABASE_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
});
afterAll(async () => t?.close());
beforeEach(() => t.db.query('DELETE FROM server_settings WHERE key = $1', [DEMO_CHOICE_KEY]));

const decide = (explicit: boolean | undefined, where: { databaseUrl?: boolean; production?: boolean } = {}) =>
  decideDemo(t.db, { explicit, databaseUrl: where.databaseUrl ?? false, production: where.production ?? false });

describe('decideDemo', () => {
  it('without SEED_DEMO: on only for the embedded database outside production', async () => {
    expect(await decide(undefined)).toEqual({ enabled: true, because: 'the embedded quick-start database' });
    expect(await decide(undefined, { databaseUrl: true })).toEqual({ enabled: false, because: 'off by default with DATABASE_URL' });
    expect(await decide(undefined, { production: true })).toEqual({ enabled: false, because: 'off by default with NODE_ENV=production' });
  });

  it('SEED_DEMO=0 is recorded and keeps the demo off on later starts that do not say SEED_DEMO', async () => {
    expect(await decide(false)).toEqual({ enabled: false, because: 'SEED_DEMO=0' });
    const recorded = { enabled: false, because: 'SEED_DEMO=0, recorded by an earlier start' };
    expect(await decide(undefined)).toEqual(recorded);
    expect(await decide(undefined, { databaseUrl: true })).toEqual(recorded);
    const { rows } = await t.db.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [DEMO_CHOICE_KEY]);
    expect(rows).toEqual([{ value: 'off' }]);
  });

  it('SEED_DEMO=1 turns it on for that start only where the default is off, and clears a recorded 0', async () => {
    await decide(false);
    expect(await decide(true, { databaseUrl: true })).toEqual({ enabled: true, because: 'SEED_DEMO=1' });
    // Not a standing permission: the next start without it is off again on PostgreSQL or in production...
    expect((await decide(undefined, { databaseUrl: true })).enabled).toBe(false);
    expect((await decide(undefined, { production: true })).enabled).toBe(false);
    // ...while the quick start, whose default is on, is no longer held off by the old 0.
    expect((await decide(undefined)).enabled).toBe(true);
  });
});

const describeOnPostgres = databaseUrl ? describe : describe.skip;

describeOnPostgres('a real start with DATABASE_URL', () => {
  const dbName = `demo_policy_${randomBytes(4).toString('hex')}`;
  const url = () => {
    const parsed = new URL(databaseUrl!);
    parsed.pathname = `/${dbName}`;
    return parsed.toString();
  };
  beforeAll(async () => {
    const admin = await openDatabase({ databaseUrl: databaseUrl! });
    try {
      await admin.exec(`CREATE DATABASE ${dbName}`);
    } finally {
      await admin.close();
    }
  });
  afterAll(async () => {
    const admin = await openDatabase({ databaseUrl: databaseUrl! });
    try {
      await admin.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    } finally {
      await admin.close();
    }
  });

  const start = (seedDemo: boolean | undefined) =>
    // SESSION_SECRET given, so no secret file is written anywhere.
    startBackend({
      databaseUrl: url(),
      host: '127.0.0.1',
      port: 0,
      logger: false,
      seedDemo,
      sessionSecret: 'demo-policy-secret-0123456789abcdef',
    });
  const demoSignIn = async (base: string) =>
    (
      await fetch(`${base}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
      })
    ).status;

  it('has no demo unless SEED_DEMO=1, and a later start without it switches the demo accounts off again', async () => {
    const plain = await start(undefined);
    try {
      expect(plain).toMatchObject({ seeded: false, seedSkipped: true, demoPasswordLive: false });
      // The server's connections carry its statement_timeout (DB_STATEMENT_TIMEOUT_MS, default 15 s).
      expect((await plain.db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout).toBe('15s');
      const { rows } = await plain.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
      expect(rows[0]!.n).toBe(0);
    } finally {
      await plain.close();
    }
    const asked = await start(true);
    try {
      expect(asked).toMatchObject({ seeded: true, demoPasswordLive: true });
      expect(await demoSignIn(asked.url)).toBe(200);
    } finally {
      await asked.close();
    }
    const later = await start(undefined);
    try {
      expect(later.demoPasswordLive).toBe(false);
      expect(await demoSignIn(later.url)).toBe(401);
    } finally {
      await later.close();
    }
  });
});
