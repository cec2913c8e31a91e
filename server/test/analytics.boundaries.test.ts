// The decision-time rules at their edges (spec 9: fast is under 2 s, slow is over 5 s) and swipes without a
// decision time (the column allows NULL): the hand-worked fixture has neither, so they get their own name.
import type { DecisionTimeStats, NameAnalytics, TopRankedName } from '../../contract/schemas/analytics';
import { firstLetter } from '../../contract/nameRules';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
  const users = ['u-b1', 'u-b2', 'u-b3', 'u-b4', 'u-b5', 'u-b6'];
  await t.db.query(
    `INSERT INTO users (uid, email, username, display_name) SELECT u, u || '@example.com', u, u FROM unnest($1::text[]) AS u`,
    [users],
  );
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO names (name, gender, nationality, first_letter) VALUES ('Edge', 'unisex', 'irish', $1) RETURNING id`,
    [firstLetter('Edge')],
  );
  const id = rows[0]!.id;
  // 1,999 ms is fast, 2,000 is not; 5,000 is not slow, 5,001 is; two swipes have no decision time.
  const times = [1999, 2000, 5000, 5001, null, null];
  await t.db.query(
    `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at)
     SELECT u, $2, true, ms, '2026-03-10T10:00:00Z' FROM unnest($1::text[], $3::int[]) AS s(u, ms)`,
    [users, id, times],
  );
});
afterAll(async () => t?.close());

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${t.adminToken}` } });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

test('a name: one fast and one slow decision of four timed ones, among six swipes', async () => {
  const [edge] = await get<NameAnalytics[]>('/analytics/name-analytics?origin=irish');
  expect(edge).toMatchObject({ name: 'Edge', total_swipes: 6, fast_decisions: 1, slow_decisions: 1 });
  // Ratios are of the decisions that have a time (4), not of all swipes (6).
  expect(edge!.fast_decision_ratio).toBe(0.25);
  expect(edge!.slow_decision_ratio).toBe(0.25);
  expect(edge!.avg_decision_time_ms).toBe(3500); // (1999 + 2000 + 5000 + 5001) / 4
  const [top] = await get<TopRankedName[]>('/analytics/top-ranked-names');
  expect(top).toMatchObject({ name: 'Edge', fast_decisions: 1 });
});

test('decision-time statistics count the same edges', async () => {
  expect(await get<DecisionTimeStats>('/analytics/decision-time-stats')).toMatchObject({
    total_decisions: 4,
    fast_decisions: 1,
    slow_decisions: 1,
    fast_decision_ratio: 0.25,
    slow_decision_ratio: 0.25,
  });
});
