// The import job under runSaga, with a fake row source (the worker's protocol) and a fake API.
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import type { BulkImportRequest, BulkImportResponse, BulkImportRow, ImportRun } from '../../../contract/schemas/importRuns';
import { jobCancelRequested, jobsReducer, jobProgressed, type Job, type JobsState } from '../jobs';
import { bulkImportRequested } from './bulkUploadActions';
import { runImportJob, type ImportDeps } from './bulkUploadSaga';
import type { RowBatch } from './csv/csvParseProtocol';
import { decodeBatchRequest, encodeRows, type EncodedBatchRequest } from './csv/batchBody';
import { PARSE_ERROR_TEXT, SERVER_STOPPED_TEXT, UPLOAD_ERROR_TEXT, UPLOAD_ERROR_TOAST } from './importReport';
import type { RowSource, RowSourceEvent } from './csv/rowSource';

const STARTED = '2026-03-01T10:00:00.000Z';
const JOB = 'job-1';
const RUN: ImportRun = {
  id: 42,
  fileName: 'names.csv',
  actorEmail: 'admin@babynames.test',
  startedAt: STARTED,
  lastBatchAt: STARTED,
  finishedAt: null,
  state: 'running',
  batches: 0,
  rowsReceived: 0,
  rowsAdded: 0,
  duplicatesSkipped: 0,
  consoleReport: null,
  undoneAt: null,
  undoneBy: null,
  rowsUndone: null,
};

/** Batches as the worker would cut them: `valid` rows, one skipped row after every 1,000th valid row. */
function makeBatches(valid: number, batchSize: number): { batches: RowBatch[]; rowsRead: number; rowsSkipped: number } {
  const batches: RowBatch[] = [];
  let row = 0;
  let skipped = 0;
  let rows: BulkImportRow[] = [];
  let fromRow = 1;
  for (let i = 1; i <= valid; i += 1) {
    row += 1;
    rows.push({ name: `Name${i}`, gender: 'female', nationality: 'irish', createdAt: STARTED });
    if (i % 1000 === 0) {
      row += 1;
      skipped += 1;
    }
    if (rows.length === batchSize || i === valid) {
      batches.push({
        seq: batches.length + 1,
        rowCount: rows.length,
        namesJson: encodeRows(rows),
        fromRow,
        toRow: row,
        rowsSkipped: skipped,
        skippedByReason: skipped > 0 ? { 'missing-field': skipped } : {},
        encoding: 'UTF-8',
        bytesRead: row * 20,
      });
      fromRow = row + 1;
      rows = [];
    }
  }
  return { batches, rowsRead: row, rowsSkipped: skipped };
}

/** A row source answering each pull asynchronously, recording what the job asked for. */
function fakeSource(plan: ReturnType<typeof makeBatches>, options: { failAfter?: number; failure?: RowSourceEvent } = {}) {
  let listener: ((e: RowSourceEvent) => void) | null = null;
  let next = 0;
  const source = {
    pulls: 0,
    closed: false,
    /** batches handed out */
    given: 0,
    subscribe(l: (e: RowSourceEvent) => void) {
      listener = l;
      return () => {
        listener = null;
      };
    },
    pull() {
      source.pulls += 1;
      setTimeout(() => {
        if (source.closed || !listener) return;
        if (options.failAfter !== undefined && next === options.failAfter) {
          listener(options.failure ?? { type: 'error', reason: 'parse', message: 'Quoted field unterminated at data row 4001.' });
          return;
        }
        if (next < plan.batches.length) {
          source.given += 1;
          listener({ type: 'batch', batch: plan.batches[next++] });
        } else
          listener({
            type: 'end',
            rowsRead: plan.rowsRead,
            rowsSkipped: plan.rowsSkipped,
            skippedByReason: plan.rowsSkipped > 0 ? { 'missing-field': plan.rowsSkipped } : {},
            encoding: 'UTF-8',
          });
      }, 0);
    },
    close() {
      source.closed = true;
    },
  };
  return source satisfies RowSource;
}

interface Deferred {
  body: BulkImportRequest;
  resolve(response: BulkImportResponse): void;
  reject(error: unknown): void;
}

