import {
  jobCancelRequested,
  jobFinished,
  jobPercent,
  jobProgressed,
  jobsReducer,
  jobStarted,
  MAX_FINISHED_JOBS,
  selectLatestJobOfKind,
  type JobsState,
} from './jobsSlice';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T10:01:00.000Z';

const start = (id: string, kind: 'bulkImport' | 'export' = 'bulkImport') =>
  jobStarted({ id, kind, label: `${id}.csv`, workTotal: 1000, startedAt: T0 });

function reduce(...actions: Parameters<typeof jobsReducer>[1][]): { jobs: JobsState } {
  return { jobs: actions.reduce(jobsReducer, jobsReducer(undefined, { type: 'init' })) };
}

describe('jobs slice', () => {
  it('registers a running job with zero progress', () => {
    const state = reduce(start('a'));
    expect(state.jobs.byId.a).toEqual({
      id: 'a',
      kind: 'bulkImport',
      label: 'a.csv',
      state: 'running',
      progress: { rowsRead: 0, rowsSkipped: 0, rowsSent: 0, rowsAdded: 0 },
      workDone: 0,
      workTotal: 1000,
      cancelRequested: false,
      message: null,
      detail: null,
      startedAt: T0,
      finishedAt: null,
    });
    expect(state.jobs.order).toEqual(['a']);
  });

  it('merges progress counts and work done while running', () => {
    const state = reduce(
      start('a'),
      jobProgressed({ id: 'a', progress: { rowsRead: 10, rowsSent: 8 }, workDone: 250 }),
      jobProgressed({ id: 'a', progress: { rowsAdded: 8 } }),
    );
    expect(state.jobs.byId.a.progress).toEqual({ rowsRead: 10, rowsSkipped: 0, rowsSent: 8, rowsAdded: 8 });
    expect(jobPercent(state.jobs.byId.a)).toBe(25);
  });

  it('records a cancel request but leaves the end to the saga', () => {
    const state = reduce(start('a'), jobCancelRequested({ id: 'a' }));
    expect(state.jobs.byId.a).toMatchObject({ state: 'running', cancelRequested: true });
  });

  it('finishes once, with the report; later progress or finishes are ignored', () => {
    const state = reduce(
      start('a'),
      jobFinished({
        id: 'a',
        state: 'cancelled',
        message: 'Cancelled.',
        detail: 'Added: rows 1–10.',
        finishedAt: T1,
        progress: { rowsAdded: 10 },
      }),
      jobProgressed({ id: 'a', progress: { rowsAdded: 99 } }),
      jobFinished({ id: 'a', state: 'done', message: 'late', detail: null, finishedAt: T1 }),
      jobCancelRequested({ id: 'a' }),
    );
    expect(state.jobs.byId.a).toMatchObject({
      state: 'cancelled',
      message: 'Cancelled.',
      detail: 'Added: rows 1–10.',
      finishedAt: T1,
      cancelRequested: false,
      progress: { rowsAdded: 10 },
    });
  });

  it('a done job shows a full bar', () => {
    const state = reduce(start('a'), jobFinished({ id: 'a', state: 'done', message: 'ok', detail: null, finishedAt: T1 }));
    expect(state.jobs.byId.a.workDone).toBe(1000);
    expect(jobPercent(state.jobs.byId.a)).toBe(100);
    expect(jobPercent({ state: 'running', workDone: 0, workTotal: null })).toBeNull();
    expect(jobPercent({ state: 'running', workDone: 5, workTotal: 0 })).toBe(0);
  });

  it('selects the newest job of a kind', () => {
    const state = reduce(start('a'), start('x', 'export'), start('b'));
    expect(selectLatestJobOfKind(state, 'bulkImport')?.id).toBe('b');
    expect(selectLatestJobOfKind(state, 'export')?.id).toBe('x');
    expect(selectLatestJobOfKind(state, 'migration')).toBeUndefined();
  });

  it('ignores a duplicate start and unknown ids', () => {
    const state = reduce(start('a'), jobProgressed({ id: 'a', workDone: 5 }), start('a'), jobProgressed({ id: 'zz', workDone: 1 }));
    expect(state.jobs.order).toEqual(['a']);
    expect(state.jobs.byId.a.workDone).toBe(5);
  });

  it('keeps a bounded history of finished jobs and never drops a running one', () => {
    const actions: Parameters<typeof jobsReducer>[1][] = [start('running')];
    for (let i = 0; i < MAX_FINISHED_JOBS + 5; i += 1) {
      actions.push(start(`j${i}`), jobFinished({ id: `j${i}`, state: 'done', message: 'ok', detail: null, finishedAt: T1 }));
    }
    const state = reduce(...actions);
    expect(state.jobs.order).toHaveLength(MAX_FINISHED_JOBS + 1);
    expect(state.jobs.order[0]).toBe('running');
    expect(state.jobs.byId.j0).toBeUndefined();
    expect(state.jobs.byId[`j${MAX_FINISHED_JOBS + 4}`]).toBeDefined();
  });
});
