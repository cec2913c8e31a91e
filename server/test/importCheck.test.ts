// Checking a file before its import (contract/importChecks.ts): the counts of each batch are the ones its import then
// gives, batch by batch, across batches of one file, with live names, names in the trash and repeated rows; nothing
// is written; the check's keys go when it ends, and it is on the trail.
import type { ImportCheck, ImportCheckBatch, ImportCheckTotals } from '../../contract/schemas/importChecks';
import type { ImportRun, BulkImportResponse } from '../../contract/schemas/importRuns';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.query('DELETE FROM names_trash');
  await t.db.query('DELETE FROM names');
  await t.db.query('DELETE FROM import_runs');
  await t.db.query('DELETE FROM import_checks');
  await t.db.query('DELETE FROM console_actions');
});

const AT = '2026-03-01T10:00:00.000Z';
const row = (name: string, gender = 'female', nationality = 'icelandic') => ({ name, gender, nationality, createdAt: AT });

async function call(method: 'POST' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function startCheck(): Promise<ImportCheck> {
  const { status, body } = await call('POST', '/admin/import-checks');
  expect(status).toBe(201);
  return body as ImportCheck;
}

const countNames = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM names')).rows[0]!.n);

/** A file in three batches: live names (another case too), a name in the trash, rows repeated within and across batches. */
async function prepare() {
  await t.db.query(
    `INSERT INTO names (name, gender, nationality, first_letter, created_at) VALUES
       ('Anna', 'female', 'icelandic', 'A', now()), ('Bjarki', 'male', 'icelandic', 'B', now()), ('Trashed', 'female', 'icelandic', 'T', now())`,
  );
  const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM names WHERE name = 'Trashed'`);
  await t.app.inject({ method: 'DELETE', url: `/api/names/${rows[0]!.id}`, headers: { authorization: `Bearer ${t.adminToken}` } });
  return [
    [row('anna'), row('Sigríður'), row('Sigríður'), row('Trashed'), row('Þór', 'male')],
    [row('Sigríður'), row('Ægir', 'male'), row('BJARKI', 'male'), row('trashed'), row('Ægir', 'unisex')],
    [row('Ægir', 'male'), row('Katla'), row('Katla', 'female', 'ICELANDIC')],
  ];
}

describe('an import check', () => {
  it('counts each batch as its import then does, and writes no name', async () => {
    const batches = await prepare();
    const before = await countNames();
    const check = await startCheck();
    const checked: ImportCheckBatch[] = [];
    for (const names of batches) {
      const { status, body } = await call('POST', `/admin/import-checks/${check.id}/batches`, { names });
      expect(status).toBe(200);
      checked.push(body as ImportCheckBatch);
    }
    expect(await countNames()).toBe(before);
    expect(checked).toEqual([
      { addedCount: 2, duplicateCount: 2, trashedCount: 1 },
      { addedCount: 2, duplicateCount: 2, trashedCount: 1 },
      { addedCount: 1, duplicateCount: 2, trashedCount: 0 },
    ]);

    // The import of the same batches, one run: the same counts, batch by batch.
    const run = (await call('POST', '/admin/import-runs', { fileName: 'names.csv' })).body as ImportRun;
    const imported: ImportCheckBatch[] = [];
    for (const names of batches) {
      const { status, body } = await call('POST', '/admin/names/bulk-import', { names, runId: run.id });
      expect(status).toBe(200);
      const { addedCount, duplicateCount, trashedCount } = body as BulkImportResponse;
      imported.push({ addedCount, duplicateCount: duplicateCount!, trashedCount: trashedCount! });
    }
    expect(imported).toEqual(checked);
    expect(await countNames()).toBe(before + 5);
  });

  it('ends with its totals, drops its keys, and is on the trail', async () => {
    const batches = await prepare();
    const check = await startCheck();
    for (const names of batches) await call('POST', `/admin/import-checks/${check.id}/batches`, { names });
    const keys = await t.db.query('SELECT 1 FROM import_check_keys WHERE check_id = $1', [check.id]);
    expect(keys.rows).toHaveLength(5);

    const ended = await call('DELETE', `/admin/import-checks/${check.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body as ImportCheckTotals).toEqual({ rowsReceived: 13, addedCount: 5, duplicateCount: 6, trashedCount: 2 });
    expect((await t.db.query('SELECT 1 FROM import_check_keys WHERE check_id = $1', [check.id])).rows).toHaveLength(0);
    const { rows } = await t.db.query<{ action: string; target_id: string; after: unknown }>(
      `SELECT action, target_id, after FROM console_actions WHERE action = 'names.import_check'`,
    );
    expect(rows).toEqual([{ action: 'names.import_check', target_id: String(check.id), after: ended.body }]);

    // ended: a batch or a second end is not found
    expect((await call('POST', `/admin/import-checks/${check.id}/batches`, { names: [row('Late')] })).status).toBe(404);
    expect((await call('DELETE', `/admin/import-checks/${check.id}`)).status).toBe(404);
  });

  it('refuses a batch as the import refuses it, with the same message', async () => {
    const check = await startCheck();
    const bad = [row('Good'), { name: '', gender: 'female', nationality: 'icelandic', createdAt: AT }];
    const checked = await call('POST', `/admin/import-checks/${check.id}/batches`, { names: bad });
    const imported = await call('POST', '/admin/names/bulk-import', { names: bad });
    expect(checked.status).toBe(400);
    expect(imported.status).toBe(400);
    expect((checked.body as { message: string }).message).toBe((imported.body as { message: string }).message);
    expect(await countNames()).toBe(0);
  });

  it('drops checks nobody ended after a day', async () => {
    const old = await startCheck();
    await t.db.query(`UPDATE import_checks SET created_at = now() - interval '25 hours' WHERE id = $1`, [old.id]);
    await startCheck();
    expect((await t.db.query('SELECT 1 FROM import_checks WHERE id = $1', [old.id])).rows).toHaveLength(0);
  });

  it('is for admins only', async () => {
    expect((await call('POST', '/admin/import-checks', undefined, t.userToken)).status).toBe(403);
  });
});
