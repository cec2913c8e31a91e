// statement_timeout (DB_STATEMENT_TIMEOUT_MS, server/src/db/postgres.ts): on PostgreSQL one slow statement cannot hold
// a connection and the request waiting on it; the request is answered 503 with the reason. Migrations lift it for
// their own transaction. PGlite accepts the setting but cannot enforce it (its WASM build has no timer interrupt),
// so there is nothing to test there: the server does not set it.
import { buildApp } from '../src/app';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import type { Db } from '../src/db/types';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../src/server';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

const databaseUrl = process.env.DATABASE_URL;
const describeOnPostgres = databaseUrl ? describe : describe.skip;
if (!databaseUrl) console.log('statementTimeout.test: skipped, it needs DATABASE_URL (PGlite cannot enforce a statement_timeout)');

describeOnPostgres('statement_timeout on PostgreSQL', () => {
  let t: TestApp;
  let bounded: Db;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'accounts' });
    const { rows } = await t.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    bounded = await openDatabase({ databaseUrl, schema: rows[0]!.schema, statementTimeoutMs: 300 });
  });
  afterAll(async () => {
    await bounded?.close();
    await t?.close();
  });

  it('is set on every connection (15 s by default), and cancels a statement that runs longer', async () => {
    expect(DEFAULT_STATEMENT_TIMEOUT_MS).toBe(15_000);
    expect((await bounded.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout).toBe('300ms');
    const started = Date.now();
    await expect(bounded.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(2_500);
    // A transaction's statement too, and the transaction is rolled back.
    await expect(bounded.transaction((tx) => tx.query('SELECT pg_sleep(3)'))).rejects.toMatchObject({ code: '57014' });
  });

  it('a request stuck behind a lock answers 503 with the reason once the timeout passes, and the connection serves the next one', async () => {
    const app = await buildApp({ db: bounded, sessionSecret: TEST_SESSION_SECRET, logger: false });
    try {
      const names = () => app.inject({ url: '/api/names?limit=5', headers: { authorization: `Bearer ${t.adminToken}` } });
      expect((await names()).statusCode).toBe(200);
      // Another session holds the names table (a long migration, a stuck transaction): reads of it wait.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const locking = t.db.transaction(async (tx) => {
        await tx.query('LOCK TABLE names IN ACCESS EXCLUSIVE MODE');
        await held;
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const stuck = await names();
        expect(stuck.statusCode).toBe(503);
        expect(stuck.json()).toEqual({
          error: 'database_timeout',
          message: 'The database took longer than the server allows for one statement. Try again, or ask for less at once.',
        });
      } finally {
        release();
        await locking;
      }
      expect((await names()).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('migrations run without it (a migration may rewrite a large table)', async () => {
    await expect(migrate(bounded, [{ id: 'zz_slow_test_migration', sql: 'SELECT pg_sleep(0.6)' }])).resolves.toEqual([
      'zz_slow_test_migration',
    ]);
    await bounded.query(`DELETE FROM schema_migrations WHERE id = 'zz_slow_test_migration'`);
  });
});
