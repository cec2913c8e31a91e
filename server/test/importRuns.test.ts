// Import runs: batches tied to their run, duplicates skipped and counted, interrupted
// runs, undo, and the console-action records of each, through the HTTP API.
import type { BulkImportResponse, ImportRun, ImportRunDetail, UndoImportRunResponse } from '../../contract/schemas/importRuns';
import { interruptLeftoverRuns } from '../src/imports/startupChecks';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // The trash too: a name deleted by an earlier test would be reported as in the trash when added again.
  await t.db.query('DELETE FROM names_trash');
  await t.db.query('DELETE FROM names');
  await t.db.query('DELETE FROM import_runs');
  await t.db.query('DELETE FROM console_actions');
});

const AT = '2026-03-01T10:00:00.000Z';
const row = (name: string, gender = 'female', nationality = 'icelandic') => ({ name, gender, nationality, createdAt: AT });

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function startRun(fileName = 'names.csv'): Promise<ImportRun> {
  const { status, body } = await call('POST', '/admin/import-runs', { fileName });
  expect(status).toBe(201);
  return body as ImportRun;
}

async function batch(runId: number | undefined, names: unknown[]) {
  return call('POST', '/admin/names/bulk-import', runId === undefined ? { names } : { names, runId });
}

async function namesOfRun(runId: number): Promise<string[]> {
  const { rows } = await t.db.query<{ name: string }>('SELECT name FROM names WHERE import_run_id = $1 ORDER BY name', [runId]);
  return rows.map((r) => r.name);
}

async function actions(): Promise<
  { action: string; target_id: string; before: unknown; after: unknown; details: unknown; actor_email: string }[]
> {
  const { rows } = await t.db.query<{
    action: string;
    target_id: string;
    before: unknown;
    after: unknown;
    details: unknown;
    actor_email: string;
  }>('SELECT action, target_id, before, after, details, actor_email FROM console_actions ORDER BY id');
  return rows;
}

