import type { NameRecord } from '../../contract/schemas/names';
import { createTestApp, type TestApp } from './testApp';

// Every response that returns a name carries the same columns as GET /names (NAME_COLUMNS): random_seed once
// the Database Admin migration has added it, nothing before. POST and PUT used to leave it out.
type SeededName = NameRecord & { random_seed?: number };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload }),
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function storedSeed(id: number): Promise<number> {
  const { rows } = await t.db.query<{ random_seed: number }>('SELECT random_seed FROM names WHERE id = $1', [id]);
  return Number(rows[0]!.random_seed);
}

async function listed(id: number): Promise<SeededName> {
  const { body } = await call('GET', '/names?limit=100&offset=0');
  return (body as { names: SeededName[] }).names.find((n) => n.id === id)!;
}

describe('POST /names and PUT /names/:id return the columns GET /names returns', () => {
  it('before the random_seed migration: no random_seed, and the same record as the list', async () => {
    const created = await call('POST', '/names', { name: 'Unseeded', gender: 'female', nationality: 'english' });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('random_seed');
    const id = (created.body as SeededName).id;
    const updated = await call('PUT', `/names/${id}`, { name: 'Unseeded', gender: 'unisex', nationality: 'english' });
    expect(updated.status).toBe(200);
    expect(updated.body).not.toHaveProperty('random_seed');
    expect(updated.body).toEqual(await listed(id));
  });

  it('after it: create and update responses carry the stored random_seed, equal to what GET /names shows', async () => {
    const migration = await t.app.inject({
      method: 'POST',
      url: '/api/admin/migrate/add-random-seed-column',
      payload: {},
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
    });
    expect(migration.statusCode).toBe(200);

    const created = await call('POST', '/names', { name: 'Seedling', gender: 'female', nationality: 'english' });
    expect(created.status).toBe(201);
    const record = created.body as SeededName;
    expect(record.random_seed).toEqual(expect.any(Number));
    expect(record.random_seed).toBe(await storedSeed(record.id));
    expect(record).toEqual(await listed(record.id));

    const updated = await call('PUT', `/names/${record.id}`, { name: 'Seedling', gender: 'unisex', nationality: 'welsh' });
    expect(updated.status).toBe(200);
    const after = updated.body as SeededName;
    expect(after).toMatchObject({ id: record.id, gender: 'unisex', nationality: 'welsh', random_seed: record.random_seed });
    expect(after).toEqual(await listed(record.id));

    // A name created before the migration got its seed from it; its update returns that seed too.
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM names WHERE name = 'Unseeded'`);
    const old = Number(rows[0]!.id);
    const oldUpdated = await call('PUT', `/names/${old}`, { name: 'Unseeded', gender: 'male', nationality: 'english' });
    expect(oldUpdated.status).toBe(200);
    expect((oldUpdated.body as SeededName).random_seed).toBe(await storedSeed(old));
  });

  it('the audit record of an update holds the whole record, random_seed included', async () => {
    const { rows } = await t.db.query<{ after: SeededName }>(
      `SELECT after FROM console_actions WHERE action = 'name.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]!.after.random_seed).toEqual(expect.any(Number));
  });
});
