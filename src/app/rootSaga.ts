import type { SagaIterator } from 'redux-saga';
import { all, call, spawn } from 'redux-saga/effects';
import { sessionSaga } from '../features/session/sessionSaga';

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

// Only the session's watcher runs from the start; the admin pages' watchers (adminModules.ts) start when
// an admin session begins, before any admin page can dispatch to them (store.ts, sessionSaga.ts).
const ROOT_WATCHERS: readonly RootWatcher[] = [[sessionSaga, 'session']];

/** Each watcher is spawned (detached) and kept alive: an error in one cannot cancel the others. */
export function* rootSaga(watchers: readonly RootWatcher[] = ROOT_WATCHERS): SagaIterator {
  yield all(watchers.map(([saga, name]) => spawn(keepAlive(saga, name))));
}
