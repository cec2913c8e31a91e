// The random-seed migration as a job: running state, one at a time, the server's message
// as the result; on failure the HTTP status and body text, and the toast 'Migration failed' (spec 8).
import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLeading } from 'redux-saga/effects';
import type { ApiError } from '../../api/errors';
import type { MigrationResponse } from '../../../contract/schemas/databaseAdmin';
import { notify, type ToastKind } from '../../lib/notify';
import { jobFinished, jobStarted } from '../jobs';
import { databaseAdminApi } from './databaseAdminApi';
import { requestThroughApi } from '../../api/requestThroughApi';

export const MIGRATION_FAILED_TOAST = 'Migration failed';
export const MIGRATION_JOB_PREFIX = 'migration-random-seed-';

export const migrationRequested = createAction<{ jobId: string }>('databaseAdmin/migrationRequested');
export const migrationJobId = (at: number = Date.now()) => `${MIGRATION_JOB_PREFIX}${at}`;

export interface MigrationDeps {
  runMigration(): Promise<MigrationResponse> | SagaIterator<MigrationResponse>;
  now(): string;
  notify(message: string, kind: ToastKind): unknown;
}

/** 'HTTP 500: Internal server error' from an ApiError (or any thrown value). */
export function migrationErrorText(error: unknown): string {
  const e = error as Partial<ApiError> | null;
  if (e && typeof e.status === 'number') return `HTTP ${e.status}: ${e.reason ?? 'no body'}`;
  if (e && typeof e.reason === 'string') return e.reason;
  return error instanceof Error ? error.message : String(error);
}

function* runMigrationThroughApi(): SagaIterator<MigrationResponse> {
  return (yield call(
    requestThroughApi<MigrationResponse>,
    databaseAdminApi.endpoints.addRandomSeedColumn.initiate(undefined),
  )) as MigrationResponse;
}

export const liveMigrationDeps: MigrationDeps = { runMigration: runMigrationThroughApi, now: () => new Date().toISOString(), notify };

export function* runMigrationJob(deps: MigrationDeps, { payload }: ReturnType<typeof migrationRequested>): SagaIterator {
  const { jobId } = payload;
  yield put(jobStarted({ id: jobId, kind: 'migration', label: 'Add random_seed column', workTotal: null, startedAt: deps.now() }));
  try {
    const response: MigrationResponse = yield call(deps.runMigration);
    const message = typeof response?.message === 'string' && response.message ? response.message : 'The migration finished.';
    yield put(jobFinished({ id: jobId, state: 'done', message, detail: null, finishedAt: deps.now() }));
    yield call(deps.notify, message, response?.applied === false ? 'info' : 'success');
  } catch (error) {
    yield put(
      jobFinished({ id: jobId, state: 'failed', message: `Error: ${migrationErrorText(error)}`, detail: null, finishedAt: deps.now() }),
    );
    yield call(deps.notify, MIGRATION_FAILED_TOAST, 'error');
  }
}

/** One migration at a time: a second press while it runs is ignored. */
export function* migrationSaga(deps: MigrationDeps = liveMigrationDeps): SagaIterator {
  yield takeLeading(migrationRequested, runMigrationJob, deps);
}
