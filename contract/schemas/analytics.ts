// The analytics answers (spec 7). What each field means: analytics.ts and docs/analytics.md.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { closed, day, isoText, nullable, whole } from './parts';
import {
  ANALYTICS_MAX_LIMIT,
  TOP_NAMES_COUNTS,
  type DailyActiveUsers,
  type DecisionTimeStats,
  type MatchAnalytics,
  type MatchConversionRate,
  type NameAnalytics,
  type PairMatches,
  type PopularityTrends,
  type SwipeSessions,
  type SwipesOverTime,
  type TopNamesByGroup,
  type TopRankedName,
  type UserStats,
  type UserSwipeInsights,
  type UserSwipes,
} from '../analytics';
import { GenderSchema } from './names';

// Analytics answers (contract/analytics.ts says what each field means). Every figure is a Number: a
// ratio or score must never be rounded by an integer schema on its way out.
const num = Type.Number();
const nnum = nullable(Type.Number());
const topRankedFields = {
  name_id: num,
  name: Type.String(),
  gender: GenderSchema,
  origin: Type.String(),
  popularity_score: num,
  total_swipes: num,
  total_likes: num,
  like_ratio: num,
  matches: num,
  match_rate: num,
  fast_decisions: num,
  avg_decision_time_ms: nnum,
};
export const TopRankedNameSchema = Type.Object(topRankedFields);
export const NameAnalyticsSchema = Type.Object({
  ...topRankedFields,
  total_dislikes: num,
  slow_decisions: num,
  fast_decision_ratio: num,
  slow_decision_ratio: num,
  last_swiped_at: isoText,
});
export const TopNamesQuerySchema = closed({ count: Type.Optional(Type.Enum([...TOP_NAMES_COUNTS], { default: 'likes' })) });
export const TopNamesByGroupSchema = Type.Record(Type.String(), Type.Array(Type.Tuple([Type.String(), num])));
const pairMatchFields = {
  name_id: num,
  name: Type.String(),
  gender: GenderSchema,
  origin: Type.String(),
  created_at: isoText,
  time_between_swipes_ms: num,
};
export const AnalyticsAnswers = {
  userStats: Type.Object({
    uniqueUsers: num,
    totalNames: num,
    totalSwipes: num,
    averageSwipesPerUser: num,
    totalLikes: num,
    totalDislikes: num,
    totalConnections: num,
    likeRate: num,
  }),
  decisionTimeStats: Type.Object({
    avg_decision_time: nnum,
    fast_decision_ratio: num,
    slow_decision_ratio: num,
    total_decisions: num,
    fast_decisions: num,
    slow_decisions: num,
    avg_like_decision_time: nnum,
    avg_dislike_decision_time: nnum,
  }),
  matchConversionRate: Type.Object({
    total_connections: num,
    connections_with_matches: num,
    conversion_rate: num,
    total_matches: num,
    avg_matches_per_connection: num,
    connected_likes: num,
    like_to_match_rate: num,
  }),
  matchAnalytics: Type.Array(Type.Object({ ...pairMatchFields, user_a: Type.String(), user_b: Type.String() })),
  pairMatches: Type.Object({
    user_a: Type.String(),
    user_b: Type.String(),
    connected: Type.Boolean(),
    total: num,
    limit: num,
    offset: num,
    matches: Type.Array(Type.Object(pairMatchFields)),
  }),
  userSwipes: Type.Object({
    user_id: Type.String(),
    total_swipes: num,
    total_likes: num,
    total_dislikes: num,
    last_swipe_at: nullable(isoText),
    swipes: Type.Array(
      Type.Object({
        id: num,
        name_id: num,
        name: Type.String(),
        gender: GenderSchema,
        origin: Type.String(),
        liked: Type.Boolean(),
        decision_time_ms: nnum,
        created_at: isoText,
      }),
    ),
  }),
  userSwipeInsights: Type.Object({
    user_id: Type.String(),
    total_swipes: num,
    total_likes: num,
    total_dislikes: num,
    like_ratio: num,
    avg_decision_time_ms: nnum,
    fast_decision_ratio: num,
    slow_decision_ratio: num,
    first_swipe_at: nullable(isoText),
    last_swipe_at: nullable(isoText),
    active_days: num,
    total_sessions: num,
    avg_swipes_per_session: num,
    origins: Type.Array(Type.Object({ origin: Type.String(), likes: num, swipes: num, like_ratio: num })),
    likes_by_gender: Type.Object({ male: num, female: num, unisex: num }),
    partner_id: nullable(Type.String()),
    matches: num,
  }),
  swipeSessions: Type.Object({
    user_id: Type.String(),
    session_gap_ms: num,
    total_sessions: num,
    sessions: Type.Array(
      Type.Object({ started_at: isoText, ended_at: isoText, duration_ms: num, swipes: num, likes: num, avg_decision_time_ms: nnum }),
    ),
  }),
  dailyActiveUsers: Type.Array(Type.Object({ date: Type.String(), active_users: num })),
  swipesOverTime: Type.Array(
    Type.Object({ date: Type.String(), swipes: num, likes: num, dislikes: num, like_ratio: num, avg_decision_time_ms: nnum }),
  ),
  popularityTrends: Type.Object({
    days: num,
    start_date: Type.String(),
    end_date: Type.String(),
    origins: Type.Array(
      Type.Object({
        origin: Type.String(),
        swipes: num,
        likes: num,
        like_ratio: num,
        points: Type.Array(Type.Object({ date: Type.String(), swipes: num, likes: num })),
      }),
    ),
  }),
};

