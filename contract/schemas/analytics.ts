// The analytics answers (spec 7), field by field: each field's meaning and unit is its schema's `description`, which
// openapi.json carries; the conventions they share (fractions, milliseconds, UTC instants and days) head
// contract/analytics.ts, what each figure means is docs/analytics.md. Constants and query types: analytics.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { closed, day, described, isoText, nullable, whole } from './parts';
import { ANALYTICS_MAX_LIMIT, TOP_NAMES_COUNTS } from '../analytics';
import { GenderSchema } from './names';

// Every figure is a Number: a ratio or score must never be rounded by an integer schema on its way out.
const num = Type.Number();
const nnum = nullable(Type.Number());
/** A figure with its meaning. */
const figure = (description: string) => Type.Number({ description });
/** A figure that may be null, with its meaning. */
const nfigure = (description: string) => described(nnum, description);
const iso = (description: string) => described(isoText, description);
const ymd = (description = "'YYYY-MM-DD'") => Type.String({ description });

// ---------------------------------------------------------------------------------------------------
// Names

const topRankedFields = {
  name_id: figure("the name's id (names.id)"),
  name: Type.String(),
  gender: GenderSchema,
  origin: Type.String({ description: "the name's nationality ('english', 'irish', ... or any other stored value)" }),
  popularity_score: figure(
    '0..100: the lower bound of the 95 % Wilson interval of the like ratio, times 100 (two decimals). Ranks a name high only when many people saw it and most liked it.',
  ),
  total_swipes: figure('swipes on this name (likes + dislikes)'),
  total_likes: figure('likes (right swipes) of this name'),
  like_ratio: figure('total_likes / total_swipes (0..1)'),
  matches: figure('matches on this name: connected pairs who both liked it'),
  match_rate: figure('matches / total_likes (0..0.5: each match takes two likes); 0 when never liked'),
  fast_decisions: figure('swipes on this name decided in under 2 s'),
  avg_decision_time_ms: nfigure('mean decision time of its swipes, ms (null when no swipe recorded a decision time)'),
};
export const TopRankedNameSchema = Type.Object(topRankedFields, {
  description: 'One row of GET /analytics/top-ranked-names (spec 3 "Top-ranked name analytics"). Only names swiped at least once.',
});
export const NameAnalyticsSchema = Type.Object(
  {
    ...topRankedFields,
    total_dislikes: figure('dislikes (left swipes) of this name'),
    slow_decisions: figure('swipes on this name decided in over 5 s'),
    fast_decision_ratio: figure('fast_decisions / swipes with a decision time (0..1)'),
    slow_decision_ratio: figure('slow_decisions / swipes with a decision time (0..1)'),
    last_swiped_at: iso('when this name was last swiped (ISO)'),
  },
  { description: "One row of GET /analytics/name-analytics: the top-ranked fields plus the rest of the name's figures." },
);

// ---------------------------------------------------------------------------------------------------
// Decisions

export const DecisionTimeStatsSchema = Type.Object(
  {
    avg_decision_time: nfigure('mean decision time, ms (null when there are no swipes)'),
    fast_decision_ratio: figure('share of decisions under 2 s (0..1)'),
    slow_decision_ratio: figure('share of decisions over 5 s (0..1)'),
    total_decisions: figure('swipes with a decision time (the denominator of both ratios)'),
    fast_decisions: figure('decisions under 2 s'),
    slow_decisions: figure('decisions over 5 s'),
    avg_like_decision_time: nfigure('mean decision time of likes, ms (null when none)'),
    avg_dislike_decision_time: nfigure('mean decision time of dislikes, ms (null when none)'),
  },
  { description: 'GET /analytics/decision-time-stats (spec 3 "Decision-time stats"), over every swipe with a decision time.' },
);

// ---------------------------------------------------------------------------------------------------
// Matches

