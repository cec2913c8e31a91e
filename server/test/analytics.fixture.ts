// A small data set whose analytics are worked out by hand in analytics.routes.test.ts.
//
// alice and bob have an accepted connection; carol's request to dave is still pending.
// Times are UTC on 2026-03-10 (day 1) and 2026-03-11 (day 2).
//
//   alice  Emma   like     1.5 s  d1 10:00   session 1
//   alice  Liam   like     3.0 s  d1 10:01   session 1
//   alice  Noah   dislike  6.0 s  d1 10:02   session 1
//   alice  Freya  like     1.0 s  d1 11:00   session 2 (58 min later)
//   alice  Chloe  dislike  2.5 s  d1 11:10   session 2
//   bob    Emma   like     1.8 s  d1 10:05   -> match Emma: 5 min after alice's like
//   bob    Liam   dislike  5.5 s  d1 10:06   (alice liked it: no match)
//   bob    Freya  like     4.0 s  d2 09:00   -> match Freya: 22 h after alice's like
//   carol  Emma   like     2.0 s  d1 10:30   session 1 (2.0 s is neither fast nor slow)
//   carol  Noah   like     7.0 s  d1 11:00   session 2: exactly 30 min later starts a new session
//   dave   Emma   dislike  0.9 s  d2 12:00
import type { Db } from '../src/db/types';
import { firstLetter } from '../../contract/nameRules';

export const USERS = ['u-alice', 'u-bob', 'u-carol', 'u-dave'] as const;
export const NAMES = [
  ['Emma', 'female', 'english'],
  ['Liam', 'male', 'irish'],
  ['Noah', 'male', 'german'],
  ['Freya', 'female', 'scandinavian'],
  ['Chloe', 'female', 'french'],
  ['Zola', 'unisex', 'spanish'],
] as const;
export type FixtureName = (typeof NAMES)[number][0];

const D1 = '2026-03-10';
const D2 = '2026-03-11';
export const SWIPES: readonly [user: string, name: FixtureName, liked: boolean, ms: number, at: string][] = [
  ['u-alice', 'Emma', true, 1500, `${D1}T10:00:00Z`],
  ['u-alice', 'Liam', true, 3000, `${D1}T10:01:00Z`],
  ['u-alice', 'Noah', false, 6000, `${D1}T10:02:00Z`],
  ['u-alice', 'Freya', true, 1000, `${D1}T11:00:00Z`],
  ['u-alice', 'Chloe', false, 2500, `${D1}T11:10:00Z`],
  ['u-bob', 'Emma', true, 1800, `${D1}T10:05:00Z`],
  ['u-bob', 'Liam', false, 5500, `${D1}T10:06:00Z`],
  ['u-bob', 'Freya', true, 4000, `${D2}T09:00:00Z`],
  ['u-carol', 'Emma', true, 2000, `${D1}T10:30:00Z`],
  ['u-carol', 'Noah', true, 7000, `${D1}T11:00:00Z`],
  ['u-dave', 'Emma', false, 900, `${D2}T12:00:00Z`],
];

/** Loads the fixture into a database that holds only the demo accounts; returns name ids by name. */
export async function loadFixture(db: Db): Promise<Record<FixtureName, number>> {
  await db.query(
    `INSERT INTO users (uid, email, username, display_name) SELECT u, u || '@example.com', u, u FROM unnest($1::text[]) AS u`,
    [USERS],
  );
  const ids = {} as Record<FixtureName, number>;
  for (const [name, gender, nationality] of NAMES) {
    const { rows } = await db.query<{ id: number }>(
      'INSERT INTO names (name, gender, nationality, first_letter) VALUES ($1, $2, $3, $4) RETURNING id',
      [name, gender, nationality, firstLetter(name)],
    );
    ids[name] = rows[0]!.id;
  }
  await db.query(
    `INSERT INTO connection_requests (from_user_id, to_user_id, status) VALUES ('u-alice', 'u-bob', 'accepted'), ('u-carol', 'u-dave', 'pending')`,
  );
  // One statement, as a batch from the app would arrive: the triggers see all eleven rows at once.
  await db.query(
    `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::boolean[], $4::int[], $5::timestamptz[])`,
    [SWIPES.map((s) => s[0]), SWIPES.map((s) => ids[s[1]]), SWIPES.map((s) => s[2]), SWIPES.map((s) => s[3]), SWIPES.map((s) => s[4])],
  );
  return ids;
}

export const ANALYTICS_TABLES = [
  'analytics_connected_pairs',
  'analytics_connected_users',
  'analytics_daily',
  'analytics_matches',
  'analytics_name_stats',
  'analytics_origin_days',
  'analytics_pair_stats',
  'analytics_user_days',
  'analytics_user_stats',
] as const;

/** The totals migration 032's triggers keep in row_counters, summed over their shards. */
const MATCH_TOTALS = ['accepted_pairs', 'connected_likes', 'pairs_with_matches', 'pair_matches', 'swiping_users'];

/** The same five figures counted straight from connection_requests and the summaries, as the endpoint once did. */
export async function matchTotalsCounted(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, number>>(
    `WITH pairs AS (SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b
                      FROM connection_requests WHERE status = 'accepted')
     SELECT (SELECT count(*) FROM pairs)::int AS accepted_pairs,
            (SELECT coalesce(sum(u.likes), 0) FROM (SELECT a AS uid FROM pairs UNION SELECT b FROM pairs) c
               JOIN analytics_user_stats u ON u.user_id = c.uid)::int AS connected_likes,
            (SELECT count(*) FROM analytics_pair_stats)::int AS pairs_with_matches,
            (SELECT coalesce(sum(matches), 0) FROM analytics_pair_stats)::int AS pair_matches,
            (SELECT count(*) FROM analytics_user_stats)::int AS swiping_users`,
  );
  return rows[0]!;
}

export async function matchTotalsKept(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ counter: string; value: number }>(
    'SELECT counter, sum(value)::int AS value FROM row_counters WHERE counter = ANY($1::text[]) GROUP BY counter',
    [MATCH_TOTALS],
  );
  return Object.fromEntries(MATCH_TOTALS.map((c) => [c, rows.find((r) => r.counter === c)?.value ?? 0]));
}

/** Every summary row, in a stable order, as plain JSON. */
export async function snapshotSummaries(db: Db): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of ANALYTICS_TABLES) {
    const { rows } = await db.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY to_jsonb(t)::text`);
    snapshot[table] = rows.map((r) => r.row);
  }
  snapshot.match_totals = [await matchTotalsKept(db)];
  return snapshot;
}

/** The summaries as the triggers left them next to the same summaries rebuilt from scratch. */
export async function incrementalAndRebuilt(db: Db) {
  const incremental = await snapshotSummaries(db);
  expect(incremental.match_totals).toEqual([await matchTotalsCounted(db)]);
  await db.query('SELECT analytics_rebuild()');
  await db.query('SELECT analytics_match_totals_rebuild()');
  const rebuilt = await snapshotSummaries(db);
  return { incremental, rebuilt };
}
