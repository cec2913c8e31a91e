// Data Export jobs: each card's export runs through the jobs feature's paged export loop,
// reading the backend's export port page by page and writing CSV or JSON into a file sink.
import type { SagaIterator } from 'redux-saga';
import { actionChannel, call, fork, getContext, put, take } from 'redux-saga/effects';
import {
  STREAMED_CSV_COLUMNS,
  type ExportCollection,
  type ExportFormat,
  type ExportKind,
  type StreamedCsvCollection,
} from '../../../contract/exports';
import type { Backend, ExportPageRequest } from '../../backend/ports';
import {
  createCsvWriter,
  createJsonArrayWriter,
  datedFileName,
  openFileSink,
  type CsvColumn,
  type FileSink,
  type OpenFileSinkOptions,
} from '../../lib/export';
import { notify, type ToastKind } from '../../lib/notify';
import {
  exportFailedMessage,
  exportPages,
  exportStream,
  jobFinished,
  jobStarted,
  runExportJob,
  type ExportJobSpec,
  type ExportOutcome,
  type KeysetPage,
} from '../jobs';
import { backupClosing, backupOpening, backupSectionOpening, type BackupCounts } from './backupDocument';
import { exportRequested, type ExportRequest } from './dataExportActions';
import {
  ANALYTICS_COLUMNS,
  AUDIT_LOG_COLUMNS,
  BACKUP_SOURCES,
  EXPORT_DEFINITIONS,
  EXPORT_PAGE_SIZES,
  isExportKind,
  NAME_COLUMNS,
  USER_COLUMNS,
} from './exportDefinitions';
import { EXPORT_ERRORS } from './exportMessages';

export interface ExportDeps {
  openSink(options: OpenFileSinkOptions): Promise<FileSink>;
  pageSizes: Record<ExportCollection, number>;
  now(): Date;
  notify(message: string, kind: ToastKind): unknown;
}

export const liveExportDeps: ExportDeps = {
  openSink: (options) => openFileSink(options),
  pageSizes: EXPORT_PAGE_SIZES,
  now: () => new Date(),
  notify,
};

/** A failure of the file itself (disk full, permission) rather than of reading the data. */
class FileWriteError extends Error {
  constructor(
    readonly format: ExportFormat,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'FileWriteError';
  }
}

/** Tags the sink's errors so the toast can say 'Failed to export CSV' / 'JSON' instead of blaming the data. */
function taggedSink(sink: FileSink, format: ExportFormat): FileSink {
  const tag =
    <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await fn(...args);
      } catch (error) {
        throw new FileWriteError(format, error);
      }
    };
  return { kind: sink.kind, fileName: sink.fileName, write: tag(sink.write), close: tag(sink.close), abort: sink.abort };
}

const CSV_COLUMNS: Partial<Record<ExportCollection, CsvColumn<never>[]>> = {
  users: USER_COLUMNS as CsvColumn<never>[],
  names: NAME_COLUMNS as CsvColumn<never>[],
  'audit-logs': AUDIT_LOG_COLUMNS as CsvColumn<never>[],
  'name-analytics': ANALYTICS_COLUMNS as CsvColumn<never>[],
};

const isStreamedCsvCollection = (collection: ExportCollection): collection is StreamedCsvCollection =>
  Object.prototype.hasOwnProperty.call(STREAMED_CSV_COLUMNS, collection);

function pageReader(backend: Backend, collection: ExportCollection, range: Pick<ExportPageRequest, 'from' | 'to'>) {
  return (after: string | null, limit: number): Promise<KeysetPage<unknown>> =>
    backend.exports.readPage(collection, { after, limit, ...range }) as Promise<KeysetPage<unknown>>;
}

/** One collection as CSV (BOM and header first) or as a JSON array. */
function* writeCollection(
  backend: Backend,
  deps: ExportDeps,
  request: ExportRequest,
  collection: ExportCollection,
  sink: FileSink,
): SagaIterator<number> {
  const range = { from: request.from, to: request.to };
  const readPage = pageReader(backend, collection, range);
  const pageSize = deps.pageSizes[collection];
  const { streamCsv } = backend.exports;
  if (request.format === 'csv' && streamCsv && isStreamedCsvCollection(collection)) {
    // The backend writes this file itself, straight from its database: the fastest way.
    return yield call(exportStream, {
      jobId: request.jobId,
      open: (signal: AbortSignal) => streamCsv.call(backend.exports, collection, signal),
      sink,
      headerRecords: 1,
    });
  }
  if (request.format === 'csv') {
    const writer = createCsvWriter<unknown>(CSV_COLUMNS[collection] as CsvColumn<unknown>[]);
    return yield call(exportPages<unknown>, {
      jobId: request.jobId,
      readPage,
      pageSize,
      sink,
      formatPage: (rows, first) => (first ? writer.header() : '') + writer.rows(rows),
    });
  }
  const writer = createJsonArrayWriter<unknown>();
  yield call([sink, sink.write], writer.open());
  const rows: number = yield call(exportPages<unknown>, {
    jobId: request.jobId,
    readPage,
    pageSize,
    sink,
    formatPage: (r) => writer.rows(r),
  });
  yield call([sink, sink.write], writer.close());
  return rows;
}

