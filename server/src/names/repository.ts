import type { NameRecord, NationalityCount } from '../../../contract/schemas/names';
import type { Gender } from '../../../contract/nameRules';
import { matchingNamesCountSql, nameFilterConditions } from '../counters/rowCounters';
import { forgetRandomSeedColumn, randomSeedColumnPresent } from '../dbAdmin/randomSeedColumn';
import type { Queryable } from '../db/types';
import type { BulkImportColumns } from '../../../contract/bulkImportRows';
import type { NamesFilter } from './nameInput';

/** A names row as the driver returns it. db/types.ts promises int8 as a number; Number() below keeps
 * the mapping right should a driver hand back a string or bigint instead. */
interface NameRow {
  id: number | string | bigint;
  name: string;
  gender: Gender;
  nationality: string;
  created_at: Date | string;
  random_seed?: number | null;
  version?: number | string | null;
}

/**
 * random_seed exists only after the Database Admin migration (dbAdmin/randomSeedColumn.ts); read
 * through the row's JSON it is null before, so one statement serves both schemas.
 */
export const NAME_COLUMNS = `id, name, gender, nationality, created_at, (to_jsonb(names) -> 'random_seed')::float8 AS random_seed, version`;

export function toNameRecord(row: NameRow): NameRecord {
  const id = Number(row.id);
  const created = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  const record: NameRecord = {
    id,
    name_id: id,
    name: row.name,
    gender: row.gender,
    nationality: row.nationality,
    created_at: created.toISOString(),
  };
  if (row.random_seed !== null && row.random_seed !== undefined) record.random_seed = Number(row.random_seed);
  if (row.version !== null && row.version !== undefined) record.version = Number(row.version);
  return record;
}

/**
 * SQL for one page of GET /names. The WHERE clause holds only the filters in use (rather than
 * "$1 IS NULL OR gender = $1", which one generic plan would have to serve), so the filters are plain
 * equalities that lead one of the (…, name, id) indexes of migration 001: the page is read off the
 * index in ORDER BY order and stops after offset + limit entries, without sorting the matches.
 * nationality+gender and nationality+letter have no index of their own; the planner scans one of the
 * others and filters (1–4 ms on a million names: bench/explain.bench.ts).
 */
export function buildListQuery(filter: NamesFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = nameFilterConditions(filter, params);
  return { sql: listSql(where, params, filter), params };
}

function listSql(
  where: readonly string[],
  params: unknown[],
  filter: Pick<NamesFilter, 'limit' | 'offset'>,
  columns = NAME_COLUMNS,
): string {
  params.push(filter.limit, filter.offset);
  return (
    `SELECT ${columns} FROM names` +
    (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '') +
    // id breaks ties between equal names, so pages neither repeat nor skip rows.
    ` ORDER BY name, id LIMIT $${params.length - 1} OFFSET $${params.length}`
  );
}

/**
 * One page of GET /names and the number of all matches, in ONE statement: the page joined to its total
 * (an empty page still carries the total). A request is then one round trip to the database besides the
 * session check, which bench:api-load showed is what a request mostly costs.
 */
export async function listNamesPage(db: Queryable, filter: NamesFilter): Promise<{ names: NameRecord[]; total: number }> {
  try {
    return await readNamesPage(db, filter);
  } catch (error) {
    // random_seed dropped behind this server's back within the few seconds it remembers the column.
    if ((error as { code?: unknown }).code !== UNDEFINED_COLUMN) throw error;
    forgetRandomSeedColumn(db);
    return readNamesPage(db, filter);
  }
}

const UNDEFINED_COLUMN = '42703';

async function readNamesPage(db: Queryable, filter: NamesFilter): Promise<{ names: NameRecord[]; total: number }> {
  const params: unknown[] = [];
  const where = nameFilterConditions(filter, params);
  const countSql = matchingNamesCountSql(where);
  // The column itself when it is known to exist: NAME_COLUMNS's whole-row to_jsonb cost more per page than the page read.
  const columns = (await randomSeedColumnPresent(db)) ? LISTED_WITH_SEED : LISTED_WITHOUT_SEED;
  const pageSql = listSql(where, params, filter, columns);
  const { rows } = await db.query<NameRow & { total: number | string; id: NameRow['id'] | null }>(
    `SELECT counted.total, page.id, page.name, page.gender, page.nationality, page.created_at, page.random_seed, page.version` +
      ` FROM (${countSql}) counted LEFT JOIN LATERAL (${pageSql}) page ON true ORDER BY page.name, page.id`,
    params,
  );
  const total = Number(rows[0]?.total ?? 0);
  return { names: rows.filter((row) => row.id !== null).map(toNameRecord), total };
}

const LISTED_WITH_SEED = 'id, name, gender, nationality, created_at, random_seed, version';
const LISTED_WITHOUT_SEED = 'id, name, gender, nationality, created_at, NULL::float8 AS random_seed, version';

/**
 * Distinct nationalities as a "loose index scan": each step asks the (nationality, name, id) index
 * for the next nationality after the previous one, so the cost grows with the number of
 * nationalities (tens), not of names. A plain SELECT DISTINCT reads the whole table; this list loads
 * with every Manage Names visit (see bench/explain.bench.ts for both timings on a million names).
 */
export const NATIONALITIES_SQL = `
  WITH RECURSIVE nat AS (
    (SELECT nationality FROM names ORDER BY nationality LIMIT 1)
    UNION ALL
    SELECT (SELECT n.nationality FROM names n WHERE n.nationality > nat.nationality ORDER BY n.nationality LIMIT 1)
    FROM nat
    WHERE nat.nationality IS NOT NULL
  )
  SELECT nationality FROM nat WHERE nationality IS NOT NULL`;

/** Counting needs every row; only the Bulk Upload page's delete dropdown asks for it. */
export const NATIONALITY_COUNTS_SQL = 'SELECT nationality AS name, count(*) AS count FROM names GROUP BY nationality ORDER BY nationality';

export async function listNationalities(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ nationality: string }>(NATIONALITIES_SQL);
  return rows.map((r) => r.nationality);
}

export async function countByNationality(db: Queryable): Promise<NationalityCount[]> {
  const { rows } = await db.query<{ name: string; count: number | string | bigint }>(NATIONALITY_COUNTS_SQL);
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}

/**
 * The bulk import's one set-based statement: each column travels as one array parameter and unnest
 * zips them back into rows, so 5,000 rows cost one round trip and one plan, not 5,000 INSERTs.
 *
 * When every row carries the same createdAt (the console stamps all rows with the import's start
 * time), it is bound once as a scalar instead of as a timestamptz[]: parsing one timestamp text per
 * row was measured at about half of the parameter cost (97k rows: ~0.8 s of ~1.5 s on PGlite,
 * ~0.4 s on PostgreSQL 15). Rows with differing createdAt take the five-array form.
 */
export async function insertNameColumns(db: Queryable, c: BulkImportColumns): Promise<number> {
  if (c.names.length === 0) return 0;
  const sameCreatedAt = c.createdAts.every((t) => t === c.createdAts[0]);
  const { affectedRows } = sameCreatedAt
    ? await db.query(
        `INSERT INTO names (name, gender, nationality, first_letter, created_at)
         SELECT u.*, $5::timestamptz FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u`,
        [c.names, c.genders, c.nationalities, c.firstLetters, c.createdAts[0]],
      )
    : await db.query(
        `INSERT INTO names (name, gender, nationality, first_letter, created_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])`,
        [c.names, c.genders, c.nationalities, c.firstLetters, c.createdAts],
      );
  return affectedRows;
}
