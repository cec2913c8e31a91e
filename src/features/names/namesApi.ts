import { api } from '../../api/apiSlice';
import { addRestored, failedAfter, restoreDeletionInParts } from '../../api/restoreDeletion';
import type { NameInput, NameRecord, NameSearchSummary, NamesQuery, NamesResponse } from '../../../contract/schemas/names';
import { ifMatch } from '../../../contract/ifMatch';
import type { NamesImpact, PurgeResponse, RestoreResponse, TrashMoveResponse, TrashPage } from '../../../contract/schemas/dataSafety';
import { errorDetail, type ApiError } from '../../api/errors';
import { MAX_BULK_DELETE_IDS } from '../../../contract/nameRules';
import { formatCount } from '../../lib/format';
import type { NameBulkJobFilter } from '../../../contract/namesBulkJobs';
import type { NameBulkJob, NameBulkJobStart } from '../../../contract/schemas/namesBulkJobs';
import { NAMES_PAGE_SIZE, type NamesFilters } from './namesSlice';
import { isNameRecord } from './nameRecords';

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
  /** What a search found per group, when the backend applied the search (absent: it did not say it did). */
  search?: NameSearchSummary;
}

/** GET /names parameters for one page of the filtered list (spec 7: gender, nationality, limit, offset, optional alphabetFilter; q to search). */
export function namesQueryParams(filters: NamesFilters, offset: number): NamesQuery {
  const params: NamesQuery = { gender: filters.gender, nationality: filters.nationality, limit: NAMES_PAGE_SIZE, offset };
  if (filters.letter !== 'All') params.alphabetFilter = filters.letter;
  if (filters.search !== '') params.q = filters.search;
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
  if (!Array.isArray(response) && response?.search && typeof response.search === 'object') page.search = response.search;
  return page;
}

function toNationalities(response: unknown): string[] {
  const list = Array.isArray(response) ? response : [];
  const values = list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim().toLowerCase());
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

const NAMES_LIST = { type: 'Names', id: 'LIST' } as const;
const TRASH = 'NamesTrash' as const;
/**
 * What moving names in or out of the trash changes: the lists, the nationalities, the trash, and the swipe
 * totals (a name's swipes go to the trash with it and come back with a restore: contract/dataSafety.ts).
 */
const TRASH_MOVE_TAGS = [NAMES_LIST, 'Nationalities' as const, TRASH, 'SwipeStats' as const];

/** A name as a write is based on: its id and the version the operator was shown (absent: the backend does not version names). */
export type NameRef = Pick<NameRecord, 'id' | 'version'>;

/** If-Match with the version a write is based on; nothing for a record without one (the write goes ahead). */
const versionHeaders = (version: number | undefined) => (version === undefined ? undefined : { 'If-Match': ifMatch(version) });

/** What a bulk delete moved to the trash. One deletion per request of at most MAX_BULK_DELETE_IDS names. */
export interface BulkDeleteResult {
  deletedCount: number;
  swipes: number;
  matches: number;
  /** restore these to undo the delete */
  deletionIds: number[];
}

/** Names to bring back from the trash: by id, or every name of some deletions (an undo, "restore all of this deletion"). */
export type RestoreSelection = { nameIds: readonly number[] } | { deletionIds: readonly number[] };

/** One page of GET /names/trash (newest deletion first), optionally of one deletion only. */
export interface TrashPageArgs {
  offset: number;
  limit: number;
  deletionId?: number;
}

function chunks<T>(items: readonly T[], size = MAX_BULK_DELETE_IDS): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The restore's parts: per deletion (itself in parts: api/restoreDeletion.ts), or per MAX_BULK_DELETE_IDS ids. */
const restoreParts = (selection: RestoreSelection): ({ deletionId: number } | { nameIds: number[] })[] =>
  'deletionIds' in selection
    ? selection.deletionIds.map((deletionId) => ({ deletionId }))
    : chunks(selection.nameIds).map((nameIds) => ({ nameIds }));

/**
 * After a successful write every cached list refetches its loaded pages (RTK Query refetches all pages of
 * an infinite query, re-deriving each offset from fresh data) while the rows on screen stay, so the
 * operator keeps their scroll position. RTK Query also invalidates on a failed mutation; that would only
 * reload unchanged pages, hence the function form.
 */
const refetchListsUnlessFailed = (_result: unknown, error: unknown) => (error ? [] : [NAMES_LIST, 'Nationalities' as const]);
const refetchAfterMoveUnlessFailed = (_result: unknown, error: unknown) => (error ? [] : TRASH_MOVE_TAGS);

/** The Manage Names filters as a names job takes them (contract/namesBulkJobs.ts): only those in use. */
export function jobFilterOf(filters: NamesFilters): NameBulkJobFilter {
  return {
    ...(filters.letter !== 'All' ? { letter: filters.letter } : {}),
    ...(filters.gender !== 'all' ? { gender: filters.gender } : {}),
    ...(filters.nationality !== 'all' ? { nationality: filters.nationality } : {}),
    ...(filters.search !== '' ? { q: filters.search } : {}),
  };
}

