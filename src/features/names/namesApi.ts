import { api } from '../../api/apiSlice';
import type { NameInput, NameRecord, NamesQuery, NamesResponse } from '../../../contract/wire';
import type { ApiError } from '../../api/errors';
import { formatCount } from '../../lib/format';
import { NAMES_PAGE_SIZE, type NamesFilters } from './namesSlice';

/** One page of GET /names as the cache keeps it. */
export interface NamesPage {
  names: NameRecord[];
  /**
   * The server returned a whole page, so there may be more. Kept as a flag (not recomputed from
   * `names.length`) because deletes remove rows from cached pages in place, and a page that lost a row
   * to a delete must still count as "full" for "more pages load while a full page is returned".
   */
  full: boolean;
  /** How many names match the filters in all, when the backend says (spec 7 allows a bare list). */
  total?: number;
  /** The backend could only estimate `total`. */
  totalIsEstimate?: boolean;
}

/** GET /names parameters for one page of the filtered list (spec 7: gender, nationality, limit, offset, optional alphabetFilter). */
export function namesQueryParams(filters: NamesFilters, offset: number): NamesQuery {
  const params: NamesQuery = { gender: filters.gender, nationality: filters.nationality, limit: NAMES_PAGE_SIZE, offset };
  if (filters.letter !== 'All') params.alphabetFilter = filters.letter;
  return params;
}

/** The API answers a list or an object with names (spec 7); anything else is treated as an empty page. */
export function toNamesPage(response: NamesResponse): NamesPage {
  const names = Array.isArray(response) ? response : Array.isArray(response?.names) ? response.names : [];
  const page: NamesPage = { names, full: names.length >= NAMES_PAGE_SIZE };
  if (!Array.isArray(response) && typeof response?.total === 'number' && Number.isFinite(response.total) && response.total >= 0) {
    page.total = response.total;
    page.totalIsEstimate = response.totalIsEstimate === true;
  }
  return page;
}

function toNationalities(response: unknown): string[] {
  const list = Array.isArray(response) ? response : [];
  const values = list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim().toLowerCase());
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

const NAMES_LIST = { type: 'Names', id: 'LIST' } as const;

/** Ids per POST /names/bulk-delete: the server refuses more than 1,000 in one request. */
export const BULK_DELETE_CHUNK = 1000;

/**
 * After a successful write every cached list refetches its loaded pages (RTK Query refetches all pages of
 * an infinite query, re-deriving each offset from fresh data) while the rows on screen stay, so the
 * operator keeps their scroll position. RTK Query also invalidates on a failed mutation; that would only
 * reload unchanged pages, hence the function form.
 */
const refetchListsUnlessFailed = (_result: unknown, error: unknown) => (error ? [] : [NAMES_LIST, 'Nationalities' as const]);