export const limitQuery = (fallback: number, min = 1) =>
  closed({ limit: Type.Optional(whole(min, ANALYTICS_MAX_LIMIT, { default: fallback })) });
export const dayRangeQuery = closed({ startDate: Type.Optional(day), endDate: Type.Optional(day) });
// Not blank (a path segment of spaces is no id); control characters are refused for every route (http/inputGuards.ts).
export const analyticsId = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
export const analyticsUser = closed({ id: analyticsId });

// ---------------------------------------------------------------------------------------------------
// The interfaces of analytics.ts are the answers of these schemas, which the server serializes them by. They
// stay there for their field-by-field meaning; the compiler holds them equal to the schemas' Static<>, so
// neither can change without the other.

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Schema<K extends keyof typeof AnalyticsAnswers> = Static<(typeof AnalyticsAnswers)[K]>;
type Element<T> = T extends readonly (infer E)[] ? E : never;

export const ANSWERS_MATCH_SCHEMAS: {
  topRanked: Same<TopRankedName, Static<typeof TopRankedNameSchema>>;
  nameAnalytics: Same<NameAnalytics, Static<typeof NameAnalyticsSchema>>;
  topNamesByGroup: Same<TopNamesByGroup, Static<typeof TopNamesByGroupSchema>>;
  userStats: Same<UserStats, Schema<'userStats'>>;
  decisionTimeStats: Same<DecisionTimeStats, Schema<'decisionTimeStats'>>;
  matchConversionRate: Same<MatchConversionRate, Schema<'matchConversionRate'>>;
  matchAnalytics: Same<MatchAnalytics, Element<Schema<'matchAnalytics'>>>;
  pairMatches: Same<PairMatches, Schema<'pairMatches'>>;
  userSwipes: Same<UserSwipes, Schema<'userSwipes'>>;
  userSwipeInsights: Same<UserSwipeInsights, Schema<'userSwipeInsights'>>;
  swipeSessions: Same<SwipeSessions, Schema<'swipeSessions'>>;
  dailyActiveUsers: Same<DailyActiveUsers, Element<Schema<'dailyActiveUsers'>>>;
  swipesOverTime: Same<SwipesOverTime, Element<Schema<'swipesOverTime'>>>;
  popularityTrends: Same<PopularityTrends, Schema<'popularityTrends'>>;
} = {
  topRanked: true,
  nameAnalytics: true,
  topNamesByGroup: true,
  userStats: true,
  decisionTimeStats: true,
  matchConversionRate: true,
  matchAnalytics: true,
  pairMatches: true,
  userSwipes: true,
  userSwipeInsights: true,
  swipeSessions: true,
  dailyActiveUsers: true,
  swipesOverTime: true,
  popularityTrends: true,
};
