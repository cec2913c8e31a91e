// The shape every export job shares: open the file, learn the total, read page by page with a keyset
// cursor while writing (or copy a file the backend writes itself, as it arrives), report progress to the jobs slice, stop on Cancel, and finish with a report.
// The export-specific parts (what to read, how to format it, which messages) come in as arguments,
// so a feature's export is a few lines and the whole loop is tested once with runSaga.
import type { SagaIterator } from 'redux-saga';
import { call, put, race, select, take } from 'redux-saga/effects';
import { jobCancelRequested, jobFinished, jobProgressed, jobStarted, type JobsState } from './jobsSlice';
import { csvRecordCounter, SaveCancelledError, type FileSink } from '../../lib/export';
import { formatCount } from '../../lib/format';

/** One page of a collection: `next` is the cursor to read on from, null after the last page. */
export interface KeysetPage<T> {
  rows: T[];
  next: string | null;
}

export type ReadPage<T> = (after: string | null, limit: number) => Promise<KeysetPage<T>>;

export interface PageLoopOptions<T> {
  jobId: string;
  readPage: ReadPage<T>;
  pageSize: number;
  sink: FileSink;
  /** text for one page; `first` is true for the first page of this collection */
  formatPage(rows: T[], first: boolean): string;
  /** rows already written by earlier collections of the same job (a backup has four) */
  rowsBefore?: number;
}

/**
 * Reads every page and writes it. While one page is formatted and written, the next is already being
 * fetched (the cursor is known as soon as a page arrives), so the network and the server work while
 * the browser formats; at most two pages are held at a time whatever the collection's size. Returns
 * the rows written.
 */
export function* exportPages<T>({ jobId, readPage, pageSize, sink, formatPage, rowsBefore = 0 }: PageLoopOptions<T>): SagaIterator<number> {
  let rows = 0;
  let pending: Promise<KeysetPage<T>> = readPage(null, pageSize);
  try {
    for (let first = true; ; first = false) {
      const page: KeysetPage<T> = yield call(() => pending);
      const more = page.next !== null && page.rows.length > 0;
      if (more) {
        pending = readPage(page.next, pageSize);
        // A failure is reported when the page is awaited; until then it must not count as unhandled.
        pending.catch(() => undefined);
      }
      if (page.rows.length > 0 || first) {
        const text = formatPage(page.rows, first);
        if (text) yield call([sink, sink.write], text);
      }
      rows += page.rows.length;
      yield put(jobProgressed({ id: jobId, progress: { rowsRead: rowsBefore + rows }, workDone: rowsBefore + rows }));
      if (!more) return rows;
    }
  } finally {
    // Cancelled or failed: a page still in flight is left to settle on its own.
    pending.catch(() => undefined);
  }
}

export interface StreamLoopOptions {
  jobId: string;
  /** Starts the transfer of a file the backend writes; `signal` stops it. */
  open(signal: AbortSignal): Promise<AsyncIterator<Uint8Array<ArrayBuffer>>>;
  sink: FileSink;
  /** Records before the first row (a CSV header line): not counted as rows. */
  headerRecords: number;
}

/** Bytes written (and progress reported) at a time: 64 writes for the 64 MB of a million names. */
export const STREAM_PROGRESS_BYTES = 1024 * 1024;

/**
 * Copies a CSV file the backend writes itself into the sink as it arrives, counting its records for the
 * progress and the report. Cancelled or failed, the transfer is stopped. Returns the rows written.
 */
export function* exportStream({ jobId, open, sink, headerRecords }: StreamLoopOptions): SagaIterator<number> {
  const controller = new AbortController();
  const chunks: AsyncIterator<Uint8Array<ArrayBuffer>> = yield call(open, controller.signal);
  const recordsIn = csvRecordCounter();
  let records = 0;
  // Chunks arrive at ~64 kB: they are written a megabyte at a time (a write to a chosen file has a cost of its
  // own; 64 MB in 64 kB writes took half again as long), with a progress report per write.
  let held: Uint8Array<ArrayBuffer>[] = [];
  let heldBytes = 0;
  let finished = false;
  function* flush(): SagaIterator {
    if (heldBytes === 0) return;
    const part = held.length === 1 ? held[0]! : new Uint8Array(heldBytes);
    if (held.length > 1) held.reduce((at, chunk) => (part.set(chunk, at), at + chunk.byteLength), 0);
    held = [];
    heldBytes = 0;
    yield call([sink, sink.write], part);
  }
  const progress = () => {
    const rows = Math.max(0, records - headerRecords);
    return put(jobProgressed({ id: jobId, progress: { rowsRead: rows }, workDone: rows }));
  };
  try {
    for (;;) {
      const next: IteratorResult<Uint8Array<ArrayBuffer>> = yield call([chunks, chunks.next]);
      if (next.done) break;
      records += recordsIn(next.value);
      held.push(next.value);
      heldBytes += next.value.byteLength;
      if (heldBytes >= STREAM_PROGRESS_BYTES) {
        yield* flush();
        yield progress();
      }
    }
    finished = true;
    yield* flush();
    yield progress();
    return Math.max(0, records - headerRecords);
  } finally {
    if (!finished) {
      controller.abort();
      void chunks.return?.().catch(() => undefined);
    }
  }
}