export const namesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The filtered list, page by page. The filters are the cache key, so a new filter combination is a new
     * list that starts at offset 0. The next offset is derived from the previous page's offset, and RTK
     * Query re-derives every offset from fresh data when it refetches all cached pages after a mutation.
     */
    getNames: build.infiniteQuery<NamesPage, NamesFilters, number>({
      query: ({ queryArg, pageParam }) => ({ url: '/names', params: namesQueryParams(queryArg, pageParam) }),
      transformResponse: (response: NamesResponse) => toNamesPage(response),
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.full ? lastPageParam + NAMES_PAGE_SIZE : undefined),
      },
      providesTags: [NAMES_LIST],
      // Drop a list as soon as nothing shows it: going back to an earlier filter must start again at page one
      // (spec: paging resets on every filter change) instead of reviving a stale, deeply scrolled copy.
      keepUnusedDataFor: 0,
    }),

    getNationalities: build.query<string[], void>({
      query: () => '/names/nationalities',
      transformResponse: toNationalities,
      providesTags: ['Nationalities'],
    }),

    addName: build.mutation<NameRecord, NameInput>({
      query: (body) => ({ url: '/names', method: 'POST', body }),
      // Where a new name lands is the server's ordering; a refetch of the loaded pages puts it there.
      invalidatesTags: refetchListsUnlessFailed,
    }),

    updateName: build.mutation<NameRecord, { id: number } & NameInput>({
      query: ({ id, ...body }) => ({ url: `/names/${id}`, method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const result = await settle(queryFulfilled);
        if (!result.ok) return;
        const saved = result.data;
        // Show the saved values at once, where the row is; the background refetch then moves or drops the
        // row if the edit changed its place in the order or took it out of the current filter.
        patchCachedLists(dispatch, getState, (page) => {
          const i = page.names.findIndex((n) => n.id === saved.id);
          if (i >= 0) page.names[i] = saved;
        });
      },
      invalidatesTags: refetchListsUnlessFailed,
    }),

    deleteName: build.mutation<void, number>({
      query: (id) => ({ url: `/names/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        if ((await settle(queryFulfilled)).ok) removeFromCachedLists(dispatch, getState, new Set([id]));
      },
      invalidatesTags: refetchListsUnlessFailed,
    }),

    /**
     * POST /names/bulk-delete in requests of at most BULK_DELETE_CHUNK ids (the server's cap), one after
     * another; deletedCount is their sum. If a request fails, the error's reason says how many names the
     * earlier requests had already deleted, and the lists are refetched since some rows may be gone.
     */
    bulkDeleteNames: build.mutation<{ deletedCount: number }, number[]>({
      async queryFn(nameIds, _api, _extraOptions, baseQuery) {
        let deletedCount = 0;
        for (let start = 0; start < nameIds.length || start === 0; start += BULK_DELETE_CHUNK) {
          const chunk = nameIds.slice(start, start + BULK_DELETE_CHUNK);
          const result = await baseQuery({ url: '/names/bulk-delete', method: 'POST', body: { nameIds: chunk } });
          if (result.error) {
            const error = result.error as ApiError;
            if (start === 0) return { error };
            const reason = `${error.reason.replace(/\.?$/, '.')} ${formatCount(deletedCount)} of the ${formatCount(nameIds.length)} selected names were deleted before it failed.`;
            return { error: { ...error, reason } };
          }
          const count = (result.data as { deletedCount?: unknown } | null)?.deletedCount;
          deletedCount += typeof count === 'number' ? count : chunk.length;
        }
        return { data: { deletedCount } };
      },
      async onQueryStarted(ids, { dispatch, getState, queryFulfilled }) {
        if ((await settle(queryFulfilled)).ok) removeFromCachedLists(dispatch, getState, new Set(ids));
      },
      // A failure after the first request left some names deleted: refetch then too.
      invalidatesTags: (_result, error, ids) => (error && ids.length <= BULK_DELETE_CHUNK ? [] : [NAMES_LIST, 'Nationalities' as const]),
    }),
  }),
});

/** Waits for the request; a failure is reported by the component, so here it only means "nothing to patch". */
async function settle<T>(queryFulfilled: Promise<{ data: T }>): Promise<{ ok: true; data: T } | { ok: false }> {
  try {
    const { data } = await queryFulfilled;
    return { ok: true, data };
  } catch {
    return { ok: false };
  }
}

type PatchDispatch = (action: ReturnType<typeof namesApi.util.updateQueryData>) => unknown;

/** Applies `recipe` to every page of every cached names list (one per filter combination in use). */
function patchCachedLists(dispatch: PatchDispatch, getState: () => unknown, recipe: (page: NamesPage) => void) {
  const state = getState() as Parameters<typeof namesApi.util.selectCachedArgsForQuery>[0];
  for (const filters of namesApi.util.selectCachedArgsForQuery(state, 'getNames')) {
    dispatch(namesApi.util.updateQueryData('getNames', filters, (draft) => draft.pages.forEach(recipe)));
  }
}

/**
 * Takes deleted names out of the cached lists at once, so the rows vanish without waiting for the
 * background refetch (which then brings in the names that moved up from later pages).
 */
function removeFromCachedLists(dispatch: PatchDispatch, getState: () => unknown, ids: Set<number>) {
  const state = getState() as Parameters<typeof namesApi.util.selectCachedArgsForQuery>[0];
  for (const filters of namesApi.util.selectCachedArgsForQuery(state, 'getNames')) {
    dispatch(
      namesApi.util.updateQueryData('getNames', filters, (draft) => {
        // The total drops with the rows this list held; the refetch then brings the server's figure.
        let removed = 0;
        for (const page of draft.pages) {
          const kept = page.names.filter((n) => !ids.has(n.id));
          removed += page.names.length - kept.length;
          page.names = kept;
        }
        for (const page of draft.pages) if (page.total !== undefined) page.total = Math.max(0, page.total - removed);
      }),
    );
  }
}

export const {
  useGetNamesInfiniteQuery,
  useGetNationalitiesQuery,
  useAddNameMutation,
  useUpdateNameMutation,
  useDeleteNameMutation,
  useBulkDeleteNamesMutation,
} = namesApi;
