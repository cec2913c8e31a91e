// Wire contract of the analytics API (spec 7: every /analytics call and GET /matches/{a}/{b}).
// Types and constants only: the reference backend (server/) imports this file too, and a hosted API in
// Firebase mode answers the same shapes, so nothing here assumes the local backend.
//
// Conventions, for every shape below:
// - Ratios are unrounded FRACTIONS from 0 to 1 (0.25 = 25 %), part / whole of the counts; the console rounds
//   them once, to a percent with one decimal (src/lib/analyticsFormat.ts), from the counts where it has them.
// - Durations are integer or fractional MILLISECONDS (fields ending in _ms, and avg_decision_time);
//   the console shows decision times in seconds with one decimal.
// - Instants are ISO 8601 strings in UTC ('2026-11-22T20:18:35.000Z'); days are 'YYYY-MM-DD' (UTC days).
// - Counts are integers.
// - Errors are the usual ApiErrorBody (contract.ts): 400 with `field` naming the bad query parameter,
//   404 for an unknown user, 401/403 without an admin session.
// What each figure means is written down once in docs/analytics.md, "What the analytics numbers mean".

import type { Gender } from './nameRules';

/** Origins the analytics filters offer (spec 2), plus 'other' for every remaining nationality. */
export const ANALYTICS_ORIGINS = ['english', 'irish', 'scandinavian', 'german', 'french'] as const;
export type AnalyticsOrigin = (typeof ANALYTICS_ORIGINS)[number];
/** The `origin` query parameter: one of the five, 'other' (any other nationality), or 'all' / absent (no filter). */
export type OriginFilter = AnalyticsOrigin | 'other' | 'all';
/** The `gender` query parameter: 'all' / absent means no filter. */
export type GenderFilter = Gender | 'all';

/** Default `limit` (or `days`) of each call, spec 9. */
export const ANALYTICS_DEFAULTS = Object.freeze({
  nameAnalyticsLimit: 50,
  topRankedLimit: 20,
  matchAnalyticsLimit: 20,
  sessionsLimit: 10,
  popularityTrendDays: 30,
  matchesLimit: 20,
  /** Swipes listed by GET /analytics/user-swipes/{id} when no limit is given (0 = totals only). */
  userSwipesLimit: 50,
  /** Days covered by daily-active-users and swipes-over-time when startDate/endDate are absent (ending today). */
  dateRangeDays: 30,
});

/** Largest `limit` any analytics call accepts (a larger one is a 400 naming `limit`). */
export const ANALYTICS_MAX_LIMIT = 500;
/** Largest `days` of popularity-trends and largest startDate..endDate span (inclusive) of the daily series. */
export const ANALYTICS_MAX_DAYS = 366;

/**
 * A decision under this many ms is fast (spec 9). The one definition of both thresholds: the summary triggers
 * of migration 030 interpolate them into their SQL, the console's decisionSpeed() compares with them.
 */
export const FAST_DECISION_MS = 2000;
/** A decision over this many ms is slow (spec 9). */
export const SLOW_DECISION_MS = 5000;
/** Two swipes of one user less than this far apart belong to the same swipe session (30 minutes). */
export const SESSION_GAP_MS = 30 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------
// Query parameters (all optional; numbers arrive as text in the query string)

/** GET /analytics/name-analytics */
export interface NameAnalyticsQuery {
  /** 1..500, default 50 */
  limit?: number;
  gender?: GenderFilter;
  origin?: OriginFilter;
}
/** GET /analytics/top-ranked-names, GET /analytics/match-analytics, GET /analytics/swipe-sessions/{id} */
export interface LimitQuery {
  /** 1..500; defaults 20 (top ranked), 20 (match analytics), 10 (sessions) */
  limit?: number;
}
/** GET /analytics/user-swipes/{id} */
export interface UserSwipesQuery {
  /** 0..500, default 50: how many of the latest swipes to list; 0 answers the totals only (cheapest). */
  limit?: number;
}
/** GET /analytics/daily-active-users, GET /analytics/swipes-over-time: UTC days, inclusive. */
export interface DateRangeQuery {
  /** 'YYYY-MM-DD'; default endDate minus 29 days */
  startDate?: string;
  /** 'YYYY-MM-DD'; default today (UTC). Must not be before startDate; the span is at most 366 days. */
  endDate?: string;
}
/** GET /analytics/popularity-trends */
export interface PopularityTrendsQuery {
  /** 1..366, default 30: the window ends today (UTC) and covers this many days */
  days?: number;
}
/** GET /matches/{a}/{b} */
export interface MatchesQuery {
  /** 1..500, default 20 */
  limit?: number;
  /** >= 0, default 0 */
  offset?: number;
}

