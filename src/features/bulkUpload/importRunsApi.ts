// The server's record of imports (issue 6 §3): start and finish a run (the import saga), list recent
// runs and undo one (the Bulk Upload page).
import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { api } from '../../api/apiSlice';
import { failedAfter, restoreDeletionInParts } from '../../api/restoreDeletion';
import type {
  FinishImportRunRequest,
  ImportRun,
  ImportRunDetail,
  StartImportRunRequest,
  UndoImportRunResponse,
} from '../../../contract/importRuns';
import type { RestoreResponse } from '../../../contract/dataSafety';

export const importRunsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listImportRuns: build.query<ImportRun[], void>({
      query: () => '/admin/import-runs',
      providesTags: ['ImportRuns'],
    }),
    /** One run with how many of its names are still stored: what an undo would delete, asked right before confirming. */
    getImportRun: build.query<ImportRunDetail, number>({
      query: (id) => `/admin/import-runs/${id}`,
      keepUnusedDataFor: 0,
    }),
    startImportRun: build.mutation<ImportRun, StartImportRunRequest>({
      query: (body) => ({ url: '/admin/import-runs', method: 'POST', body }),
      invalidatesTags: ['ImportRuns'],
    }),
    finishImportRun: build.mutation<ImportRun, { id: number; body: FinishImportRunRequest }>({
      query: ({ id, body }) => ({ url: `/admin/import-runs/${id}/finish`, method: 'POST', body }),
    }),
    undoImportRun: build.mutation<UndoImportRunResponse, number>({
      query: (id) => ({ url: `/admin/import-runs/${id}/undo`, method: 'POST' }),
      invalidatesTags: ['ImportRuns', 'Names', 'Nationalities', 'SwipeStats', 'NamesTrash'],
    }),
    /** Takes an undo back: its names (those still in the trash) are restored with their swipes, the run is what it was. */
    restoreUndoneImport: build.mutation<RestoreResponse, number>({
      async queryFn(deletionId, _api, _extraOptions, baseQuery) {
        const total: RestoreResponse = { restoredCount: 0, swipes: 0, matches: 0 };
        const error = await restoreDeletionInParts(baseQuery, deletionId, total);
        return error ? { error: failedAfter(error, total.restoredCount) } : { data: total };
      },
      invalidatesTags: ['ImportRuns', 'Names', 'Nationalities', 'SwipeStats', 'NamesTrash'],
    }),
  }),
});

export const { useListImportRunsQuery, useLazyGetImportRunQuery, useUndoImportRunMutation, useRestoreUndoneImportMutation } = importRunsApi;

/** Dispatches a mutation's initiate thunk from a saga and waits for its unwrapped result. */
function* runMutation<T>(thunk: unknown): SagaIterator<T> {
  const request = (yield put(thunk as UnknownAction)) as unknown as { unwrap(): Promise<T> };
  return (yield call([request, request.unwrap])) as T;
}

export function* startRunThroughApi(fileName: string): SagaIterator<ImportRun> {
  return (yield call(runMutation<ImportRun>, importRunsApi.endpoints.startImportRun.initiate({ fileName }, { track: false }))) as ImportRun;
}

export function* finishRunThroughApi(runId: number, body: FinishImportRunRequest): SagaIterator<ImportRun> {
  return (yield call(
    runMutation<ImportRun>,
    importRunsApi.endpoints.finishImportRun.initiate({ id: runId, body }, { track: false }),
  )) as ImportRun;
}
