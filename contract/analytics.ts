// Wire contract of the analytics API (spec 7: every /analytics call and GET /matches/{a}/{b}): its constants and
// query parameters. The answers are schemas, contract/schemas/analytics.ts, with their types (TopRankedName, UserSwipes,
// ...: Static<> of the schemas) and each field's meaning and unit as its `description`, which openapi.json carries.
// Types and constants only: the reference backend (server/) imports this file too, and a hosted API in
// Firebase mode answers the same shapes, so nothing here assumes the local backend.
//
// Conventions, for every answer:
// - Ratios are unrounded FRACTIONS from 0 to 1 (0.25 = 25 %), part / whole of the counts; the console rounds
//   them once, to a percent with one decimal (src/features/analytics/analyticsFormat.ts), from the counts where it has them.
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
/** What the top-names calls count: likes (default; User Analytics) or swipes (Advanced Analytics, spec 2). */
export const TOP_NAMES_COUNTS = ['likes', 'swipes'] as const;
export type TopNamesCount = (typeof TOP_NAMES_COUNTS)[number];
/** GET /analytics/top-names-by-gender, GET /analytics/top-names-by-nationality */
export interface TopNamesQuery {
  /** 'likes' (default) or 'swipes'; anything else is a 400 naming `count` */
  count?: TopNamesCount;
}