/** What a names job changed: the lists, the nationalities, the trash and the swipe totals. */
export const invalidateAfterNamesJob = () => namesApi.util.invalidateTags(TRASH_MOVE_TAGS);

export const namesApi = api.enhanceEndpoints({ addTagTypes: [TRASH] }).injectEndpoints({
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

    /** PUT /names/:id with If-Match: a name changed since it was shown answers 409 version_conflict, nothing saved. */
    updateName: build.mutation<NameRecord, NameRef & NameInput>({
      query: ({ id, version, ...body }) => ({ url: `/names/${id}`, method: 'PUT', body, headers: versionHeaders(version) }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const result = await settle(queryFulfilled);
        // Show the saved values at once, where the row is; the background refetch then moves or drops the
        // row if the edit changed its place in the order or took it out of the current filter. A conflict
        // brought the name as it is now: the lists show that, whatever the operator then decides.
        const shown = result.ok ? [result.data] : conflictedNames(result.error);
        if (shown.length > 0) replaceInCachedLists(dispatch, getState, shown);
      },
      invalidatesTags: refetchListsUnlessFailed,
    }),

    /** DELETE /names/:id with If-Match: moves the name to the trash with its swipes (204, no deletion id). */
    deleteName: build.mutation<void, NameRef>({
      query: ({ id, version }) => ({ url: `/names/${id}`, method: 'DELETE', headers: versionHeaders(version) }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const result = await settle(queryFulfilled);
        if (result.ok) removeFromCachedLists(dispatch, getState, new Set([id]));
        else replaceInCachedLists(dispatch, getState, conflictedNames(result.error));
      },
      invalidatesTags: refetchAfterMoveUnlessFailed,
    }),

    /**
     * POST /names/bulk-delete in requests of at most MAX_BULK_DELETE_IDS ids (the server's cap), one after
     * another, each with the versions the names were shown with (`versions`, only when every name has one):
     * one name changed since refuses its request (409 with `conflicts`). The counts are the requests' sums. If a
     * request fails, the error's reason says how many names the earlier requests had already deleted, and the
     * lists are refetched since some rows may be gone.
     */
    /** Starts a job over every name matching a filter (409 'count_changed' with the new count: ask again). */
    startNamesJob: build.mutation<NameBulkJob, NameBulkJobStart>({
      query: (body) => ({ url: '/names/bulk-jobs', method: 'POST', body }),
    }),
    /** A names job's progress (the saga following it reads it; never cached). */
    readNamesJob: build.mutation<NameBulkJob, number>({
      query: (id) => ({ url: `/names/bulk-jobs/${id}`, method: 'GET' }),
    }),
    cancelNamesJob: build.mutation<NameBulkJob, number>({
      query: (id) => ({ url: `/names/bulk-jobs/${id}/cancel`, method: 'POST', body: {} }),
    }),

    bulkDeleteNames: build.mutation<BulkDeleteResult, readonly NameRef[]>({
      async queryFn(names, _api, _extraOptions, baseQuery) {
        const done: BulkDeleteResult = { deletedCount: 0, swipes: 0, matches: 0, deletionIds: [] };
        const parts = names.length === 0 ? [[]] : chunks(names);
        for (const [i, part] of parts.entries()) {
          const versions = part.map((n) => n.version);
          const body = {
            nameIds: part.map((n) => n.id),
            ...(versions.every((v): v is number => v !== undefined) ? { versions } : {}),
          };
          const result = await baseQuery({ url: '/names/bulk-delete', method: 'POST', body });
          if (result.error) {
            const error = result.error as ApiError;
            if (i === 0) return { error };
            const reason = `${error.reason.replace(/\.?$/, '.')} ${formatCount(done.deletedCount)} of the ${formatCount(names.length)} selected names were deleted before it failed.`;
            return { error: { ...error, reason } };
          }
          const moved = (result.data ?? {}) as Partial<TrashMoveResponse>;
          done.deletedCount += typeof moved.deletedCount === 'number' ? moved.deletedCount : part.length;
          done.swipes += moved.swipes ?? 0;
          done.matches += moved.matches ?? 0;
          if (typeof moved.deletionId === 'number') done.deletionIds.push(moved.deletionId);
        }
        return { data: done };
      },
      async onQueryStarted(names, { dispatch, getState, queryFulfilled }) {
        const result = await settle(queryFulfilled);
        if (result.ok) removeFromCachedLists(dispatch, getState, new Set(names.map((n) => n.id)));
        else replaceInCachedLists(dispatch, getState, conflictedNames(result.error));
      },
      // A failure after the first request left some names deleted: refetch then too.
      invalidatesTags: (_result, error, names) => (error && names.length <= MAX_BULK_DELETE_IDS ? [] : TRASH_MOVE_TAGS),
    }),

    /**
     * What deleting these names would take to the trash (POST /names/delete-preview, summed over requests of
     * MAX_BULK_DELETE_IDS ids), for the confirmation. Never kept: the figures move with every swipe.
     */
    deletePreview: build.query<NamesImpact, readonly number[]>({
      async queryFn(nameIds, _api, _extraOptions, baseQuery) {
        const total: NamesImpact = { names: 0, swipes: 0, matches: 0 };
        for (const part of chunks(nameIds)) {
          const result = await baseQuery({ url: '/names/delete-preview', method: 'POST', body: { nameIds: part } });
          if (result.error) return { error: result.error as ApiError };
          const impact = result.data as NamesImpact;
          total.names += impact.names;
          total.swipes += impact.swipes;
          total.matches += impact.matches;
        }
        return { data: total };
      },
      keepUnusedDataFor: 0,
    }),

    /** One page of the trash (the server pages it: it may hold tens of thousands of names). */
    getTrash: build.query<TrashPage, TrashPageArgs>({
      query: ({ offset, limit, deletionId }) => ({
        url: '/names/trash',
        params: { offset, limit, ...(deletionId !== undefined ? { deletionId } : {}) },
      }),
      providesTags: [TRASH],
    }),

    /**
     * POST /names/restore, one request per deletion or per MAX_BULK_DELETE_IDS ids. Each is all or nothing on the
     * server (404 naming ids not in the trash, 409 when a live twin exists); the counts are the requests' sums.
     */
    restoreNames: build.mutation<RestoreResponse, RestoreSelection>({
      async queryFn(selection, _api, _extraOptions, baseQuery) {
        const total: RestoreResponse = { restoredCount: 0, swipes: 0, matches: 0 };
        for (const part of restoreParts(selection)) {
          if ('deletionId' in part) {
            const error = await restoreDeletionInParts(baseQuery, part.deletionId, total);
            if (error) return { error: failedAfter(error, total.restoredCount) };
            continue;
          }
          const result = await baseQuery({ url: '/names/restore', method: 'POST', body: part });
          if (result.error) return { error: failedAfter(result.error as ApiError, total.restoredCount) };
          addRestored(total, result.data as RestoreResponse);
        }
        return { data: total };
      },
      // A refused first request changed nothing; a later one left earlier restores done.
      invalidatesTags: (_result, error, selection) => (error && restoreParts(selection).length <= 1 ? [] : TRASH_MOVE_TAGS),
    }),

    /** Delete forever (POST /names/trash/purge): only the trash changes, the names already left every list and figure. */
    purgeNames: build.mutation<PurgeResponse, readonly number[]>({
      query: (nameIds) => ({ url: '/names/trash/purge', method: 'POST', body: { nameIds } }),
      invalidatesTags: (_result, error) => (error ? [] : [TRASH]),
    }),
  }),
});

