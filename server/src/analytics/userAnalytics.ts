// Per-user figures: the user's summary row (analytics_user_stats) plus reads of that user's own swipes
// through swipes_user_idx (user_id, created_at), so the cost follows one user's history, not the table.
import { SESSION_GAP_MS } from '../../../contract/analytics';
import type {
  OriginLikes,
  PairMatches,
  SwipeSession,
  SwipeSessions,
  UserSwipe,
  UserSwipeInsights,
  UserSwipes,
} from '../../../contract/schemas/analytics';
import type { Gender } from '../../../contract/nameRules';
import type { Queryable } from '../db/types';
import { average, iso, isoOrNull, ratio, round2 } from './figures';

interface UserStatsRow {
  uid: string;
  swipes: number | null;
  likes: number | null;
  fast: number | null;
  slow: number | null;
  decisions: number | null;
  decision_ms: number | null;
  first_swipe_at: Date | null;
  last_swipe_at: Date | null;
}

/** The user's summary, or null when no such user exists (a user who never swiped gets zeros). */
async function userSummary(db: Queryable, userId: string) {
  const { rows } = await db.query<UserStatsRow>(
    `SELECT u.uid, s.swipes, s.likes, s.fast, s.slow, s.decisions, s.decision_ms::float8 AS decision_ms,
            s.first_swipe_at, s.last_swipe_at
       FROM users u LEFT JOIN analytics_user_stats s ON s.user_id = u.uid
      WHERE u.uid = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    swipes: row.swipes ?? 0,
    likes: row.likes ?? 0,
    fast: row.fast ?? 0,
    slow: row.slow ?? 0,
    decisions: row.decisions ?? 0,
    decisionMs: row.decision_ms ?? 0,
    first: row.first_swipe_at,
    last: row.last_swipe_at,
  };
}

export async function userSwipes(db: Queryable, userId: string, limit: number): Promise<UserSwipes | null> {
  const summary = await userSummary(db, userId);
  if (!summary) return null;
  let swipes: UserSwipe[] = [];
  if (limit > 0) {
    const { rows } = await db.query<{
      id: number;
      name_id: number;
      name: string;
      gender: Gender;
      nationality: string;
      liked: boolean;
      decision_time_ms: number | null;
      created_at: Date;
    }>(
      `SELECT s.id, s.name_id, n.name, n.gender, n.nationality, s.liked, s.decision_time_ms, s.created_at
         FROM swipes s JOIN names n ON n.id = s.name_id
        WHERE s.user_id = $1
        ORDER BY s.created_at DESC, s.id DESC
        LIMIT $2`,
      [userId, limit],
    );
    swipes = rows.map((row) => ({
      id: row.id,
      name_id: row.name_id,
      name: row.name,
      gender: row.gender,
      origin: row.nationality,
      liked: row.liked,
      decision_time_ms: row.decision_time_ms,
      created_at: iso(row.created_at),
    }));
  }
  return {
    user_id: userId,
    total_swipes: summary.swipes,
    total_likes: summary.likes,
    total_dislikes: summary.swipes - summary.likes,
    last_swipe_at: isoOrNull(summary.last),
    swipes,
  };
}

interface SessionRow {
  started_at: Date;
  ended_at: Date;
  swipes: number;
  likes: number;
  decisions: number;
  decision_ms: number;
  total: number;
}

/**
 * The user's sessions, newest first: a swipe starts a new session when it comes SESSION_GAP_MS or more
 * after the previous one. `limit` null = all (only their number is needed).
 */
async function sessions(db: Queryable, userId: string, limit: number | null): Promise<{ total: number; sessions: SwipeSession[] }> {
  const { rows } = await db.query<SessionRow>(
    `WITH ordered AS (
       SELECT id, created_at, liked, decision_time_ms,
              CASE WHEN created_at - lag(created_at) OVER w < $2 * interval '1 millisecond' THEN 0 ELSE 1 END AS starts
         FROM swipes WHERE user_id = $1
       WINDOW w AS (ORDER BY created_at, id)
     ), numbered AS (
       SELECT *, sum(starts) OVER (ORDER BY created_at, id ROWS UNBOUNDED PRECEDING) AS session FROM ordered
     )
     SELECT min(created_at) AS started_at, max(created_at) AS ended_at, count(*)::int AS swipes,
            count(*) FILTER (WHERE liked)::int AS likes, count(decision_time_ms)::int AS decisions,
            coalesce(sum(decision_time_ms), 0)::float8 AS decision_ms, (count(*) OVER ())::int AS total
       FROM numbered GROUP BY session
      ORDER BY session DESC
      LIMIT $3`,
    [userId, SESSION_GAP_MS, limit],
  );
  return {
    total: rows[0]?.total ?? 0,
    sessions: rows.map((row) => ({
      started_at: iso(row.started_at),
      ended_at: iso(row.ended_at),
      duration_ms: new Date(row.ended_at).getTime() - new Date(row.started_at).getTime(),
      swipes: row.swipes,
      likes: row.likes,
      avg_decision_time_ms: average(row.decision_ms, row.decisions),
    })),
  };
}

export async function swipeSessions(db: Queryable, userId: string, limit: number): Promise<SwipeSessions | null> {
  if (!(await userSummary(db, userId))) return null;
  const result = await sessions(db, userId, limit);
  return { user_id: userId, session_gap_ms: SESSION_GAP_MS, total_sessions: result.total, sessions: result.sessions };
}

export async function userSwipeInsights(db: Queryable, userId: string): Promise<UserSwipeInsights | null> {
  const summary = await userSummary(db, userId);
  if (!summary) return null;
  const [origins, activeDays, sessionCount, partner] = await Promise.all([
    db.query<{ origin: string; gender: Gender; swipes: number; likes: number }>(
      // LIMIT 1 keeps the lateral lookup a primary-key probe per swipe: as a plain join the planner picks a
      // hash join over every name once a user has a few thousand swipes (200 ms instead of a few at 100k names).
      `SELECT n.nationality AS origin, n.gender, count(*)::int AS swipes, count(*) FILTER (WHERE s.liked)::int AS likes
         FROM swipes s
         CROSS JOIN LATERAL (SELECT nationality, gender FROM names WHERE id = s.name_id LIMIT 1) n
        WHERE s.user_id = $1
        GROUP BY 1, 2`,
      [userId],
    ),
    db.query<{ days: number }>('SELECT count(*)::int AS days FROM analytics_user_days WHERE user_id = $1', [userId]),
    sessions(db, userId, 1),
    db.query<{ partner: string; matches: number | null }>(
      `SELECT c.partner, p.matches
         FROM (SELECT to_user_id AS partner, updated_at FROM connection_requests WHERE status = 'accepted' AND from_user_id = $1
               UNION ALL
               SELECT from_user_id, updated_at FROM connection_requests WHERE status = 'accepted' AND to_user_id = $1) c
         LEFT JOIN analytics_pair_stats p ON p.user_a = least($1, c.partner) AND p.user_b = greatest($1, c.partner)
        ORDER BY c.updated_at DESC
        LIMIT 1`,
      [userId],
    ),
  ]);

  const perOrigin = new Map<string, { swipes: number; likes: number }>();
  const likesByGender: Record<Gender, number> = { male: 0, female: 0, unisex: 0 };
  for (const row of origins.rows) {
    const entry = perOrigin.get(row.origin) ?? { swipes: 0, likes: 0 };
    entry.swipes += row.swipes;
    entry.likes += row.likes;
    perOrigin.set(row.origin, entry);
    likesByGender[row.gender] += row.likes;
  }
  const originLikes: OriginLikes[] = [...perOrigin]
    .map(([origin, entry]) => ({ origin, likes: entry.likes, swipes: entry.swipes, like_ratio: ratio(entry.likes, entry.swipes) }))
    .sort((a, b) => b.likes - a.likes || b.swipes - a.swipes || a.origin.localeCompare(b.origin));

  const totalSessions = sessionCount.total;
  const partnerRow = partner.rows[0];
  return {
    user_id: userId,
    total_swipes: summary.swipes,
    total_likes: summary.likes,
    total_dislikes: summary.swipes - summary.likes,
    like_ratio: ratio(summary.likes, summary.swipes),
    avg_decision_time_ms: average(summary.decisionMs, summary.decisions),
    fast_decision_ratio: ratio(summary.fast, summary.decisions),
    slow_decision_ratio: ratio(summary.slow, summary.decisions),
    first_swipe_at: isoOrNull(summary.first),
    last_swipe_at: isoOrNull(summary.last),
    active_days: activeDays.rows[0]?.days ?? 0,
    total_sessions: totalSessions,
    avg_swipes_per_session: totalSessions > 0 ? round2(summary.swipes / totalSessions) : 0,
    origins: originLikes,
    likes_by_gender: likesByGender,
    partner_id: partnerRow?.partner ?? null,
    matches: partnerRow?.matches ?? 0,
  };
}

/** Which of the given uids exist. */
export async function existingUsers(db: Queryable, uids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ uid: string }>('SELECT uid FROM users WHERE uid = ANY($1::text[])', [uids]);
  return new Set(rows.map((row) => row.uid));
}

export async function pairMatches(db: Queryable, a: string, b: string, limit: number, offset: number): Promise<PairMatches> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [connected, total, page] = await Promise.all([
    db.query<{ connected: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM connection_requests
                       WHERE status = 'accepted' AND ((from_user_id = $1 AND to_user_id = $2) OR (from_user_id = $2 AND to_user_id = $1)))
              AS connected`,
      [a, b],
    ),
    db.query<{ matches: number }>('SELECT matches FROM analytics_pair_stats WHERE user_a = $1 AND user_b = $2', [low, high]),
    db.query<{ name_id: number; name: string; gender: Gender; nationality: string; matched_at: Date; gap: number }>(
      `SELECT m.name_id, n.name, n.gender, n.nationality, m.matched_at, m.time_between_swipes_ms::float8 AS gap
         FROM analytics_matches m JOIN names n ON n.id = m.name_id
        WHERE m.user_a = $1 AND m.user_b = $2
        ORDER BY m.matched_at DESC, m.name_id
        LIMIT $3 OFFSET $4`,
      [low, high, limit, offset],
    ),
  ]);
  return {
    user_a: a,
    user_b: b,
    connected: connected.rows[0]?.connected ?? false,
    total: total.rows[0]?.matches ?? 0,
    limit,
    offset,
    matches: page.rows.map((row) => ({
      name_id: row.name_id,
      name: row.name,
      gender: row.gender,
      origin: row.nationality,
      created_at: iso(row.matched_at),
      time_between_swipes_ms: row.gap,
    })),
  };
}
