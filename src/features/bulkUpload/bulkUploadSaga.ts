// The bulk import job (spec 5): CSV rows from the parse worker go to
// POST /admin/names/bulk-import in batches, a few at a time, with progress and the final report in
// the jobs slice. Everything it touches outside Redux comes in as ImportDeps, so tests run it with
// runSaga, a fake row source and a fake API.
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { buffers, channel, eventChannel, type Channel, type SagaIterator } from 'redux-saga';
import { actionChannel, call, cancelled, delay, fork, put, race, select, take, takeLeading } from 'redux-saga/effects';
import { api } from '../../api/apiSlice';
import type { BulkImportResponse, FinishImportRunRequest, ImportRun } from '../../../contract/schemas/importRuns';
import type { EncodedBatchRequest } from './csv/batchBody';
import { errorReason } from '../../api/errors';
import { notify, type ToastKind } from '../../lib/notify';
import { isPageLeaving } from '../../lib/pageLeaving';
import { jobCancelRequested, jobFinished, jobProgressed, jobStarted, type JobProgress, type JobsState, type JobState } from '../jobs';
import { bulkImportRequested, type BulkImportRequested } from './bulkUploadActions';
import { bulkUploadApi, TAGS_CHANGED_BY_IMPORT } from './bulkUploadApi';
import { checkBatchThroughApi, endCheckThroughApi, finishRunThroughApi, startCheckThroughApi, startRunThroughApi } from './importRunsApi';
import type { ParseFailureReason, RowBatch } from './csv/csvParseProtocol';
import { takeHandedOffFile } from './fileHandoff';
import { IMPORT_BATCH_SIZE, IMPORT_CHUNK_BYTES, IMPORT_CONCURRENCY, IMPORT_RETRY_DELAYS_MS } from './importConfig';
import {
  CHECK_FAILED_TOAST,
  CHECK_TEXTS,
  IMPORT_TEXTS,
  UPLOAD_ERROR_TOAST,
  landingSentences,
  type BatchOutcome,
  type ImportTally,
  type JobTexts,
  type Report,
  skippedTotal,
  unsettledRows,
} from './importReport';
import { openWorkerRowSource, type RowSource, type RowSourceEvent, type RowSourceOptions } from './csv/rowSource';
import { requestThroughApi } from '../../api/requestThroughApi';

/** Sends one batch; a promise or a saga (the real one dispatches the RTK Query mutation). */
export type SendBatch = (request: EncodedBatchRequest) => Promise<BulkImportResponse> | SagaIterator<BulkImportResponse>;

/** Starts the server's record of this import (POST /admin/import-runs): every batch then carries its id. */
export type StartRun = (fileName: string) => Promise<ImportRun> | SagaIterator<ImportRun>;
/** Ends the server's record with the job's outcome and what only the console knows (rows read, skipped). */
export type FinishRun = (runId: number, body: FinishImportRunRequest) => Promise<unknown> | SagaIterator<unknown>;

/**
 * A check of the file instead of its import (contract/importChecks.ts): the same pipeline, each batch counted by the
 * server as its import would be, nothing written. start and end stand in for the run's; end drops the check's keys.
 */
export interface CheckCalls {
  start(): Promise<{ id: number }> | SagaIterator<{ id: number }>;
  sendBatch: SendBatch;
  end(checkId: number): Promise<unknown> | SagaIterator<unknown>;
}

export interface ImportDeps {
  openRowSource(jobId: string, options: RowSourceOptions): RowSource;
  sendBatch: SendBatch;
  startRun: StartRun;
  finishRun: FinishRun;
  check: CheckCalls;
  batchSize: number;
  concurrency: number;
  chunkBytes: number;
  /** one wait per retry of a batch the server refused before doing work (429 / 503) */
  retryDelaysMs: readonly number[];
  now(): string;
  notify(message: string, kind: ToastKind): unknown;
  /** the page is being left: its aborted requests are not the server failing */
  pageLeaving(): boolean;
}

