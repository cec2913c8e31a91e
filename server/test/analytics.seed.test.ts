// The demo seed gives the analytics screens something real to show: sessions, matches, every origin,
// a daily series without holes. Read through the API, as the console reads it.
import type {
  DailyActiveUsers,
  MatchAnalytics,
  PopularityTrends,
  SwipeSessions,
  TopRankedName,
  UserStats,
} from '../../contract/schemas/analytics';
import { ANALYTICS_ORIGINS } from '../../contract/analytics';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${t.adminToken}` } });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  return response.json() as T;
}

describe('analytics of the demo seed', () => {
  it('has swipes from most users, and likes in every origin the filters offer', async () => {
    const stats = await get<UserStats>('/analytics/user-stats');
    expect(stats.uniqueUsers).toBeGreaterThan(200);
    expect(stats.totalSwipes).toBeGreaterThan(10_000);
    expect(stats.likeRate).toBeGreaterThan(0.15);
    expect(stats.likeRate).toBeLessThan(0.6);
    const byNationality = await get<Record<string, [string, number][]>>('/analytics/top-names-by-nationality');
    for (const origin of ANALYTICS_ORIGINS) expect({ origin, top: byNationality[origin]?.length }).toEqual({ origin, top: 10 });
  });

  it('ranks names whose likes follow their popularity: the top names are liked by most who see them', async () => {
    const top = await get<TopRankedName[]>('/analytics/top-ranked-names');
    expect(top).toHaveLength(20);
    expect(top[0]!.like_ratio).toBeGreaterThan(0.5);
    expect(top[0]!.total_swipes).toBeGreaterThan(20);
  });

  it('has active users on every full day of the last 30 and matches between partners', async () => {
    const days = await get<DailyActiveUsers[]>('/analytics/daily-active-users');
    // Today (UTC) is still under way, and the charts mark it so: a test run minutes after midnight finds it empty,
    // rightly. Every day before it must have its users.
    const today = new Date().toISOString().slice(0, 10);
    expect(days.length).toBeGreaterThanOrEqual(29);
    expect(days.filter((day) => day.date !== today && day.active_users === 0)).toEqual([]);
    const matches = await get<MatchAnalytics[]>('/analytics/match-analytics');
    expect(matches).toHaveLength(20);
    expect(matches.every((match) => match.time_between_swipes_ms > 0)).toBe(true);
    const trends = await get<PopularityTrends>('/analytics/popularity-trends');
    expect(trends.origins.map((origin) => origin.origin)).toEqual(expect.arrayContaining([...ANALYTICS_ORIGINS]));
  });

  it('has users who swipe in several sessions of several swipes', async () => {
    const { rows } = await t.db.query<{ user_id: string }>('SELECT user_id FROM analytics_user_stats ORDER BY swipes DESC LIMIT 1');
    const sessions = await get<SwipeSessions>(`/analytics/swipe-sessions/${rows[0]!.user_id}`);
    expect(sessions.total_sessions).toBeGreaterThan(3);
    expect(sessions.sessions.some((session) => session.swipes >= 5 && session.duration_ms > 10_000)).toBe(true);
  });
});
