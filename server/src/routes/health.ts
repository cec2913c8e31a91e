import type { FastifyPluginAsync } from 'fastify';
import type { SystemHealth } from '../../../src/api/contract';
import type { Db, Queryable } from '../db/types';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const isAnalyticsTable = (name: string) => name.startsWith('analytics_') || name.endsWith('_analytics');

/** System health read from the live catalog of the schema the server works in (public by default). */
export async function readSystemHealth(db: Queryable): Promise<SystemHealth> {
  const [{ rows: versionRows }, { rows: relations }] = await Promise.all([
    db.query<{ version: string }>('SELECT version() AS version'),
    db.query<{ name: string; type: string }>(
      `SELECT table_name::text AS name, table_type::text AS type
         FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type IN ('BASE TABLE', 'VIEW')
        ORDER BY table_name`,
    ),
  ]);
  const tables = relations.filter((relation) => relation.type === 'BASE TABLE').map((relation) => relation.name);
  const views = relations.filter((relation) => relation.type === 'VIEW').map((relation) => relation.name);

  const tableCounts: Record<string, number> = {};
  if (tables.length > 0) {
    // Exact counts in one round trip; the names come from the catalog and are quoted as identifiers.
    const sql = tables
      .map((name, index) => `SELECT $${index + 1}::text AS name, count(*)::int AS count FROM ${quoteIdent(name)}`)
      .join(' UNION ALL ');
    const { rows } = await db.query<{ name: string; count: number }>(sql, tables);
    for (const name of tables) tableCounts[name] = rows.find((row) => row.name === name)?.count ?? 0;
  }

  return {
    postgresql: versionRows[0]?.version ?? 'unknown',
    tables,
    analytics_tables: tables.filter(isAnalyticsTable),
    views,
    table_counts: tableCounts,
  };
}

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/health', async () => readSystemHealth(db));
};