type UploadResult =
  | { batch: RowBatch; ok: true; added: number; duplicates: number; trashed: number }
  | { batch: RowBatch; ok: false; state: 'rejected' | 'unknown'; reason: string };

type Stop =
  | { kind: 'cancel' }
  | { kind: 'upload' }
  | { kind: 'parse'; reason: ParseFailureReason; message: string }
  | { kind: 'start'; reason: string };

interface Failure {
  /** the server refused before doing any work: safe to send again */
  retryable: boolean;
  /**
   * 'rejected': the API answered with an error, so the transaction rolled back. 'unknown': no answer
   * from the API itself (timeout, network, a proxy's 502/504 or any 5xx without our ApiErrorBody):
   * the transaction may have committed, so the batch must not be sent again.
   */
  state: 'rejected' | 'unknown';
  reason: string;
}

function classifyFailure(error: unknown): Failure {
  const e = error as { status?: unknown; fromApi?: unknown } | null;
  const status = e?.status;
  const reason = errorReason(error);
  if (status === 'TIMEOUT' || status === 'NETWORK') return { retryable: false, state: 'unknown', reason };
  if (typeof status !== 'number') return { retryable: false, state: 'rejected', reason };
  const httpReason = `HTTP ${status}: ${reason}`;
  const fromApi = e?.fromApi === true;
  if (status >= 500 && (!fromApi || status === 502 || status === 504)) return { retryable: false, state: 'unknown', reason: httpReason };
  return { retryable: status === 429 || status === 503, state: 'rejected', reason: httpReason };
}

/** One batch to the server, with retries only where a retry cannot add rows twice. */
function* uploadBatch(deps: ImportDeps, batch: RowBatch, runId: number, results: Channel<UploadResult>): SagaIterator {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response: BulkImportResponse = yield call(deps.sendBatch, { namesJson: batch.namesJson, runId });
      if (typeof response?.addedCount !== 'number') {
        // The request succeeded, so rows probably landed; without a count we cannot say how many.
        yield put(results, { batch, ok: false, state: 'unknown', reason: 'the server answered without addedCount' });
      } else {
        const duplicates = typeof response.duplicateCount === 'number' ? response.duplicateCount : 0;
        const trashed = typeof response.trashedCount === 'number' ? response.trashedCount : 0;
        yield put(results, { batch, ok: true, added: response.addedCount, duplicates, trashed });
      }
      return;
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure.retryable && attempt < deps.retryDelaysMs.length) {
        yield delay(deps.retryDelaysMs[attempt]);
        continue;
      }
      yield put(results, { batch, ok: false, state: failure.state, reason: failure.reason });
      return;
    }
  }
}

function outcomeOf(result: UploadResult): BatchOutcome {
  const { seq, fromRow, toRow, rowCount } = result.batch;
  const base = { seq, fromRow, toRow, rows: rowCount };
  return result.ok
    ? { ...base, state: 'added', added: result.added, duplicates: result.duplicates, trashed: result.trashed }
    : { ...base, state: result.state, added: 0, duplicates: 0, trashed: 0, reason: result.reason };
}

/** Skipped includes the server's duplicates and names in the trash, so a finished import shows rows read = added + skipped. */
function progressOf(tally: ImportTally): JobProgress {
  const { rowsRead, rowsSent, rowsAdded } = tally;
  return { rowsRead, rowsSkipped: skippedTotal(tally), rowsSent, rowsAdded };
}

function noteReading(tally: ImportTally, from: Pick<RowBatch, 'rowsSkipped' | 'skippedByReason' | 'encoding'>) {
  tally.rowsSkipped = from.rowsSkipped;
  tally.skippedByReason = from.skippedByReason;
  tally.encoding = from.encoding;
}

/** The import's deps with the run's three calls replaced by the check's (a check's end only drops its keys). */
function checkingDeps(deps: ImportDeps): ImportDeps {
  return {
    ...deps,
    startRun: () => deps.check.start() as Promise<ImportRun>,
    sendBatch: deps.check.sendBatch,
    finishRun: (checkId) => deps.check.end(checkId),
  };
}