const pairMatchFields = {
  name_id: num,
  name: Type.String(),
  gender: GenderSchema,
  origin: Type.String(),
  created_at: iso('the later of the two likes (ISO)'),
  time_between_swipes_ms: figure('gap between the two likes, ms'),
};
export const MatchAnalyticsSchema = Type.Object(
  {
    ...pairMatchFields,
    name: Type.String({ description: 'the matched name' }),
    created_at: iso('match time: the later of the two likes (ISO)'),
    time_between_swipes_ms: figure("gap between the two partners' likes of the name, ms (>= 0)"),
    user_a: Type.String({ description: "one partner's uid (user_a < user_b)" }),
    user_b: Type.String({ description: "the other partner's uid (user_a < user_b)" }),
  },
  { description: 'One row of GET /analytics/match-analytics (spec 3 "Match analytics"): the most recent matches first.' },
);

export const MatchConversionRateSchema = Type.Object(
  {
    total_connections: figure('accepted connections (connection requests with status accepted, one per pair of users)'),
    connections_with_matches: figure('of those, connections with at least one match'),
    conversion_rate: figure('connections_with_matches / total_connections (0..1; 0 when there are no connections)'),
    total_matches: figure('all matches of all connections'),
    avg_matches_per_connection: figure('total_matches / total_connections (0 when there are no connections)'),
    connected_likes: figure('likes by users who have an accepted connection'),
    like_to_match_rate: figure("2 x total_matches / connected_likes: the share of connected users' likes that ended in a match (0..1)"),
  },
  { description: 'GET /analytics/match-conversion-rate' },
);

export const PairMatchSchema = Type.Object(pairMatchFields, { description: 'One match of GET /matches/{a}/{b}.' });

export const PairMatchesSchema = Type.Object(
  {
    user_a: Type.String(),
    user_b: Type.String(),
    connected: Type.Boolean({
      description: 'whether the two have an accepted connection; matches exist only then (so false means an empty list)',
    }),
    total: figure('all matches of the pair (for paging)'),
    limit: num,
    offset: num,
    matches: Type.Array(PairMatchSchema),
  },
  { description: 'GET /matches/{a}/{b}?limit&offset: the names both users liked, latest match first. 404 when a user is unknown.' },
);

// ---------------------------------------------------------------------------------------------------
// Users

export const UserStatsSchema = Type.Object(
  {
    uniqueUsers: figure('users with at least one swipe'),
    totalNames: figure('names in the database'),
    totalSwipes: figure('all swipes'),
    averageSwipesPerUser: figure('totalSwipes / uniqueUsers (0 when nobody swiped), two decimals'),
    totalLikes: num,
    totalDislikes: num,
    totalConnections: figure("accepted connection requests (the Dashboard's Connections figure)"),
    likeRate: figure('totalLikes / totalSwipes (0..1)'),
  },
  { description: 'GET /analytics/user-stats (spec 3 "User stats").' },
);

export const UserSwipeSchema = Type.Object(
  {
    id: figure('swipes.id'),
    name_id: num,
    name: Type.String(),
    gender: GenderSchema,
    origin: Type.String(),
    liked: Type.Boolean(),
    decision_time_ms: nfigure('ms, null when not recorded'),
    created_at: iso('ISO'),
  },
  { description: 'One swipe as the per-user calls list it.' },
);

export const UserSwipesSchema = Type.Object(
  {
    user_id: Type.String(),
    total_swipes: figure('every swipe the user ever made'),
    total_likes: num,
    total_dislikes: num,
    last_swipe_at: described(nullable(isoText), 'ISO, null when the user never swiped'),
    swipes: Type.Array(UserSwipeSchema, { description: 'the latest `limit` swipes (empty with limit=0)' }),
  },
  {
    description:
      "GET /analytics/user-swipes/{id}?limit: the user's totals (one summary row, cheap enough for User Management's per-row lookups) and their latest swipes, newest first. 404 for an unknown user.",
  },
);

export const OriginLikesSchema = Type.Object(
  { origin: Type.String(), likes: num, swipes: num, like_ratio: figure('likes / swipes (0..1)') },
  { description: 'Likes of one user within one origin.' },
);

