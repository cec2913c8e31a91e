// Dashboard data through RTK Query: live counts from the document ports (queryFn + onCacheEntryAdded)
// and names/swipes from GET /swipes/stats, falling back to document counts when the API fails (spec 2).
import { api } from '../../api/apiSlice';
import type { ThunkExtra } from '../../api/baseQuery';
import type { SwipeStats } from '../../../contract/schemas/dashboard';
import { errorReason, type ApiError } from '../../api/errors';
import type { LiveCountsPort, Unsubscribe } from '../../backend/ports';

/** A live figure: null until the first value arrives; error while the listener is failing. */
export interface LiveCount {
  count: number | null;
  error: string | null;
}

export interface NameAndSwipeTotals extends Omit<SwipeStats, 'totalSwipes'> {
  /** null when the fallback cannot say (Firebase mode cannot count swipes without reading every name) */
  totalSwipes: number | null;
  /** 'api' from /swipes/stats; 'documents' when that failed and the document store answered */
  source: 'api' | 'documents';
  /** why the API was not used (source 'documents' only) */
  apiError?: string;
}

type Watch = (port: LiveCountsPort, onCount: (n: number) => void, onError: (reason: string) => void) => Unsubscribe;

function isSwipeStats(value: unknown): value is SwipeStats {
  const v = value as Partial<SwipeStats> | null;
  return !!v && typeof v.totalNames === 'number' && typeof v.totalSwipes === 'number';
}

/** One live endpoint: the cache entry subscribes while any component uses it, and unsubscribes after. */
function liveCountEndpoint(watch: Watch) {
  return {
    // The figure itself arrives through the listener; the query only creates the cache entry.
    queryFn: (): { data: LiveCount } => ({ data: { count: null, error: null } }),
    async onCacheEntryAdded(
      _arg: void,
      lifecycle: {
        extra: unknown;
        cacheDataLoaded: Promise<unknown>;
        cacheEntryRemoved: Promise<unknown>;
        updateCachedData(recipe: (draft: LiveCount) => void): void;
      },
    ) {
      const { extra, cacheDataLoaded, cacheEntryRemoved, updateCachedData } = lifecycle;
      let unsubscribe: Unsubscribe | undefined;
      try {
        await cacheDataLoaded;
        unsubscribe = watch(
          (extra as ThunkExtra).backend.liveCounts,
          (count) =>
            updateCachedData((draft) => {
              draft.count = count;
              draft.error = null;
            }),
          (reason) =>
            updateCachedData((draft) => {
              draft.error = reason;
            }),
        );
      } catch {
        // cacheDataLoaded rejects when the entry goes away before its first data: nothing to listen to
      }
      await cacheEntryRemoved;
      unsubscribe?.();
    },
  };
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLiveUserCount: build.query<LiveCount, void>({
      ...liveCountEndpoint((port, onCount, onError) => port.watchUserCount(onCount, onError)),
      // Kept briefly so a quick round trip to another page does not reconnect the listener.
      keepUnusedDataFor: 15,
    }),
    getLiveConnectionCount: build.query<LiveCount, void>({
      ...liveCountEndpoint((port, onCount, onError) => port.watchAcceptedConnectionCount(onCount, onError)),
      // Kept briefly so a quick round trip to another page does not reconnect the listener.
      keepUnusedDataFor: 15,
    }),
    getNameAndSwipeTotals: build.query<NameAndSwipeTotals, void>({
      async queryFn(_arg, { extra }, _extraOptions, baseQuery) {
        const result = await baseQuery('/swipes/stats');
        if (!result.error && isSwipeStats(result.data)) {
          return { data: { totalNames: result.data.totalNames, totalSwipes: result.data.totalSwipes, source: 'api' } };
        }
        const apiError = result.error ? (result.error as ApiError).reason : 'The API answered with an unexpected shape.';
        try {
          const port = (extra as ThunkExtra).backend.liveCounts;
          const [totalNames, totalSwipes] = await Promise.all([port.countNames(), port.countSwipes()]);
          return { data: { totalNames, totalSwipes, source: 'documents', apiError } };
        } catch (fallbackError) {
          const status = result.error ? (result.error as ApiError).status : 'PARSE';
          return { error: { status, reason: `${apiError} Document counts failed too: ${errorReason(fallbackError)}` } satisfies ApiError };
        }
      },
      providesTags: ['SwipeStats'],
    }),
  }),
});

export const { useGetLiveUserCountQuery, useGetLiveConnectionCountQuery, useGetNameAndSwipeTotalsQuery } = dashboardApi;
