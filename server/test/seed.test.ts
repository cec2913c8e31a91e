import type { UserRecord } from '../../contract/schemas/usersAudit';
import { FILTER_LETTERS } from '../../contract/nameRules';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import type { Db } from '../src/db/types';
import { buildDemoData } from '../src/seed/demoData';
import { APP_AUDIT_EVENTS } from '../../contract/usersAudit';
import { DEMO_ADMIN, DEMO_USER } from '../src/seed/demoAccounts';
import { seedDemoData } from '../src/seed/seed';
import { findUserRecord } from '../src/users/userRecord';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rows = async <T>(sql: string, params?: unknown[]) => (await t.db.query<T>(sql, params)).rows;
const one = async <T>(sql: string, params?: unknown[]) => (await rows<T>(sql, params))[0]!;

/** Row counts of every table in the schema, read from the catalog (so no table is forgotten). */
async function allTableCounts(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)).rows[0]!.n;
  return counts;
}

describe('demo seed', () => {
  it('is idempotent: migrating and seeding again changes nothing', async () => {
    const before = await allTableCounts(t.db);
    const checksum = () =>
      one<{ sum: string }>(`SELECT md5(string_agg(name || gender || nationality || first_letter, ',' ORDER BY id)) AS sum FROM names`);
    const namesBefore = await checksum();
    expect(await migrate(t.db)).toEqual([]);
    expect(await seedDemoData(t.db)).toEqual({ seeded: false });
    expect(await allTableCounts(t.db)).toEqual(before);
    expect(await checksum()).toEqual(namesBefore);
  });

  it('is deterministic for a given moment', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const a = buildDemoData(now);
    const b = buildDemoData(now);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('holds a few thousand real names over the origins, every filter letter non-empty', async () => {
    const { n } = await one<{ n: number }>('SELECT count(*)::int AS n FROM names');
    expect(n).toBeGreaterThanOrEqual(2000);
    expect(n).toBeLessThanOrEqual(4000);
    const origins = (await rows<{ nationality: string }>('SELECT DISTINCT nationality FROM names')).map((row) => row.nationality);
    expect(origins).toEqual(
      expect.arrayContaining(['english', 'irish', 'scandinavian', 'german', 'french', 'spanish', 'italian', 'icelandic']),
    );
    const letters = new Map(
      (await rows<{ first_letter: string; n: number }>('SELECT first_letter, count(*)::int AS n FROM names GROUP BY 1')).map((row) => [
        row.first_letter,
        row.n,
      ]),
    );
    const empty = FILTER_LETTERS.filter((letter) => !letters.get(letter));
    expect(empty).toEqual([]);
    const genders = (await rows<{ gender: string }>('SELECT DISTINCT gender FROM names ORDER BY 1')).map((row) => row.gender);
    expect(genders).toEqual(['female', 'male', 'unisex']);
    const samples = (
      await rows<{ name: string }>(`SELECT name FROM names WHERE name IN ('Ásta', 'Ægir', 'Örn', 'Ýr', 'Siobhán', 'Élodie')`)
    ).map((row) => row.name);
    expect(samples.sort()).toEqual(['Ásta', 'Ægir', 'Élodie', 'Örn', 'Ýr', 'Siobhán'].sort());
    // No placeholder names.
    expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM names WHERE name ~ '\\d'`)).n).toBe(0);
  });

  it('holds ~300 end users with the spec’s fields and a mix of premium and inactive', async () => {
    const stats = await one<{ users: number; premium: number; inactive: number; with_login: number; distinct_usernames: number }>(
      `SELECT count(*)::int AS users, count(*) FILTER (WHERE is_premium)::int AS premium,
              count(*) FILTER (WHERE NOT account_active)::int AS inactive,
              count(last_login)::int AS with_login, count(DISTINCT username)::int AS distinct_usernames
         FROM users`,
    );
    expect(stats.users).toBeGreaterThanOrEqual(300);
    expect(stats.premium).toBeGreaterThan(20);
    expect(stats.inactive).toBeGreaterThan(5);
    expect(stats.with_login).toBeGreaterThanOrEqual(300);
    expect(stats.distinct_usernames).toBe(stats.users);
    const { uid } = await one<{ uid: string }>(`SELECT uid FROM users WHERE NOT is_admin AND uid NOT LIKE 'demo-%' ORDER BY uid LIMIT 1`);
    const record = (await findUserRecord(t.db, uid)) as UserRecord;
    expect(record.email).toMatch(/@example\.(com|net|org)$/);
    expect(record.totalActiveTimeFormatted).toMatch(/^\d+h \d+m \d+s$/);
    expect(Object.keys(record.notificationSettings).sort()).toEqual([
      'connectionConfirmed',
      'connectionRejected',
      'connectionRequest',
      'dailyReminder',
      'matchedName',
      'partnerDisconnected',
    ]);
  });

  it('creates the demo admin and the non-admin demo account', async () => {
    const accounts = await rows<{ uid: string; email: string; is_admin: boolean }>(
      'SELECT a.uid, a.email, u.is_admin FROM accounts a JOIN users u USING (uid) ORDER BY a.uid',
    );
    expect(accounts).toEqual([
      { uid: DEMO_ADMIN.uid, email: DEMO_ADMIN.email, is_admin: true },
      { uid: DEMO_USER.uid, email: DEMO_USER.email, is_admin: false },
    ]);
    const { hash } = await one<{ hash: string }>('SELECT password_hash AS hash FROM accounts WHERE uid = $1', [DEMO_ADMIN.uid]);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain(DEMO_ADMIN.password);
  });

  it('holds swipes with likes and dislikes and decision times of 0.5 to 9 s', async () => {
    const s = await one<{ n: number; liked: number; min: number; max: number; users: number; avg: string }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE liked)::int AS liked, min(decision_time_ms) AS min,
              max(decision_time_ms) AS max, count(DISTINCT user_id)::int AS users, avg(decision_time_ms) AS avg FROM swipes`,
    );
    expect(s.n).toBeGreaterThan(2000);
    expect(s.liked).toBeGreaterThan(s.n * 0.2);
    expect(s.liked).toBeLessThan(s.n * 0.8);
    expect(s.min).toBeGreaterThanOrEqual(500);
    expect(s.max).toBeLessThanOrEqual(9000);
    expect(Number(s.avg)).toBeGreaterThan(1500);
    expect(s.users).toBeGreaterThan(200);
  });

  it('holds connection requests of each status, and a confirmed connection per accepted one', async () => {
    const byStatus = Object.fromEntries(
      (await rows<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM connection_requests GROUP BY 1')).map((row) => [
        row.status,
        row.n,
      ]),
    );
    expect(byStatus.accepted).toBeGreaterThan(0);
    expect(byStatus.pending).toBeGreaterThan(0);
    expect(byStatus.rejected).toBeGreaterThan(0);
    const connections = await one<{ n: number; confirmed: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed FROM connections`,
    );
    expect(connections).toEqual({ n: byStatus.accepted, confirmed: byStatus.accepted });
    // Connected partners share liked names (matches).
    const { matches } = await one<{ matches: number }>(
      `SELECT count(*)::int AS matches FROM connections c
         JOIN swipes a ON a.user_id = c.user_a AND a.liked
         JOIN swipes b ON b.user_id = c.user_b AND b.liked AND b.name_id = a.name_id`,
    );
    expect(matches).toBeGreaterThan(10);
  });

  it('holds audit events of every type, all within the last 90 days', async () => {
    const events = await rows<{ event: string; n: number; oldest: Date; newest: Date }>(
      'SELECT event, count(*)::int AS n, min(timestamp) AS oldest, max(timestamp) AS newest FROM audit_logs GROUP BY 1',
    );
    expect(events.map((row) => row.event).sort()).toEqual([...APP_AUDIT_EVENTS].sort());
    const ninetyDaysAgo = Date.now() - 90 * 24 * 3600 * 1000 - 60_000;
    for (const row of events) {
      expect(row.n).toBeGreaterThan(0);
      expect(row.oldest.getTime()).toBeGreaterThanOrEqual(ninetyDaysAgo);
      expect(row.newest.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('database layer', () => {
  it('returns int8 as numbers, numeric as strings and timestamptz as Dates on both drivers', async () => {
    const row = await one<{ big: number; n: number; avg: string; at: Date }>(
      `SELECT 42::int8 AS big, count(*) AS n, avg(x) AS avg, now() AS at FROM generate_series(1, 4) x`,
    );
    expect(row.big).toBe(42);
    expect(row.n).toBe(4);
    expect(row.avg).toMatch(/^2\.5/);
    expect(row.at).toBeInstanceOf(Date);
  });

  it('rolls a failed transaction back', async () => {
    const before = await one<{ n: number }>('SELECT count(*)::int AS n FROM server_settings');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO server_settings (key, value) VALUES ('rollback-test', 'x')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await one<{ n: number }>('SELECT count(*)::int AS n FROM server_settings')).toEqual(before);
  });

  it('reports affected rows', async () => {
    const result = await t.db.query(`UPDATE users SET updated_at = updated_at WHERE uid IN ($1, $2)`, [DEMO_ADMIN.uid, DEMO_USER.uid]);
    expect(result.affectedRows).toBe(2);
  });
});

// Two server processes starting together against one real PostgreSQL: the advisory locks make one
// of them migrate and seed, the other find the work done. (PGlite is one process's private file.)
(process.env.DATABASE_URL ? describe : describe.skip)('two processes starting at once (real PostgreSQL)', () => {
  const schema = `race_${Date.now().toString(36)}`;
  const url = process.env.DATABASE_URL!;
  let dbs: Db[] = [];

  beforeAll(async () => {
    const { openDatabase } = await import('../src/db/open');
    const setup = await openDatabase({ databaseUrl: url });
    await setup.exec(`CREATE SCHEMA "${schema}"`);
    await setup.close();
    dbs = await Promise.all([openDatabase({ databaseUrl: url, schema }), openDatabase({ databaseUrl: url, schema })]);
  });
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    const { openDatabase } = await import('../src/db/open');
    const cleanup = await openDatabase({ databaseUrl: url });
    await cleanup.exec(`DROP SCHEMA "${schema}" CASCADE`);
    await cleanup.close();
  });

  it('migrates once and seeds once', async () => {
    const migrated = await Promise.all(dbs.map((db) => migrate(db)));
    expect(migrated.map((ids) => ids.length).sort((a, b) => a - b)).toEqual([0, migrations.length]);
    const seeded = await Promise.all(dbs.map((db) => seedDemoData(db)));
    expect(seeded.map((result) => result.seeded).sort()).toEqual([false, true]);
    const counts = await allTableCounts(dbs[0]!);
    expect(counts.accounts).toBe(2);
    expect(counts.schema_migrations).toBe(migrations.length);
    expect(counts.names).toBeGreaterThan(2000);
  });
});
