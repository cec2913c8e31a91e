import { configureStore } from '@reduxjs/toolkit';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import { jobCancelRequested, jobsReducer, type JobsState } from './jobsSlice';
import { SaveCancelledError } from '../../lib/export';
import { memorySink } from '../../lib/export/testing/memorySink';
import { fakeCsvStream } from '../../../mocks/fakeExports';
import { exportPages, exportStream, runExportJob, STREAM_PROGRESS_BYTES, type ExportJobSpec, type KeysetPage } from './exportJob';

/** A real jobs reducer under runSaga, so assertions read what a page would show. */
function harness() {
  const store = configureStore({ reducer: { jobs: jobsReducer } });
  const channel = stdChannel();
  const dispatched: { type: string }[] = [];
  const io = {
    channel,
    dispatch: (action: { type: string }) => {
      dispatched.push(action);
      store.dispatch(action);
      channel.put(action);
    },
    getState: () => store.getState() as { jobs: JobsState },
  };
  const run = <A extends unknown[]>(saga: Saga<A>, ...args: A) => runSaga(io, saga, ...args);
  return { store, io, run, dispatched, job: (id: string) => store.getState().jobs.byId[id] };
}

/** 0..n-1 as names, served in pages after a numeric keyset cursor. */
function numberedSource(n: number, failOnPage?: number) {
  const calls: (string | null)[] = [];
  const readPage = jest.fn(async (after: string | null, limit: number): Promise<KeysetPage<{ id: number }>> => {
    calls.push(after);
    if (failOnPage !== undefined && calls.length === failOnPage) throw new Error('HTTP 500: database unavailable');
    const start = after === null ? 0 : Number(after) + 1;
    const rows = Array.from({ length: Math.max(0, Math.min(limit, n - start)) }, (_, i) => ({ id: start + i }));
    const last = rows.at(-1);
    return { rows, next: rows.length === limit && last ? String(last.id) : null };
  });
  return { readPage, calls };
}

const format = (rows: { id: number }[], first: boolean) => (first ? 'id\n' : '') + rows.map((r) => `${r.id}\n`).join('');

function spec(overrides: Partial<ExportJobSpec> & Pick<ExportJobSpec, 'openSink' | 'write'>): ExportJobSpec {
  return {
    jobId: 'export-1',
    label: 'names-2026-11-22.csv',
    failureToast: 'Failed to export names',
    now: () => '2026-11-22T20:00:00.000Z',
    notify: jest.fn(),
    ...overrides,
  };
}

describe('exportPages', () => {
  it('reads every page after the previous cursor, writes each and reports rows so far', async () => {
    const h = harness();
    const { readPage, calls } = numberedSource(7);
    const { sink, written } = memorySink();
    const progress: number[] = [];
    const unsubscribe = h.store.subscribe(() => progress.push(h.job('export-1')?.progress.rowsRead ?? -1));
    const outcome = await h
      .run(
        runExportJob,
        spec({
          openSink: async () => sink,
          write: (s) => exportPages({ jobId: 'export-1', readPage, pageSize: 3, sink: s, formatPage: format }),
        }),
      )
      .toPromise();
    unsubscribe();
    expect(calls).toEqual([null, '2', '5']);
    expect(written.join('')).toBe('id\n0\n1\n2\n3\n4\n5\n6\n');
    expect(progress).toEqual(expect.arrayContaining([3, 6, 7]));
    expect(outcome).toEqual({ state: 'done', rows: 7 });
    expect(sink.closed).toBe(true);
    expect(h.job('export-1')).toMatchObject({ state: 'done', message: 'Exported 7 rows: names-2026-11-22.csv downloaded.' });
  });

  it('writes the header even for an empty collection and stops after an empty last page', async () => {
    const h = harness();
    const { readPage, calls } = numberedSource(3);
    const { sink, written } = memorySink();
    await h
      .run(
        runExportJob,
        spec({
          openSink: async () => sink,
          write: (s) => exportPages({ jobId: 'export-1', readPage, pageSize: 3, sink: s, formatPage: format }),
        }),
      )
      .toPromise();
    // a full last page has a cursor; the page after it is empty and ends the loop
    expect(calls).toEqual([null, '2']);
    expect(written.join('')).toBe('id\n0\n1\n2\n');

    const empty = numberedSource(0);
    const second = memorySink();
    await h
      .run(
        runExportJob,
        spec({
          jobId: 'export-2',
          openSink: async () => second.sink,
          write: (s) => exportPages({ jobId: 'export-2', readPage: empty.readPage, pageSize: 3, sink: s, formatPage: format }),
        }),
      )
      .toPromise();
    expect(second.written.join('')).toBe('id\n');
  });
});

