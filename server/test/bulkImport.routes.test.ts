import Fastify from 'fastify';
import type { NameRecord } from '../../contract/schemas/names';
import type { BulkImportRow } from '../../contract/schemas/importRuns';
import { BULK_IMPORT_MAX_ROWS } from '../../contract/importRuns';
import type { Db } from '../src/db/types';
import { bulkImportRoutes } from '../src/routes/bulkImport';
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
});

const CREATED_AT = '2025-03-01T09:30:00.000Z';
const row = (overrides: Partial<Record<keyof BulkImportRow, unknown>> = {}) => ({
  name: 'Anna',
  gender: 'female',
  nationality: 'english',
  createdAt: CREATED_AT,
  ...overrides,
});

async function bulkImport(payload: unknown) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/names/bulk-import',
    payload: payload as object,
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function countNames(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names');
  return rows[0]!.n;
}

async function allNames(): Promise<NameRecord[]> {
  const response = await t.app.inject({ url: '/api/names?limit=500', headers: { authorization: `Bearer ${t.adminToken}` } });
  return (response.json() as { names: NameRecord[] }).names;
}

describe('POST /admin/names/bulk-import', () => {
  it('inserts every row, normalized like the console, and answers addedCount', async () => {
    const before = Date.now();
    const { status, body } = await bulkImport({
      names: [
        row({ name: '  áSTA ', gender: ' FEMALE ', nationality: ' Icelandic ' }),
        row({ name: 'ÆGIR', gender: 'Male', nationality: 'ICELANDIC', createdAt: '2024-12-24T18:00:00+01:00' }),
        row({ name: 'jOHN', gender: 'unisex', createdAt: undefined }),
      ],
    });
    expect(status).toBe(200);
    expect(body).toEqual({ addedCount: 3, duplicateCount: 0, trashedCount: 0, runId: expect.any(Number) });

    const byName = new Map((await allNames()).map((r) => [r.name, r]));
    expect([...byName.keys()].sort()).toEqual(['John', 'Ægir', 'Ásta'].sort());
    expect(byName.get('Ásta')).toMatchObject({ gender: 'female', nationality: 'icelandic', created_at: CREATED_AT });
    expect(byName.get('Ægir')).toMatchObject({ gender: 'male', nationality: 'icelandic', created_at: '2024-12-24T17:00:00.000Z' });
    // No createdAt: the time of the request.
    const johnCreated = Date.parse(byName.get('John')!.created_at);
    expect(johnCreated).toBeGreaterThanOrEqual(before - 1000);
    expect(johnCreated).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('files imported names under their own letter (Á, Æ are not A)', async () => {
    await bulkImport({ names: [row({ name: 'ásta' }), row({ name: 'æsa' }), row({ name: 'anna' })] });
    const page = async (letter: string) => {
      const response = await t.app.inject({
        url: `/api/names?alphabetFilter=${encodeURIComponent(letter)}`,
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      return (response.json() as { names: NameRecord[] }).names.map((r) => r.name);
    };
    // One createdAt for the whole batch (the console's case) is stored on every row.
    expect((await allNames()).map((r) => r.created_at)).toEqual([CREATED_AT, CREATED_AT, CREATED_AT]);
    expect(await page('A')).toEqual(['Anna']);
    expect(await page('á')).toEqual(['Ásta']);
    expect(await page('Æ')).toEqual(['Æsa']);
  });

  it('accepts an empty list', async () => {
    expect(await bulkImport({ names: [] })).toEqual({
      status: 200,
      body: { addedCount: 0, duplicateCount: 0, trashedCount: 0, runId: expect.any(Number) },
    });
  });

  // Policy: one invalid row rejects the whole request, naming the row (0-based) and field.
  it.each([
    ['an empty name', row({ name: '' }), 'names[2].name'],
    ['a whitespace-only name', row({ name: ' \t ' }), 'names[2].name'],
    ['a missing name', row({ name: undefined }), 'names[2].name'],
    ['a numeric name (no type coercion)', row({ name: 42 }), 'names[2].name'],
    ['a null nationality', row({ nationality: null }), 'names[2].nationality'],
    ['an unknown gender', row({ gender: 'robot' }), 'names[2].gender'],
    ['an empty gender', row({ gender: '  ' }), 'names[2].gender'],
    ['an invalid createdAt', row({ createdAt: '2024-02-30T00:00:00Z' }), 'names[2].createdAt'],
    ['a createdAt that is not a date', row({ createdAt: 'last tuesday' }), 'names[2].createdAt'],
    ['a row that is not an object', 'Anna,female,english', 'names[2]'],
  ])('rejects the whole batch for %s (400 naming row and field) and adds nothing', async (_label, bad, field) => {
    const { status, body } = await bulkImport({ names: [row(), row({ name: 'Björk' }), bad, row({ name: 'Carl' })] });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'bad_request', message: expect.stringMatching(/^Row 2: /), field });
    expect(await countNames()).toBe(0);
  });

  it.each([
    ['no body', undefined],
    ['no names', {}],
    ['names not a list', { names: 'Anna' }],
    ['a list of strings', { names: ['Anna'] }],
  ])('400 naming names for %s', async (_label, payload) => {
    const { status, body } = await bulkImport(payload);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'bad_request', field: expect.stringMatching(/^names/) });
  });

  it.each([
    ['an unknown body field', '', { names: [row()], nationalty: 'irish' }, 'nationalty', 'nationalty is not allowed'],
    ['an unknown query parameter', '?dryRun=1', { names: [row()] }, 'dryRun', 'dryRun is not a parameter of this route'],
    ['a runId that is not a positive integer', '', { names: [row()], runId: 0 }, 'runId', 'runId must be >= 1'],
  ])('400 naming the parameter itself for %s, adding nothing', async (_label, query, body, field, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/names/bulk-import${query}`,
      payload: body,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(message), field });
    expect(await countNames()).toBe(0);
  });

  it(`takes ${BULK_IMPORT_MAX_ROWS} rows in one request and refuses one more (413) without adding any`, async () => {
    const rows = Array.from({ length: BULK_IMPORT_MAX_ROWS + 1 }, (_, i) => row({ name: `name${i}` }));
    const tooMany = await bulkImport({ names: rows });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toEqual({
      error: 'payload_too_large',
      message: expect.stringContaining(`At most ${BULK_IMPORT_MAX_ROWS} rows per request`),
      field: 'names',
    });
    expect(await countNames()).toBe(0);

    expect(await bulkImport({ names: rows.slice(0, BULK_IMPORT_MAX_ROWS) })).toEqual({
      status: 200,
      body: { addedCount: BULK_IMPORT_MAX_ROWS, duplicateCount: 0, trashedCount: 0, runId: expect.any(Number) },
    });
    expect(await countNames()).toBe(BULK_IMPORT_MAX_ROWS);
  });

  it('a failed invalid batch leaves earlier batches in place', async () => {
    await bulkImport({ names: [row({ name: 'Anna' }), row({ name: 'Björk' })] });
    const failed = await bulkImport({ names: [row({ name: 'Carl' }), row({ gender: 'x' })] });
    expect(failed.status).toBe(400);
    expect((await allNames()).map((r) => r.name)).toEqual(['Anna', 'Björk']);
  });
});

describe('bulk import atomicity', () => {
  // Rows that pass validation can still fail in the database (a lost connection, a failing COMMIT).
  // A Db whose transaction fails after the callback has run shows that the INSERT runs inside the
  // request's transaction: when the transaction fails, none of the rows remain.
  it('rolls back every row of the request when its transaction fails', async () => {
    let countInsideTransaction = -1;
    const failingCommit: Db = {
      ...t.db,
      transaction: (fn) =>
        t.db.transaction(async (tx) => {
          await fn(tx);
          const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM names');
          countInsideTransaction = rows[0]!.n;
          throw new Error('simulated failure before COMMIT');
        }),
    };
    const app = Fastify({ logger: false });
    // The route records its acting admin, whom the /api guard sets in the real app.
    app.decorateRequest('account', null);
    app.addHook('onRequest', async (request) => {
      request.account = { uid: 'admin-uid', email: 'admin@babynames.test' } as never;
    });
    await app.register(bulkImportRoutes, { db: failingCommit, prefix: '/api' });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/names/bulk-import',
        payload: { names: [row(), row({ name: 'Björk' }), row({ name: 'Carl' })] },
      });
      expect(response.statusCode).toBe(500);
      expect(countInsideTransaction).toBe(3); // the rows were written inside this transaction...
      expect(await countNames()).toBe(0); // ...and rolled back with it
    } finally {
      await app.close();
    }
  });
});
