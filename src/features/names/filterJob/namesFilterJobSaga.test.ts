import { configureStore } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import type { NameBulkJob } from '../../../../contract/schemas/namesBulkJobs';
import { jobCancelRequested, jobsReducer, type JobsState } from '../../jobs';
import { followNamesFilterJob, jobLabel, namesFilterJobStarted, type NamesFilterJobDeps } from './namesFilterJobSaga';

const job = (over: Partial<NameBulkJob> = {}): NameBulkJob => ({
  id: 7,
  action: 'delete',
  state: 'running',
  filter: { letter: 'S', nationality: 'icelandic' },
  set: null,
  total: 12345,
  done: 0,
  applied: 0,
  changedSince: 0,
  gone: 0,
  duplicates: 0,
  unchanged: 0,
  deletionId: null,
  swipes: 0,
  matches: 0,
  message: null,
  createdAt: '2026-11-27T18:00:00.000Z',
  finishedAt: null,
  ...over,
});

function harness(reads: (NameBulkJob | Error)[], cancelAnswer = job({ state: 'cancelling' })) {
  const store = configureStore({ reducer: { jobs: jobsReducer } });
  const channel = stdChannel();
  const seen: number[] = [];
  const deps: NamesFilterJobDeps = {
    read: jest.fn(async () => {
      const next = reads.shift();
      if (!next) throw new Error('no more reads scripted');
      if (next instanceof Error) throw next;
      return next;
    }),
    cancel: jest.fn(async () => cancelAnswer),
    refresh: jest.fn(),
    notify: jest.fn(),
    now: () => '2026-11-27T18:00:00.000Z',
    pollMs: 1,
    maxPollFailures: 2,
  };
  const io = {
    channel,
    dispatch: (action: { type: string; payload?: unknown }) => {
      store.dispatch(action);
      channel.put(action);
      const done = (action.payload as { workDone?: number } | undefined)?.workDone;
      if (action.type === 'jobs/jobProgressed' && done !== undefined) seen.push(done);
    },
    getState: () => store.getState() as { jobs: JobsState },
  };
  return { deps, io, seen, state: () => store.getState().jobs.byId['names-filter-7'] };
}

test('the label names the count and the filter in words', () => {
  expect(jobLabel(job())).toBe('Delete 12,345 names: letter S, nationality icelandic');
  expect(jobLabel(job({ action: 'edit', set: { nationality: 'swedish' } }))).toBe(
    'Edit 12,345 names: letter S, nationality icelandic (nationality → swedish)',
  );
});

test('follows the job to its end, reporting progress, skips and the trash', async () => {
  const h = harness([
    job({ done: 500, applied: 500 }),
    job({ done: 12345, applied: 12340, changedSince: 5 }),
    job({ state: 'done', done: 12345, applied: 12340, changedSince: 5, deletionId: 3 }),
  ]);
  await runSaga(h.io, followNamesFilterJob, h.deps, namesFilterJobStarted({ job: job() })).toPromise();
  expect(h.seen).toEqual([0, 500, 12345, 12345]);
  expect(h.state()).toMatchObject({
    kind: 'namesFilter',
    state: 'done',
    message: '12,340 of 12,345 names moved to the trash (5 changed since the snapshot (skipped)).',
    detail: 'They are in the trash as one deletion: restore it there to undo.',
  });
  expect(h.deps.refresh).toHaveBeenCalledTimes(1);
  expect(h.deps.notify).toHaveBeenCalledWith(
    '12,340 of 12,345 names moved to the trash (5 changed since the snapshot (skipped)).',
    'success',
  );
});

test('Cancel asks the server, and the end says what landed', async () => {
  const h = harness([job({ state: 'cancelled', done: 1000, applied: 1000 })]);
  const task = runSaga(h.io, followNamesFilterJob, h.deps, namesFilterJobStarted({ job: job({ done: 500, applied: 500 }) }));
  h.io.dispatch(jobCancelRequested({ id: 'names-filter-7' }));
  await task.toPromise();
  expect(h.deps.cancel).toHaveBeenCalledWith(7);
  expect(h.state()).toMatchObject({
    state: 'cancelled',
    message: '1,000 of 12,345 names moved to the trash; cancelled: 11,345 not touched.',
  });
});

test('reads that keep failing end the following, saying what was done when last seen', async () => {
  const h = harness([
    job({ done: 500, applied: 498, gone: 2 }),
    new Error('offline'),
    Object.assign(new Error('offline'), { reason: 'offline' }),
  ]);
  await runSaga(h.io, followNamesFilterJob, h.deps, namesFilterJobStarted({ job: job() })).toPromise();
  expect(h.state()).toMatchObject({ state: 'failed' });
  expect(h.state()!.detail).toContain('498 of 12,345 names were done when last seen');
  expect(h.deps.refresh).toHaveBeenCalled();
});
