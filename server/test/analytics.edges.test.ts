// Analytics where the hand-worked fixture cannot reach: a database with no swipes at all (every ratio and
// average must be 0, never NaN or null), and orderings decided by ties (origins with the same likes), with
// swipes dated yesterday so the default windows always hold them.
import type { MatchConversionRate, NameAnalytics, PopularityTrends, UserStats, UserSwipeInsights } from '../../contract/schemas/analytics';
import { firstLetter } from '../../contract/nameRules';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
});
afterAll(async () => t?.close());

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${t.adminToken}` } });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  return response.json() as T;
}

describe('no swipes yet', () => {
  it('user-stats and match-conversion-rate are zeros', async () => {
    expect(await get<UserStats>('/analytics/user-stats')).toEqual<UserStats>({
      uniqueUsers: 0,
      totalNames: 0,
      totalSwipes: 0,
      averageSwipesPerUser: 0,
      totalLikes: 0,
      totalDislikes: 0,
      totalConnections: 0,
      likeRate: 0,
    });
    expect(await get<MatchConversionRate>('/analytics/match-conversion-rate')).toEqual<MatchConversionRate>({
      total_connections: 0,
      connections_with_matches: 0,
      conversion_rate: 0,
      total_matches: 0,
      avg_matches_per_connection: 0,
      connected_likes: 0,
      like_to_match_rate: 0,
    });
  });

  it('a user without swipes has no sessions, no partner and no origins', async () => {
    expect(await get<UserSwipeInsights>('/analytics/user-swipe-insights/demo-admin')).toMatchObject({
      total_swipes: 0,
      active_days: 0,
      total_sessions: 0,
      avg_swipes_per_session: 0,
      origins: [],
      partner_id: null,
      matches: 0,
    });
  });

  it('popularity-trends has no origins', async () => {
    expect((await get<PopularityTrends>('/analytics/popularity-trends')).origins).toEqual([]);
  });
});

describe('ties', () => {
  // u-picky's likes per origin: greek 2 of 2, spanish 1 of 3, italian 1 of 2, arabic 1 of 1. None is one of
  // the five named origins, so all are 'other'. Inserted in an order that no sort rule produces.
  const NAMES: [name: string, origin: string, liked: boolean][] = [
    ['Omar', 'arabic', true],
    ['Luca', 'italian', true],
    ['Gia', 'italian', false],
    ['Ana', 'spanish', false],
    ['Lola', 'spanish', true],
    ['Pilar', 'spanish', false],
    ['Eleni', 'greek', true],
    ['Nikos', 'greek', true],
  ];
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    await t.db.query(`INSERT INTO users (uid, email, username, display_name) VALUES ('u-picky', 'p@example.com', 'picky', 'Picky')`);
    for (const [name, origin, liked] of NAMES) {
      await t.db.query(
        `WITH n AS (INSERT INTO names (name, gender, nationality, first_letter) VALUES ($1, 'unisex', $2, $3) RETURNING id)
         INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at)
         SELECT 'u-picky', id, $4, 3000, $5::date + time '12:00' FROM n`,
        [name, origin, firstLetter(name), liked, yesterday],
      );
    }
  });

  it("a user's origins: most likes first, then most swipes, then by name", async () => {
    const insights = await get<UserSwipeInsights>('/analytics/user-swipe-insights/u-picky');
    expect(insights.origins.map((origin) => [origin.origin, origin.likes, origin.swipes])).toEqual([
      ['greek', 2, 2],
      ['spanish', 1, 3],
      ['italian', 1, 2],
      ['arabic', 1, 1],
    ]);
    expect(insights).toMatchObject({ total_sessions: 1, avg_swipes_per_session: 8, active_days: 1 });
  });

  it('popularity-trends: most likes first, ties by origin name, every day of the window', async () => {
    const trends = await get<PopularityTrends>('/analytics/popularity-trends');
    expect(trends.origins.map((origin) => [origin.origin, origin.likes, origin.swipes])).toEqual([
      ['greek', 2, 2],
      ['arabic', 1, 1],
      ['italian', 1, 2],
      ['spanish', 1, 3],
    ]);
    const spanish = trends.origins[3]!;
    expect(spanish.points).toHaveLength(30);
    expect(spanish.points[28]).toEqual({ date: yesterday, swipes: 3, likes: 1 });
    expect(spanish.points.filter((point) => point.swipes > 0)).toHaveLength(1);
  });

  it('name-analytics?origin=other holds the names of every origin outside the five', async () => {
    const other = await get<NameAnalytics[]>('/analytics/name-analytics?origin=other&limit=100');
    expect(other.map((name) => name.name).sort()).toEqual(NAMES.map(([name]) => name).sort());
  });
});
