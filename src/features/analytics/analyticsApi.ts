// Every analytics call of spec 7 through the one createApi. The analytics come from the API in both backend
// modes (local and Firebase); only the user lookup reads documents, through the backend ports.
import { api } from '../../api/apiSlice';
import type { DateRangeQuery, NameAnalyticsQuery, TopNamesCount } from '../../../contract/analytics';
import type {
  DailyActiveUsers,
  DecisionTimeStats,
  MatchAnalytics,
  MatchConversionRate,
  NameAnalytics,
  PairMatches,
  PopularityTrends,
  SwipeSessions,
  SwipesOverTime,
  TopNamesByGroup,
  TopRankedName,
  UserStats,
  UserSwipeInsights,
  UserSwipes,
} from '../../../contract/schemas/analytics';
import type { ThunkExtra } from '../../api/baseQuery';
import { asApiError } from '../../api/errors';
import { findUserRecord, type UserLookupResult } from './userLookup';
import type { AnalyticsFilters } from './analyticsSlice';

/** A list the API should answer; anything else (a proxy's page, a changed API) reads as empty, not as a crash. */
function asList<T>(response: unknown): T[] {
  return Array.isArray(response) ? (response as T[]) : [];
}

/** A map from group to [name, count] pairs; entries that are not such lists are dropped. */
function asGroups(response: unknown): TopNamesByGroup {
  if (!response || typeof response !== 'object' || Array.isArray(response)) return {};
  const groups: TopNamesByGroup = {};
  for (const [group, pairs] of Object.entries(response as Record<string, unknown>)) {
    if (!Array.isArray(pairs)) continue;
    groups[group] = pairs.filter(
      (pair): pair is [string, number] => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'number',
    );
  }
  return groups;
}

/** name-analytics parameters: 'all' filters are left out, as the API's own "no filter". */
export function nameAnalyticsParams(filters: AnalyticsFilters, limit?: number): NameAnalyticsQuery {
  const params: NameAnalyticsQuery = {};
  if (limit !== undefined) params.limit = limit;
  if (filters.gender !== 'all') params.gender = filters.gender;
  if (filters.origin !== 'all') params.origin = filters.origin;
  return params;
}

const userPath = (id: string) => encodeURIComponent(id);

export interface UserScopedQuery {
  id: string;
  limit?: number;
}

export interface PairMatchesQuery {
  a: string;
  b: string;
  limit?: number;
  offset?: number;
}

// Analytics change as swipes arrive; a minute is fresh enough for reports and spares the API on tab hops.
const ANALYTICS_CACHE_SECONDS = 60;

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTopRankedNames: build.query<TopRankedName[], number | void>({
      query: (limit) => ({ url: '/analytics/top-ranked-names', params: limit ? { limit } : undefined }),
      transformResponse: asList<TopRankedName>,
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getDecisionTimeStats: build.query<DecisionTimeStats, void>({
      query: () => '/analytics/decision-time-stats',
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getNameAnalytics: build.query<NameAnalytics[], NameAnalyticsQuery>({
      query: (params) => ({ url: '/analytics/name-analytics', params }),
      transformResponse: asList<NameAnalytics>,
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getMatchAnalytics: build.query<MatchAnalytics[], number | void>({
      query: (limit) => ({ url: '/analytics/match-analytics', params: limit ? { limit } : undefined }),
      transformResponse: asList<MatchAnalytics>,
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getMatchConversionRate: build.query<MatchConversionRate, void>({
      query: () => '/analytics/match-conversion-rate',
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getSwipesOverTime: build.query<SwipesOverTime[], DateRangeQuery>({
      query: (params) => ({ url: '/analytics/swipes-over-time', params }),
      transformResponse: asList<SwipesOverTime>,
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getDailyActiveUsers: build.query<DailyActiveUsers[], DateRangeQuery>({
      query: (params) => ({ url: '/analytics/daily-active-users', params }),
      transformResponse: asList<DailyActiveUsers>,
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getPopularityTrends: build.query<PopularityTrends, number | void>({
      query: (days) => ({ url: '/analytics/popularity-trends', params: days ? { days } : undefined }),
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getUserStats: build.query<UserStats, void>({
      query: () => '/analytics/user-stats',
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    // Likes by default (User Analytics); Advanced Analytics asks for swipe counts (spec 2).
    getTopNamesByGender: build.query<TopNamesByGroup, TopNamesCount | void>({
      query: (count) => ({ url: '/analytics/top-names-by-gender', params: count ? { count } : undefined }),
      transformResponse: asGroups,
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getTopNamesByNationality: build.query<TopNamesByGroup, TopNamesCount | void>({
      query: (count) => ({ url: '/analytics/top-names-by-nationality', params: count ? { count } : undefined }),
      transformResponse: asGroups,
      keepUnusedDataFor: ANALYTICS_CACHE_SECONDS,
    }),
    getUserSwipes: build.query<UserSwipes, UserScopedQuery>({
      query: ({ id, limit }) => ({ url: `/analytics/user-swipes/${userPath(id)}`, params: limit !== undefined ? { limit } : undefined }),
    }),
    getUserSwipeInsights: build.query<UserSwipeInsights, string>({
      query: (id) => `/analytics/user-swipe-insights/${userPath(id)}`,
    }),
    getSwipeSessions: build.query<SwipeSessions, UserScopedQuery>({
      query: ({ id, limit }) => ({ url: `/analytics/swipe-sessions/${userPath(id)}`, params: limit !== undefined ? { limit } : undefined }),
    }),
    getPairMatches: build.query<PairMatches, PairMatchesQuery>({
      query: ({ a, b, limit, offset }) => ({ url: `/matches/${userPath(a)}/${userPath(b)}`, params: { limit, offset } }),
    }),
    /** One user record by uid or email, through the backend ports (documents, not the analytics API). */
    lookupUser: build.query<UserLookupResult, string>({
      async queryFn(text, { extra }) {
        try {
          return { data: await findUserRecord((extra as ThunkExtra).backend, text) };
        } catch (error) {
          return { error: asApiError(error) };
        }
      },
    }),
  }),
});

export const {
  useGetTopRankedNamesQuery,
  useGetDecisionTimeStatsQuery,
  useGetNameAnalyticsQuery,
  useGetMatchAnalyticsQuery,
  useGetMatchConversionRateQuery,
  useGetSwipesOverTimeQuery,
  useGetDailyActiveUsersQuery,
  useGetPopularityTrendsQuery,
  useGetUserStatsQuery,
  useGetTopNamesByGenderQuery,
  useGetTopNamesByNationalityQuery,
  useGetUserSwipesQuery,
  useGetUserSwipeInsightsQuery,
  useGetSwipeSessionsQuery,
  useGetPairMatchesQuery,
  useLookupUserQuery,
} = analyticsApi;
