// Two batches of one import carrying the same names in opposite orders, inserted at the same moment in two
// transactions on a real PostgreSQL: each unique insert waits for the other's uncommitted row with its key.
// In file order they would meet in the middle, each waiting for the other (a deadlock: one batch fails).
// insertImportBatch takes the keys in one global order, so the second waits for the first, then skips
// what the first added. PGlite serves one connection, so this runs only with DATABASE_URL (as CI does).
import { firstLetter } from '../../contract/nameRules';
import type { BulkImportColumns } from '../../contract/bulkImportRows';
import { insertImportBatch } from '../src/names/importInsert';
import { createTestApp, type TestApp } from './testApp';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('two batches with the same names in opposite orders (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'accounts' });
  });
  afterAll(async () => t?.close());

  const batch = (names: string[]): BulkImportColumns => ({
    names,
    genders: names.map(() => 'female'),
    nationalities: names.map(() => 'english'),
    firstLetters: names.map(firstLetter),
    createdAts: names.map(() => '2026-01-01T00:00:00.000Z'),
  });

  it('both land, neither deadlocks, and every name is stored once', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO import_runs (file_name, actor_uid, actor_email) VALUES ('twice.csv', 'demo-admin', 'admin@babynames.test') RETURNING id`,
    );
    const runId = rows[0]!.id;
    for (let round = 0; round < 3; round++) {
      const names = Array.from({ length: 4_000 }, (_, i) => `Race${round}x${String(i).padStart(4, '0')}`);
      let bothIn!: () => void;
      let arrived = 0;
      const started = new Promise<void>((resolve) => (bothIn = resolve));
      const insert = (order: string[]) =>
        t.db.transaction(async (tx) => {
          await tx.query('SELECT 1');
          arrived += 1;
          if (arrived === 2) bothIn();
          await started; // both transactions open before either inserts
          return (await insertImportBatch(tx, batch(order), runId)).added;
        });
      const added = await Promise.all([insert(names), insert([...names].reverse())]);
      expect(added[0]! + added[1]!).toBe(names.length);
      const stored = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM names WHERE name LIKE $1`, [`Race${round}x%`]);
      expect(stored.rows[0]!.n).toBe(names.length);
    }
  });
});
