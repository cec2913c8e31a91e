// Migration 010 on a database that already holds duplicates: the oldest row of each group is kept,
// swipes move to it, every removed row is listed in name_merges and the start log says so.
import { randomBytes } from 'node:crypto';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { openDatabase } from '../src/db/open';
import type { Db } from '../src/db/types';
import { reportNameMerges } from '../src/imports/startupChecks';

jest.setTimeout(120_000);

const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `test_merge_${randomBytes(4).toString('hex')}` : undefined;
let db: Db;

beforeAll(async () => {
  if (databaseUrl) {
    const admin = await openDatabase({ databaseUrl });
    await admin.exec(`CREATE SCHEMA "${schema}"`);
    await admin.close();
  }
  db = await openDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir: 'memory://' });
  const before010 = migrations.slice(
    0,
    migrations.findIndex((m) => m.id === '010_name_identity'),
  );
  await migrate(db, before010);
});

afterAll(async () => {
  await db?.close();
  if (databaseUrl) {
    const admin = await openDatabase({ databaseUrl });
    await admin.exec(`DROP SCHEMA "${schema}" CASCADE`);
    await admin.close();
  }
});

async function insertName(name: string, gender: string, nationality: string, createdAt: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO names (name, gender, nationality, first_letter, created_at) VALUES ($1, $2, $3, upper(left($1, 1)), $4) RETURNING id`,
    [name, gender, nationality, createdAt],
  );
  return Number(rows[0]!.id);
}

it('merges duplicates into the oldest row, moves their swipes and reports every removed row', async () => {
  await db.query(`INSERT INTO users (uid, email) VALUES ('u1', 'u1@example.test'), ('u2', 'u2@example.test')`);
  const newer = await insertName('Anna', 'female', 'english', '2025-02-01T00:00:00Z');
  const oldest = await insertName('ANNA', 'female', 'English', '2025-01-01T00:00:00Z');
  const third = await insertName('anna', 'female', 'english', '2025-03-01T00:00:00Z');
  const otherGender = await insertName('Anna', 'unisex', 'english', '2025-01-05T00:00:00Z');
  const unique = await insertName('Jón', 'male', 'icelandic', '2025-01-05T00:00:00Z');
  await db.query(
    `INSERT INTO swipes (user_id, name_id, liked) VALUES ('u1', $1, true), ('u2', $1, false), ('u1', $2, true), ('u2', $3, true)`,
    [newer, third, unique],
  );

  const log = { info: jest.fn(), warn: jest.fn() };
  const applied = await migrate(db);
  expect(applied).toContain('010_name_identity');
  expect(await reportNameMerges(db, applied, log)).toBe(2);
  expect(log.warn).toHaveBeenCalledWith(
    expect.stringMatching(/merged 2 duplicate name rows into 1 kept rows .*3 swipes moved.*name_merges/),
  );

  const { rows: left } = await db.query<{ id: number }>('SELECT id FROM names ORDER BY id');
  expect(left.map((r) => Number(r.id)).sort()).toEqual([oldest, otherGender, unique].sort());

  const { rows: merges } = await db.query<{ kept_id: number; removed_id: number; removed_name: string; swipes_moved: number }>(
    'SELECT kept_id, removed_id, removed_name, swipes_moved FROM name_merges ORDER BY removed_id',
  );
  expect(merges.map((m) => [Number(m.kept_id), Number(m.removed_id), m.removed_name, Number(m.swipes_moved)])).toEqual([
    [oldest, newer, 'Anna', 2],
    [oldest, third, 'anna', 1],
  ]);

  const { rows: swipes } = await db.query<{ name_id: number; n: number }>(
    'SELECT name_id, count(*)::int AS n FROM swipes GROUP BY name_id ORDER BY name_id',
  );
  expect(swipes.map((s) => [Number(s.name_id), s.n])).toEqual(
    [
      [oldest, 3],
      [unique, 1],
    ].sort((a, b) => a[0]! - b[0]!),
  );

  // from now on the index holds the rule
  await expect(insertName('anna', 'female', 'ENGLISH', '2025-04-01T00:00:00Z')).rejects.toThrow(/names_identity_key/);
});

it('says so when there was nothing to merge', async () => {
  const log = { info: jest.fn(), warn: jest.fn() };
  await db.query('DELETE FROM name_merges');
  expect(await reportNameMerges(db, ['010_name_identity'], log)).toBe(0);
  expect(log.info).toHaveBeenCalledWith(expect.stringContaining('no duplicate names'));
  expect(await reportNameMerges(db, [], log)).toBe(0);
  expect(log.info).toHaveBeenCalledTimes(1);
});