export const UserSwipeInsightsSchema = Type.Object(
  {
    user_id: Type.String(),
    total_swipes: num,
    total_likes: num,
    total_dislikes: num,
    like_ratio: figure('total_likes / total_swipes (0..1; 0 without swipes)'),
    avg_decision_time_ms: nfigure('ms, null without decision times'),
    fast_decision_ratio: figure('decisions under 2 s / decisions (0..1)'),
    slow_decision_ratio: figure('decisions over 5 s / decisions (0..1)'),
    first_swipe_at: described(nullable(isoText), 'ISO, null without swipes'),
    last_swipe_at: described(nullable(isoText), 'ISO, null without swipes'),
    active_days: figure('distinct UTC days with at least one swipe'),
    total_sessions: figure("swipe sessions (gap < SESSION_GAP_MS) over all of the user's swipes"),
    avg_swipes_per_session: figure('total_swipes / total_sessions (0 without swipes)'),
    origins: Type.Array(OriginLikesSchema, { description: "the user's swipes per origin, most liked first" }),
    likes_by_gender: Type.Object({ male: num, female: num, unisex: num }, { description: 'likes by the gender of the name' }),
    partner_id: described(nullable(Type.String()), "the accepted partner's uid, null when not connected"),
    matches: figure('matches with that partner (0 when not connected)'),
  },
  { description: 'GET /analytics/user-swipe-insights/{id}: how one user swipes. 404 for an unknown user.' },
);

export const SwipeSessionSchema = Type.Object(
  {
    started_at: iso('first swipe of the session (ISO)'),
    ended_at: iso('last swipe of the session (ISO)'),
    duration_ms: figure('ended_at - started_at, ms (0 for a single swipe)'),
    swipes: num,
    likes: num,
    avg_decision_time_ms: nfigure('ms, null without decision times'),
  },
  { description: 'One swipe session of a user: consecutive swipes with gaps under SESSION_GAP_MS.' },
);

export const SwipeSessionsSchema = Type.Object(
  {
    user_id: Type.String(),
    session_gap_ms: figure('the gap that splits sessions, ms (SESSION_GAP_MS)'),
    total_sessions: figure('all sessions of the user'),
    sessions: Type.Array(SwipeSessionSchema),
  },
  { description: "GET /analytics/swipe-sessions/{id}?limit: the user's latest sessions, newest first. 404 for an unknown user." },
);

// ---------------------------------------------------------------------------------------------------
// Groups and series

export const TopNamesQuerySchema = closed({ count: Type.Optional(Type.Enum([...TOP_NAMES_COUNTS], { default: 'likes' })) });
export const NameCountSchema = Type.Tuple([Type.String(), num], {
  description: '[name, count] where count is the number of LIKES the name got, or of SWIPES with `?count=swipes`.',
});
export const TopNamesByGroupSchema = Type.Record(Type.String(), Type.Array(NameCountSchema), {
  description:
    "GET /analytics/top-names-by-gender (keys 'male' | 'female' | 'unisex') and GET /analytics/top-names-by-nationality (keys: every nationality with likes, or with swipes): the 10 names of each group with the most likes (or swipes), most first (ties by name id, i.e. the older name first). Groups without any are absent.",
});

export const DailyActiveUsersSchema = Type.Object(
  { date: ymd(), active_users: figure('users with at least one swipe that day') },
  { description: 'One UTC day of GET /analytics/daily-active-users (every day of the range, zeros included).' },
);

export const SwipesOverTimeSchema = Type.Object(
  {
    date: ymd(),
    swipes: num,
    likes: num,
    dislikes: num,
    like_ratio: figure('likes / swipes that day (0 without swipes)'),
    avg_decision_time_ms: nfigure('ms, null without decision times'),
  },
  { description: 'One UTC day of GET /analytics/swipes-over-time (every day of the range, zeros included).' },
);