export interface ExportJobSpec {
  jobId: string;
  /** shown on the job, e.g. the file name */
  label: string;
  openSink(): Promise<FileSink>;
  /** rows the export will write, when the backend can say cheaply; null when unknown (a promise or a saga) */
  countRows?(): Promise<number | null> | SagaIterator<number | null>;
  /** writes everything into the sink (exportPages, once or per collection) and returns the rows written */
  write(sink: FileSink): SagaIterator<number>;
  /** the catalogue's toast for this export, e.g. 'Failed to export names'; a function to tell failures apart */
  failureToast: string | ((error: unknown) => string);
  now(): string;
  notify(message: string, kind: 'success' | 'error' | 'info'): unknown;
}

export type ExportOutcome =
  { state: 'done'; rows: number } | { state: 'cancelled'; rows: number | null } | { state: 'failed'; reason: string; toast?: string };

/** The catalogue's generic form: 'Export failed: {reason}'. */
export function exportFailedMessage(reason: string): string {
  return `Export failed: ${reason}`;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  const message = (error as { reason?: unknown; message?: unknown } | null)?.reason ?? (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'unknown error';
}

const toastFor = (spec: ExportJobSpec, error: unknown) =>
  typeof spec.failureToast === 'string' ? spec.failureToast : spec.failureToast(error);

function* finish(spec: ExportJobSpec, outcome: ExportOutcome, sinkKind: FileSink['kind'] | null): SagaIterator<ExportOutcome> {
  const finishedAt: string = yield call(spec.now);
  if (outcome.state === 'done') {
    const where = sinkKind === 'disk' ? 'saved to the chosen file' : 'downloaded';
    const message = `Exported ${formatCount(outcome.rows)} rows: ${spec.label} ${where}.`;
    yield put(jobFinished({ id: spec.jobId, state: 'done', message, detail: null, finishedAt, progress: { rowsRead: outcome.rows } }));
    yield call(spec.notify, message, 'success');
  } else if (outcome.state === 'cancelled') {
    const message =
      outcome.rows === null
        ? 'Export cancelled: no file was chosen.'
        : `Export cancelled after ${formatCount(outcome.rows)} rows. No file was saved.`;
    yield put(jobFinished({ id: spec.jobId, state: 'cancelled', message, detail: null, finishedAt }));
  } else {
    const message = exportFailedMessage(outcome.reason);
    yield put(jobFinished({ id: spec.jobId, state: 'failed', message, detail: 'No file was saved.', finishedAt }));
    yield call(spec.notify, outcome.toast ?? toastFor(spec, null), 'error');
  }
  return outcome;
}

/**
 * Runs one export as a job. A cancelled or failed export aborts the sink, so the operator never gets
 * a truncated file that looks complete.
 */
export function* runExportJob(spec: ExportJobSpec): SagaIterator<ExportOutcome> {
  const startedAt: string = yield call(spec.now);
  yield put(jobStarted({ id: spec.jobId, kind: 'export', label: spec.label, workTotal: null, startedAt }));

  let sink: FileSink;
  try {
    sink = yield call(spec.openSink);
  } catch (error) {
    if (error instanceof SaveCancelledError) return yield* finish(spec, { state: 'cancelled', rows: null }, null);
    return yield* finish(spec, { state: 'failed', reason: reasonOf(error), toast: toastFor(spec, error) }, null);
  }

  try {
    if (spec.countRows) {
      let total: number | null = null;
      try {
        total = yield call(spec.countRows);
      } catch {
        // Only the progress bar needs the total; the pages will say whether the data can be read.
      }
      yield put(jobProgressed({ id: spec.jobId, workTotal: total }));
    }
    const result: { rows?: number; cancel?: unknown } = yield race({
      rows: call(spec.write, sink),
      cancel: take((a: { type: string; payload?: { id?: string } }) => jobCancelRequested.match(a) && a.payload.id === spec.jobId),
    });
    if (result.rows === undefined) {
      yield call([sink, sink.abort]);
      const rows: number = yield select((state: { jobs: JobsState }) => state.jobs.byId[spec.jobId]?.progress.rowsRead ?? 0);
      return yield* finish(spec, { state: 'cancelled', rows }, sink.kind);
    }
    yield call([sink, sink.close]);
    return yield* finish(spec, { state: 'done', rows: result.rows }, sink.kind);
  } catch (error) {
    try {
      yield call([sink, sink.abort]);
    } catch {
      // the file is already unusable; the failure below says so
    }
    return yield* finish(spec, { state: 'failed', reason: reasonOf(error), toast: toastFor(spec, error) }, sink.kind);
  }
}