/**
 * Runs one import, or one check of the file (`check`: contract/importChecks.ts). The loop keeps at most `concurrency` batches between "pulled from the parser" and
 * "settled by the server": it pulls one batch per free upload slot, so the worker (which parses only
 * when pulled) never runs more than a chunk ahead of the uploads.
 *
 * Cancel and failure stop the parser at once, drop batches not yet sent, and WAIT for the batches in
 * flight: aborting a request would not undo a transaction the server may already have committed, and
 * only their answers make the report exact. That takes at most one batch's round trip.
 */
export function* runImportJob(importDeps: ImportDeps, action: BulkImportRequested): SagaIterator {
  const { jobId, fileName, fileSize, check = false } = action.payload;
  const deps = check ? checkingDeps(importDeps) : importDeps;
  const texts = check ? CHECK_TEXTS : IMPORT_TEXTS;
  const tally: ImportTally = {
    outcomes: [],
    rowsRead: 0,
    rowsSkipped: 0,
    rowsSent: 0,
    rowsAdded: 0,
    allSent: false,
    duplicates: 0,
    trashed: 0,
    skippedByReason: {},
    encoding: null,
  };
  try {
    const startedAt: string = yield call(deps.now);
    yield put(jobStarted({ id: jobId, kind: check ? 'importCheck' : 'bulkImport', label: fileName, workTotal: fileSize, startedAt }));
    // A child task: if it throws, its in-flight uploads are cancelled with it before we report.
    yield call(importRows, deps, texts, action, startedAt, tally);
  } catch (error) {
    // A bug or an unforeseen throw: the job must not stay 'running', and the error must not reach the
    // root saga (it would cancel the session saga with it).
    console.error('The bulk import job failed unexpectedly', error);
    const jobState: JobState | undefined = yield select((state: { jobs: JobsState }) => state.jobs.byId[jobId]?.state);
    if (jobState !== undefined && jobState !== 'running') return; // it had already finished (e.g. a toast threw)
    let finishedAt: string;
    try {
      finishedAt = yield call(deps.now);
    } catch {
      finishedAt = new Date().toISOString();
    }
    const report = texts.unexpected(tally, errorReason(error));
    yield put(jobFinished({ id: jobId, state: 'failed', ...report, finishedAt, progress: progressOf(tally) }));
    if (!check && mayHaveLanded(tally)) yield put(api.util.invalidateTags([...TAGS_CHANGED_BY_IMPORT]));
    try {
      yield call(deps.notify, check ? CHECK_FAILED_TOAST : UPLOAD_ERROR_TOAST, 'error');
    } catch {
      // the report in the jobs slice already says it
    }
  }
}

