import type { SystemHealth } from '../../contract/schemas/databaseAdmin';
import type { DocumentCounts, SwipeStats } from '../../contract/schemas/dashboard';
import { createTestApp, type TestApp } from './testApp';

const ANALYTICS_TABLES = [
  'analytics_connected_pairs',
  'analytics_connected_users',
  'analytics_daily',
  'analytics_matches',
  'analytics_name_stats',
  'analytics_origin_days',
  'analytics_pair_stats',
  'analytics_user_days',
  'analytics_user_stats',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminToken}` } });
const count = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

describe('GET /api/admin/health', () => {
  it('reports the server version, tables and views of the live catalog', async () => {
    const response = await get('/api/admin/health');
    expect(response.statusCode).toBe(200);
    const health = response.json() as SystemHealth;
    const { rows } = await t.db.query<{ version: string }>('SELECT version() AS version');
    expect(health.postgresql).toBe(rows[0]!.version);
    expect(health.postgresql).toMatch(/^PostgreSQL \d+/);
    expect(health.tables).toEqual(
      expect.arrayContaining(['accounts', 'audit_logs', 'connection_requests', 'connections', 'names', 'swipes', 'users']),
    );
    expect(health.analytics_tables).toEqual(ANALYTICS_TABLES);
    expect(health.views).toEqual([]);
  });

  it('counts every table of the demo database exactly (all are small: nothing is estimated)', async () => {
    const health = (await get('/api/admin/health')).json() as SystemHealth;
    expect(health.estimated_counts).toEqual([]);
    expect(Object.keys(health.table_counts).sort()).toEqual([...health.tables].sort());
    for (const table of health.tables) {
      expect({ table, count: health.table_counts[table] }).toEqual({ table, count: await count(table) });
    }
    expect(health.table_counts.names).toBeGreaterThan(2000);
  });

  it('follows the catalog: new views and analytics tables show up', async () => {
    await t.db.exec(`
      CREATE TABLE analytics_daily_swipes (day date PRIMARY KEY, swipes int NOT NULL);
      CREATE TABLE name_analytics (name_id bigint PRIMARY KEY);
      INSERT INTO analytics_daily_swipes VALUES ('2026-01-01', 5), ('2026-01-02', 7);
      CREATE VIEW liked_swipes AS SELECT * FROM swipes WHERE liked;
    `);
    try {
      const health = (await get('/api/admin/health')).json() as SystemHealth;
      expect(health.analytics_tables).toEqual([...ANALYTICS_TABLES, 'analytics_daily_swipes', 'name_analytics'].sort());
      expect(health.tables).toEqual(expect.arrayContaining(['analytics_daily_swipes', 'name_analytics']));
      expect(health.views).toEqual(['liked_swipes']);
      expect(health.table_counts.analytics_daily_swipes).toBe(2);
      expect(health.tables).not.toContain('liked_swipes');
    } finally {
      await t.db.exec('DROP VIEW liked_swipes; DROP TABLE analytics_daily_swipes; DROP TABLE name_analytics;');
    }
  });

  it('estimates a large table from the catalog instead of counting it, and says so', async () => {
    // ~2 MB of rows: past the 1 MB up to which tables are counted exactly.
    await t.db.exec(`
      CREATE TABLE health_big (id int PRIMARY KEY, filler text NOT NULL);
      INSERT INTO health_big SELECT g, repeat('x', 100) FROM generate_series(1, 15000) AS g;
      ANALYZE health_big;
      INSERT INTO health_big SELECT g, repeat('x', 100) FROM generate_series(15001, 20000) AS g;
    `);
    try {
      const health = (await get('/api/admin/health')).json() as SystemHealth;
      expect(health.estimated_counts).toEqual(['health_big']);
      // Scaled by the pages the table has now, so rows added after ANALYZE are (roughly) included.
      expect(health.table_counts.health_big).toBeGreaterThan(18_000);
      expect(health.table_counts.health_big).toBeLessThan(22_000);
    } finally {
      await t.db.exec('DROP TABLE health_big');
    }
  });
});

describe('GET /api/swipes/stats and /api/documents/counts', () => {
  it('equal the direct SQL counts of names and swipes', async () => {
    const names = await count('names');
    const swipes = await count('swipes');
    expect(names).toBeGreaterThan(2000);
    expect(swipes).toBeGreaterThan(1000);
    const stats = await get('/api/swipes/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual<SwipeStats>({ totalNames: names, totalSwipes: swipes });
    const documents = await get('/api/documents/counts');
    expect(documents.json()).toEqual<DocumentCounts>({ names, swipes });
  });
});
