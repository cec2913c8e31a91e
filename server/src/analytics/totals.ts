// Whole-population figures: sums over analytics_daily (one row per day) and the totals triggers keep in
// row_counters (migrations 015 and 032), so none of them grows with the number of swipes or users.
import type {
  DailyActiveUsers,
  DecisionTimeStats,
  MatchAnalytics,
  MatchConversionRate,
  OriginTrend,
  PopularityTrends,
  SwipesOverTime,
  UserStats,
} from '../../../contract/schemas/analytics';
import type { Gender } from '../../../contract/nameRules';
import { readCounters } from '../counters/rowCounters';
import type { Queryable } from '../db/types';
import { average, iso, ratio, round2, type SwipeCounts } from './figures';
import type { DayRange } from './filters';

interface DailyTotals extends SwipeCounts {
  like_decisions: number;
  like_decision_ms: number;
}

async function dailyTotals(db: Queryable): Promise<DailyTotals> {
  const { rows } = await db.query<DailyTotals>(
    `SELECT coalesce(sum(swipes), 0)::float8 AS swipes, coalesce(sum(likes), 0)::float8 AS likes,
            coalesce(sum(fast), 0)::float8 AS fast, coalesce(sum(slow), 0)::float8 AS slow,
            coalesce(sum(decisions), 0)::float8 AS decisions, coalesce(sum(decision_ms), 0)::float8 AS decision_ms,
            coalesce(sum(like_decisions), 0)::float8 AS like_decisions, coalesce(sum(like_decision_ms), 0)::float8 AS like_decision_ms
       FROM analytics_daily`,
  );
  return rows[0]!;
}

export async function decisionTimeStats(db: Queryable): Promise<DecisionTimeStats> {
  const t = await dailyTotals(db);
  return {
    avg_decision_time: average(t.decision_ms, t.decisions),
    fast_decision_ratio: ratio(t.fast, t.decisions),
    slow_decision_ratio: ratio(t.slow, t.decisions),
    total_decisions: t.decisions,
    fast_decisions: t.fast,
    slow_decisions: t.slow,
    avg_like_decision_time: average(t.like_decision_ms, t.like_decisions),
    avg_dislike_decision_time: average(t.decision_ms - t.like_decision_ms, t.decisions - t.like_decisions),
  };
}

export async function userStats(db: Queryable): Promise<UserStats> {
  const [t, counted] = await Promise.all([dailyTotals(db), readCounters(db, ['names', 'accepted_connections', 'swiping_users'])]);
  const uniqueUsers = counted.swiping_users;
  return {
    uniqueUsers,
    totalNames: counted.names,
    totalSwipes: t.swipes,
    averageSwipesPerUser: uniqueUsers > 0 ? round2(t.swipes / uniqueUsers) : 0,
    totalLikes: t.likes,
    totalDislikes: t.swipes - t.likes,
    totalConnections: counted.accepted_connections,
    likeRate: ratio(t.likes, t.swipes),
  };
}

/** Four totals the triggers of migration 032 keep, so the figure costs the same at any size. */
export async function matchConversionRate(db: Queryable): Promise<MatchConversionRate> {
  const c = await readCounters(db, ['accepted_pairs', 'pairs_with_matches', 'pair_matches', 'connected_likes']);
  return {
    total_connections: c.accepted_pairs,
    connections_with_matches: c.pairs_with_matches,
    conversion_rate: ratio(c.pairs_with_matches, c.accepted_pairs),
    total_matches: c.pair_matches,
    avg_matches_per_connection: c.accepted_pairs > 0 ? round2(c.pair_matches / c.accepted_pairs) : 0,
    connected_likes: c.connected_likes,
    like_to_match_rate: ratio(2 * c.pair_matches, c.connected_likes),
  };
}