function* importRows(deps: ImportDeps, texts: JobTexts, action: BulkImportRequested, startedAt: string, tally: ImportTally): SagaIterator {
  const { jobId, fileName, fileSize, check = false } = action.payload;
  const end = { texts, check };
  let source: RowSource;
  try {
    source = yield call([deps, deps.openRowSource], jobId, {
      createdAt: startedAt,
      batchSize: deps.batchSize,
      chunkBytes: deps.chunkBytes,
      ...(action.payload.columns ? { columns: action.payload.columns } : {}),
    });
  } catch (error) {
    yield* finish(deps, end, jobId, 'failed', texts.parseFailed(`${errorReason(error)}.`), tally);
    return;
  }

  const sourceEvents = eventChannel<RowSourceEvent>((emit) => source.subscribe(emit), buffers.expanding(deps.concurrency + 1));
  const uploads = channel<UploadResult>(buffers.expanding(deps.concurrency + 1));
  const cancels = yield actionChannel((a: Action) => jobCancelRequested.match(a) && a.payload.id === jobId);

  let pulls = 0;
  let inFlight = 0;
  let ended = false;
  let heldBack = false;
  let stop: Stop | null = null;
  let settled = false;
  /** the server's run, started with the first batch to send (a file refused at its header leaves no run) */
  let runId: number | null = null;
  try {
    for (;;) {
      while (!stop && !ended && inFlight + pulls < deps.concurrency) {
        source.pull();
        pulls += 1;
      }
      if (inFlight === 0 && (stop || ended)) break;

      const next: { event?: RowSourceEvent; upload?: UploadResult; cancel?: UnknownAction } = yield race({
        event: take(sourceEvents),
        upload: take(uploads),
        cancel: take(cancels),
      });

      if (next.cancel && !stop) {
        stop = { kind: 'cancel' };
        source.close();
      }

      if (next.event?.type === 'batch') {
        const { batch } = next.event;
        pulls -= 1;
        if (!stop && runId === null) {
          try {
            const run: ImportRun = yield call(deps.startRun, fileName);
            runId = run.id;
          } catch (error) {
            stop = { kind: 'start', reason: errorReason(error) };
            source.close();
          }
        }
        if (stop || runId === null) {
          heldBack = true; // arrived after the stop: not sent
        } else {
          inFlight += 1;
          tally.rowsSent += batch.rowCount;
          tally.rowsRead = batch.toRow;
          noteReading(tally, batch);
          yield fork(uploadBatch, deps, batch, runId, uploads);
          yield put(jobProgressed({ id: jobId, progress: progressOf(tally), workDone: batch.bytesRead }));
        }
      } else if (next.event?.type === 'end') {
        pulls = 0;
        ended = true;
        tally.rowsRead = next.event.rowsRead;
        noteReading(tally, next.event);
        tally.allSent = !heldBack && !stop;
        yield put(jobProgressed({ id: jobId, progress: progressOf(tally), workDone: fileSize }));
      } else if (next.event?.type === 'error' && !stop) {
        stop = { kind: 'parse', reason: next.event.reason, message: next.event.message };
        source.close();
      }

      if (next.upload) {
        inFlight -= 1;
        const outcome = outcomeOf(next.upload);
        tally.outcomes.push(outcome);
        tally.rowsAdded += outcome.added;
        tally.duplicates += outcome.duplicates;
        tally.trashed += outcome.trashed;
        if (outcome.state !== 'added' && !stop) {
          stop = { kind: 'upload' };
          source.close();
        }
        yield put(jobProgressed({ id: jobId, progress: progressOf(tally) }));
      }
    }
    settled = true;
  } finally {
    source.close();
    sourceEvents.close();
    uploads.close();
    cancels.close();
    if ((yield cancelled()) && !settled) {
      // The job itself was cancelled (not by its Cancel button: e.g. the store shut down); in-flight
      // answers are lost, so say what is known.
      const report: Report = {
        message: `Cancelled. ${tally.rowsAdded} names were added before the import was interrupted.`,
        detail: [`${inFlight} batch(es) were in flight and may or may not have been added.`, ...landingSentences(tally)].join(' '),
      };
      yield* finish(deps, end, jobId, 'cancelled', report, tally);
    }
  }

  const run = { id: runId };
  if (!stop) {
    yield* finish(deps, end, jobId, 'done', texts.done(tally), tally, run);
    const toast = texts.doneToast(tally);
    yield call(deps.notify, toast.message, toast.kind);
  } else if (stop.kind === 'cancel') {
    yield* finish(deps, end, jobId, 'cancelled', texts.cancelled(tally), tally, run);
  } else if (stop.kind === 'start') {
    yield* finish(deps, end, jobId, 'failed', texts.notStarted(stop.reason), tally, run);
    yield call(deps.notify, texts.failedToast(tally), 'error');
  } else if (stop.kind === 'parse' && (stop.reason === 'header' || tally.rowsSent === 0)) {
    // Nothing was sent, so this is a problem with the file itself.
    yield* finish(deps, end, jobId, 'failed', texts.parseFailed(stop.message), tally, run);
  } else {
    const parseProblem = stop.kind === 'parse' ? stop.message : undefined;
    yield* finish(deps, end, jobId, 'failed', texts.failed(tally, parseProblem), tally, run);
    yield call(deps.notify, texts.failedToast(tally, parseProblem), 'error');
  }
}

