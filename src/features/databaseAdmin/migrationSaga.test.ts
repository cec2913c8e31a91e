import { configureStore } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { jobsReducer, type JobsState } from '../jobs';
import { migrationErrorText, migrationRequested, migrationSaga, runMigrationJob, type MigrationDeps } from './migrationSaga';

function harness(runMigration: MigrationDeps['runMigration']) {
  const store = configureStore({ reducer: { jobs: jobsReducer } });
  const channel = stdChannel();
  const notify = jest.fn();
  const deps: MigrationDeps = { runMigration, now: () => '2026-11-22T20:00:00.000Z', notify };
  const io = {
    channel,
    dispatch: (action: { type: string }) => {
      store.dispatch(action);
      channel.put(action);
    },
    getState: () => store.getState() as { jobs: JobsState },
  };
  return { deps, io, notify, job: (id: string) => store.getState().jobs.byId[id] };
}

describe('runMigrationJob', () => {
  it('shows the server message as the result', async () => {
    const h = harness(async () => ({ message: 'Added the random_seed column to names.', applied: true, durationMs: 5 }));
    await runSaga(h.io, runMigrationJob, h.deps, migrationRequested({ jobId: 'm1' })).toPromise();
    expect(h.job('m1')).toMatchObject({ kind: 'migration', state: 'done', message: 'Added the random_seed column to names.' });
    expect(h.notify).toHaveBeenCalledWith('Added the random_seed column to names.', 'success');
  });

  it('on failure shows the HTTP status and body text, and the toast Migration failed', async () => {
    const h = harness(async () => Promise.reject({ status: 500, reason: 'Internal server error', fromApi: true }));
    await runSaga(h.io, runMigrationJob, h.deps, migrationRequested({ jobId: 'm1' })).toPromise();
    expect(h.job('m1')).toMatchObject({ state: 'failed', message: 'Error: HTTP 500: Internal server error' });
    expect(h.notify).toHaveBeenCalledWith('Migration failed', 'error');
  });

  it('words transport failures too', () => {
    expect(migrationErrorText({ status: 'TIMEOUT', reason: 'The server did not answer within 10 seconds.' })).toBe(
      'The server did not answer within 10 seconds.',
    );
    expect(migrationErrorText({ status: 415, reason: 'Send Content-Type: application/json' })).toBe(
      'HTTP 415: Send Content-Type: application/json',
    );
  });
});

describe('migrationSaga', () => {
  it('ignores a second start while one runs', async () => {
    let finish!: (v: { message: string; applied: boolean; durationMs: number }) => void;
    const runMigration = jest.fn(
      () => new Promise<{ message: string; applied: boolean; durationMs: number }>((resolve) => (finish = resolve)),
    );
    const h = harness(runMigration);
    const task = runSaga(h.io, migrationSaga, h.deps);
    h.io.dispatch(migrationRequested({ jobId: 'm1' }));
    h.io.dispatch(migrationRequested({ jobId: 'm2' }));
    expect(h.job('m1')?.state).toBe('running');
    expect(h.job('m2')).toBeUndefined();
    finish({ message: 'done', applied: true, durationMs: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(runMigration).toHaveBeenCalledTimes(1);
    expect(h.job('m1')?.state).toBe('done');
    task.cancel();
  });
});