describe('a run and its batches', () => {
  it('ties every batch to its run and counts received, added and duplicates', async () => {
    const run = await startRun('icelandic.csv');
    expect(run).toMatchObject({ fileName: 'icelandic.csv', state: 'running', actorEmail: 'admin@babynames.test', rowsAdded: 0 });

    const first = await batch(run.id, [row('Ásta'), row('ásta'), row('Ægir', 'male')]);
    expect(first).toEqual({ status: 200, body: { addedCount: 2, duplicateCount: 1, trashedCount: 0, runId: run.id } });
    const second = await batch(run.id, [row('ÆGIR', 'male', 'Icelandic'), row('Björk')]);
    expect((second.body as BulkImportResponse).duplicateCount).toBe(1);

    const finished = await call('POST', `/admin/import-runs/${run.id}/finish`, {
      state: 'done',
      report: { rowsRead: 7, rowsSkipped: 2, skippedByReason: { 'missing-field': 2 }, encoding: 'UTF-8' },
    });
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({
      state: 'done',
      batches: 2,
      rowsReceived: 5,
      rowsAdded: 3,
      duplicatesSkipped: 2,
      consoleReport: { rowsRead: 7, rowsSkipped: 2, skippedByReason: { 'missing-field': 2 }, encoding: 'UTF-8' },
      finishedAt: expect.any(String),
    });
    expect(await namesOfRun(run.id)).toEqual(['Björk', 'Ásta', 'Ægir'].sort());

    const list = await call('GET', '/admin/import-runs');
    expect((list.body as ImportRun[]).map((r) => [r.id, r.state, r.rowsAdded])).toEqual([[run.id, 'done', 3]]);
  });

  it('importing the same rows again adds nothing and says they were duplicates', async () => {
    const rows = [row('Anna'), row('Jón', 'male'), row('Alex', 'unisex', 'english')];
    const first = await startRun();
    expect((await batch(first.id, rows)).body).toMatchObject({ addedCount: 3, duplicateCount: 0 });
    const again = await startRun();
    expect((await batch(again.id, rows)).body).toMatchObject({ addedCount: 0, duplicateCount: 3 });
    const { rows: count } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names');
    expect(count[0]!.n).toBe(3);
  });

  it('a batch without a run id is a run of its own, already done', async () => {
    const { body } = await batch(undefined, [row('Anna'), row('Anna')]);
    const { runId } = body as BulkImportResponse;
    expect(body).toEqual({ addedCount: 1, duplicateCount: 1, trashedCount: 0, runId: expect.any(Number) });
    const detail = (await call('GET', `/admin/import-runs/${runId}`)).body as ImportRunDetail;
    expect(detail).toMatchObject({ state: 'done', batches: 1, rowsReceived: 2, rowsAdded: 1, duplicatesSkipped: 1, rowsPresent: 1 });
  });

  it('refuses batches for a finished run (409) or an unknown one (404), adding nothing', async () => {
    const run = await startRun();
    await call('POST', `/admin/import-runs/${run.id}/finish`, { state: 'cancelled' });
    expect(await batch(run.id, [row('Anna')])).toMatchObject({ status: 409, body: { error: 'conflict', field: 'runId' } });
    expect(await batch(run.id + 1000, [row('Anna')])).toMatchObject({ status: 404 });
    expect(await batch(0, [row('Anna')])).toMatchObject({ status: 400, body: { field: 'runId' } });
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names');
    expect(rows[0]!.n).toBe(0);
    expect(await call('POST', `/admin/import-runs/${run.id}/finish`, { state: 'done' })).toMatchObject({ status: 409 });
  });

  it('validates the start and finish bodies', async () => {
    expect((await call('POST', '/admin/import-runs', { fileName: '' })).status).toBe(400);
    const run = await startRun();
    expect((await call('POST', `/admin/import-runs/${run.id}/finish`, { state: 'undone' })).status).toBe(400);
    expect((await call('POST', `/admin/import-runs/${run.id}/finish`, { state: 'done', report: { rowsRead: -1 } })).status).toBe(400);
  });

  it('bounds the counts of the console report like every other count (1e308 and 2^63 are refused, naming the field)', async () => {
    const report = { rowsRead: 7, rowsSkipped: 2, skippedByReason: { 'missing-field': 2 }, encoding: 'UTF-8' };
    const finish = async (body: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/import-runs/${run.id}/finish`,
        headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
        payload: body,
      });
      return { status: response.statusCode, body: response.json() as { field?: string } };
    };
    const run = await startRun();
    // Written out as a client would send them: JSON.stringify would turn 2^63 into 9223372036854776000.
    for (const [field, text] of [
      ['rowsRead', '1e308'],
      ['rowsRead', '9223372036854775808'],
      ['rowsSkipped', '1e308'],
      ['rowsSkipped', '9223372036854775808'],
      ['rowsSkipped', '9007199254740992'],
    ] as const) {
      const body = JSON.stringify({ state: 'done', report: { ...report, [field]: 0 } }).replace(`"${field}":0`, `"${field}":${text}`);
      expect({ text, ...(await finish(body)) }).toMatchObject({ text, status: 400, body: { field: `report.${field}` } });
    }
    const huge = JSON.stringify({ state: 'done', report: { ...report, skippedByReason: { 'missing-field': 0 } } }).replace(
      '"missing-field":0',
      '"missing-field":1e308',
    );
    expect(await finish(huge)).toMatchObject({ status: 400, body: { field: 'report.skippedByReason.missing-field' } });
    // The largest count a JS number holds exactly is still a count.
    const largest = { ...report, rowsRead: Number.MAX_SAFE_INTEGER };
    expect(await finish(JSON.stringify({ state: 'done', report: largest }))).toMatchObject({ status: 200 });
  });
});

describe('interrupted runs', () => {
  it('a running run with no batch for a minute is listed as interrupted; a late batch revives it', async () => {
    const run = await startRun();
    await batch(run.id, [row('Anna')]);
    await t.db.query(`UPDATE import_runs SET last_batch_at = now() - interval '61 seconds' WHERE id = $1`, [run.id]);
    const listed = (await call('GET', '/admin/import-runs')).body as ImportRun[];
    expect(listed[0]).toMatchObject({ id: run.id, state: 'interrupted', rowsAdded: 1 });

    expect((await batch(run.id, [row('Björk')])).status).toBe(200);
    expect(((await call('GET', `/admin/import-runs/${run.id}`)).body as ImportRun).state).toBe('running');
  });

  it('runs left running by an earlier process are marked interrupted at start', async () => {
    const run = await startRun();
    const log = { info: jest.fn(), warn: jest.fn() };
    expect(await interruptLeftoverRuns(t.db, log)).toBe(1);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('1 import run(s)'));
    expect(((await call('GET', `/admin/import-runs/${run.id}`)).body as ImportRun).state).toBe('interrupted');
  });
});

describe('undo', () => {
  it('deletes exactly the names the run stored, records itself, and cannot run twice', async () => {
    const other = await startRun('other.csv');
    await batch(other.id, [row('Kept')]);
    const run = await startRun('mistake.csv');
    await batch(run.id, [row('Anna'), row('Björk'), row('Kept')]);
    // one of the run's names was deleted by hand since: the undo deletes what is still there
    await t.db.query(`DELETE FROM names WHERE name = 'Björk'`);

    const detail = (await call('GET', `/admin/import-runs/${run.id}`)).body as ImportRunDetail;
    expect(detail).toMatchObject({ rowsAdded: 2, rowsPresent: 1 });

    const undo = await call('POST', `/admin/import-runs/${run.id}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body as UndoImportRunResponse).toMatchObject({
      deletedCount: 1,
      run: { id: run.id, state: 'undone', rowsUndone: 1, undoneBy: 'admin@babynames.test' },
    });
    expect(await namesOfRun(run.id)).toEqual([]);
    expect(await namesOfRun(other.id)).toEqual(['Kept']);

    const undoRecord = (await actions()).find((a) => a.action === 'import.undo');
    expect(undoRecord).toMatchObject({
      target_id: String(run.id),
      actor_email: 'admin@babynames.test',
      before: { state: 'running', rowsAdded: 2 },
      after: { state: 'undone', rowsUndone: 1 },
      details: { deletedCount: 1 },
    });

    expect(await call('POST', `/admin/import-runs/${run.id}/undo`)).toMatchObject({ status: 409 });
    // a batch still on its way when the run was undone lands nowhere
    expect((await batch(run.id, [row('Late')])).status).toBe(409);
    expect(await namesOfRun(run.id)).toEqual([]);
  });

  it('404 for an unknown run', async () => {
    expect((await call('POST', '/admin/import-runs/999999/undo')).status).toBe(404);
    expect((await call('GET', '/admin/import-runs/999999')).status).toBe(404);
    expect((await call('GET', '/admin/import-runs/abc')).status).toBe(400);
  });
});

describe('console-action records', () => {
  it('records the start, each batch and the finish in their own transactions', async () => {
    const run = await startRun('a.csv');
    await batch(run.id, [row('Anna'), row('Anna')]);
    await call('POST', `/admin/import-runs/${run.id}/finish`, { state: 'done' });
    const recorded = await actions();
    expect(recorded.map((a) => a.action)).toEqual(['import.start', 'names.import_batch', 'import.finish']);
    expect(recorded[1]).toMatchObject({ target_id: String(run.id), after: { received: 2, added: 1, duplicates: 1 } });
    expect(recorded[2]).toMatchObject({ before: { state: 'running' }, after: { state: 'done' } });
  });

  it('a refused batch leaves no record', async () => {
    const run = await startRun();
    await call('POST', `/admin/import-runs/${run.id}/finish`, { state: 'failed' });
    await batch(run.id, [row('Anna')]);
    expect((await actions()).map((a) => a.action)).toEqual(['import.start', 'import.finish']);
  });
});