/**
 * Ends the server's run with the job's outcome and the console's own figures. A failure here loses
 * no rows (they landed with their batches); the run then shows as interrupted, and the report says so.
 */
function* finishServerRun(
  deps: ImportDeps,
  runId: number,
  state: 'done' | 'failed' | 'cancelled',
  tally: ImportTally,
): SagaIterator<string | null> {
  try {
    yield call(deps.finishRun, runId, {
      state,
      report: {
        rowsRead: tally.rowsRead,
        rowsSkipped: tally.rowsSkipped,
        skippedByReason: { ...tally.skippedByReason },
        encoding: tally.encoding,
      },
    });
    return null;
  } catch (error) {
    return `The server could not record the end of this import (${errorReason(error).replace(/\.$/, '')}); it is listed as interrupted, with what landed.`;
  }
}

const LEFT_MID_IMPORT = 'The page was being left: the import is listed as interrupted, with what landed.';

function* finish(
  deps: ImportDeps,
  { check }: { check: boolean },
  jobId: string,
  state: 'done' | 'failed' | 'cancelled',
  report: Report,
  tally: ImportTally,
  run: { id: number | null } = { id: null },
): SagaIterator {
  if (run.id !== null && !check && state === 'failed' && deps.pageLeaving()) {
    // The failures are the requests the browser aborted as it leaves the page: the server's run stays
    // open and shows as interrupted, with exactly what landed, rather than failed.
    report = { ...report, detail: [report.detail, LEFT_MID_IMPORT].filter(Boolean).join(' ') };
  } else if (run.id !== null) {
    const problem: string | null = yield* finishServerRun(deps, run.id, state, tally);
    if (problem) report = { ...report, detail: [report.detail, problem].filter(Boolean).join(' ') };
  }
  const finishedAt: string = yield call(deps.now);
  yield put(jobFinished({ id: jobId, state, ...report, finishedAt, progress: progressOf(tally) }));
  // Names lists, nationality counts and totals changed (or may have): refetch them once, not per batch.
  if (!check && mayHaveLanded(tally)) yield put(api.util.invalidateTags([...TAGS_CHANGED_BY_IMPORT]));
}

/** Some batch landed or may have (added, unconfirmed, or sent without a settled answer). */
function mayHaveLanded(tally: ImportTally): boolean {
  return tally.outcomes.some((o) => o.state !== 'rejected') || unsettledRows(tally) > 0;
}

/**
 * The real SendBatch: the RTK Query mutation (base URL, timeout, bearer token, error shape). track: false keeps each
 * batch's rows out of the store's state.
 */
export function* sendBatchThroughApi(batch: EncodedBatchRequest): SagaIterator<BulkImportResponse> {
  return (yield call(
    requestThroughApi<BulkImportResponse>,
    bulkUploadApi.endpoints.bulkImport.initiate(batch, { track: false }),
  )) as BulkImportResponse;
}

export const liveImportDeps: ImportDeps = {
  openRowSource(jobId, options) {
    const file = takeHandedOffFile(jobId);
    if (!file) throw new Error('The chosen file is no longer available; please choose it again');
    return openWorkerRowSource(file, options);
  },
  sendBatch: sendBatchThroughApi,
  startRun: startRunThroughApi,
  finishRun: finishRunThroughApi,
  check: { start: startCheckThroughApi, sendBatch: checkBatchThroughApi, end: endCheckThroughApi },
  batchSize: IMPORT_BATCH_SIZE,
  concurrency: IMPORT_CONCURRENCY,
  chunkBytes: IMPORT_CHUNK_BYTES,
  retryDelaysMs: IMPORT_RETRY_DELAYS_MS,
  now: () => new Date().toISOString(),
  notify,
  pageLeaving: isPageLeaving,
};

/** Root watcher (forked by rootSaga). One import at a time: a start while one runs is ignored. */
export function* bulkUploadSaga(deps: ImportDeps = liveImportDeps): SagaIterator {
  yield takeLeading(bulkImportRequested, runImportJob, deps);
}
