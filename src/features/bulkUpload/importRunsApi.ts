// The server's record of imports: start and finish a run (the import saga), list recent
// runs and undo one (the Bulk Upload page).
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { api } from '../../api/apiSlice';
import { requestThroughApi } from '../../api/requestThroughApi';
import { failedAfter, restoreDeletionInParts } from '../../api/restoreDeletion';
import type {
  FinishImportRunRequest,
  ImportRun,
  ImportRunDetail,
  StartImportRunRequest,
  UndoImportRunResponse,
  BulkImportResponse,
} from '../../../contract/schemas/importRuns';
import type { RestoreResponse } from '../../../contract/schemas/dataSafety';
import type { ImportCheck, ImportCheckBatch, ImportCheckTotals } from '../../../contract/schemas/importChecks';
import { namesBody, type EncodedBatchRequest } from './csv/batchBody';

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
    // A check of a file before its import (contract/importChecks.ts): nothing it does changes a cached view.
    startImportCheck: build.mutation<ImportCheck, void>({
      query: () => ({ url: '/admin/import-checks', method: 'POST' }),
    }),
    checkImportBatch: build.mutation<ImportCheckBatch, EncodedBatchRequest>({
      // runId is the check's id here; the body is the batch's encoded rows, as an import's (batchBody.ts)
      query: ({ runId, namesJson }) => ({ url: `/admin/import-checks/${runId}/batches`, method: 'POST', body: namesBody(namesJson) }),
    }),
    endImportCheck: build.mutation<ImportCheckTotals, number>({
      query: (id) => ({ url: `/admin/import-checks/${id}`, method: 'DELETE' }),
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

export function* startRunThroughApi(fileName: string): SagaIterator<ImportRun> {
  return (yield call(
    requestThroughApi<ImportRun>,
    importRunsApi.endpoints.startImportRun.initiate({ fileName }, { track: false }),
  )) as ImportRun;
}

export function* finishRunThroughApi(runId: number, body: FinishImportRunRequest): SagaIterator<ImportRun> {
  return (yield call(
    requestThroughApi<ImportRun>,
    importRunsApi.endpoints.finishImportRun.initiate({ id: runId, body }, { track: false }),
  )) as ImportRun;
}

export function* startCheckThroughApi(): SagaIterator<ImportCheck> {
  return (yield call(
    requestThroughApi<ImportCheck>,
    importRunsApi.endpoints.startImportCheck.initiate(undefined, { track: false }),
  )) as ImportCheck;
}

/** A check's batch answers in the import's shape, so the import job counts it as it counts an import's. */
export function* checkBatchThroughApi(batch: EncodedBatchRequest): SagaIterator<BulkImportResponse> {
  return (yield call(
    requestThroughApi<ImportCheckBatch>,
    importRunsApi.endpoints.checkImportBatch.initiate(batch, { track: false }),
  )) as ImportCheckBatch;
}

export function* endCheckThroughApi(checkId: number): SagaIterator<ImportCheckTotals> {
  return (yield call(
    requestThroughApi<ImportCheckTotals>,
    importRunsApi.endpoints.endImportCheck.initiate(checkId, { track: false }),
  )) as ImportCheckTotals;
}
