// Following a names job (contract/namesBulkJobs.ts) that the server runs over every name matching a filter: its
// progress into the jobs slice, Cancel as the server's cancel (it stops between batches), and at the end what
// landed. The job itself is started by the confirmation (FilterJobDialog), which must re-ask on 409 count_changed;
// this saga takes over with the job the server answered.
import { createAction, type Action } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, take, takeEvery } from 'redux-saga/effects';
import { changeInWords, countAndFilterInWords, isFinished, jobOutcomeInWords } from '../../../../contract/namesBulkJobs';
import type { NameBulkJob } from '../../../../contract/schemas/namesBulkJobs';
import { errorReason, type ApiError } from '../../../api/errors';
import { requestThroughApi } from '../../../api/requestThroughApi';
import { notify, type ToastKind } from '../../../lib/notify';
import { jobCancelRequested, jobFinished, jobProgressed, jobStarted } from '../../jobs';
import { invalidateAfterNamesJob, namesApi } from '../namesApi';

/** The confirmation started this job on the server: follow it. */
export const namesFilterJobStarted = createAction<{ job: NameBulkJob }>('names/filterJobStarted');

export const NAMES_FILTER_JOB_PREFIX = 'names-filter-';
export const namesFilterJobId = (serverId: number) => `${NAMES_FILTER_JOB_PREFIX}${serverId}`;

export interface NamesFilterJobDeps {
  read(id: number): Promise<NameBulkJob> | SagaIterator<NameBulkJob>;
  cancel(id: number): Promise<NameBulkJob> | SagaIterator<NameBulkJob>;
  /** the lists, the trash and the figures the job changed */
  refresh(): SagaIterator | void;
  notify(message: string, kind: ToastKind): unknown;
  now(): string;
  pollMs: number;
  /** reads that fail in a row before the console stops following (the server goes on) */
  maxPollFailures: number;
}

/** "Delete 12,345 names: letter S" / "Edit 40 names: gender male (nationality → swedish)" */
export function jobLabel(job: Pick<NameBulkJob, 'action' | 'total' | 'filter' | 'set'>): string {
  const what = countAndFilterInWords(job.total, job.filter);
  return job.action === 'delete' ? `Delete ${what}` : `Edit ${what} (${changeInWords(job.set ?? undefined)})`;
}

function* throughApi(endpoint: 'readNamesJob' | 'cancelNamesJob', id: number): SagaIterator<NameBulkJob> {
  return (yield* requestThroughApi<NameBulkJob>(namesApi.endpoints[endpoint].initiate(id))) as NameBulkJob;
}

function* refreshThroughApi(): SagaIterator {
  yield put(invalidateAfterNamesJob());
}

export const liveNamesFilterJobDeps: NamesFilterJobDeps = {
  read: (id) => throughApi('readNamesJob', id),
  cancel: (id) => throughApi('cancelNamesJob', id),
  refresh: refreshThroughApi,
  notify,
  now: () => new Date().toISOString(),
  pollMs: 500,
  maxPollFailures: 5,
};

const cancelOf = (jobId: string) => (action: Action) => jobCancelRequested.match(action) && action.payload.id === jobId;
const asApiError = (error: unknown) => (error ?? {}) as Partial<ApiError>;

export function* followNamesFilterJob(deps: NamesFilterJobDeps, { payload }: ReturnType<typeof namesFilterJobStarted>): SagaIterator {
  let job = payload.job;
  const jobId = namesFilterJobId(job.id);
  yield put(jobStarted({ id: jobId, kind: 'namesFilter', label: jobLabel(job), workTotal: job.total, startedAt: deps.now() }));
  let failures = 0;
  let cancelAsked = false;
  for (;;) {
    yield put(jobProgressed({ id: jobId, workDone: job.done, workTotal: job.total }));
    if (isFinished(job.state)) break;
    const waited: { cancel?: unknown } = yield race({ tick: delay(deps.pollMs), cancel: take(cancelOf(jobId)) });
    try {
      if (waited.cancel && !cancelAsked) {
        cancelAsked = true;
        job = yield call(deps.cancel, job.id);
      } else {
        job = yield call(deps.read, job.id);
      }
      failures = 0;
    } catch (error) {
      // A timeout is a busy server (the embedded database runs one statement at a time), not a lost one.
      if (asApiError(error).status === 'TIMEOUT') continue;
      failures += 1;
      if (failures >= deps.maxPollFailures) {
        yield call(deps.refresh);
        const landed = `${job.applied.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} names were done when last seen.`;
        yield put(
          jobFinished({
            id: jobId,
            state: 'failed',
            message: `Lost track of the job: ${errorReason(error)}`,
            detail: `${landed} The server goes on with it; the trail (Audit Logs) records what it did.`,
            finishedAt: deps.now(),
          }),
        );
        yield call(deps.notify, `Lost track of the names job: ${errorReason(error)}`, 'error');
        return;
      }
    }
  }
  yield call(deps.refresh);
  const state = job.state === 'done' ? 'done' : job.state === 'cancelled' ? 'cancelled' : 'failed';
  const outcome = jobOutcomeInWords(job);
  const detail = [
    ...(job.action === 'delete' && job.applied > 0 ? ['They are in the trash as one deletion: restore it there to undo.'] : []),
    ...(job.message ? [job.message] : []),
  ].join('\n');
  yield put(jobFinished({ id: jobId, state, message: `${outcome}.`, detail: detail || null, finishedAt: deps.now() }));
  yield call(deps.notify, `${outcome}.`, state === 'done' ? 'success' : state === 'cancelled' ? 'warning' : 'error');
}

export function* namesFilterJobSaga(deps: NamesFilterJobDeps = liveNamesFilterJobDeps): SagaIterator {
  yield takeEvery(namesFilterJobStarted, followNamesFilterJob, deps);
}