// ---------------------------------------------------------------------------------------------------
// Names

/** One row of GET /analytics/top-ranked-names (spec 3 "Top-ranked name analytics"). Only names swiped at least once. */
export interface TopRankedName {
  /** the name's id (names.id) */
  name_id: number;
  name: string;
  gender: Gender;
  /** the name's nationality ('english', 'irish', ... or any other stored value) */
  origin: string;
  /**
   * 0..100: the lower bound of the 95 % Wilson interval of the like ratio, times 100 (two decimals).
   * Ranks a name high only when many people saw it and most liked it.
   */
  popularity_score: number;
  /** swipes on this name (likes + dislikes) */
  total_swipes: number;
  /** likes (right swipes) of this name */
  total_likes: number;
  /** total_likes / total_swipes (0..1) */
  like_ratio: number;
  /** matches on this name: connected pairs who both liked it */
  matches: number;
  /** matches / total_likes (0..0.5: each match takes two likes); 0 when never liked */
  match_rate: number;
  /** swipes on this name decided in under 2 s */
  fast_decisions: number;
  /** mean decision time of its swipes, ms (null when no swipe recorded a decision time) */
  avg_decision_time_ms: number | null;
}

/** One row of GET /analytics/name-analytics: the top-ranked fields plus the rest of the name's figures. */
export interface NameAnalytics extends TopRankedName {
  /** dislikes (left swipes) of this name */
  total_dislikes: number;
  /** swipes on this name decided in over 5 s */
  slow_decisions: number;
  /** fast_decisions / swipes with a decision time (0..1) */
  fast_decision_ratio: number;
  /** slow_decisions / swipes with a decision time (0..1) */
  slow_decision_ratio: number;
  /** when this name was last swiped (ISO) */
  last_swiped_at: string;
}

// ---------------------------------------------------------------------------------------------------
// Decisions

/** GET /analytics/decision-time-stats (spec 3 "Decision-time stats"), over every swipe with a decision time. */
export interface DecisionTimeStats {
  /** mean decision time, ms (null when there are no swipes) */
  avg_decision_time: number | null;
  /** share of decisions under 2 s (0..1) */
  fast_decision_ratio: number;
  /** share of decisions over 5 s (0..1) */
  slow_decision_ratio: number;
  /** swipes with a decision time (the denominator of both ratios) */
  total_decisions: number;
  /** decisions under 2 s */
  fast_decisions: number;
  /** decisions over 5 s */
  slow_decisions: number;
  /** mean decision time of likes, ms (null when none) */
  avg_like_decision_time: number | null;
  /** mean decision time of dislikes, ms (null when none) */
  avg_dislike_decision_time: number | null;
}

// ---------------------------------------------------------------------------------------------------
// Matches

/** One row of GET /analytics/match-analytics (spec 3 "Match analytics"): the most recent matches first. */
export interface MatchAnalytics {
  /** the matched name */
  name: string;
  /** gap between the two partners' likes of the name, ms (>= 0) */
  time_between_swipes_ms: number;
  /** match time: the later of the two likes (ISO) */
  created_at: string;
  name_id: number;
  gender: Gender;
  origin: string;
  /** the two partners' uids, user_a < user_b */
  user_a: string;
  user_b: string;
}

