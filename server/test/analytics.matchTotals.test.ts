// The match-conversion totals (migration 032) after a long random mix of the writes the app and the console
// make: swipes inserted, flipped and deleted (one row and many per statement), requests sent, accepted in
// both directions, rejected, deleted, users deleted. After every step the kept counters must equal the
// figures counted from scratch, and the endpoint must serve them.
import { incrementalAndRebuilt, loadFixture, matchTotalsCounted, matchTotalsKept, USERS, type FixtureName } from './analytics.fixture';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
let ids: Record<FixtureName, number>;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
  ids = await loadFixture(t.db);
  const extra = ['u-erin', 'u-finn', 'u-gus'];
  await t.db.query(
    `INSERT INTO users (uid, email, username, display_name) SELECT u, u || '@example.com', u, u FROM unnest($1::text[]) AS u`,
    [extra],
  );
});
afterAll(async () => t?.close());

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

test('the kept totals equal the counted ones after each of 120 random writes', async () => {
  const next = random(17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const people = [...USERS, 'u-erin', 'u-finn', 'u-gus'];
  const names = Object.values(ids);
  const alive = new Set(people);
  const steps: string[] = [];
  for (let step = 0; step < 120; step++) {
    const someone = () => pick([...alive]);
    const r = next();
    let sql: string;
    if (r < 0.3) {
      const rows = Array.from(
        { length: 1 + Math.floor(next() * 4) },
        () => `('${someone()}', ${pick(names)}, ${next() < 0.6}, 1500, now())`,
      );
      sql = `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at) VALUES ${rows.join(', ')}`;
    } else if (r < 0.4) {
      sql = `UPDATE swipes SET liked = NOT liked WHERE user_id = '${someone()}' AND name_id = ${pick(names)}`;
    } else if (r < 0.47) {
      sql = `DELETE FROM swipes WHERE name_id = ${pick(names)} AND (user_id = '${someone()}' OR random() < 0)`;
    } else if (r < 0.62) {
      // Never to oneself: analytics_matches refuses a pair of one user (user_a < user_b), as the app does.
      const from = someone();
      const to = pick([...alive].filter((uid) => uid !== from));
      sql = `INSERT INTO connection_requests (from_user_id, to_user_id, status) VALUES ('${from}', '${to}', '${pick(['pending', 'accepted'])}')`;
    } else if (r < 0.8) {
      sql = `UPDATE connection_requests SET status = '${pick(['accepted', 'rejected', 'pending'])}' WHERE from_user_id = '${someone()}'`;
    } else if (r < 0.95) {
      sql = `DELETE FROM connection_requests WHERE to_user_id = '${someone()}'`;
    } else {
      const gone = someone();
      if (alive.size <= 3) continue;
      alive.delete(gone);
      sql = `DELETE FROM users WHERE uid = '${gone}'`;
    }
    steps.push(sql);
    await t.db.query(sql);
    expect({ step, sql, kept: await matchTotalsKept(t.db) }).toEqual({ step, sql, kept: await matchTotalsCounted(t.db) });
  }
  // The walk must have reached the interesting states, or it proves little.
  const { rows } = await t.db.query<{ pairs: number }>('SELECT count(*)::int AS pairs FROM analytics_connected_pairs');
  expect(steps.filter((s) => s.startsWith('UPDATE connection_requests')).length).toBeGreaterThan(10);
  expect(rows[0]!.pairs).toBeGreaterThan(0);
  const { incremental, rebuilt } = await incrementalAndRebuilt(t.db);
  expect(incremental).toEqual(rebuilt);

  const served = await t.app.inject({
    method: 'GET',
    url: '/api/analytics/match-conversion-rate',
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  const counted = await matchTotalsCounted(t.db);
  expect(served.json()).toMatchObject({
    total_connections: counted.accepted_pairs,
    connections_with_matches: counted.pairs_with_matches,
    total_matches: counted.pair_matches,
    connected_likes: counted.connected_likes,
  });
  // The ratios, with every remaining user connected to every other and all liking one name: several pairs,
  // several matches (the fixture alone has one pair, where matches per pair equals matches times pairs).
  const everyone = [...alive];
  await t.db.query(
    `INSERT INTO connection_requests (from_user_id, to_user_id, status)
     SELECT a, b, 'accepted' FROM unnest($1::text[]) AS a, unnest($1::text[]) AS b WHERE a < b`,
    [everyone],
  );
  await t.db.query(
    `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at) SELECT u, $2, true, 1000, now() FROM unnest($1::text[]) AS u`,
    [everyone, ids.Zola],
  );
  const more = await matchTotalsCounted(t.db);
  expect(more.accepted_pairs).toBeGreaterThan(2);
  expect(more.pair_matches).toBeGreaterThan(2);
  const again = await t.app.inject({
    method: 'GET',
    url: '/api/analytics/match-conversion-rate',
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  const round2 = (n: number) => Math.round(n * 100) / 100;
  expect(again.json()).toMatchObject({
    total_connections: more.accepted_pairs,
    avg_matches_per_connection: round2(more.pair_matches / more.accepted_pairs),
    conversion_rate: round2(more.pairs_with_matches / more.accepted_pairs),
  });
});
