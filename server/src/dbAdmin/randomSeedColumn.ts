// The one-off migration of spec 7 (POST /admin/migrate/add-random-seed-column): names gain a
// random_seed column, a stable random number per name that the mobile app can order by to shuffle
// names the same way on every page. Run by an operator from Database Admin, not by the migrations at
// start, so it must be safe to press twice and from two tabs at once.
import type { MigrationResponse } from '../../../contract/schemas/databaseAdmin';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import type { Db, Queryable } from '../db/types';

/** pg_advisory_xact_lock key: concurrent runs queue here instead of racing to ALTER the table. */
const MIGRATION_LOCK_KEY = 5_010_001;

export const RANDOM_SEED_COLUMN = 'random_seed';

export async function hasRandomSeedColumn(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns
                     WHERE table_schema = current_schema() AND table_name = 'names' AND column_name = $1) AS present`,
    [RANDOM_SEED_COLUMN],
  );
  return rows[0]!.present;
}

/**
 * hasRandomSeedColumn remembered per database for a few seconds: GET /names asks on every request, and
 * a catalog read per page would cost more than the page. This server forgets it when it adds the column;
 * a change made elsewhere (psql) shows within PRESENCE_KEPT_MS.
 */
const PRESENCE_KEPT_MS = 5_000;
const knownPresence = new WeakMap<Queryable, { present: boolean; checkedAt: number }>();

export async function randomSeedColumnPresent(db: Queryable): Promise<boolean> {
  const known = knownPresence.get(db);
  if (known && Date.now() - known.checkedAt < PRESENCE_KEPT_MS) return known.present;
  const present = await hasRandomSeedColumn(db);
  knownPresence.set(db, { present, checkedAt: Date.now() });
  return present;
}

export function forgetRandomSeedColumn(db: Queryable): void {
  knownPresence.delete(db);
}

export const ALREADY_THERE_MESSAGE = 'The random_seed column already exists on names; nothing was changed.';

export function appliedMessage(rows: number, durationMs: number): string {
  const seconds = (durationMs / 1000).toFixed(1);
  return `Added the random_seed column to names and gave ${rows.toLocaleString('en-US')} names a random seed in ${seconds} s.`;
}

/**
 * Adds the column with DEFAULT random(): PostgreSQL rewrites the table once, giving every existing
 * row its own value, and new rows get one from the default. The index lets the app read names in
 * seed order without sorting. All of it, and the console-action record, in one transaction: a failure
 * leaves the table as it was and no record.
 */
export async function addRandomSeedColumn(db: Db, actor: Actor, now: () => number = Date.now): Promise<MigrationResponse> {
  const started = now();
  try {
    return await addInTransaction(db, actor, now, started);
  } finally {
    forgetRandomSeedColumn(db);
  }
}

async function addInTransaction(db: Db, actor: Actor, now: () => number, started: number): Promise<MigrationResponse> {
  return db.transaction(async (tx) => {
    // An operator's deliberate migration rewrites the whole names table (and a second run waits for the first):
    // it may take longer than the statement_timeout that bounds ordinary requests (db/postgres.ts).
    if (db.kind === 'postgres') await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    if (await hasRandomSeedColumn(tx)) {
      return { message: ALREADY_THERE_MESSAGE, applied: false, durationMs: now() - started };
    }
    await tx.exec(`ALTER TABLE names ADD COLUMN ${RANDOM_SEED_COLUMN} double precision NOT NULL DEFAULT random()`);
    await tx.exec(`CREATE INDEX names_random_seed_idx ON names (${RANDOM_SEED_COLUMN}, id)`);
    const { rows } = await tx.query<{ total: number }>('SELECT count(*)::int AS total FROM names');
    const total = rows[0]!.total;
    const durationMs = now() - started;
    await recordConsoleAction(tx, actor, {
      action: 'migration.run',
      targetType: 'schema',
      targetId: 'names.random_seed',
      after: { column: RANDOM_SEED_COLUMN, type: 'double precision', default: 'random()', index: 'names_random_seed_idx' },
      details: { rows: total, durationMs },
    });
    return { message: appliedMessage(total, durationMs), applied: true, durationMs };
  });
}