/** GET /analytics/match-conversion-rate */
export interface MatchConversionRate {
  /** accepted connections (connection requests with status accepted, one per pair of users) */
  total_connections: number;
  /** of those, connections with at least one match */
  connections_with_matches: number;
  /** connections_with_matches / total_connections (0..1; 0 when there are no connections) */
  conversion_rate: number;
  /** all matches of all connections */
  total_matches: number;
  /** total_matches / total_connections (0 when there are no connections) */
  avg_matches_per_connection: number;
  /** likes by users who have an accepted connection */
  connected_likes: number;
  /** 2 x total_matches / connected_likes: the share of connected users' likes that ended in a match (0..1) */
  like_to_match_rate: number;
}

/** One match of GET /matches/{a}/{b}. */
export interface PairMatch {
  name_id: number;
  name: string;
  gender: Gender;
  origin: string;
  /** the later of the two likes (ISO) */
  created_at: string;
  /** gap between the two likes, ms */
  time_between_swipes_ms: number;
}

/** GET /matches/{a}/{b}?limit&offset: the names both users liked, latest match first. 404 when a user is unknown. */
export interface PairMatches {
  user_a: string;
  user_b: string;
  /** whether the two have an accepted connection; matches exist only then (so false means an empty list) */
  connected: boolean;
  /** all matches of the pair (for paging) */
  total: number;
  limit: number;
  offset: number;
  matches: PairMatch[];
}

// ---------------------------------------------------------------------------------------------------
// Users

/** GET /analytics/user-stats (spec 3 "User stats"). */
export interface UserStats {
  /** users with at least one swipe */
  uniqueUsers: number;
  /** names in the database */
  totalNames: number;
  /** all swipes */
  totalSwipes: number;
  /** totalSwipes / uniqueUsers (0 when nobody swiped), two decimals */
  averageSwipesPerUser: number;
  totalLikes: number;
  totalDislikes: number;
  /** accepted connection requests (the Dashboard's Connections figure) */
  totalConnections: number;
  /** totalLikes / totalSwipes (0..1) */
  likeRate: number;
}

/** One swipe as the per-user calls list it. */
export interface UserSwipe {
  /** swipes.id */
  id: number;
  name_id: number;
  name: string;
  gender: Gender;
  origin: string;
  liked: boolean;
  /** ms, null when not recorded */
  decision_time_ms: number | null;
  /** ISO */
  created_at: string;
}

/**
 * GET /analytics/user-swipes/{id}?limit: the user's totals (one summary row, cheap enough for User
 * Management's per-row lookups) and their latest swipes, newest first. 404 for an unknown user.
 */
export interface UserSwipes {
  user_id: string;
  /** every swipe the user ever made */
  total_swipes: number;
  total_likes: number;
  total_dislikes: number;
  /** ISO, null when the user never swiped */
  last_swipe_at: string | null;
  /** the latest `limit` swipes (empty with limit=0) */
  swipes: UserSwipe[];
}

/** Likes of one user within one origin. */
export interface OriginLikes {
  origin: string;
  likes: number;
  swipes: number;
  /** likes / swipes (0..1) */
  like_ratio: number;
}

/** GET /analytics/user-swipe-insights/{id}: how one user swipes. 404 for an unknown user. */
export interface UserSwipeInsights {
  user_id: string;
  total_swipes: number;
  total_likes: number;
  total_dislikes: number;
  /** total_likes / total_swipes (0..1; 0 without swipes) */
  like_ratio: number;
  /** ms, null without decision times */
  avg_decision_time_ms: number | null;
  /** decisions under 2 s / decisions (0..1) */
  fast_decision_ratio: number;
  /** decisions over 5 s / decisions (0..1) */
  slow_decision_ratio: number;
  /** ISO, null without swipes */
  first_swipe_at: string | null;
  last_swipe_at: string | null;
  /** distinct UTC days with at least one swipe */
  active_days: number;
  /** swipe sessions (gap < SESSION_GAP_MS) over all of the user's swipes */
  total_sessions: number;
  /** total_swipes / total_sessions (0 without swipes) */
  avg_swipes_per_session: number;
  /** the user's swipes per origin, most liked first */
  origins: OriginLikes[];
  /** likes by the gender of the name */
  likes_by_gender: Record<Gender, number>;
  /** the accepted partner's uid, null when not connected */
  partner_id: string | null;
  /** matches with that partner (0 when not connected) */
  matches: number;
}