export const PopularityTrendPointSchema = Type.Object(
  { date: ymd(), swipes: num, likes: num },
  { description: 'One day of one origin in GET /analytics/popularity-trends.' },
);

export const OriginTrendSchema = Type.Object(
  {
    origin: Type.String(),
    swipes: figure('over the whole window'),
    likes: num,
    like_ratio: figure('likes / swipes over the window (0..1)'),
    points: Type.Array(PopularityTrendPointSchema, { description: 'every day of the window, zeros included, oldest first' }),
  },
  { description: 'One origin (nationality) over the window.' },
);

export const PopularityTrendsSchema = Type.Object(
  {
    days: num,
    start_date: ymd("first day of the window 'YYYY-MM-DD'"),
    end_date: ymd("last day of the window (today, UTC) 'YYYY-MM-DD'"),
    origins: Type.Array(OriginTrendSchema, { description: 'origins with at least one swipe in the window, most likes first' }),
  },
  { description: 'GET /analytics/popularity-trends?days: likes and swipes per origin per day over the last `days` days.' },
);

/** The answer of each analytics call (contract/endpoints.ts maps them to their routes). */
export const AnalyticsAnswers = {
  userStats: UserStatsSchema,
  decisionTimeStats: DecisionTimeStatsSchema,
  matchConversionRate: MatchConversionRateSchema,
  matchAnalytics: Type.Array(MatchAnalyticsSchema),
  pairMatches: PairMatchesSchema,
  userSwipes: UserSwipesSchema,
  userSwipeInsights: UserSwipeInsightsSchema,
  swipeSessions: SwipeSessionsSchema,
  dailyActiveUsers: Type.Array(DailyActiveUsersSchema),
  swipesOverTime: Type.Array(SwipesOverTimeSchema),
  popularityTrends: PopularityTrendsSchema,
};

export const limitQuery = (fallback: number, min = 1) =>
  closed({ limit: Type.Optional(whole(min, ANALYTICS_MAX_LIMIT, { default: fallback })) });
export const dayRangeQuery = closed({ startDate: Type.Optional(day), endDate: Type.Optional(day) });
// Not blank (a path segment of spaces is no id); control characters are refused for every route (http/inputGuards.ts).
export const analyticsId = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
export const analyticsUser = closed({ id: analyticsId });

// ---------------------------------------------------------------------------------------------------
// The answers' types: what the server sends and the console reads, by the schemas above (the console imports them
// with `import type`, which leaves TypeBox out of its bundle).

export type TopRankedName = Static<typeof TopRankedNameSchema>;
export type NameAnalytics = Static<typeof NameAnalyticsSchema>;
export type DecisionTimeStats = Static<typeof DecisionTimeStatsSchema>;
export type MatchAnalytics = Static<typeof MatchAnalyticsSchema>;
export type MatchConversionRate = Static<typeof MatchConversionRateSchema>;
export type PairMatch = Static<typeof PairMatchSchema>;
export type PairMatches = Static<typeof PairMatchesSchema>;
export type UserStats = Static<typeof UserStatsSchema>;
export type UserSwipe = Static<typeof UserSwipeSchema>;
export type UserSwipes = Static<typeof UserSwipesSchema>;
export type OriginLikes = Static<typeof OriginLikesSchema>;
export type UserSwipeInsights = Static<typeof UserSwipeInsightsSchema>;
export type SwipeSession = Static<typeof SwipeSessionSchema>;
export type SwipeSessions = Static<typeof SwipeSessionsSchema>;
export type NameCount = Static<typeof NameCountSchema>;
export type TopNamesByGroup = Static<typeof TopNamesByGroupSchema>;
export type DailyActiveUsers = Static<typeof DailyActiveUsersSchema>;
export type SwipesOverTime = Static<typeof SwipesOverTimeSchema>;
export type PopularityTrendPoint = Static<typeof PopularityTrendPointSchema>;
export type OriginTrend = Static<typeof OriginTrendSchema>;
export type PopularityTrends = Static<typeof PopularityTrendsSchema>;
