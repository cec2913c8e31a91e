/**
 * Query plans and timings of GET /names pages on a table of a million names.
 *   npx tsx bench/explain.bench.ts            (fresh in-memory PGlite)
 *   DATABASE_URL=postgres://... npx tsx bench/explain.bench.ts   (real PostgreSQL; uses a scratch schema)
 * ROWS=... overrides the row count.
 */
import { openDatabase } from '../server/src/db/open';
import { migrate } from '../server/src/db/migrate';
import type { Db } from '../server/src/db/types';
import { firstLetter } from '../contract/nameRules';
import { buildListQuery, insertNameColumns, NATIONALITIES_SQL, NATIONALITY_COUNTS_SQL } from '../server/src/names/repository';
import type { BulkImportColumns } from '../contract/bulkImportRows';
import type { NamesFilter } from '../server/src/names/nameInput';
import { realNames, seededRandom } from './lib/realNames';
import { medianMs, table, timed } from './lib/timing';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const CHUNK = 50_000;

async function fill(db: Db): Promise<void> {
  const pool = realNames();
  const random = seededRandom(42);
  const start = Date.UTC(2023, 0, 1);
  for (let done = 0; done < ROWS; done += CHUNK) {
    const c: BulkImportColumns = { names: [], genders: [], nationalities: [], firstLetters: [], createdAts: [] };
    for (let i = 0; i < Math.min(CHUNK, ROWS - done); i++) {
      // Every real name once per round; from the second round on with a numeral after it, as the
      // same name, gender and nationality is stored once (migration 010). The letter stays the name's.
      const k = done + i;
      const n = pool[k % pool.length]!;
      const round = Math.floor(k / pool.length);
      const name = round === 0 ? n.name : `${n.name} ${round + 1}`;
      c.names.push(name);
      c.genders.push(n.gender);
      c.nationalities.push(n.nationality);
      c.firstLetters.push(firstLetter(name));
      c.createdAts.push(new Date(start + Math.floor(random() * 3e10)).toISOString());
    }
    await insertNameColumns(db, c);
  }
  await db.query('ANALYZE names');
}

const CASES: Array<[string, Omit<NamesFilter, 'limit'>]> = [
  ['page of 50, no filter', { offset: 0 }],
  ['no filter, offset 5000', { offset: 5000 }],
  ['letter A', { letter: 'A', offset: 0 }],
  ['letter Z', { letter: 'Z', offset: 0 }],
  ['letter Á', { letter: 'Á', offset: 0 }],
  ['gender female', { gender: 'female', offset: 0 }],
  ['gender unisex (rare), offset 1000', { gender: 'unisex', offset: 1000 }],
  ['nationality english', { nationality: 'english', offset: 0 }],
  ['nationality icelandic (rare)', { nationality: 'icelandic', offset: 0 }],
  ['gender + letter M', { gender: 'male', letter: 'M', offset: 0 }],
  ['nationality + gender', { nationality: 'german', gender: 'female', offset: 0 }],
  ['nationality + letter Z', { nationality: 'german', letter: 'Z', offset: 0 }],
  ['nationality + letter A', { nationality: 'german', letter: 'A', offset: 0 }],
  ['rare nationality + letter S', { nationality: 'icelandic', letter: 'S', offset: 0 }],
  ['all three, letter S', { nationality: 'english', gender: 'male', letter: 'S', offset: 0 }],
  ['all three, offset 1000', { nationality: 'english', gender: 'male', letter: 'S', offset: 1000 }],
];

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `bench_explain_${process.pid}` : undefined;
  if (databaseUrl && schema) {
    const admin = await openDatabase({ databaseUrl });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
  }
  const db = await openDatabase(databaseUrl ? { databaseUrl, schema } : { dataDir: 'memory://' });
  try {
    await migrate(db);
    const { ms: fillMs } = await timed(() => fill(db));
    console.log(
      `${db.kind}: ${ROWS.toLocaleString('en')} names inserted in ${(fillMs / 1000).toFixed(1)} s (set-based, ${CHUNK} per statement)\n`,
    );
    const rows: string[][] = [];
    for (const [label, f] of CASES) {
      const { sql, params } = buildListQuery({ ...f, limit: 50 });
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS OFF) ${sql}`, params);
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const access =
        lines
          .find((l) => /Scan|Sort/.test(l))
          ?.trim()
          .replace(/^->\s*/, '')
          .replace(/\s+\(cost.*$/, '') ?? '?';
      const ms = await medianMs(7, () => db.query(sql, params));
      rows.push([label, access, ms.toFixed(2)]);
    }
    const lists: Array<[string, string]> = [
      ['GET /names/nationalities (loose index scan)', NATIONALITIES_SQL],
      ['  for comparison: SELECT DISTINCT', 'SELECT DISTINCT nationality FROM names ORDER BY nationality'],
      ['GET /names/nationalities-with-counts', NATIONALITY_COUNTS_SQL],
    ];
    for (const [label, sql] of lists) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`);
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const access =
        lines
          .find((l) => /Scan/.test(l))
          ?.trim()
          .replace(/^->\s*/, '')
          .replace(/\s+\(cost.*$/, '') ?? '?';
      rows.push([label, access, (await medianMs(5, () => db.query(sql))).toFixed(2)]);
    }
    console.log(table(['query', 'plan (first access node)', 'median ms'], rows));
  } finally {
    await db.close();
    if (databaseUrl && schema) {
      const admin = await openDatabase({ databaseUrl });
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
