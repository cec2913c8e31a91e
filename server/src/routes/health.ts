import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SystemHealth } from '../../../contract/schemas/databaseAdmin';
import { onEndpoint } from '../http/contractRoutes';
import type { Db, Queryable } from '../db/types';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const isAnalyticsTable = (name: string) => name.startsWith('analytics_') || name.endsWith('_analytics');

/** Tables up to this many 8 kB pages (1 MB) are counted exactly: a count over them costs well under a millisecond. */
const EXACT_COUNT_MAX_PAGES = 128;

interface TableSize {
  name: string;
  /** pg_class.reltuples: rows at the last ANALYZE / VACUUM, -1 when never analysed */
  reltuples: number;
  /** pg_class.relpages at that moment */
  relpages: number;
  /** pages the table has now (its file size) */
  pages: number;
}

/**
 * Exact totals that cost nothing to read: the row counters of migration 015 (names, swipes, users) when
 * that table exists. Everything else is counted exactly when small, estimated from the catalog when large.
 */
async function maintainedCounts(db: Queryable, tables: string[]): Promise<Record<string, number>> {
  if (!tables.includes('row_counters')) return {};
  const { rows } = await db.query<{ counter: string; value: number }>(
    `SELECT counter, sum(value)::float8 AS value FROM row_counters WHERE counter IN ('names', 'swipes', 'users') GROUP BY counter`,
  );
  return Object.fromEntries(rows.map((row) => [row.counter, row.value]));
}

/**
 * The planner's own estimate: rows per page at the last ANALYZE times the pages the table has now, so a
 * table that grew since then is scaled up (as PostgreSQL's estimate_rel_size does).
 */
const estimate = (size: TableSize) => Math.round((size.reltuples / size.relpages) * size.pages);

/** System health read from the live catalog of the schema the server works in (public by default). */
export async function readSystemHealth(db: Queryable): Promise<SystemHealth> {
  // One catalog read (pg_class, not information_schema, whose privilege checks cost more than the rest).
  const [{ rows: versionRows }, { rows: relations }] = await Promise.all([
    db.query<{ version: string }>('SELECT version() AS version'),
    db.query<TableSize & { kind: string }>(
      `SELECT c.relname::text AS name, c.relkind::text AS kind, c.reltuples::float8 AS reltuples, c.relpages::int AS relpages,
              CASE WHEN c.relkind = 'v' THEN 0 ELSE (pg_relation_size(c.oid) / current_setting('block_size')::int)::int END AS pages
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v')
        ORDER BY c.relname`,
    ),
  ]);
  const tables = relations.filter((relation) => relation.kind !== 'v').map((relation) => relation.name);
  const views = relations.filter((relation) => relation.kind === 'v').map((relation) => relation.name);
  const sizes = relations.filter((relation) => relation.kind !== 'v');
  const sizeOf = new Map(sizes.map((size) => [size.name, size]));

  const tableCounts: Record<string, number> = {};
  const estimated: string[] = [];
  const maintained = await maintainedCounts(db, tables);
  const toCount: string[] = [];
  for (const name of tables) {
    const size = sizeOf.get(name);
    if (maintained[name] !== undefined) tableCounts[name] = maintained[name];
    else if (size && size.pages > EXACT_COUNT_MAX_PAGES && size.reltuples >= 0 && size.relpages > 0) {
      tableCounts[name] = estimate(size);
      estimated.push(name);
    } else toCount.push(name); // small, or large but never analysed (no density to scale): counted
  }
  if (toCount.length > 0) {
    // Exact counts of the rest in one round trip; the names come from the catalog and are quoted as identifiers.
    const sql = toCount
      .map((name, index) => `SELECT $${index + 1}::text AS name, count(*)::int AS count FROM ${quoteIdent(name)}`)
      .join(' UNION ALL ');
    const { rows } = await db.query<{ name: string; count: number }>(sql, toCount);
    for (const name of toCount) tableCounts[name] = rows.find((row) => row.name === name)?.count ?? 0;
  }

  return {
    postgresql: versionRows[0]?.version ?? 'unknown',
    tables,
    analytics_tables: tables.filter(isAnalyticsTable),
    views,
    table_counts: tableCounts,
    estimated_counts: estimated,
  };
}

export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  onEndpoint(app, 'GET /api/admin/health', async () => readSystemHealth(db));
};
