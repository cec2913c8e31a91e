import type { NamesPageResponse } from '../../contract/schemas/names';
import type { NameExportRow } from '../../contract/exports';
import type { DatabaseOverview, MigrationResponse } from '../../contract/schemas/databaseAdmin';
import { ALREADY_THERE_MESSAGE } from '../src/dbAdmin/randomSeedColumn';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'full' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const URL = '/api/admin/migrate/add-random-seed-column';

function migrate(options: { token?: string | null; contentType?: string | null; payload?: string } = {}) {
  const { token = t.adminToken, contentType = 'application/json', payload = '{}' } = options;
  return t.app.inject({
    method: 'POST',
    url: URL,
    payload,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
  });
}

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${t.adminToken}` } });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

const migrationRecords = async () =>
  Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM console_actions WHERE action = 'migration.run'`)).rows[0]!.n);

describe('POST /admin/migrate/add-random-seed-column', () => {
  it('refuses non-admins and a call without the JSON content header, changing nothing', async () => {
    expect((await migrate({ token: null })).statusCode).toBe(401);
    expect((await migrate({ token: t.userToken })).statusCode).toBe(403);
    const plain = await migrate({ contentType: 'text/plain', payload: 'x' });
    expect(plain.statusCode).toBe(415);
    expect((await migrate({ payload: '{"drop":true}' })).statusCode).toBe(400);
    expect((await get<DatabaseOverview>('/admin/database-overview')).hasRandomSeedColumn).toBe(false);
    expect(await migrationRecords()).toBe(0);
  });

  it('before it runs, names carry no random_seed', async () => {
    const page = await get<NamesPageResponse>('/names?limit=5&offset=0');
    expect(page.names[0]).not.toHaveProperty('random_seed');
  });

  it('adds the column once even when two runs arrive together, then says it is already there', async () => {
    const total = Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names')).rows[0]!.n);
    const [a, b] = await Promise.all([migrate(), migrate()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const answers = [a.json() as MigrationResponse, b.json() as MigrationResponse];
    const applied = answers.filter((r) => r.applied);
    expect(applied).toHaveLength(1);
    expect(applied[0]!.message).toMatch(
      new RegExp(
        `^Added the random_seed column to names and gave ${total.toLocaleString('en-US')} names a random seed in \\d+\\.\\d s\\.$`,
      ),
    );
    expect(answers.find((r) => !r.applied)!.message).toBe(ALREADY_THERE_MESSAGE);
    expect(await migrationRecords()).toBe(1);

    const second = await migrate();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ applied: false, message: ALREADY_THERE_MESSAGE });
    expect(await migrationRecords()).toBe(1);

    const seeds = await t.db.query<{ nulls: number; distinct: number }>(
      'SELECT count(*) FILTER (WHERE random_seed IS NULL)::int AS nulls, count(DISTINCT random_seed)::int AS distinct FROM names',
    );
    expect(seeds.rows[0]!.nulls).toBe(0);
    expect(seeds.rows[0]!.distinct).toBeGreaterThan(total * 0.99);
  });

  it('afterwards the names API, new names and the export carry random_seed', async () => {
    const page = await get<NamesPageResponse>('/names?limit=5&offset=0');
    for (const name of page.names) expect((name as { random_seed?: number }).random_seed).toEqual(expect.any(Number));

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/names',
      payload: { name: 'Seedling', gender: 'female', nationality: 'english' },
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(created.statusCode).toBe(201);
    const { rows } = await t.db.query<{ random_seed: number }>(`SELECT random_seed FROM names WHERE name = 'Seedling'`);
    const seed = rows[0]!.random_seed;
    expect(seed).toBeGreaterThanOrEqual(0);
    expect(seed).toBeLessThan(1);

    const exported = await get<{ rows: NameExportRow[] }>('/export/names?limit=3');
    expect(exported.rows[0]!.random_seed).toEqual(expect.any(Number));
    expect((await get<DatabaseOverview>('/admin/database-overview')).hasRandomSeedColumn).toBe(true);
  });

  it('GET /names follows the column when it changes behind the server (psql), which remembers it for 5 s at most', async () => {
    const seeded = (page: NamesPageResponse) => page.names.every((n) => typeof (n as { random_seed?: number }).random_seed === 'number');
    expect(seeded(await get<NamesPageResponse>('/names?limit=5&offset=0'))).toBe(true);
    // Dropped: the remembered "present" fails the query once; the page is answered without the seed.
    await t.db.exec('ALTER TABLE names DROP COLUMN random_seed');
    const without = await get<NamesPageResponse>('/names?limit=5&offset=0');
    expect(without.names).toHaveLength(5);
    expect(without.names[0]).not.toHaveProperty('random_seed');
    // Added again: seen once the 5 s are over.
    await t.db.exec('ALTER TABLE names ADD COLUMN random_seed double precision NOT NULL DEFAULT random()');
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 5_001);
    try {
      expect(seeded(await get<NamesPageResponse>('/names?limit=5&offset=0'))).toBe(true);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('GET /admin/database-overview', () => {
  it('counts names in total, per gender and nationalities', async () => {
    const overview = await get<DatabaseOverview>('/admin/database-overview');
    const { rows } = await t.db.query<{ gender: string; n: number }>('SELECT gender, count(*)::int AS n FROM names GROUP BY gender');
    const byGender = Object.fromEntries(rows.map((r) => [r.gender, Number(r.n)]));
    expect(overview.namesByGender).toEqual({ male: byGender.male ?? 0, female: byGender.female ?? 0, unisex: byGender.unisex ?? 0 });
    expect(overview.totalNames).toBe(Object.values(byGender).reduce((a, b) => a + b, 0));
    const nat = await t.db.query<{ n: number }>('SELECT count(DISTINCT nationality)::int AS n FROM names');
    expect(overview.nationalityCount).toBe(Number(nat.rows[0]!.n));
  });
});
