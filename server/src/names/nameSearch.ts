// GET /names?q=: the search, in one statement (contract/nameSearch.ts says what matches; migration 100 keeps
// names.search_key, the folded name, with a btree and a trigram index).
//
// The answer's order is three groups, each read from its index: names whose key starts with the folded text
// (a range of the (search_key, id) btree, read in its order, so a page stops after offset + limit entries),
// then names containing it (LIKE '%text%' through the trigram index, read in full for their order only when the
// page reaches them), then, only when fewer than NAME_SEARCH_FEW_MATCHES names matched so far, at most
// NAME_SEARCH_MAX_CLOSE close spellings (pg_trgm's `%` at NAME_SEARCH_MIN_SIMILARITY, closest first). Within a group
// by key, then id, so pages neither repeat nor skip (offset paging, as the unsearched list). Each group's count
// (up to NAME_SEARCH_COUNT_LIMIT past the page) comes first; the page then takes from each group the part of
// [offset, offset + limit) that falls in it, and a group the page does not reach is not read (LIMIT 0).
import {
  NAME_SEARCH_COUNT_LIMIT,
  NAME_SEARCH_FEW_MATCHES,
  NAME_SEARCH_MAX_CLOSE,
  NAME_SEARCH_MIN_SIMILARITY,
  searchesInside,
} from '../../../contract/nameSearch';
import type { NameRecord, NameSearchSummary } from '../../../contract/schemas/names';
import { nameFilterConditions } from '../counters/rowCounters';
import type { Queryable } from '../db/types';
import { forgetRandomSeedColumn, randomSeedColumnPresent } from '../dbAdmin/randomSeedColumn';
import type { NamesFilter } from './nameInput';
import { toNameRecord } from './repository';

/** A filter that searches. */
export type SearchFilter = NamesFilter & { search: NonNullable<NamesFilter['search']> };

/**
 * The first text after every text starting with `prefix`, in code point order (the "C" collation's byte order
 * of UTF-8): the prefix with its last code point incremented (past the surrogates, which text never holds).
 * Null when no text comes after them all (a prefix of U+10FFFF only), so the range has no upper end.
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = Array.from(prefix, (c) => c.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last < 0x10ffff) {
      points.push(last === 0xd7ff ? 0xe000 : last + 1);
      return String.fromCodePoint(...points);
    }
  }
  return null;
}

/** LIKE's wildcards and its escape character, matched as themselves (standard_conforming_strings: \ escapes). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const PAGE_COLUMNS = ['id', 'name', 'gender', 'nationality', 'created_at', 'random_seed', 'version'] as const;

function columnsOf(alias: string, withSeed: boolean): string {
  return PAGE_COLUMNS.map((c) => (c === 'random_seed' && !withSeed ? 'NULL::float8 AS random_seed' : `${alias}.${c}`)).join(', ');
}

export interface SearchQueryOptions {
  /** the schema pg_trgm is installed in (quoted), or null without it: no close spellings then */
  trigramSchema: string | null;
  /** names has random_seed (Database Admin's migration) */
  withSeed: boolean;
}