/** A fake API whose calls the test settles by hand, tracking the concurrency it saw. */
function manualApi() {
  const calls: Deferred[] = [];
  let inFlight = 0;
  const api = {
    calls,
    maxInFlight: 0,
    sendBatch: (request: EncodedBatchRequest) =>
      new Promise<BulkImportResponse>((resolve, reject) => {
        const body = decodeBatchRequest(request);
        inFlight += 1;
        api.maxInFlight = Math.max(api.maxInFlight, inFlight);
        const done = () => (inFlight -= 1);
        calls.push({
          body,
          resolve: (r) => {
            done();
            resolve(r);
          },
          reject: (e) => {
            done();
            reject(e);
          },
        });
      }),
  };
  return api;
}

/** A fake API that answers by itself after a short delay. */
function autoApi(
  answer: (body: BulkImportRequest, call: number) => BulkImportResponse | Error | { status: unknown; reason: string; fromApi?: true },
) {
  let inFlight = 0;
  const api = {
    bodies: [] as BulkImportRequest[],
    maxInFlight: 0,
    sendBatch: (request: EncodedBatchRequest) => {
      const body = decodeBatchRequest(request);
      api.bodies.push(body);
      const call = api.bodies.length;
      inFlight += 1;
      api.maxInFlight = Math.max(api.maxInFlight, inFlight);
      return new Promise<BulkImportResponse>((resolve, reject) =>
        setTimeout(() => {
          inFlight -= 1;
          const result = answer(body, call);
          if ('addedCount' in result) resolve(result);
          else reject(result);
        }, 2),
      );
    },
  };
  return api;
}

function run(
  source: RowSource,
  sendBatch: ImportDeps['sendBatch'],
  overrides: Partial<ImportDeps> = {},
  request: { check?: boolean } = {},
) {
  const channel = stdChannel();
  const dispatched: UnknownAction[] = [];
  let state: { jobs: JobsState } = { jobs: jobsReducer(undefined, { type: 'init' }) };
  const notify = jest.fn();
  const deps: ImportDeps = {
    openRowSource: jest.fn(() => source),
    sendBatch,
    startRun: jest.fn(async (fileName: string) => ({ ...RUN, fileName })),
    finishRun: jest.fn(async () => undefined),
    check: { start: jest.fn(async () => ({ id: 7 })), sendBatch: jest.fn(), end: jest.fn(async () => undefined) },
    batchSize: 2000,
    concurrency: 2,
    chunkBytes: 1 << 20,
    retryDelaysMs: [1, 1],
    now: () => STARTED,
    notify,
    pageLeaving: () => false,
    ...overrides,
  };
  const task = runSaga(
    {
      channel,
      dispatch: (action: UnknownAction) => {
        dispatched.push(action);
        state = { jobs: jobsReducer(state.jobs, action) };
        channel.put(action);
      },
      getState: () => state,
    },
    runImportJob,
    deps,
    bulkImportRequested({ jobId: JOB, fileName: 'names.csv', fileSize: 2_000_000, ...request }),
  );
  return {
    task,
    deps,
    notify,
    dispatched,
    job: (): Job => state.jobs.byId[JOB],
    cancel: () => channel.put(jobCancelRequested({ id: JOB })),
    // The reducer sees the cancel request too, as in the store.
    cancelViaStore: () => {
      const action = jobCancelRequested({ id: JOB });
      state = { jobs: jobsReducer(state.jobs, action) };
      channel.put(action);
    },
  };
}

