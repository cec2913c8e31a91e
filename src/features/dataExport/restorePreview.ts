// "Restore from backup", preview only (issue 10): checks a chosen backup file and says what restoring
// it would change, without writing anything. Runs as a job because reading a large backup takes time.
import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import { BACKUP_COLLECTIONS, type BackupCollection, type ExportCollection } from '../../../contract/exports';
import type { Backend } from '../../backend/ports';
import { formatCount } from '../../lib/format';
import { jobFinished, jobStarted } from '../jobs';
import { checkBackup, describeRestore, type RestoreChange } from './backupDocument';

export const restorePreviewRequested = createAction<{ jobId: string; fileName: string }>('dataExport/restorePreviewRequested');
export const restoreJobId = (at: number = Date.now()) => `restore-preview-${at}`;
export const RESTORE_JOB_PREFIX = 'restore-preview-';

// The File stays out of the store (not serialisable): handed over by job id, taken once.
const handoff = new Map<string, Blob>();
export function handOffBackupFile(jobId: string, file: Blob): void {
  handoff.set(jobId, file);
}

const SECTION_SOURCE: Record<BackupCollection, ExportCollection> = {
  users: 'users',
  names: 'names',
  connections: 'connections',
  audit_logs: 'audit-logs',
};

export function changeSentence({ section, inBackup, now }: RestoreChange): string {
  if (now === null) return `${section}: ${formatCount(inBackup)} in the backup (the current count is not available).`;
  const diff = inBackup - now;
  const effect = diff === 0 ? 'the same number' : diff > 0 ? `${formatCount(diff)} more` : `${formatCount(-diff)} fewer`;
  return `${section}: ${formatCount(now)} now, ${formatCount(inBackup)} after restoring (${effect}).`;
}

async function readJson(file: Blob): Promise<unknown> {
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`The file is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).`);
  }
}

export function* runRestorePreview({ payload }: ReturnType<typeof restorePreviewRequested>): SagaIterator {
  const { jobId, fileName } = payload;
  const backend: Backend = yield getContext('backend');
  const now = () => new Date().toISOString();
  yield put(jobStarted({ id: jobId, kind: 'export', label: fileName, workTotal: null, startedAt: now() }));
  const file = handoff.get(jobId);
  handoff.delete(jobId);
  const fail = (message: string, detail: string | null) => jobFinished({ id: jobId, state: 'failed', message, detail, finishedAt: now() });
  if (!file) {
    yield put(fail('The chosen file is no longer available; please choose it again.', null));
    return;
  }
  let document: unknown;
  try {
    document = yield call(readJson, file);
  } catch (error) {
    yield put(fail(`${fileName} cannot be restored.`, error instanceof Error ? error.message : String(error)));
    return;
  }
  const check = checkBackup(document);
  if (!check.ok) {
    yield put(fail(`${fileName} is not a valid backup. Nothing was changed.`, check.problems.join('\n')));
    return;
  }
  const current: Partial<Record<BackupCollection, number | null>> = {};
  for (const section of BACKUP_COLLECTIONS) {
    try {
      current[section] = yield call([backend.exports, backend.exports.count], SECTION_SOURCE[section], {});
    } catch {
      current[section] = null;
    }
  }
  const lines = describeRestore(check, current).map(changeSentence);
  yield put(
    jobFinished({
      id: jobId,
      state: 'done',
      message: `${fileName} is a valid backup (version ${check.version}${check.createdAt ? `, made ${check.createdAt}` : ''}). Nothing was changed.`,
      detail: ['Restoring it would replace each collection:', ...lines].join('\n'),
      finishedAt: now(),
    }),
  );
}

export function* restorePreviewSaga(): SagaIterator {
  yield takeLeading(restorePreviewRequested, runRestorePreview);
}
