// User Management's data: the users list through the document port (RTK Query queryFn), and the per-user
// swipe totals from GET /analytics/user-swipes/{id}.
import { api } from '../../api/apiSlice';
import type { UserRecord, DeleteUserResponse, UserFlagsUpdate, UsersPage, UsersQuery } from '../../../contract/schemas/usersAudit';
import type { UserSwipes } from '../../../contract/schemas/analytics';
import { backendOf, portQuery } from '../../api/portQuery';
import { MAX_USER_PAGE_SIZE } from '../../../contract/usersAudit';
import type { UserListKey } from './usersQuery';
import type { WriteBasis } from '../../backend/ports';
import { userFlagsLifecycle, userDeleteLifecycle } from './userMutationToasts';
import { updateFlagsRetryingOnce } from './userConflicts';

/** The audit trail gains an entry with every change made here; its screen refetches when it is next shown. */
export const AUDIT_TAG = 'AuditLogs' as const;

const usersTagged = api.enhanceEndpoints({ addTagTypes: ['Users', AUDIT_TAG] });
const USER_PAGES = { type: 'Users', id: 'PAGES' } as const;

export interface UserFlagsChange {
  uid: string;
  update: UserFlagsUpdate;
  /** how the toasts name the user (display name, email or uid) */
  label: string;
  /** what the change is based on: the row's version and the row as shown (userConflicts.ts basisOf) */
  basis: WriteBasis;
}

export interface UserDeletion {
  uid: string;
  label: string;
  basis: WriteBasis;
}

export const usersApi = usersTagged.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the grid: from the neighbouring page's cursor when there is one, else by offset. */
    listUsers: build.query<UsersPage, UsersQuery>({
      queryFn: (query, { extra, signal }) =>
        portQuery(() => backendOf(extra).userManagement.listUsers(query, { signal: superseding(signal) })),
      providesTags: [USER_PAGES],
    }),

    /**
     * Show All: the whole filtered list, read page by page (MAX_USER_PAGE_SIZE each) with the keyset cursor,
     * never as one giant request. The page drives fetchNextPage one page at a time behind a progress bar.
     */
    listAllUsers: build.infiniteQuery<UsersPage, UserListKey, string | null>({
      queryFn: ({ queryArg, pageParam }, { extra }) =>
        portQuery(() =>
          backendOf(extra).userManagement.listUsers({
            ...queryArg.filters,
            sort: queryArg.sort,
            order: queryArg.order,
            limit: MAX_USER_PAGE_SIZE,
            ...(pageParam ? { cursor: pageParam } : {}),
          }),
        ),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      providesTags: [{ type: 'Users', id: 'ALL' }],
      // Ten thousand records are not kept around once nothing shows them.
      keepUnusedDataFor: 5,
    }),

    updateUserFlags: build.mutation<UserRecord, UserFlagsChange>({
      queryFn: ({ uid, update, basis }, { extra }) =>
        portQuery(() => updateFlagsRetryingOnce(backendOf(extra).userManagement, uid, update, basis)),
      async onQueryStarted(change, { dispatch, getState, queryFulfilled }) {
        const saved = await userFlagsLifecycle(change, queryFulfilled);
        if (!saved) return;
        // The row shows its new flags in place, in every cached list (a page, Show All). Lists are not
        // refetched: that would reload all of Show All for one flag, and would make a row the operator just
        // toggled vanish from a filtered view under their cursor.
        putUserInCachedLists(saved)(dispatch, getState);
      },
      invalidatesTags: (_result, error) => (error ? [] : [AUDIT_TAG]),
    }),

    deleteUser: build.mutation<DeleteUserResponse, UserDeletion>({
      queryFn: ({ uid, basis }, { extra }) => portQuery(() => backendOf(extra).userManagement.deleteUser(uid, basis)),
      async onQueryStarted(deletion, { dispatch, getState, queryFulfilled }) {
        if (!(await userDeleteLifecycle(deletion, queryFulfilled))) return;
        patchCachedUsers(dispatch, getState, (pages) => {
          if (!pages.some((page) => page.users.some((u) => u.uid === deletion.uid))) return;
          for (const page of pages) {
            page.users = page.users.filter((u) => u.uid !== deletion.uid);
            if (page.total !== null) page.total = Math.max(0, page.total - 1);
          }
        });
      },
      // Later pages shift up by one row: refetch the pages on screen (Show All just loses the row).
      invalidatesTags: (_result, error) => (error ? [] : [USER_PAGES, AUDIT_TAG]),
    }),

    /** The user's total swipes: limit=0 asks for the totals only, the cheapest form of the call. */
    getUserSwipeTotal: build.query<number, string>({
      query: (uid) => ({ url: `/analytics/user-swipes/${encodeURIComponent(uid)}`, params: { limit: 0 } }),
      transformResponse: (response: UserSwipes) => {
        if (typeof response?.total_swipes !== 'number') throw new Error('The answer carried no total_swipes.');
        return response.total_swipes;
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

let currentPageRead: AbortController | null = null;

/**
 * The grid shows one page at a time: a page read started after another supersedes it (the search text
 * changed again, the operator paged on), so the earlier read stops instead of reading on unseen.
 */
function superseding(signal: AbortSignal): AbortSignal {
  currentPageRead?.abort(new DOMException('A newer page read superseded this one.', 'AbortError'));
  const mine = new AbortController();
  currentPageRead = mine;
  signal.addEventListener('abort', () => mine.abort(signal.reason), { once: true });
  return mine.signal;
}

type PatchDispatch = (action: ReturnType<typeof usersApi.util.updateQueryData>) => unknown;
type CacheState = Parameters<typeof usersApi.util.selectCachedArgsForQuery>[0];

/** Applies `recipe` to the pages of every cached users list: a grid page is a list of one page, Show All has many. */
function patchCachedUsers(dispatch: unknown, getState: () => unknown, recipe: (pages: UsersPage[]) => void) {
  const send = dispatch as PatchDispatch;
  const state = getState() as CacheState;
  for (const query of usersApi.util.selectCachedArgsForQuery(state, 'listUsers')) {
    send(usersApi.util.updateQueryData('listUsers', query, (draft) => recipe([draft])));
  }
  for (const key of usersApi.util.selectCachedArgsForQuery(state, 'listAllUsers')) {
    send(usersApi.util.updateQueryData('listAllUsers', key, (draft) => recipe(draft.pages)));
  }
}

/**
 * Shows `record` in place of its row in every cached list (a page, Show All): what a write answered, or the record
 * as a conflict or a revert says it is now. A thunk: dispatch it.
 */
export const putUserInCachedLists = (record: UserRecord) => (dispatch: unknown, getState: () => unknown) =>
  patchCachedUsers(dispatch, getState, (pages) => {
    for (const page of pages) {
      const i = page.users.findIndex((u) => u.uid === record.uid);
      if (i >= 0) page.users[i] = record;
    }
  });

export const { useListUsersQuery, useListAllUsersInfiniteQuery, useUpdateUserFlagsMutation, useDeleteUserMutation } = usersApi;
