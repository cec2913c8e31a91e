// Restoring the spec's full backup on the reference backend (contract/backupRestore.ts), as jobs the Restore card
// shows:
// - checking: the chosen file is read as a stream (backupReader.ts, loaded when a restore starts), its rows staged
//   on the server batch by batch, then POST .../check: the plan comes back. Cancel stops reading and cancels the
//   restore on the server; a file that cannot be restored cancels it too. Nothing is written to the data.
// - applying: POST .../apply starts the write on the server, then GET .../:id about once a second gives its progress
//   and, at the end, its report. Cancel asks the server to stop and waits for it to say cancelled (one transaction:
//   nothing was written). A reload does not stop the server: the card lists the recent restores when it opens and
//   follows one still applying.
// A backend without a restore port (none of the two today: Firebase mode restores through the hosted API, see
// src/backend/firebase/hostedRestores.ts) only has the file checked in the browser (what it holds against the counts now).
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, delay, getContext, put, race, select, take, takeEvery, takeLeading } from 'redux-saga/effects';
import type { RestoreCheckRequest, RestoreSession } from '../../../../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS } from '../../../../contract/exports';
import type { ExportCollection, BackupCollection } from '../../../../contract/exports';
import { api } from '../../../api/apiSlice';
import { asApiError, errorReason } from '../../../api/errors';
import type { Backend, RestorePort } from '../../../backend/ports';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format';
import { notify, type ToastKind } from '../../../lib/notify';
import { jobCancelRequested, jobFinished, jobProgressed, jobStarted, type ExportOutcome, type JobsState } from '../../jobs';
import type { BackupReadEvent, BackupReadSummary } from './backupReader';
import { exportJobId } from '../dataExportActions';
import { liveExportDeps, runDataExport } from '../dataExportSaga';
import { takeRestoreFile } from './restoreFileHandoff';
import {
  restoreApplyJobId,
  restoreApplyRequested,
  restoreAvailability,
  restoreDiscardRequested,
  restoreFileChosen,
  restoreFollowed,
  restoreFollowRequested,
  restoreJobStarted,
  restoresListed,
  restoresListFailed,
  restoresListRequested,
  restoreUpdated,
  type RestoreState,
} from './restoreSlice';
import {
  cancelFailedMessage,
  checkedMessage,
  checkFailedMessage,
  listFailedMessage,
  NOTHING_WRITTEN,
  restoredMessage,
  restoreFailedMessage,
  restoreFileName,
  RESTORE_TOASTS,
  stoppedPartWayMessage,
} from './restoreText';

export type ReadBackup = (file: Blob) => AsyncGenerator<BackupReadEvent, BackupReadSummary, void>;

export interface RestoreDeps {
  /** the chosen file, handed over by job id (taken once) */
  takeFile(jobId: string): Blob | undefined;
  /** the stream reader, loaded when a restore starts (it carries the JSON parser) */
  loadReader(): Promise<ReadBackup>;
  /** between two GETs of a restore being applied */
  pollMs: number;
  /** GETs that may fail in a row before the card gives up following (the server goes on) */
  maxPollFailures: number;
  now(): string;
  notify(message: string, kind: ToastKind): unknown;
  /**
   * Saves a full backup of the current state through Data Export's own job (its card shows it): where the plan says
   * the console keeps the copy a replace overwrites (plan.beforeBackup 'console': Firebase mode). Null: not started.
   */
  saveFullBackup(fileStem: string): SagaIterator<ExportOutcome | null>;
}

/** The file a replace's copy is saved as, before its date: backup-before-restore-2026-11-27.json. */
export const BEFORE_RESTORE_STEM = 'backup-before-restore';

export const liveRestoreDeps: RestoreDeps = {
  takeFile: takeRestoreFile,
  loadReader: () => import('./backupReader').then((module) => module.readBackup),
  pollMs: 1000,
  maxPollFailures: 10,
  now: () => new Date().toISOString(),
  notify,
  *saveFullBackup(fileStem) {
    return (yield call(runDataExport, liveExportDeps, {
      jobId: exportJobId('backup'),
      kind: 'backup',
      format: 'json',
      fileStem,
    })) as ExportOutcome | null;
  },
};

/** What a restore may have changed: the lists and totals the pages show. */
const TAGS_CHANGED_BY_RESTORE = ['Names', 'Nationalities', 'SwipeStats', 'NamesTrash'] as const;

const cancelOf = (jobId: string) => (action: Action) => jobCancelRequested.match(action) && action.payload.id === jobId;

