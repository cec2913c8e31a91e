import type { SagaIterator } from 'redux-saga';
import { all, call, spawn } from 'redux-saga/effects';
import { sessionSaga } from '../features/session/sessionSaga';
import { bulkUploadSaga } from '../features/bulkUpload/bulkUploadSaga';
import { swipeTotalsSaga } from '../features/users';
import { auditExportSaga } from '../features/auditLogs';
import { dataExportSaga, restorePreviewSaga } from '../features/dataExport';
import { migrationSaga } from '../features/databaseAdmin';

/**
 * Runs a root watcher and restarts it if it throws: one feature's bug must not stop the others
 * (a throw under a plain fork would cancel every sibling, e.g. leave login and logout dead).
 */
export function keepAlive(saga: () => SagaIterator, name: string, maxRestarts = 10): () => SagaIterator {
  return function* keptAlive() {
    for (let restarts = 0; ; restarts += 1) {
      try {
        yield call(saga);
        return; // the watcher ended by itself
      } catch (error) {
        if (restarts >= maxRestarts) {
          console.error(`The ${name} saga failed ${restarts + 1} times; not restarting it again`, error);
          return;
        }
        console.error(`The ${name} saga failed and is restarted`, error);
      }
    }
  };
}

export type RootWatcher = [saga: () => SagaIterator, name: string];

const ROOT_WATCHERS: readonly RootWatcher[] = [
  [sessionSaga, 'session'],
  [() => bulkUploadSaga(), 'bulk upload'],
  [() => swipeTotalsSaga(), 'user swipe totals'],
  [() => auditExportSaga(), 'audit log export'],
  [() => dataExportSaga(), 'data export'],
  [restorePreviewSaga, 'restore preview'],
  [() => migrationSaga(), 'database migration'],
];

/** Each watcher is spawned (detached) and kept alive: an error in one cannot cancel the others. */
export function* rootSaga(watchers: readonly RootWatcher[] = ROOT_WATCHERS): SagaIterator {
  yield all(watchers.map(([saga, name]) => spawn(keepAlive(saga, name))));
}