export async function matchAnalytics(db: Queryable, limit: number): Promise<MatchAnalytics[]> {
  const { rows } = await db.query<{
    user_a: string;
    user_b: string;
    name_id: number;
    name: string;
    gender: Gender;
    nationality: string;
    matched_at: Date;
    gap: number;
  }>(
    `SELECT m.user_a, m.user_b, m.name_id, n.name, n.gender, n.nationality, m.matched_at, m.time_between_swipes_ms::float8 AS gap
       FROM analytics_matches m JOIN names n ON n.id = m.name_id
      ORDER BY m.matched_at DESC, m.user_a, m.user_b, m.name_id
      LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    name: row.name,
    time_between_swipes_ms: row.gap,
    created_at: iso(row.matched_at),
    name_id: row.name_id,
    gender: row.gender,
    origin: row.nationality,
    user_a: row.user_a,
    user_b: row.user_b,
  }));
}

interface DayRow {
  date: string;
  swipes: number;
  likes: number;
  decisions: number;
  decision_ms: number;
  active_users: number;
}

/** Every day of the range, zeros included, from analytics_daily. */
async function days(db: Queryable, range: DayRange): Promise<DayRow[]> {
  const { rows } = await db.query<DayRow>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(a.swipes, 0) AS swipes, coalesce(a.likes, 0) AS likes,
            coalesce(a.decisions, 0) AS decisions, coalesce(a.decision_ms, 0)::float8 AS decision_ms,
            coalesce(a.active_users, 0) AS active_users
       FROM generate_series($1::date, $2::date, interval '1 day') AS d
       LEFT JOIN analytics_daily a ON a.day = d::date
      ORDER BY d`,
    [range.start, range.end],
  );
  return rows;
}

export async function dailyActiveUsers(db: Queryable, range: DayRange): Promise<DailyActiveUsers[]> {
  return (await days(db, range)).map((day) => ({ date: day.date, active_users: day.active_users }));
}

export async function swipesOverTime(db: Queryable, range: DayRange): Promise<SwipesOverTime[]> {
  return (await days(db, range)).map((day) => ({
    date: day.date,
    swipes: day.swipes,
    likes: day.likes,
    dislikes: day.swipes - day.likes,
    like_ratio: ratio(day.likes, day.swipes),
    avg_decision_time_ms: average(day.decision_ms, day.decisions),
  }));
}

export async function popularityTrends(db: Queryable, window: DayRange & { days: number }): Promise<PopularityTrends> {
  const { rows } = await db.query<{ nationality: string; date: string; swipes: number; likes: number }>(
    `SELECT nationality, to_char(day, 'YYYY-MM-DD') AS date, swipes, likes
       FROM analytics_origin_days WHERE day BETWEEN $1::date AND $2::date`,
    [window.start, window.end],
  );
  const dates: string[] = [];
  for (let time = Date.parse(window.start); time <= Date.parse(window.end); time += 86_400_000) {
    dates.push(new Date(time).toISOString().slice(0, 10));
  }
  const byOrigin = new Map<string, Map<string, { swipes: number; likes: number }>>();
  for (const row of rows) {
    let perDay = byOrigin.get(row.nationality);
    if (!perDay) byOrigin.set(row.nationality, (perDay = new Map()));
    perDay.set(row.date, { swipes: row.swipes, likes: row.likes });
  }
  const origins: OriginTrend[] = [...byOrigin].map(([origin, perDay]) => {
    const points = dates.map((date) => ({ date, swipes: perDay.get(date)?.swipes ?? 0, likes: perDay.get(date)?.likes ?? 0 }));
    const swipes = points.reduce((sum, point) => sum + point.swipes, 0);
    const likes = points.reduce((sum, point) => sum + point.likes, 0);
    return { origin, swipes, likes, like_ratio: ratio(likes, swipes), points };
  });
  origins.sort((a, b) => b.likes - a.likes || a.origin.localeCompare(b.origin));
  return { days: window.days, start_date: window.start, end_date: window.end, origins };
}