/** One swipe session of a user: consecutive swipes with gaps under SESSION_GAP_MS. */
export interface SwipeSession {
  /** first swipe of the session (ISO) */
  started_at: string;
  /** last swipe of the session (ISO) */
  ended_at: string;
  /** ended_at - started_at, ms (0 for a single swipe) */
  duration_ms: number;
  swipes: number;
  likes: number;
  /** ms, null without decision times */
  avg_decision_time_ms: number | null;
}

/** GET /analytics/swipe-sessions/{id}?limit: the user's latest sessions, newest first. 404 for an unknown user. */
export interface SwipeSessions {
  user_id: string;
  /** the gap that splits sessions, ms (SESSION_GAP_MS) */
  session_gap_ms: number;
  /** all sessions of the user */
  total_sessions: number;
  sessions: SwipeSession[];
}

// ---------------------------------------------------------------------------------------------------
// Groups and series

/** [name, count] where count is the number of LIKES the name got, or of SWIPES with `?count=swipes`. */
export type NameCount = [name: string, count: number];
/** What the top-names calls count: likes (default; User Analytics) or swipes (Advanced Analytics, spec 2). */
export const TOP_NAMES_COUNTS = ['likes', 'swipes'] as const;
export type TopNamesCount = (typeof TOP_NAMES_COUNTS)[number];
/** GET /analytics/top-names-by-gender, GET /analytics/top-names-by-nationality */
export interface TopNamesQuery {
  /** 'likes' (default) or 'swipes'; anything else is a 400 naming `count` */
  count?: TopNamesCount;
}
/**
 * GET /analytics/top-names-by-gender (keys 'male' | 'female' | 'unisex') and
 * GET /analytics/top-names-by-nationality (keys: every nationality with likes, or with swipes): the 10 names
 * of each group with the most likes (or swipes), most first (ties by name id, i.e. the older name first).
 * Groups without any are absent.
 */
export type TopNamesByGroup = Record<string, NameCount[]>;

/** One UTC day of GET /analytics/daily-active-users (every day of the range, zeros included). */
export interface DailyActiveUsers {
  /** 'YYYY-MM-DD' */
  date: string;
  /** users with at least one swipe that day */
  active_users: number;
}

/** One UTC day of GET /analytics/swipes-over-time (every day of the range, zeros included). */
export interface SwipesOverTime {
  /** 'YYYY-MM-DD' */
  date: string;
  swipes: number;
  likes: number;
  dislikes: number;
  /** likes / swipes that day (0 without swipes) */
  like_ratio: number;
  /** ms, null without decision times */
  avg_decision_time_ms: number | null;
}

/** One day of one origin in GET /analytics/popularity-trends. */
export interface PopularityTrendPoint {
  /** 'YYYY-MM-DD' */
  date: string;
  swipes: number;
  likes: number;
}

/** One origin (nationality) over the window. */
export interface OriginTrend {
  origin: string;
  /** over the whole window */
  swipes: number;
  likes: number;
  /** likes / swipes over the window (0..1) */
  like_ratio: number;
  /** every day of the window, zeros included, oldest first */
  points: PopularityTrendPoint[];
}

/** GET /analytics/popularity-trends?days: likes and swipes per origin per day over the last `days` days. */
export interface PopularityTrends {
  days: number;
  /** first day of the window 'YYYY-MM-DD' */
  start_date: string;
  /** last day of the window (today, UTC) 'YYYY-MM-DD' */
  end_date: string;
  /** origins with at least one swipe in the window, most likes first */
  origins: OriginTrend[];
}
