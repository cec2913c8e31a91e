import { migrations as allMigrations, type Migration } from './migrations';
import type { Db } from './types';

// Any fixed 64-bit number: the key of the advisory lock that serialises migrating processes.
const MIGRATION_LOCK_KEY = 7_341_902_113;

/**
 * Applies the migrations not yet recorded in schema_migrations, in order, in one transaction.
 * On a real server an advisory lock makes a second process starting at the same time wait and then
 * find everything applied; PGlite has a single connection per process, so it needs no lock.
 * Returns the ids applied by this call.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = allMigrations): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      // A migration may rewrite a large table, and a second process waits here for the first: neither is a slow
      // request, so the server's statement_timeout (db/postgres.ts) does not apply inside this transaction.
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id         text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.id));
    const appliedNow: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      appliedNow.push(migration.id);
    }
    return appliedNow;
  });
}
