// The same name, gender and nationality (case-insensitive) is stored once, and every
// write of the names API records itself with before/after values in its own transaction.
import type { NameRecord } from '../../contract/schemas/names';
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
  await t.db.query('DELETE FROM console_actions');
});

type Method = 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  return { status: response.statusCode, body: response.body === '' ? undefined : (response.json() as unknown) };
}

const add = (name: string, gender = 'female', nationality = 'icelandic') => call('POST', '/names', { name, gender, nationality });

async function records() {
  const { rows } = await t.db.query<{ action: string; target_id: string | null; before: unknown; after: unknown; details: unknown }>(
    'SELECT action, target_id, before, after, details FROM console_actions ORDER BY id',
  );
  return rows;
}

describe('duplicates', () => {
  it('POST /names refuses the same name, gender and nationality in any case with 409 "already exists"', async () => {
    expect((await add('Ásta')).status).toBe(201);
    expect(await add('ásta', 'female', 'Icelandic')).toEqual({
      status: 409,
      body: { error: 'conflict', message: 'already exists', field: 'name' },
    });
    // another gender or nationality is another name
    expect((await add('Ásta', 'unisex')).status).toBe(201);
    expect((await add('Ásta', 'female', 'norwegian')).status).toBe(201);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names');
    expect(rows[0]!.n).toBe(3);
  });

  it('PUT /names/:id refuses to turn a name into another existing one, and saves a name unchanged', async () => {
    const anna = (await add('Anna')).body as NameRecord;
    const bjork = (await add('Björk')).body as NameRecord;
    expect(await call('PUT', `/names/${bjork.id}`, { name: 'ANNA', gender: 'female', nationality: 'icelandic' })).toMatchObject({
      status: 409,
      body: { message: 'already exists' },
    });
    expect((await call('PUT', `/names/${anna.id}`, { name: 'Anna', gender: 'female', nationality: 'icelandic' })).status).toBe(200);
    expect((await call('PUT', `/names/${anna.id}`, { name: 'anna', gender: 'female', nationality: 'icelandic' })).status).toBe(200);
  });

  it('the database refuses a duplicate even past the route (the unique index)', async () => {
    await add('Anna');
    await expect(
      t.db.query(`INSERT INTO names (name, gender, nationality, first_letter) VALUES ('ANNA', 'female', 'ICELANDIC', 'A')`),
    ).rejects.toThrow(/names_identity_key/);
  });
});

describe('console-action records of name writes', () => {
  it('create, update, delete and bulk delete record before and after values', async () => {
    const anna = (await add('Anna')).body as NameRecord;
    const jon = (await add('Jón', 'male')).body as NameRecord;
    const alex = (await add('Alex', 'unisex')).body as NameRecord;
    await call('PUT', `/names/${anna.id}`, { name: 'Anne', gender: 'female', nationality: 'english' });
    await call('DELETE', `/names/${jon.id}`);
    await call('POST', '/names/bulk-delete', { nameIds: [alex.id, 999999] });

    const recorded = await records();
    expect(recorded.map((r) => r.action)).toEqual([
      'name.create',
      'name.create',
      'name.create',
      'name.update',
      'name.delete',
      'names.bulk_delete',
    ]);
    expect(recorded[0]).toMatchObject({ target_id: String(anna.id), before: null, after: { name: 'Anna', nationality: 'icelandic' } });
    expect(recorded[3]).toMatchObject({
      target_id: String(anna.id),
      before: { name: 'Anna', nationality: 'icelandic' },
      after: { name: 'Anne', nationality: 'english' },
    });
    expect(recorded[4]).toMatchObject({ target_id: String(jon.id), before: { name: 'Jón', gender: 'male' }, after: null });
    expect(recorded[5]).toMatchObject({ before: [{ id: alex.id, name: 'Alex' }], details: { requested: 2, deleted: 1 } });
  });

  it('a refused write leaves no record', async () => {
    await add('Anna');
    await add('anna');
    await call('DELETE', '/names/999999');
    expect((await records()).map((r) => r.action)).toEqual(['name.create']);
  });
});
