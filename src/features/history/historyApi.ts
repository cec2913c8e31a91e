// A record's history through the history port (RTK Query queryFn): pages of entries read on with the cursor, and a
// revert, which is a version-checked write like any other (contract/dataSafety.ts).
import type { HistoryTargetType } from '../../../contract/dataSafety';
import type { RecordHistory, RevertResponse } from '../../../contract/schemas/dataSafety';
import { api } from '../../api/apiSlice';
import { errorReason, type ApiError } from '../../api/errors';
import { backendOf, portQuery } from '../../api/portQuery';
import { notify } from '../../lib/notify';
import { historyToastTexts } from './historyText';

/** Entries per page (the API's default is 50; a drawer shows fewer at a time). */
export const HISTORY_PAGE_SIZE = 20;

// Tags of the lists a revert changes, by their string names: features do not import each other.
const HISTORY_TAG = 'History' as const;
const AUDIT_TAG = 'AuditLogs' as const;
const USERS_TAG = 'Users' as const;
const tagged = api.enhanceEndpoints({ addTagTypes: [HISTORY_TAG, AUDIT_TAG, USERS_TAG] });

export interface HistoryKey {
  type: HistoryTargetType;
  id: string;
}

export interface RevertRequest {
  target: HistoryKey;
  actionId: number;
  /** the record's version as the history showed it (If-Match); absent when the backend keeps none */
  version?: number;
  /** what the revert does, for the toast: "set isPremium back to false" */
  action: string;
}

const historyTag = (target: HistoryKey) => ({ type: HISTORY_TAG, id: `${target.type}:${target.id}` });

/** What a revert changed besides the history: the record's lists and the audit trail. */
function affectedLists(type: HistoryTargetType) {
  return type === 'user'
    ? [{ type: USERS_TAG, id: 'PAGES' }, AUDIT_TAG]
    : // a revert of a move to the trash is a restore: the trash and the swipe totals change with the lists
      [{ type: 'Names' as const, id: 'LIST' }, 'Nationalities' as const, 'NamesTrash' as const, 'SwipeStats' as const, AUDIT_TAG];
}

/** 409 (changed since) and 410 (deleted for good): the history on screen is out of date. */
const refusedAsStale = (error: unknown) => [409, 410].includes((error as ApiError | undefined)?.status as number);

export const historyApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getRecordHistory: build.infiniteQuery<RecordHistory, HistoryKey, string | null>({
      queryFn: ({ queryArg, pageParam }, { extra }) =>
        portQuery(() =>
          backendOf(extra).history.readHistory(queryArg, { limit: HISTORY_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) }),
        ),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      providesTags: (_result, _error, target) => [historyTag(target)],
      // Read afresh each time a drawer opens: the record may have changed on another screen since.
      keepUnusedDataFor: 0,
    }),

    revertChange: build.mutation<RevertResponse, RevertRequest>({
      queryFn: ({ target, actionId, version }, { extra }) =>
        portQuery(() =>
          // targetId names the record among those an action touched (a bulk delete); for the others it is the target.
          backendOf(extra).history.revert({ actionId, targetId: target.id }, version === undefined ? {} : { version }),
        ),
      async onQueryStarted({ action }, { queryFulfilled }) {
        try {
          await queryFulfilled;
          notify(historyToastTexts.reverted(action), 'success');
        } catch (rejection) {
          notify(historyToastTexts.revertFailed(errorReason((rejection as { error?: unknown }).error ?? rejection)), 'error');
        }
      },
      invalidatesTags: (_result, error, { target }) =>
        error ? (refusedAsStale(error) ? [historyTag(target)] : []) : [historyTag(target), ...affectedLists(target.type)],
    }),
  }),
});

export const { useGetRecordHistoryInfiniteQuery, useRevertChangeMutation } = historyApi;