/** The statement and its parameters. Every value is a parameter: the search text is never part of the SQL. */
export function buildSearchQuery(filter: SearchFilter, options: SearchQueryOptions): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const filters = nameFilterConditions(filter, params);
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const { key } = filter.search;
  const upper = prefixUpperBound(key);
  const prefix = [`search_key >= ${param(key)}`, ...(upper === null ? [] : [`search_key < ${param(upper)}`])].join(' AND ');
  const inside = searchesInside(key);
  const like = inside ? param(`%${escapeLike(key)}%`) : '';
  const close = inside && options.trigramSchema !== null;
  const limit = param(filter.limit);
  const offset = param(filter.offset);
  const where = (...conditions: string[]) => [...conditions, ...filters].join(' AND ');

  const contains = `search_key LIKE ${like} AND NOT (${prefix})`;
  /** The part of [offset, offset + limit) that falls in a group starting at `before` (an SQL expression). */
  const window = (before: string) =>
    `LIMIT greatest(0, ${offset}::bigint + ${limit}::bigint - ${before}) - greatest(0, ${offset}::bigint - ${before})` +
    ` OFFSET greatest(0, ${offset}::bigint - ${before})`;

  // Each group is counted only up to `bound` (NAME_SEARCH_COUNT_LIMIT past the page's end): a prefix group that
  // reaches it holds the whole page, and the groups after it are then neither read nor counted. The names containing
  // the text are read in full (through the trigram index, each candidate rechecked) only when the page reaches them,
  // for their order; otherwise they are only counted, up to the bound. PostgreSQL computes a MATERIALIZED CTE and an
  // uncorrelated subquery only when something reads it, so the CASE below decides which of them run.
  const bound = param(Math.max(NAME_SEARCH_COUNT_LIMIT, filter.offset + filter.limit) + 1);
  const reach = `(${offset}::bigint + ${limit}::bigint)`;
  const ctes = [
    `prefix_count AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM names WHERE ${where(prefix)} LIMIT ${bound}) p)`,
    ...(inside ? [`inside AS MATERIALIZED (SELECT id, search_key FROM names WHERE ${where(contains)})`] : []),
    `counts AS MATERIALIZED (
       SELECT p.n AS prefix_matches,
              ${
                inside
                  ? `CASE WHEN p.n >= ${bound} THEN 0::bigint
                          WHEN p.n < ${reach} THEN (SELECT count(*) FROM inside)
                          ELSE (SELECT count(*) FROM (SELECT 1 FROM names WHERE ${where(contains)} LIMIT ${bound}) c) END`
                  : '0::bigint'
              } AS contains_matches
         FROM prefix_count p)`,
  ];
  const branches = [
    `(SELECT 0 AS rank, 0::real AS score, search_key, ${columnsOf('names', options.withSeed)} FROM names
       WHERE ${where(prefix)} ORDER BY search_key, id LIMIT ${limit} OFFSET ${offset})`,
  ];
  if (inside) {
    branches.push(
      `(SELECT 1, 0::real, k.search_key, ${columnsOf('n', options.withSeed)}
          FROM (SELECT id, search_key FROM inside ORDER BY search_key, id ${window('c.prefix_matches')}) k
          JOIN names n ON n.id = k.id)`,
    );
  }
  if (close) {
    const trgm = options.trigramSchema!;
    const text = param(key);
    // Pseudo-constant (an uncorrelated subquery): PostgreSQL checks it once and reads no index when enough matched.
    const few = `(SELECT prefix_matches + contains_matches FROM counts) < ${param(NAME_SEARCH_FEW_MATCHES)}`;
    // `%` reads the session's threshold (db/sessionSettings.ts sets it to the same figure, so the index prunes by
    // it); the similarity is checked here too, so the answer never depends on that setting.
    const minimum = param(NAME_SEARCH_MIN_SIMILARITY);
    ctes.push(
      `close AS MATERIALIZED (
         SELECT id, search_key, ${trgm}.similarity(search_key, ${text}) AS score FROM names
          WHERE ${where(few, `search_key OPERATOR(${trgm}.%) ${text}`, `${trgm}.similarity(search_key, ${text}) >= ${minimum}::real`, `search_key NOT LIKE ${like}`)}
          ORDER BY score DESC, search_key, id LIMIT ${param(NAME_SEARCH_MAX_CLOSE)})`,
    );
    branches.push(
      `(SELECT 2, k.score, k.search_key, ${columnsOf('n', options.withSeed)} FROM close k JOIN names n ON n.id = k.id
         ORDER BY k.score DESC, k.search_key, k.id ${window('(c.prefix_matches + c.contains_matches)')})`,
    );
  }
  const sql =
    `WITH ${ctes.join(',\n')}\n` +
    `SELECT c.prefix_matches, c.contains_matches, ${close ? '(SELECT count(*) FROM close)' : '0::bigint'} AS close_matches,\n` +
    `       (c.prefix_matches < ${bound} AND (c.prefix_matches < ${reach} OR c.contains_matches < ${bound})) AS exact,\n` +
    `       ${PAGE_COLUMNS.map((column) => `page.${column}`).join(', ')}\n` +
    `  FROM counts c LEFT JOIN LATERAL (\n${branches.join('\n UNION ALL\n')}\n) page ON true\n` +
    ' ORDER BY page.rank, page.score DESC, page.search_key, page.id';
  return { sql, params };
}

interface SearchRow {
  prefix_matches: number | string;
  contains_matches: number | string;
  close_matches: number | string;
  exact: boolean | null;
  id: number | string | null;
  name: string;
  gender: NameRecord['gender'];
  nationality: string;
  created_at: Date | string;
  random_seed: number | null;
  version: number | null;
}

/** One page of a search, its total and what each group holds. */
export async function searchNamesPage(
  db: Queryable,
  filter: SearchFilter,
  options: SearchQueryOptions,
): Promise<{ names: NameRecord[]; total: number; search: NameSearchSummary }> {
  const { sql, params } = buildSearchQuery(filter, options);
  const { rows } = await db.query<SearchRow>(sql, params);
  const first = rows[0];
  const prefixMatches = Number(first?.prefix_matches ?? 0);
  const containsMatches = Number(first?.contains_matches ?? 0);
  const closeMatches = Number(first?.close_matches ?? 0);
  return {
    names: rows.filter((row) => row.id !== null).map((row) => toNameRecord({ ...row, id: row.id! })),
    total: prefixMatches + containsMatches + closeMatches,
    search: { q: filter.search.q, key: filter.search.key, prefixMatches, containsMatches, closeMatches, exact: first?.exact !== false },
  };
}

/** What GET /names?q= answers: the page, the total and the counts per group. */
export async function searchNames(
  db: Queryable,
  filter: SearchFilter,
): Promise<{ names: NameRecord[]; total: number; search: NameSearchSummary }> {
  const read = async () => {
    const [withSeed, schema] = await Promise.all([randomSeedColumnPresent(db), trigramSchema(db)]);
    return searchNamesPage(db, filter, { withSeed, trigramSchema: schema });
  };
  try {
    return await read();
  } catch (error) {
    // random_seed or pg_trgm dropped behind this server's back since it last looked (as repository.ts's list).
    const code = (error as { code?: unknown }).code;
    if (code === UNDEFINED_COLUMN) forgetRandomSeedColumn(db);
    else if (code === UNDEFINED_FUNCTION) forgetTrigramSchema(db);
    else throw error;
    return read();
  }
}

const UNDEFINED_COLUMN = '42703';
const UNDEFINED_FUNCTION = '42883';

const trigramSchemas = new WeakMap<Queryable, Promise<string | null>>();

/** The schema pg_trgm is installed in, quoted for SQL, or null: asked once per database (an extension stays put). */
export function trigramSchema(db: Queryable): Promise<string | null> {
  let known = trigramSchemas.get(db);
  if (!known) {
    known = db
      .query<{ schema: string }>(
        `SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      )
      .then(({ rows }) => rows[0]?.schema ?? null);
    known.catch(() => trigramSchemas.delete(db));
    trigramSchemas.set(db, known);
  }
  return known;
}

/** pg_trgm dropped behind this server's back: ask again on the next search. */
export function forgetTrigramSchema(db: Queryable): void {
  trigramSchemas.delete(db);
}