/** The four collections into one JSON document, section after section. */
function* writeBackup(backend: Backend, deps: ExportDeps, request: ExportRequest, sink: FileSink, createdAt: string): SagaIterator<number> {
  yield call([sink, sink.write], backupOpening(createdAt));
  const counts: BackupCounts = { users: 0, names: 0, connections: 0, audit_logs: 0 };
  let total = 0;
  for (let index = 0; index < BACKUP_SOURCES.length; index += 1) {
    const { section, collection } = BACKUP_SOURCES[index]!;
    const writer = createJsonArrayWriter<unknown>();
    yield call([sink, sink.write], backupSectionOpening(section, index) + writer.open());
    const rows: number = yield call(exportPages<unknown>, {
      jobId: request.jobId,
      readPage: pageReader(backend, collection, {}),
      pageSize: deps.pageSizes[collection],
      sink,
      formatPage: (r) => writer.rows(r),
      rowsBefore: total,
    });
    yield call([sink, sink.write], writer.close());
    counts[section] = rows;
    total += rows;
  }
  yield call([sink, sink.write], backupClosing(counts));
  return total;
}

function* countRows(backend: Backend, request: ExportRequest): SagaIterator<number | null> {
  const collections = request.kind === 'backup' ? BACKUP_SOURCES.map((s) => s.collection) : [EXPORT_DEFINITIONS[request.kind].collection!];
  let total = 0;
  for (const collection of collections) {
    const n: number | null = yield call([backend.exports, backend.exports.count], collection, { from: request.from, to: request.to });
    if (n === null) return null;
    total += n;
  }
  return total;
}

function* failUnknownType(deps: ExportDeps, request: { jobId?: unknown; kind?: unknown }): SagaIterator {
  const id = typeof request.jobId === 'string' ? request.jobId : `export-unknown-${deps.now().getTime()}`;
  const at = deps.now().toISOString();
  yield put(jobStarted({ id, kind: 'export', label: String(request.kind ?? 'export'), workTotal: null, startedAt: at }));
  yield put(jobFinished({ id, state: 'failed', message: exportFailedMessage(EXPORT_ERRORS.unknownType), detail: null, finishedAt: at }));
  yield call(deps.notify, EXPORT_ERRORS.unknownType, 'error');
}

export function* runDataExport(deps: ExportDeps, request: ExportRequest): SagaIterator<ExportOutcome | null> {
  const definition = isExportKind(request.kind) ? EXPORT_DEFINITIONS[request.kind] : null;
  if (!definition || !definition.formats.includes(request.format)) {
    yield* failUnknownType(deps, request);
    return null;
  }
  const backend: Backend = yield getContext('backend');
  const started = deps.now();
  const fileName = datedFileName(request.fileStem ?? definition.stem, request.format, started);
  const mimeType = request.format === 'csv' ? 'text/csv' : 'application/json';
  const spec: ExportJobSpec = {
    jobId: request.jobId,
    label: fileName,
    openSink: async () => taggedSink(await deps.openSink({ fileName, mimeType }), request.format),
    countRows: () => countRows(backend, request),
    *write(sink) {
      // Announced once the file is chosen and before any page: the server records the run.
      yield call([backend.exports, backend.exports.recordRun], {
        kind: request.kind,
        format: request.format,
        ...(request.from ? { from: request.from } : {}),
        ...(request.to ? { to: request.to } : {}),
      });
      if (request.kind === 'backup') return (yield call(writeBackup, backend, deps, request, sink, started.toISOString())) as number;
      return (yield call(writeCollection, backend, deps, request, definition.collection!, sink)) as number;
    },
    failureToast: (error) =>
      error instanceof FileWriteError ? (error.format === 'csv' ? EXPORT_ERRORS.csv : EXPORT_ERRORS.json) : definition.failureToast,
    now: () => deps.now().toISOString(),
    notify: deps.notify,
  };
  return (yield call(runExportJob, spec)) as ExportOutcome;
}

/** Root watcher: one export per kind at a time; a second start of a running kind is ignored. */
export function* dataExportSaga(deps: ExportDeps = liveExportDeps): SagaIterator {
  const running = new Set<ExportKind>();
  const requests = yield actionChannel(exportRequested);
  for (;;) {
    const { payload }: ReturnType<typeof exportRequested> = yield take(requests);
    if (running.has(payload.kind)) continue;
    running.add(payload.kind);
    yield fork(function* exportTask(): SagaIterator {
      try {
        yield call(runDataExport, deps, payload);
      } catch (error) {
        // A bug: the job must still end, and the watcher must keep serving the other cards.
        console.error('The export job failed unexpectedly', error);
      } finally {
        running.delete(payload.kind);
      }
    });
  }
}
