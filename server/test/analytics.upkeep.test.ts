// The summaries the triggers keep must equal the summaries rebuilt from swipes after every kind of
// write: inserts, deletes, updates, connection changes, a renamed origin, and the cascades that run
// when a user or a name is deleted. Each step checks a figure by hand too, so a rebuild that is wrong
// in the same way as the triggers would not pass unnoticed.
import { incrementalAndRebuilt, loadFixture, type FixtureName } from './analytics.fixture';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
let ids: Record<FixtureName, number>;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
  ids = await loadFixture(t.db);
});
afterAll(async () => t?.close());

const one = async <T>(sql: string, params?: unknown[]) => (await t.db.query<T>(sql, params)).rows[0]!;
const nameStats = (name: FixtureName) =>
  one<{ swipes: number; likes: number; matches: number } | undefined>(
    'SELECT swipes, likes, matches FROM analytics_name_stats WHERE name_id = $1',
    [ids[name]],
  );
const dailyActive = (day: string) =>
  one<{ active_users: number } | undefined>('SELECT active_users FROM analytics_daily WHERE day = $1', [day]);
const pairMatches = async () => (await t.db.query<{ name_id: number }>('SELECT name_id FROM analytics_matches ORDER BY name_id')).rows;

async function expectInStep() {
  const { incremental, rebuilt } = await incrementalAndRebuilt(t.db);
  expect(incremental).toEqual(rebuilt);
}

describe('summaries stay in step with the swipes', () => {
  it('after the fixture load (one multi-row insert)', async () => {
    expect(await nameStats('Emma')).toEqual({ swipes: 4, likes: 3, matches: 1 });
    await expectInStep();
  });

  it('a new like by the partner creates a match; deleting it removes the match again', async () => {
    // bob likes Liam after all: alice liked it at 10:01 on day 1.
    const { id } = await one<{ id: number }>(
      `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at)
       VALUES ('u-bob', $1, true, 2100, '2026-03-10T10:31:00Z') RETURNING id`,
      [ids.Liam],
    );
    expect(await nameStats('Liam')).toEqual({ swipes: 3, likes: 2, matches: 1 });
    const liam = await one<{ gap: number }>('SELECT time_between_swipes_ms::int AS gap FROM analytics_matches WHERE name_id = $1', [
      ids.Liam,
    ]);
    expect(liam.gap).toBe(30 * 60 * 1000);
    await expectInStep();

    await t.db.query('DELETE FROM swipes WHERE id = $1', [id]);
    expect(await nameStats('Liam')).toEqual({ swipes: 2, likes: 1, matches: 0 });
    await expectInStep();
  });

  it('turning a like into a dislike (UPDATE) ends the match', async () => {
    await t.db.query(`UPDATE swipes SET liked = false WHERE user_id = 'u-bob' AND name_id = $1`, [ids.Freya]);
    expect(await nameStats('Freya')).toEqual({ swipes: 2, likes: 1, matches: 0 });
    await expectInStep();
    await t.db.query(`UPDATE swipes SET liked = true WHERE user_id = 'u-bob' AND name_id = $1`, [ids.Freya]);
    expect(await nameStats('Freya')).toEqual({ swipes: 2, likes: 2, matches: 1 });
    await expectInStep();
  });

  it('a pending request that is accepted brings its matches; rejecting it takes them away', async () => {
    await t.db.query(
      `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at) VALUES ('u-dave', $1, true, 3000, '2026-03-11T12:05:00Z')`,
      [ids.Noah],
    );
    expect((await pairMatches()).map((row) => row.name_id)).not.toContain(ids.Noah); // pending: no match yet
    await t.db.query(`UPDATE connection_requests SET status = 'accepted' WHERE from_user_id = 'u-carol'`);
    expect(await nameStats('Noah')).toMatchObject({ matches: 1 });
    await expectInStep();
    await t.db.query(`UPDATE connection_requests SET status = 'rejected' WHERE from_user_id = 'u-carol'`);
    expect(await nameStats('Noah')).toMatchObject({ matches: 0 });
    await expectInStep();
  });

  it('a name whose nationality changes moves its swipes to the new origin', async () => {
    await t.db.query(`UPDATE names SET nationality = 'welsh' WHERE id = $1`, [ids.Chloe]);
    const welsh = await one<{ swipes: number } | undefined>(
      `SELECT sum(swipes)::int AS swipes FROM analytics_origin_days WHERE nationality = 'welsh'`,
    );
    expect(welsh?.swipes).toBe(1);
    await expectInStep();
  });

  it('deleting a user cascades: their swipes, their connection and its matches leave every summary', async () => {
    expect(await dailyActive('2026-03-11')).toEqual({ active_users: 2 }); // bob, and dave (two swipes now)
    await t.db.query(`DELETE FROM users WHERE uid = 'u-bob'`);
    expect(await pairMatches()).toEqual([]);
    expect(await nameStats('Emma')).toEqual({ swipes: 3, likes: 2, matches: 0 });
    expect(await dailyActive('2026-03-11')).toEqual({ active_users: 1 }); // dave only
    expect(await one('SELECT count(*)::int AS n FROM analytics_user_stats WHERE user_id = $1', ['u-bob'])).toEqual({ n: 0 });
    await expectInStep();
  });

  it('deleting a name cascades: its swipes leave the user, day and origin summaries', async () => {
    await t.db.query('DELETE FROM names WHERE id = $1', [ids.Emma]);
    expect(await nameStats('Emma')).toBeUndefined();
    expect(await one(`SELECT count(*)::int AS n FROM analytics_origin_days WHERE nationality = 'english'`)).toEqual({ n: 0 });
    // alice keeps her other four swipes.
    expect(await one(`SELECT swipes FROM analytics_user_stats WHERE user_id = 'u-alice'`)).toEqual({ swipes: 4 });
    await expectInStep();
  });

  it('deleting every swipe empties every summary of swipes; the accepted pairs stay', async () => {
    await t.db.query(`INSERT INTO connection_requests (from_user_id, to_user_id, status) VALUES ('u-dave', 'u-carol', 'accepted')`);
    await t.db.query('DELETE FROM swipes');
    const { incremental, rebuilt } = await incrementalAndRebuilt(t.db);
    expect(incremental).toEqual(rebuilt);
    const { analytics_connected_pairs, analytics_connected_users, match_totals, ...ofSwipes } = incremental;
    expect(Object.values(ofSwipes).every((rows) => rows.length === 0)).toBe(true);
    expect(analytics_connected_pairs).toEqual([{ a: 'u-carol', b: 'u-dave' }]);
    expect(analytics_connected_users).toEqual([{ uid: 'u-carol' }, { uid: 'u-dave' }]);
    expect(match_totals).toEqual([{ accepted_pairs: 1, connected_likes: 0, pairs_with_matches: 0, pair_matches: 0, swiping_users: 0 }]);
  });
});