function* finishJob(
  deps: RestoreDeps,
  jobId: string,
  state: 'done' | 'failed' | 'cancelled',
  message: string,
  detail: string | null,
): SagaIterator {
  const finishedAt: string = yield call(deps.now);
  yield put(jobFinished({ id: jobId, state, message, detail, finishedAt }));
}

/** Cancels a restore on the server; the reason when it could not. */
function* cancelOnServer(port: RestorePort, id: number): SagaIterator<string | null> {
  try {
    const session: RestoreSession = yield call([port, port.cancel], id);
    yield put(restoreUpdated(session));
    return null;
  } catch (error) {
    return errorReason(error);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Checking

type CheckStop = { kind: 'cancel' } | { kind: 'failed'; reason: string };

/**
 * Reads the file and stages its rows. One batch is on its way while the next part of the file is parsed; the
 * reader reads on only when asked, so it never runs more than a batch ahead of the server.
 */
function* stageRows(
  port: RestorePort,
  id: number,
  jobId: string,
  reader: AsyncGenerator<BackupReadEvent, BackupReadSummary, void>,
): SagaIterator<BackupReadSummary | CheckStop> {
  let sending: Promise<unknown> | null = null;
  let sent = 0;
  const settle = function* (): SagaIterator<CheckStop | null> {
    if (!sending) return null;
    const current = sending;
    sending = null;
    try {
      yield call(() => current);
      return null;
    } catch (error) {
      return { kind: 'failed', reason: `the server did not take the rows (${errorReason(error).replace(/\.$/, '')})` };
    }
  };
  try {
    for (;;) {
      const next: { event?: IteratorResult<BackupReadEvent, BackupReadSummary>; cancel?: unknown } = yield race({
        event: call([reader, reader.next]),
        cancel: take(cancelOf(jobId)),
      });
      if (next.cancel) return { kind: 'cancel' };
      const result = next.event!;
      if (result.done) {
        const stop: CheckStop | null = yield* settle();
        return stop ?? result.value;
      }
      const event = result.value;
      if (event.type === 'rows') {
        const waited: { stop?: CheckStop | null; cancel?: unknown } = yield race({ stop: call(settle), cancel: take(cancelOf(jobId)) });
        if (waited.cancel) return { kind: 'cancel' };
        if (waited.stop) return waited.stop;
        sending = port.sendRows(id, event.batch);
        // A failure is reported when the batch is awaited; until then it must not count as unhandled.
        sending.catch(() => undefined);
        sent += event.batch.rows.length;
      }
      const { bytesRead, rowsRead, rowsRefused } = event.progress;
      yield put(jobProgressed({ id: jobId, workDone: bytesRead, progress: { rowsRead, rowsSkipped: rowsRefused, rowsSent: sent } }));
    }
  } finally {
    // Stopped for any reason: the file is read no further, and a batch in flight is left to settle on its own.
    void reader.return(undefined as never).catch(() => undefined);
    (sending as Promise<unknown> | null)?.catch(() => undefined);
  }
}

const checkRequest = (summary: BackupReadSummary): RestoreCheckRequest => ({
  rowsRead: summary.rowsRead,
  fileProblems: summary.fileProblems,
});

function* runCheck(deps: RestoreDeps, port: RestorePort, jobId: string, fileName: string, file: Blob): SagaIterator {
  // A restore shown and not applied is dropped first: its staged rows would otherwise wait on the server.
  const shown: RestoreSession | null = yield select((state: { restore: RestoreState }) => state.restore.current);
  if (shown && (shown.state === 'staging' || shown.state === 'ready')) yield* cancelOnServer(port, shown.id);

  let session: RestoreSession;
  try {
    session = yield call([port, port.open], { fileName: restoreFileName(fileName), fileSize: file.size });
  } catch (error) {
    yield* finishJob(deps, jobId, 'failed', checkFailedMessage(fileName, errorReason(error)), NOTHING_WRITTEN);
    yield call(deps.notify, RESTORE_TOASTS.checkFailed, 'error');
    return;
  }
  yield put(restoreFollowed({ session, jobId }));

  const failed = function* (reason: string): SagaIterator {
    const notCancelled: string | null = yield* cancelOnServer(port, session.id);
    const detail = notCancelled ? `${NOTHING_WRITTEN} ${cancelFailedMessage(notCancelled)}` : NOTHING_WRITTEN;
    yield* finishJob(deps, jobId, 'failed', checkFailedMessage(fileName, reason), detail);
    yield call(deps.notify, RESTORE_TOASTS.checkFailed, 'error');
  };

  let outcome: BackupReadSummary | CheckStop;
  try {
    const readBackup: ReadBackup = yield call(deps.loadReader);
    outcome = yield call(stageRows, port, session.id, jobId, readBackup(file));
  } catch (error) {
    outcome = { kind: 'failed', reason: errorReason(error) };
  }
  if ('kind' in outcome) {
    if (outcome.kind === 'failed') {
      yield* failed(outcome.reason);
      return;
    }
    const notCancelled: string | null = yield* cancelOnServer(port, session.id);
    const message = `Check cancelled: ${fileName} was not read to its end. ${NOTHING_WRITTEN}`;
    yield* finishJob(deps, jobId, 'cancelled', message, notCancelled ? cancelFailedMessage(notCancelled) : null);
    return;
  }
  if (outcome.problem) {
    yield* failed(outcome.problem);
    return;
  }
  try {
    const checked: RestoreSession = yield call([port, port.check], session.id, checkRequest(outcome));
    yield put(restoreUpdated(checked));
    yield* finishJob(deps, jobId, 'done', checkedMessage(checked), null);
  } catch (error) {
    yield* failed(errorReason(error));
  }
}

// ---------------------------------------------------------------------------------------------------------
// A backend without a restore port: the file checked in the browser only

const SOURCE: Record<BackupCollection, ExportCollection> = {
  users: 'users',
  names: 'names',
  connections: 'connections',
  audit_logs: 'audit-logs',
};

function* runPreview(deps: RestoreDeps, backend: Backend, jobId: string, fileName: string, file: Blob): SagaIterator {
  let summary: BackupReadSummary | null = null;
  const readBackup: ReadBackup = yield call(deps.loadReader);
  const reader = readBackup(file);
  try {
    for (;;) {
      const next: { event?: IteratorResult<BackupReadEvent, BackupReadSummary>; cancel?: unknown } = yield race({
        event: call([reader, reader.next]),
        cancel: take(cancelOf(jobId)),
      });
      if (next.cancel) break;
      if (next.event!.done) {
        summary = next.event!.value;
        break;
      }
      const { bytesRead, rowsRead, rowsRefused } = next.event!.value.progress;
      yield put(jobProgressed({ id: jobId, workDone: bytesRead, progress: { rowsRead, rowsSkipped: rowsRefused } }));
    }
  } catch (error) {
    yield* finishJob(deps, jobId, 'failed', checkFailedMessage(fileName, errorReason(error)), NOTHING_WRITTEN);
    return;
  } finally {
    void reader.return(undefined as never).catch(() => undefined);
  }
  if (!summary) {
    yield* finishJob(deps, jobId, 'cancelled', `Check cancelled: ${fileName} was not read to its end.`, null);
    return;
  }
  if (summary.problem) {
    yield* finishJob(deps, jobId, 'failed', checkFailedMessage(fileName, summary.problem), null);
    yield call(deps.notify, RESTORE_TOASTS.checkFailed, 'error');
    return;
  }
  const lines: string[] = [];
  for (const collection of BACKUP_COLLECTIONS) {
    let now: number | null = null;
    try {
      now = yield call([backend.exports, backend.exports.count], SOURCE[collection], {});
    } catch {
      // the count is only for comparison
    }
    const refused = summary.rowsRefused[collection];
    lines.push(
      `${collection}: ${formatCount(summary.rowsRead[collection])} in the file${refused > 0 ? ` (${formatCount(refused)} refused)` : ''}, ` +
        (now === null ? 'the current count is not available.' : `${formatCount(now)} now.`),
    );
  }
  const problems = [
    ...summary.fileProblems.map((p) => p.problem),
    ...summary.rowProblems.map((p) => `${p.collection}[${p.index}]: ${p.problem}`),
  ].slice(0, 10);
  const made = summary.createdAt ? `, made ${formatDateTimeWithZone(summary.createdAt)}` : '';
  yield* finishJob(
    deps,
    jobId,
    'done',
    `${fileName} is a backup of version ${summary.version}${made}. Nothing was changed.`,
    [...lines, ...(problems.length > 0 ? ['First problems:', ...problems] : [])].join('\n'),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Applying and following

/** Follows a restore the server applies until it ends; Cancel asks the server to stop and waits for its word. */
function* follow(deps: RestoreDeps, port: RestorePort, jobId: string, start: RestoreSession): SagaIterator {
  let session = start;
  let failures = 0;
  let cancelAsked = false;
  for (;;) {
    yield put(restoreUpdated(session));
    if (session.progress) yield put(jobProgressed({ id: jobId, workDone: session.progress.done, workTotal: session.progress.total }));
    if (session.state !== 'applying') break;
    const waited: { cancel?: unknown } = yield race({ tick: delay(deps.pollMs), cancel: take(cancelOf(jobId)) });
    if (waited.cancel && !cancelAsked) {
      cancelAsked = true;
      try {
        session = yield call([port, port.cancel], session.id);
        continue;
      } catch (error) {
        yield call(deps.notify, cancelFailedMessage(errorReason(error)), 'error');
      }
    }
    try {
      session = yield call([port, port.read], session.id);
      failures = 0;
    } catch (error) {
      // A read that timed out found the server busy, not gone: the embedded database (PGlite) runs one statement at a
      // time, so while it applies a restore every other request waits for it. Only answers that say something is
      // wrong (refused, unreachable) count towards giving up.
      if (asApiError(error).status === 'TIMEOUT') continue;
      failures += 1;
      if (failures >= deps.maxPollFailures) {
        yield* finishJob(
          deps,
          jobId,
          'failed',
          `Lost track of the restore of ${session.fileName}: ${errorReason(error)}`,
          'The server goes on with it: reload the page to follow it again.',
        );
        return;
      }
    }
  }
  if (session.state === 'done' && session.report) {
    const before = session.report.beforeBackupFile
      ? `The state before was saved on the server as ${session.report.beforeBackupFile}.`
      : null;
    yield* finishJob(deps, jobId, 'done', restoredMessage(session, session.report), before);
    yield put(api.util.invalidateTags([...TAGS_CHANGED_BY_RESTORE]) as unknown as UnknownAction);
    yield call(deps.notify, RESTORE_TOASTS.restored, 'success');
  } else if ((session.state === 'cancelled' || session.state === 'failed') && session.report?.partial) {
    // Firebase mode: the Firestore batches written before the stop stay; the report names them.
    yield* finishJob(
      deps,
      jobId,
      session.state,
      stoppedPartWayMessage(session.fileName, session.state),
      session.failure ?? session.report.partial,
    );
    yield put(api.util.invalidateTags([...TAGS_CHANGED_BY_RESTORE]) as unknown as UnknownAction);
    if (session.state === 'failed') yield call(deps.notify, RESTORE_TOASTS.restoreFailed, 'error');
  } else if (session.state === 'cancelled') {
    yield* finishJob(
      deps,
      jobId,
      'cancelled',
      `Restore of ${session.fileName} cancelled: ${NOTHING_WRITTEN.toLowerCase()}`,
      session.failure,
    );
  } else {
    const reason = session.failure ?? `the server ended it ${session.state}`;
    yield* finishJob(
      deps,
      jobId,
      'failed',
      restoreFailedMessage(session.fileName, reason),
      `${NOTHING_WRITTEN} The restore is one transaction.`,
    );
    yield call(deps.notify, RESTORE_TOASTS.restoreFailed, 'error');
  }
}

function* runApply(deps: RestoreDeps, port: RestorePort, payload: ReturnType<typeof restoreApplyRequested>['payload']): SagaIterator {
  const shown: RestoreSession | null = yield select((state: { restore: RestoreState }) => state.restore.current);
  const fileName = shown?.id === payload.id ? shown.fileName : `restore ${payload.id}`;
  const jobId = restoreApplyJobId(payload.id);
  yield put(jobStarted({ id: jobId, kind: 'restore', label: fileName, workTotal: null, startedAt: yield call(deps.now) }));
  if (shown?.id === payload.id) yield put(restoreFollowed({ session: shown, jobId }));
  if (payload.mode === 'replace' && shown?.id === payload.id && shown.plan?.beforeBackup === 'console') {
    // Nothing is applied until the copy of what the replace overwrites is saved whole.
    const saved: ExportOutcome | null = yield call(deps.saveFullBackup, BEFORE_RESTORE_STEM);
    if (saved?.state !== 'done') {
      const why = saved?.state === 'failed' ? saved.reason : saved?.state === 'cancelled' ? 'it was cancelled' : 'it did not start';
      yield* finishJob(
        deps,
        jobId,
        'failed',
        restoreFailedMessage(fileName, `the backup of the current state was not saved (${why})`),
        NOTHING_WRITTEN,
      );
      yield call(deps.notify, RESTORE_TOASTS.restoreFailed, 'error');
      return;
    }
  }
  let session: RestoreSession;
  try {
    session = yield call([port, port.apply], payload.id, { mode: payload.mode, confirmAdminChanges: payload.confirmAdminChanges });
  } catch (error) {
    yield* finishJob(deps, jobId, 'failed', restoreFailedMessage(fileName, errorReason(error)), NOTHING_WRITTEN);
    yield call(deps.notify, RESTORE_TOASTS.restoreFailed, 'error');
    try {
      // The restore stays as it was (ready): show the server's word on it.
      yield put(restoreUpdated((yield call([port, port.read], payload.id)) as RestoreSession));
    } catch {
      // the card keeps what it showed
    }
    return;
  }
  yield* follow(deps, port, jobId, session);
}

function* runFollow(deps: RestoreDeps, port: RestorePort, session: RestoreSession): SagaIterator {
  const jobId = restoreApplyJobId(session.id);
  yield put(jobStarted({ id: jobId, kind: 'restore', label: session.fileName, workTotal: null, startedAt: yield call(deps.now) }));
  yield put(restoreFollowed({ session, jobId }));
  yield* follow(deps, port, jobId, session);
}

// ---------------------------------------------------------------------------------------------------------
// Watchers

type JobAction =
  ReturnType<typeof restoreFileChosen> | ReturnType<typeof restoreApplyRequested> | ReturnType<typeof restoreFollowRequested>;

/** One restore job at a time: a file chosen, an apply or a follow while one runs is ignored (the card disables them). */
function* runJob(deps: RestoreDeps, action: JobAction): SagaIterator {
  const backend: Backend = yield getContext('backend');
  const port = backend.restores;
  try {
    if (restoreFileChosen.match(action)) {
      const { jobId, fileName, fileSize } = action.payload;
      yield put(jobStarted({ id: jobId, kind: 'restore', label: fileName, workTotal: fileSize, startedAt: yield call(deps.now) }));
      yield put(restoreJobStarted({ jobId }));
      const file = deps.takeFile(jobId);
      if (!file) {
        yield* finishJob(
          deps,
          jobId,
          'failed',
          checkFailedMessage(fileName, 'the chosen file is no longer available; please choose it again'),
          null,
        );
      } else if (port) yield call(runCheck, deps, port, jobId, fileName, file);
      else yield call(runPreview, deps, backend, jobId, fileName, file);
    } else if (!port) {
      // applying needs a restore port: the card offers neither without one
    } else if (restoreApplyRequested.match(action)) {
      yield call(runApply, deps, port, action.payload);
    } else {
      yield call(runFollow, deps, port, action.payload.session);
    }
  } catch (error) {
    // A bug: the job must still end, and the watcher must go on serving the card.
    console.error('The restore job failed unexpectedly', error);
    const jobId: string | null = yield select((state: { restore: RestoreState; jobs: JobsState }) => {
      const id = state.restore.jobId;
      return id && state.jobs.byId[id]?.state === 'running' ? id : null;
    });
    if (jobId) yield* finishJob(deps, jobId, 'failed', `Failed to restore: ${errorReason(error)}`, null);
  }
}

function* runList(): SagaIterator {
  const backend: Backend = yield getContext('backend');
  const port = backend.restores;
  yield put(restoreAvailability(Boolean(port)));
  if (!port) return;
  let restores: RestoreSession[];
  try {
    restores = yield call([port, port.list]);
  } catch (error) {
    yield put(restoresListFailed(listFailedMessage(errorReason(error))));
    return;
  }
  yield put(restoresListed(restores));
  const following: boolean = yield select((state: { restore: RestoreState; jobs: JobsState }) => {
    const id = state.restore.jobId;
    return Boolean(id && state.jobs.byId[id]?.state === 'running');
  });
  const applying = restores.find((r) => r.state === 'applying');
  if (applying && !following) yield put(restoreFollowRequested({ session: applying }));
}

function* runDiscard(deps: RestoreDeps, { payload }: ReturnType<typeof restoreDiscardRequested>): SagaIterator {
  const backend: Backend = yield getContext('backend');
  if (!backend.restores) return;
  const problem: string | null = yield* cancelOnServer(backend.restores, payload.id);
  if (problem) yield call(deps.notify, cancelFailedMessage(problem), 'error');
}

/** Root watcher (adminModules.ts). */
export function* restoreSaga(deps: RestoreDeps = liveRestoreDeps): SagaIterator {
  yield all([
    takeLeading([restoreFileChosen.type, restoreApplyRequested.type, restoreFollowRequested.type], runJob, deps),
    takeLeading(restoresListRequested.type, runList),
    takeEvery(restoreDiscardRequested.type, runDiscard, deps),
  ]);
}
