// The audit-log CSV export (spec 2, 8, 9): everything matching the filters, not only what is loaded, read
// page by page with the cursor and written as it goes, as a cancellable job in the jobs slice.
import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, takeLeading } from 'redux-saga/effects';
import { MAX_AUDIT_LOG_PAGE_SIZE } from '../../../contract/usersAudit';
import type { AuditEntry } from '../../../contract/schemas/usersAudit';
import type { AuditLogsPort, Backend } from '../../backend/ports';
import { datedFileName, openFileSink, type FileSink } from '../../lib/export';
import { notify } from '../../lib/notify';
import { exportPages, runExportJob, type Job, type JobsState, type KeysetPage } from '../jobs';
import { auditCsvWriter } from './auditExportCsv';
import type { AuditView } from './auditLogsSlice';

/** Spec 8's catalogue entry for this export. */
export const AUDIT_EXPORT_FAILED = 'Failed to export audit logs';

export const auditExportRequested = createAction<{ jobId: string; view: AuditView }>('auditLogs/exportRequested');
export type AuditExportRequested = ReturnType<typeof auditExportRequested>;

export interface AuditExportDeps {
  openSink(fileName: string): Promise<FileSink>;
  pageSize: number;
  now(): Date;
  notify(message: string, kind: 'success' | 'error' | 'info'): unknown;
}

export const liveAuditExportDeps: AuditExportDeps = {
  openSink: (fileName) => openFileSink({ fileName, mimeType: 'text/csv' }),
  pageSize: MAX_AUDIT_LOG_PAGE_SIZE,
  now: () => new Date(),
  notify,
};

/** How many entries the export will write: the backend's statistics for the range (one event, or all). */
export async function countAuditRows(port: AuditLogsPort, view: AuditView): Promise<number> {
  const stats = await port.auditStats({ ...(view.since ? { since: view.since } : {}), source: view.source });
  if (!view.event) return stats.total;
  return stats.byEvent.filter((e) => e.event === view.event).reduce((n, e) => n + e.count, 0);
}

export function* runAuditExport(deps: AuditExportDeps, action: AuditExportRequested): SagaIterator {
  const { jobId, view } = action.payload;
  const backend: Backend = yield getContext('backend');
  const port = backend.auditLogs;
  const fileName = datedFileName('audit-logs', 'csv', deps.now());
  const csv = auditCsvWriter();
  // The server puts the export itself on the trail (recordRun). Announced right AFTER the first page is read:
  // pages run newest first by keyset, so the export's own entry, newer than the first page, is never in the
  // file; announced before, the file held one entry more than the list showed ("Exported 223 rows" beside
  // "Showing 222 entries").
  let announced = false;
  const announce = async () => {
    if (announced) return;
    announced = true;
    await backend.exports.recordRun({ kind: 'audit-logs', format: 'csv', ...(view.since ? { from: view.since } : {}) });
  };
  const readPage = async (after: string | null, limit: number): Promise<KeysetPage<AuditEntry>> => {
    const page = await port.pageAuditLogs({
      ...(view.since ? { since: view.since } : {}),
      ...(view.event ? { event: view.event } : {}),
      source: view.source,
      limit,
      ...(after ? { cursor: after } : {}),
    });
    await announce();
    return { rows: page.entries, next: page.nextCursor };
  };
  yield call(runExportJob, {
    jobId,
    label: fileName,
    openSink: () => deps.openSink(fileName),
    countRows: () => countAuditRows(port, view),
    *write(sink: FileSink) {
      return (yield call(exportPages<AuditEntry>, {
        jobId,
        readPage,
        pageSize: deps.pageSize,
        sink,
        formatPage: (rows, first) => (first ? csv.header() : '') + csv.rows(rows),
      })) as number;
    },
    failureToast: AUDIT_EXPORT_FAILED,
    now: () => deps.now().toISOString(),
    notify: deps.notify,
  });
}

/** Root watcher: one audit export at a time; a second click while one runs is ignored. */
export function* auditExportSaga(deps: AuditExportDeps = liveAuditExportDeps): SagaIterator {
  yield takeLeading(auditExportRequested, runAuditExport, deps);
}

/** Audit export jobs are told apart from the Data Export screen's jobs (same kind) by their id. */
export const AUDIT_EXPORT_JOB_PREFIX = 'audit-export-';

export function newAuditExportJobId(): string {
  return `${AUDIT_EXPORT_JOB_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function selectLatestAuditExport(state: { jobs: JobsState }): Job | undefined {
  for (let i = state.jobs.order.length - 1; i >= 0; i -= 1) {
    const id = state.jobs.order[i];
    if (id.startsWith(AUDIT_EXPORT_JOB_PREFIX)) return state.jobs.byId[id];
  }
  return undefined;
}