const flush = async (times = 5) => {
  for (let i = 0; i < times; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function waitFor(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i += 1) {
    if (check()) return;
    await flush(1);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('import job saga', () => {
  it('sends every valid row in batches of the configured size and reports success', async () => {
    const plan = makeBatches(10_500, 2000);
    const source = fakeSource(plan);
    const api = autoApi((body) => ({ addedCount: body.names.length }));
    const r = run(source, api.sendBatch);
    await r.task.toPromise();

    expect(api.bodies.map((b) => b.names.length)).toEqual([2000, 2000, 2000, 2000, 2000, 500]);
    expect(api.bodies.flatMap((b) => b.names.map((n) => n.name))).toEqual(
      plan.batches.flatMap((b) => decodeBatchRequest({ runId: 0, namesJson: b.namesJson }).names.map((n) => n.name)),
    );
    expect(r.job()).toMatchObject({
      state: 'done',
      message: 'Bulk upload completed! Added: 10500, Skipped: 10',
      progress: { rowsRead: 10_510, rowsSkipped: 10, rowsSent: 10_500, rowsAdded: 10_500 },
      workDone: 2_000_000,
      startedAt: STARTED,
      finishedAt: STARTED,
    });
    expect(r.notify).toHaveBeenCalledWith('Successfully imported 10500 names!', 'success');
    expect(source.closed).toBe(true);
    expect(r.deps.openRowSource).toHaveBeenCalledWith(JOB, { createdAt: STARTED, batchSize: 2000, chunkBytes: 1 << 20 });
    // Names views are refetched once at the end, not per batch.
    expect(r.dispatched.filter((a) => a.type === 'api/invalidateTags')).toHaveLength(1);
  });

  it('dispatches progress as batches are sent and settled', async () => {
    const plan = makeBatches(6000, 2000);
    const api = autoApi((body) => ({ addedCount: body.names.length }));
    const r = run(fakeSource(plan), api.sendBatch);
    await r.task.toPromise();
    const progress = r.dispatched.filter(jobProgressed.match).map((a) => a.payload);
    const sent = progress.map((p) => p.progress?.rowsSent ?? 0);
    const added = progress.map((p) => p.progress?.rowsAdded ?? 0);
    expect(sent).toContain(2000);
    expect(sent).toContain(4000);
    expect(added).toContain(2000);
    expect(added).toContain(4000);
    expect(added).toContain(6000);
    expect([...added].sort((a, b) => a - b)).toEqual(added); // never goes back
    const work = progress.map((p) => p.workDone).filter((w): w is number => w !== undefined);
    expect(work).toEqual([...work].sort((a, b) => a - b));
  });

  it('keeps at most IMPORT_CONCURRENCY batches in flight and pulls no further ahead', async () => {
    const plan = makeBatches(20_000, 2000);
    const source = fakeSource(plan);
    const api = manualApi();
    const r = run(source, api.sendBatch, { concurrency: 2 });
    let settled = 0;
    while (r.job()?.state !== 'done') {
      await flush();
      // Pulled-but-unsettled work never exceeds the concurrency: the source is not drained ahead.
      expect(source.pulls - settled).toBeLessThanOrEqual(2 + 1); // +1: the final pull answered by 'end'
      expect(source.given - settled).toBeLessThanOrEqual(2);
      const open = api.calls.slice(settled);
      if (open.length > 0) {
        open[0].resolve({ addedCount: open[0].body.names.length });
        settled += 1;
      }
    }
    expect(api.maxInFlight).toBe(2);
    expect(api.calls).toHaveLength(10);
    expect(r.job().progress.rowsAdded).toBe(20_000);
  });

  it('cancel midway stops the parser, lets in-flight batches finish and reports exactly what landed', async () => {
    const plan = makeBatches(100_000, 2000);
    const source = fakeSource(plan);
    const api = manualApi();
    const r = run(source, api.sendBatch, { concurrency: 2 });

    // Land three batches.
    for (let i = 0; i < 3; i += 1) {
      await waitFor(() => api.calls.length > i, `call ${i + 1}`);
      api.calls[i].resolve({ addedCount: 2000 });
    }
    await waitFor(() => api.calls.length === 5, 'two batches in flight');
    r.cancelViaStore();
    await flush();
    expect(source.closed).toBe(true);
    expect(r.job()).toMatchObject({ state: 'running', cancelRequested: true });

    // The two in flight still settle: one lands, one is rejected; both count in the report.
    api.calls[3].resolve({ addedCount: 2000 });
    api.calls[4].reject({ status: 400, reason: 'Row 7: gender must be one of male, female, unisex' });
    await r.task.toPromise();

    expect(api.calls).toHaveLength(5); // nothing sent after Cancel
    expect(r.job()).toMatchObject({
      state: 'cancelled',
      message: 'Cancelled. 8,000 names were added before cancelling.',
      progress: { rowsAdded: 8000, rowsSent: 10_000 },
    });
    expect(r.job().detail).toContain('Added: rows 1–8,008.');
    expect(r.job().detail).toContain('Not added: rows 8,009–10,010 (HTTP 400: Row 7: gender must be one of male, female, unisex).');
    expect(r.job().detail).toContain('Not sent: rows 10,011 to the end of the file.');
    expect(r.notify).not.toHaveBeenCalled();
  });

  it('cancel between batches sends nothing more', async () => {
    const plan = makeBatches(10_000, 2000);
    const api = manualApi();
    const r = run(fakeSource(plan), api.sendBatch, { concurrency: 1 });
    await waitFor(() => api.calls.length === 1, 'first call');
    api.calls[0].resolve({ addedCount: 2000 });
    await waitFor(() => api.calls.length === 2, 'second call');
    api.calls[1].resolve({ addedCount: 2000 });
    r.cancel();
    await r.task.toPromise();
    expect(r.job()).toMatchObject({ state: 'cancelled', message: 'Cancelled. 4,000 names were added before cancelling.' });
    expect(r.job().detail).toContain('Added: rows 1–4,004.');
    expect(r.job().detail).toContain('Not sent: rows 4,005 to the end of the file.');
  });

  it('a failing batch midway stops the job and reports what had landed, with the server reason', async () => {
    const plan = makeBatches(20_000, 2000);
    const source = fakeSource(plan);
    const api = autoApi((body, call) =>
      call === 4 ? { status: 400, reason: 'Row 12: name must be at most 200 characters' } : { addedCount: body.names.length },
    );
    const r = run(source, api.sendBatch, { concurrency: 1 });
    await r.task.toPromise();

    expect(api.bodies).toHaveLength(4); // stops at the failure
    expect(source.closed).toBe(true);
    const job = r.job();
    expect(job).toMatchObject({ state: 'failed', message: UPLOAD_ERROR_TEXT, progress: { rowsAdded: 6000, rowsSent: 8000 } });
    expect(job.detail).toContain('6,000 names had already been added before the upload stopped.');
    expect(job.detail).toContain('Added: rows 1–6,006.');
    expect(job.detail).toContain('Not added: rows 6,007–8,008 (HTTP 400: Row 12: name must be at most 200 characters).');
    expect(job.detail).toContain('Not sent: rows 8,009 to the end of the file.');
    expect(r.notify).toHaveBeenCalledWith(UPLOAD_ERROR_TOAST, 'error');
    expect(r.notify).not.toHaveBeenCalledWith(expect.stringContaining('Successfully'), 'success');
  });

  it('with two in flight, a later batch that lands after a failed one is reported as added', async () => {
    const plan = makeBatches(10_000, 2000);
    const api = manualApi();
    const r = run(fakeSource(plan), api.sendBatch, { concurrency: 2 });
    await waitFor(() => api.calls.length === 2, 'two calls');
    api.calls[0].reject({ status: 500, reason: 'database unavailable', fromApi: true });
    api.calls[1].resolve({ addedCount: 2000 });
    await r.task.toPromise();
    expect(api.calls).toHaveLength(2);
    expect(r.job()).toMatchObject({ state: 'failed', progress: { rowsAdded: 2000 } });
    expect(r.job().detail).toContain('2,000 names had already been added');
    expect(r.job().detail).toContain('Added: rows 2,003–4,004.');
    expect(r.job().detail).toContain('Not added: rows 1–2,002 (HTTP 500: database unavailable).');
  });

  it('retries a batch the server refused without working on it (429), then goes on', async () => {
    const plan = makeBatches(4000, 2000);
    const api = autoApi((body, call) => (call === 1 ? { status: 429, reason: 'Rate limit exceeded' } : { addedCount: body.names.length }));
    const r = run(fakeSource(plan), api.sendBatch, { concurrency: 1 });
    await r.task.toPromise();
    expect(api.bodies).toHaveLength(3);
    expect(r.job()).toMatchObject({ state: 'done', progress: { rowsAdded: 4000 } });
  });

  it('never retries a timeout (it may have committed) and says the rows are unconfirmed', async () => {
    const plan = makeBatches(4000, 2000);
    const api = autoApi((body, call) =>
      call === 2 ? { status: 'TIMEOUT', reason: 'The server did not answer within 10 seconds.' } : { addedCount: body.names.length },
    );
    const r = run(fakeSource(plan), api.sendBatch, { concurrency: 1 });
    await r.task.toPromise();
    expect(api.bodies).toHaveLength(2);
    expect(r.job().state).toBe('failed');
    expect(r.job().detail).toContain('Unconfirmed: rows 2,003–4,004 (The server did not answer within 10 seconds.)');
  });

  it('when the server stops answering mid-import it says so (not "check the file format") and what landed', async () => {
    const plan = makeBatches(4000, 2000);
    const api = autoApi((body, call) =>
      call === 2 ? { status: 'NETWORK', reason: 'Could not reach the server (Failed to fetch).' } : { addedCount: body.names.length },
    );
    const r = run(fakeSource(plan), api.sendBatch, { concurrency: 1 });
    await r.task.toPromise();
    expect(r.job().state).toBe('failed');
    expect(r.job().message).toBe(
      'The upload stopped: the server stopped answering (it may have crashed or restarted). The file is not the problem.',
    );
    expect(r.job().message).not.toMatch(/file format/);
    expect(r.job().detail).toContain('Added: rows 1–2,002.');
    expect(r.job().detail).toContain('Unconfirmed: rows 2,003–4,004');
    expect(r.notify).toHaveBeenCalledWith('Bulk upload stopped: the server stopped answering. See what landed below.', 'error');
  });

  it('requests aborted because the page is being left do not record the run as failed: it stays open to show as interrupted', async () => {
    const plan = makeBatches(4000, 2000);
    const api = autoApi((body, call) =>
      call === 2 ? { status: 'NETWORK', reason: 'Could not reach the server (Failed to fetch).' } : { addedCount: body.names.length },
    );
    const r = run(fakeSource(plan), api.sendBatch, { concurrency: 1, pageLeaving: () => true });
    await r.task.toPromise();
    expect(r.deps.startRun).toHaveBeenCalledTimes(1);
    expect(r.deps.finishRun).not.toHaveBeenCalled();
    expect(r.job().detail).toContain('Added: rows 1–2,002.');
    expect(r.job().detail).toContain('The page was being left: the import is listed as interrupted, with what landed.');
  });

  it('a finished import is recorded even while the page is being left', async () => {
    const api = autoApi((body) => ({ addedCount: body.names.length }));
    const r = run(fakeSource(makeBatches(4000, 2000)), api.sendBatch, { pageLeaving: () => true });
    await r.task.toPromise();
    expect(r.job().state).toBe('done');
    expect(r.deps.finishRun).toHaveBeenCalledWith(RUN.id, expect.objectContaining({ state: 'done' }));
  });

  it('a 502 from a proxy is not retried and its rows are unconfirmed, not "not added"', async () => {
    const plan = makeBatches(6000, 2000);
    // What the base query makes of a gateway's own text answer (src/api/errors.ts, HttpError.fromResponse): a status,
    // the text, no ApiErrorBody.
    const api = autoApi((body, call) =>
      call === 2 ? { status: 502, reason: 'upstream connect error' } : { addedCount: body.names.length },
    );
    const r = run(fakeSource(plan), api.sendBatch, { concurrency: 1 });
    await r.task.toPromise();
    expect(api.bodies).toHaveLength(2); // not sent again: it may have committed
    expect(r.job()).toMatchObject({ state: 'failed', message: SERVER_STOPPED_TEXT, progress: { rowsAdded: 2000 } });
    expect(r.job().detail).toContain('Unconfirmed: rows 2,003–4,004 (HTTP 502: upstream connect error)');
    expect(r.job().detail).toContain('check them before importing them again');
    expect(r.job().detail).not.toContain('Not added');
    // The unconfirmed rows may be in the database: the names views are refetched.
    expect(r.dispatched.some((a) => a.type === 'api/invalidateTags')).toBe(true);
  });

  it("a 5xx with the API's own error body was rolled back, but a 503 without it is unconfirmed", async () => {
    const own = autoApi((body, call) =>
      call === 1 ? { status: 500, reason: 'Internal server error', fromApi: true } : { addedCount: body.names.length },
    );
    const r1 = run(fakeSource(makeBatches(2000, 2000)), own.sendBatch, { concurrency: 1 });
    await r1.task.toPromise();
    expect(r1.job().detail).toContain('Not added: rows 1–2,002 (HTTP 500: Internal server error).');

    const proxy = autoApi((body, call) =>
      call === 1 ? { status: 503, reason: 'no healthy upstream' } : { addedCount: body.names.length },
    );
    const r2 = run(fakeSource(makeBatches(2000, 2000)), proxy.sendBatch, { concurrency: 1 });
    await r2.task.toPromise();
    expect(proxy.bodies).toHaveLength(1);
    expect(r2.job().detail).toContain('Unconfirmed: rows 1–2,002 (HTTP 503: no healthy upstream)');
  });

  it('an unexpected throw inside the job finishes it as failed with the reason instead of leaving it running', async () => {
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const plan = makeBatches(6000, 2000);
      const source = fakeSource(plan);
      const pull = source.pull;
      source.pull = () => {
        if (source.pulls === 1) throw new Error('pull exploded');
        pull();
      };
      const api = manualApi();
      const r = run(source, api.sendBatch, { concurrency: 1 });
      await waitFor(() => api.calls.length === 1, 'first call');
      api.calls[0].resolve({ addedCount: 2000 });
      await r.task.toPromise(); // the error does not escape the job
      expect(r.job()).toMatchObject({ state: 'failed', message: UPLOAD_ERROR_TEXT, progress: { rowsAdded: 2000 } });
      expect(r.job().detail).toContain('The import stopped unexpectedly: pull exploded.');
      expect(r.job().detail).toContain('Added: rows 1–2,002.');
      expect(r.notify).toHaveBeenCalledWith(UPLOAD_ERROR_TOAST, 'error');
      expect(errorLog).toHaveBeenCalled();
    } finally {
      errorLog.mockRestore();
    }
  });

  it('a file without the required columns fails with the parse message and sends nothing', async () => {
    const source = fakeSource(makeBatches(10, 10), {
      failAfter: 0,
      failure: { type: 'error', reason: 'header', message: 'Missing column: nationality.' },
    });
    const sendBatch = jest.fn();
    const r = run(source, sendBatch);
    await r.task.toPromise();
    expect(sendBatch).not.toHaveBeenCalled();
    expect(r.job()).toMatchObject({
      state: 'failed',
      message: PARSE_ERROR_TEXT,
      detail: 'Missing column: nationality. Nothing was imported.',
    });
    expect(r.dispatched.some((a) => a.type === 'api/invalidateTags')).toBe(false);
  });

  it('a parse error mid-file fails the upload and says what had been added', async () => {
    const plan = makeBatches(10_000, 2000);
    const api = autoApi((body) => ({ addedCount: body.names.length }));
    const r = run(fakeSource(plan, { failAfter: 2 }), api.sendBatch, { concurrency: 1 });
    await r.task.toPromise();
    expect(api.bodies).toHaveLength(2);
    expect(r.job()).toMatchObject({ state: 'failed', message: UPLOAD_ERROR_TEXT, progress: { rowsAdded: 4000 } });
    expect(r.job().detail).toContain('4,000 names had already been added');
    expect(r.job().detail).toContain('The file could not be read further: Quoted field unterminated at data row 4001.');
    expect(r.notify).toHaveBeenCalledWith(UPLOAD_ERROR_TOAST, 'error');
  });

  it('fails cleanly when the file cannot be opened', async () => {
    const r = run(fakeSource(makeBatches(1, 1)), jest.fn(), {
      openRowSource: () => {
        throw new Error('The chosen file is no longer available; please choose it again');
      },
    });
    await r.task.toPromise();
    expect(r.job()).toMatchObject({ state: 'failed', message: PARSE_ERROR_TEXT });
  });
});

describe('import runs and duplicates', () => {
  it('starts the server run at the first batch, sends its id with every batch and finishes it with what only the console knows', async () => {
    const plan = makeBatches(4500, 2000);
    const api = autoApi((body) => ({ addedCount: body.names.length, duplicateCount: 0 }));
    const r = run(fakeSource(plan), api.sendBatch);
    await r.task.toPromise();
    expect(r.deps.startRun).toHaveBeenCalledTimes(1);
    expect(r.deps.startRun).toHaveBeenCalledWith('names.csv');
    expect(api.bodies.map((b) => b.runId)).toEqual([42, 42, 42]);
    expect(r.deps.finishRun).toHaveBeenCalledWith(42, {
      state: 'done',
      report: { rowsRead: 4504, rowsSkipped: 4, skippedByReason: { 'missing-field': 4 }, encoding: 'UTF-8' },
    });
  });

  it('counts the server’s duplicates among Skipped, on a line of their own: rows read = added + skipped', async () => {
    const plan = makeBatches(3000, 2000);
    // the second batch repeats 500 rows already stored
    const api = autoApi((body, call) => ({ addedCount: body.names.length - (call === 2 ? 500 : 0), duplicateCount: call === 2 ? 500 : 0 }));
    const r = run(fakeSource(plan), api.sendBatch);
    await r.task.toPromise();
    const job = r.job();
    expect(job.message).toBe('Bulk upload completed! Added: 2500, Skipped: 503');
    expect(job.progress).toMatchObject({ rowsRead: 3003, rowsAdded: 2500, rowsSkipped: 503 });
    expect(job.progress.rowsAdded + job.progress.rowsSkipped).toBe(job.progress.rowsRead);
    expect(job.detail).toBe(
      'Read as UTF-8. Skipped: 3 missing a name, gender or nationality. ' +
        'Skipped as duplicates: 500 (the same name, gender and nationality is already stored or came earlier in the file).',
    );
    expect(r.notify).toHaveBeenCalledWith('Successfully imported 2500 names!', 'success');
  });

  it('counts names in the trash apart from the duplicates, among Skipped, and says how to bring them back', async () => {
    const plan = makeBatches(3000, 2000);
    // the first batch meets 2 names in the trash and 1 duplicate
    const api = autoApi((body, call) => ({
      addedCount: body.names.length - (call === 1 ? 3 : 0),
      duplicateCount: call === 1 ? 1 : 0,
      trashedCount: call === 1 ? 2 : 0,
    }));
    const r = run(fakeSource(plan), api.sendBatch);
    await r.task.toPromise();
    const job = r.job();
    expect(job.message).toBe('Bulk upload completed! Added: 2997, Skipped: 6');
    expect(job.progress.rowsAdded + job.progress.rowsSkipped).toBe(job.progress.rowsRead);
    expect(job.detail).toContain(
      'In the trash: 2 (the same name, gender and nationality was deleted; restore them from Manage Names → Trash to bring back their swipes too).',
    );
    expect(job.detail).not.toContain('The server added');
  });

  it('a file refused at its header leaves no run on the server', async () => {
    const source = fakeSource(makeBatches(10, 10), {
      failAfter: 0,
      failure: { type: 'error', reason: 'header', message: 'Missing column: gender.' },
    });
    const api = autoApi(() => ({ addedCount: 0 }));
    const r = run(source, api.sendBatch);
    await r.task.toPromise();
    expect(r.job().state).toBe('failed');
    expect(r.deps.startRun).not.toHaveBeenCalled();
    expect(r.deps.finishRun).not.toHaveBeenCalled();
  });

  it('when the server will not start a run, nothing is sent and the report says why', async () => {
    const api = autoApi((body) => ({ addedCount: body.names.length }));
    const r = run(fakeSource(makeBatches(3000, 2000)), api.sendBatch, {
      startRun: jest.fn((): Promise<ImportRun> => Promise.reject({ status: 503, reason: 'Database unavailable', fromApi: true })),
    });
    await r.task.toPromise();
    expect(api.bodies).toEqual([]);
    expect(r.job()).toMatchObject({
      state: 'failed',
      message: UPLOAD_ERROR_TEXT,
      detail: 'The server could not start recording this import: Database unavailable. Nothing was imported.',
    });
    expect(r.notify).toHaveBeenCalledWith(UPLOAD_ERROR_TOAST, 'error');
  });

  it('a cancelled import finishes its run as cancelled; a failed finish is reported, not hidden', async () => {
    const plan = makeBatches(10_000, 2000);
    const api = manualApi();
    const r = run(fakeSource(plan), api.sendBatch, {
      finishRun: jest.fn(async () => Promise.reject({ status: 'NETWORK', reason: 'Failed to fetch' })),
    });
    await waitFor(() => api.calls.length === 2, 'two batches in flight');
    r.cancel();
    api.calls.forEach((c) => c.resolve({ addedCount: c.body.names.length, duplicateCount: 0 }));
    await r.task.toPromise();
    expect(r.deps.finishRun).toHaveBeenCalledWith(42, expect.objectContaining({ state: 'cancelled' }));
    expect(r.job()).toMatchObject({ state: 'cancelled' });
    expect(r.job().detail).toContain('The server could not record the end of this import (Failed to fetch); it is listed as interrupted');
  });
});

describe('a check of the file (nothing written)', () => {
  const checkCalls = (sendBatch: ImportDeps['sendBatch']): ImportDeps['check'] => ({
    start: jest.fn(async () => ({ id: 7 })),
    sendBatch,
    end: jest.fn(async () => undefined),
  });

  it('sends every batch to the check, never to the import, and reports what the import would do', async () => {
    const plan = makeBatches(5000, 2000);
    const checkApi = autoApi((body) => ({ addedCount: body.names.length - 3, duplicateCount: 2, trashedCount: 1 }));
    const importApi = autoApi(() => new Error('the import must not be called'));
    const r = run(fakeSource(plan), importApi.sendBatch, { check: checkCalls(checkApi.sendBatch) }, { check: true });
    await r.task.toPromise();

    expect(importApi.bodies).toHaveLength(0);
    expect(r.deps.startRun).not.toHaveBeenCalled();
    expect(r.deps.finishRun).not.toHaveBeenCalled();
    expect(checkApi.bodies.map((b) => b.names.length)).toEqual([2000, 2000, 1000]);
    // the check's id travels where the run's would
    expect(checkApi.bodies.every((b) => b.runId === 7)).toBe(true);
    expect(r.deps.check.end).toHaveBeenCalledWith(7);
    expect(r.job()).toMatchObject({
      kind: 'importCheck',
      state: 'done',
      message: 'Check complete: 4,991 names would be added, 14 rows skipped. Nothing was written.',
      progress: { rowsAdded: 4991 },
    });
    expect(r.job().detail).toContain('Skipped as duplicates: 6');
    expect(r.job().detail).toContain('In the trash: 3');
    expect(r.job().detail).toContain('Press Upload to import the file.');
    expect(r.notify).toHaveBeenCalledWith('File checked: 4,991 names would be added.', 'info');
    // nothing changed: no cached view is refetched
    expect(r.dispatched.filter((a) => a.type === 'api/invalidateTags')).toHaveLength(0);
  });

  it('says what was checked and that nothing was written when the server refuses a batch', async () => {
    const plan = makeBatches(6000, 2000);
    const checkApi = autoApi((body, call) =>
      call === 2 ? { status: 400, reason: 'Row 3: name must not be empty', fromApi: true } : { addedCount: body.names.length },
    );
    const r = run(fakeSource(plan), jest.fn(), { concurrency: 1, check: checkCalls(checkApi.sendBatch) }, { check: true });
    await r.task.toPromise();

    expect(r.job()).toMatchObject({ kind: 'importCheck', state: 'failed', message: 'The check stopped before the end of the file.' });
    expect(r.job().detail).toContain('Checked: rows 1–2,002.');
    expect(r.job().detail).toContain('Not checked: rows 2,003–4,004 (HTTP 400: Row 3: name must not be empty).');
    expect(r.job().detail).toMatch(/Nothing was written\.$/);
    expect(r.notify).toHaveBeenCalledWith('The check of the file stopped. See why below.', 'error');
    expect(r.deps.check.end).toHaveBeenCalledWith(7);
  });
});