/** Waits for the request; a failure is reported by the component, so here it only says what to patch. */
async function settle<T>(queryFulfilled: Promise<{ data: T }>): Promise<{ ok: true; data: T } | { ok: false; error: unknown }> {
  try {
    const { data } = await queryFulfilled;
    return { ok: true, data };
  } catch (rejection) {
    return { ok: false, error: (rejection as { error?: unknown } | null)?.error };
  }
}

/** The names as they are now that a 409 version_conflict brought (one for a PUT or DELETE, several for a bulk delete). */
export function conflictedNames(error: unknown): NameRecord[] {
  const detail = errorDetail(error);
  const conflicts = detail?.conflicts ?? (detail?.conflict ? [detail.conflict] : []);
  return conflicts.map((c) => c.current).filter(isNameRecord);
}

type PatchDispatch = (action: ReturnType<typeof namesApi.util.updateQueryData>) => unknown;

/** Applies `recipe` to every page of every cached names list (one per filter combination in use). */
function patchCachedLists(dispatch: PatchDispatch, getState: () => unknown, recipe: (page: NamesPage) => void) {
  const state = getState() as Parameters<typeof namesApi.util.selectCachedArgsForQuery>[0];
  for (const filters of namesApi.util.selectCachedArgsForQuery(state, 'getNames')) {
    dispatch(namesApi.util.updateQueryData('getNames', filters, (draft) => draft.pages.forEach(recipe)));
  }
}

/** Shows these records where the cached lists hold them (a save's answer, or a conflict's "as it is now"). */
function replaceInCachedLists(dispatch: PatchDispatch, getState: () => unknown, records: readonly NameRecord[]) {
  if (records.length === 0) return;
  const byId = new Map(records.map((r) => [r.id, r]));
  patchCachedLists(dispatch, getState, (page) => {
    page.names = page.names.map((n) => byId.get(n.id) ?? n);
  });
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
  useDeletePreviewQuery,
  useGetTrashQuery,
  useRestoreNamesMutation,
  usePurgeNamesMutation,
  useStartNamesJobMutation,
} = namesApi;
