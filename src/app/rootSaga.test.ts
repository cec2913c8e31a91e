// The root saga keeps the console's watchers independent: a failing import job or a throwing watcher
// must not stop the session saga (login and logout).
import { configureStore, createAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator } from 'redux-saga';
import { take } from 'redux-saga/effects';
import { createFakeBackend, makeUserRecord } from '../../mocks/fakeBackend';
import { api } from '../api/apiSlice';
import type { ThunkExtra } from '../api/baseQuery';
import { bulkImportRequested } from '../features/bulkUpload/bulkUploadActions';
import { bulkUploadSaga, type ImportDeps } from '../features/bulkUpload/bulkUploadSaga';
import { UPLOAD_ERROR_TEXT } from '../features/bulkUpload/importReport';
import type { RowSource } from '../features/bulkUpload/csv/rowSource';
import { selectLatestJobOfKind } from '../features/jobs';
import { loginRequested, selectSession } from '../features/session';
import { sessionSaga } from '../features/session/sessionSaga';
import { rootSaga, type RootWatcher } from './rootSaga';
import { createRootReducer } from './store';

const account = { uid: 'admin-1', email: 'admin@example.com', displayName: 'Admin' };

function setup(watchers: RootWatcher[]) {
  const backend = createFakeBackend();
  backend.records.set('admin-1', makeUserRecord({ ...account, isAdmin: true }));
  backend.passwords.set('admin@example.com', { password: 'pw', account });
  const extra: ThunkExtra = { backend };
  const sagaMiddleware = createSagaMiddleware({ context: { backend, reload: jest.fn() } });
  const store = configureStore({
    reducer: createRootReducer().inject(api),
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware, sagaMiddleware),
  });
  const task = sagaMiddleware.run(rootSaga, watchers);
  return { store, task };
}

const flush = async (times = 5) => {
  for (let i = 0; i < times; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function expectLoginStillWorks(store: ReturnType<typeof setup>['store']) {
  await flush();
  expect(selectSession(store.getState()).status).toBe('signedOut');
  store.dispatch(loginRequested({ email: 'admin@example.com', password: 'pw' }));
  await flush();
  expect(selectSession(store.getState())).toMatchObject({ status: 'signedIn', user: { uid: 'admin-1' } });
}

let errorLog: jest.SpyInstance;
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errorLog.mockRestore());

describe('root saga', () => {
  it('an import job that throws ends as failed, and the session saga still reacts', async () => {
    const explodingSource: RowSource = {
      subscribe: () => () => {},
      pull() {
        throw new Error('the parser blew up');
      },
      close() {},
    };
    const deps: ImportDeps = {
      openRowSource: () => explodingSource,
      sendBatch: jest.fn(),
      startRun: jest.fn(),
      finishRun: jest.fn(),
      check: { start: jest.fn(), sendBatch: jest.fn(), end: jest.fn() },
      batchSize: 10,
      concurrency: 1,
      chunkBytes: 1024,
      retryDelaysMs: [],
      now: () => '2026-03-01T10:00:00.000Z',
      notify: jest.fn(),
      pageLeaving: () => false,
    };
    const { store, task } = setup([
      [sessionSaga, 'session'],
      [() => bulkUploadSaga(deps), 'bulk upload'],
    ]);
    store.dispatch(bulkImportRequested({ jobId: 'job-1', fileName: 'names.csv', fileSize: 100 }));
    await flush();
    expect(selectLatestJobOfKind(store.getState(), 'bulkImport')).toMatchObject({
      id: 'job-1',
      state: 'failed',
      message: UPLOAD_ERROR_TEXT,
      detail: expect.stringContaining('The import stopped unexpectedly: the parser blew up.'),
    });
    expect(deps.notify).toHaveBeenCalledWith(expect.stringContaining('Bulk upload failed'), 'error');
    await expectLoginStillWorks(store);

    // The import watcher still takes the next job.
    store.dispatch(bulkImportRequested({ jobId: 'job-2', fileName: 'again.csv', fileSize: 100 }));
    await flush();
    expect(selectLatestJobOfKind(store.getState(), 'bulkImport')).toMatchObject({ id: 'job-2', state: 'failed' });
    task.cancel();
  });

  it('a watcher that throws is restarted and does not take the session saga down with it', async () => {
    const boom = createAction('test/boom');
    let runs = 0;
    function* fragileWatcher(): SagaIterator {
      runs += 1;
      yield take(boom.type);
      throw new Error('watcher bug');
    }
    const { store, task } = setup([
      [sessionSaga, 'session'],
      [fragileWatcher, 'fragile'],
    ]);
    store.dispatch(boom());
    await flush();
    store.dispatch(boom());
    await flush();
    expect(runs).toBe(3); // started, restarted twice
    expect(errorLog).toHaveBeenCalledWith('The fragile saga failed and is restarted', expect.any(Error));
    await expectLoginStillWorks(store);
    task.cancel();
  });
});