describe('runExportJob', () => {
  it('sets the total once known so the bar is determinate', async () => {
    const h = harness();
    const { readPage } = numberedSource(4);
    const { sink } = memorySink();
    await h
      .run(
        runExportJob,
        spec({
          countRows: async () => 4,
          openSink: async () => sink,
          write: (s) => exportPages({ jobId: 'export-1', readPage, pageSize: 2, sink: s, formatPage: format }),
        }),
      )
      .toPromise();
    expect(h.job('export-1')).toMatchObject({ workTotal: 4, workDone: 4, state: 'done' });
  });

  it('stops on Cancel, aborts the file and reports the rows read before it', async () => {
    const h = harness();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { sink, written } = memorySink();
    const readPage = jest.fn(async (after: string | null): Promise<KeysetPage<{ id: number }>> => {
      if (after !== null) await gate; // the second page hangs until the test cancels
      return { rows: [{ id: after === null ? 0 : 1 }], next: after === null ? '0' : null };
    });
    const task = h.run(
      runExportJob,
      spec({
        openSink: async () => sink,
        write: (s) => exportPages({ jobId: 'export-1', readPage, pageSize: 1, sink: s, formatPage: format }),
      }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(h.job('export-1').progress.rowsRead).toBe(1);
    h.io.dispatch(jobCancelRequested({ id: 'export-1' }));
    const outcome = await task.toPromise();
    release();
    expect(outcome).toEqual({ state: 'cancelled', rows: 1 });
    expect(sink.aborted).toBe(true);
    expect(sink.closed).toBe(false);
    expect(written.join('')).toBe('id\n0\n');
    expect(h.job('export-1')).toMatchObject({ state: 'cancelled', message: 'Export cancelled after 1 rows. No file was saved.' });
  });

  it('ignores a Cancel meant for another job', async () => {
    const h = harness();
    const { readPage } = numberedSource(2);
    const { sink } = memorySink();
    const task = h.run(
      runExportJob,
      spec({
        openSink: async () => sink,
        write: (s) => exportPages({ jobId: 'export-1', readPage, pageSize: 1, sink: s, formatPage: format }),
      }),
    );
    h.io.dispatch(jobCancelRequested({ id: 'other' }));
    expect(await task.toPromise()).toEqual({ state: 'done', rows: 2 });
  });

  it('fails with the reason when a page fails, aborts the file and shows the catalogue toast', async () => {
    const h = harness();
    const { readPage } = numberedSource(10, 2);
    const { sink } = memorySink();
    const notify = jest.fn();
    const outcome = await h
      .run(
        runExportJob,
        spec({
          notify,
          openSink: async () => sink,
          write: (s) => exportPages({ jobId: 'export-1', readPage, pageSize: 3, sink: s, formatPage: format }),
        }),
      )
      .toPromise();
    expect(outcome).toEqual({ state: 'failed', reason: 'HTTP 500: database unavailable', toast: 'Failed to export names' });
    expect(sink.aborted).toBe(true);
    expect(h.job('export-1')).toMatchObject({
      state: 'failed',
      message: 'Export failed: HTTP 500: database unavailable',
      progress: { rowsRead: 3 },
    });
    expect(notify).toHaveBeenCalledWith('Failed to export names', 'error');
  });

  it('ends as cancelled, without a toast, when the operator closes the save dialog', async () => {
    const h = harness();
    const notify = jest.fn();
    const write = jest.fn();
    const outcome = await h
      .run(runExportJob, spec({ notify, write, openSink: async () => Promise.reject(new SaveCancelledError()) }))
      .toPromise();
    expect(outcome).toEqual({ state: 'cancelled', rows: null });
    expect(write).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    expect(h.job('export-1')).toMatchObject({ state: 'cancelled', message: 'Export cancelled: no file was chosen.' });
  });
});

describe('exportStream', () => {
  const file = '\uFEFFid,name\r\n1,Anna\r\n2,"Line\nBreak"\r\n3,"Say ""hi"", Ünïcødé"\r\n';
  const streamSpec = (stream: ReturnType<typeof fakeCsvStream>, sink: ReturnType<typeof memorySink>['sink']) =>
    spec({
      openSink: async () => sink,
      write: (s) => exportStream({ jobId: 'export-1', open: (signal) => stream.streamCsv('names', signal), sink: s, headerRecords: 1 }),
    });

  it('copies the file as it arrives, byte for byte, and counts its rows (not its header, not a quoted line break)', async () => {
    const h = harness();
    // 5-byte chunks break records, quotes and the two-byte characters alike
    const stream = fakeCsvStream(file, { chunkBytes: 5 });
    const { sink, text } = memorySink();
    const outcome = await h.run(runExportJob, streamSpec(stream, sink)).toPromise();
    expect(text()).toBe(file);
    expect(outcome).toEqual({ state: 'done', rows: 3 });
    expect(h.job('export-1')).toMatchObject({ state: 'done', workDone: 3, message: 'Exported 3 rows: names-2026-11-22.csv downloaded.' });
    expect(stream.state.stopped).toBe(false);
  });

  it('writes and reports progress a megabyte at a time, then the final count', async () => {
    const h = harness();
    const rows = Array.from({ length: 60_000 }, (_, i) => `${i},Name ${i}\r\n`).join('');
    const stream = fakeCsvStream(`id,name\r\n${rows}`, { chunkBytes: 64 * 1024 });
    const { sink, written } = memorySink();
    await h.run(runExportJob, streamSpec(stream, sink)).toPromise();
    const reports = h.dispatched.filter((a) => a.type === 'jobs/jobProgressed' && 'progress' in (a as { payload?: object }).payload!);
    const bytes = new TextEncoder().encode(`id,name\r\n${rows}`).byteLength;
    expect(reports).toHaveLength(Math.floor(bytes / STREAM_PROGRESS_BYTES) + 1);
    // written a megabyte at a time, not chunk by chunk
    expect(written).toHaveLength(Math.ceil(bytes / STREAM_PROGRESS_BYTES));
    expect(h.job('export-1')).toMatchObject({ state: 'done', progress: { rowsRead: 60_000 } });
  });

  it('a transfer that breaks off fails the job with its reason and saves nothing', async () => {
    const h = harness();
    const stream = fakeCsvStream(file, {
      chunkBytes: 5,
      breakAfter: { chunks: 3, reason: 'The connection broke off before the file was complete.' },
    });
    const { sink } = memorySink();
    const outcome = await h.run(runExportJob, streamSpec(stream, sink)).toPromise();
    expect(outcome).toMatchObject({ state: 'failed', reason: 'The connection broke off before the file was complete.' });
    expect(sink.aborted).toBe(true);
    expect(sink.closed).toBe(false);
    expect(stream.state.signal?.aborted).toBe(true);
  });

  it('Cancel stops the transfer and saves nothing', async () => {
    const h = harness();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stream = fakeCsvStream(file, { chunkBytes: 20, gate: () => held });
    const { sink } = memorySink();
    const task = h.run(runExportJob, streamSpec(stream, sink));
    await new Promise((r) => setTimeout(r, 10));
    h.io.dispatch(jobCancelRequested({ id: 'export-1' }));
    release();
    expect(await task.toPromise()).toMatchObject({ state: 'cancelled' });
    expect(stream.state.signal?.aborted).toBe(true);
    expect(stream.state.stopped).toBe(true);
    expect(sink.aborted).toBe(true);
  });
});
