import type { NameRecord, NationalityCount } from '../../contract/schemas/names';
import { createTestApp, type TestApp } from './testApp';

// One backend for the file (PGlite takes seconds to start); each test starts from an empty names table.
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, payload?: unknown, token: string | null = t.adminToken) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.body === '' ? undefined : (response.json() as unknown) };
}

async function add(name: string, gender = 'female', nationality = 'icelandic'): Promise<NameRecord> {
  const { status, body } = await call('POST', '/names', { name, gender, nationality });
  expect(status).toBe(201);
  return body as NameRecord;
}

async function list(query: string): Promise<NameRecord[]> {
  const { status, body } = await call('GET', `/names?${query}`);
  expect(status).toBe(200);
  return (body as { names: NameRecord[] }).names;
}
const namesOf = (records: NameRecord[]) => records.map((r) => r.name);

describe('access', () => {
  it('sits behind the admin guard', async () => {
    expect((await call('GET', '/names', undefined, null)).status).toBe(401);
    expect((await call('GET', '/names', undefined, t.userToken)).status).toBe(403);
    expect((await call('POST', '/admin/names/bulk-import', { names: [] }, t.userToken)).status).toBe(403);
  });
});

describe('POST /names', () => {
  it('creates a record (201): name trimmed, gender and nationality normalized, created_at ISO', async () => {
    const { status, body } = await call('POST', '/names', { name: '  McKenzie ', gender: ' Female ', nationality: ' Scottish ' });
    expect(status).toBe(201);
    const record = body as NameRecord;
    expect(record).toEqual({
      id: expect.any(Number),
      name_id: record.id,
      name: 'McKenzie',
      gender: 'female',
      nationality: 'scottish',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      version: 1,
    });
    expect(await list('')).toEqual([record]);
  });

  it.each([
    [{ gender: 'male', nationality: 'english' }, 'name'],
    [{ name: '   ', gender: 'male', nationality: 'english' }, 'name'],
    [{ name: 'Anna', gender: 'robot', nationality: 'english' }, 'gender'],
    [{ name: 'Anna', gender: '', nationality: 'english' }, 'gender'],
    [{ name: 'Anna', gender: 'female', nationality: ' ' }, 'nationality'],
  ])('400 for %j, naming %s, and nothing is stored', async (payload, field) => {
    const { status, body } = await call('POST', '/names', payload);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'bad_request', message: expect.any(String), field });
    expect(await list('')).toEqual([]);
  });
});

describe('PUT /names/:id', () => {
  it('updates every field and re-files the name under its new letter', async () => {
    const anna = await add('Anna', 'female', 'english');
    const { status, body } = await call('PUT', `/names/${anna.id}`, { name: 'ásta', gender: 'FEMALE', nationality: 'Icelandic' });
    expect(status).toBe(200);
    expect(body).toEqual({ ...anna, name: 'ásta', nationality: 'icelandic', version: 2 });
    expect(await list('alphabetFilter=A')).toEqual([]);
    expect(namesOf(await list('alphabetFilter=Á'))).toEqual(['ásta']);
  });

  it('404 for an unknown id, 400 for a non-numeric id or an empty field', async () => {
    const anna = await add('Anna');
    const payload = { name: 'Anna', gender: 'female', nationality: 'english' };
    expect(await call('PUT', `/names/${anna.id + 1000}`, payload)).toEqual({
      status: 404,
      body: { error: 'not_found', message: expect.any(String) },
    });
    expect((await call('PUT', '/names/abc', payload)).body).toMatchObject({ error: 'bad_request', field: 'id' });
    expect((await call('PUT', `/names/${anna.id}`, { ...payload, nationality: '' })).body).toMatchObject({ field: 'nationality' });
    expect((await list(''))[0]).toEqual(anna);
  });
});

describe('DELETE /names/:id', () => {
  it('204, then 404 for the same id; 400 for a non-numeric id', async () => {
    const anna = await add('Anna');
    const keep = await add('Björk');
    expect(await call('DELETE', `/names/${anna.id}`)).toEqual({ status: 204, body: undefined });
    expect((await call('DELETE', `/names/${anna.id}`)).status).toBe(404);
    expect((await call('DELETE', '/names/x1')).body).toMatchObject({ error: 'bad_request', field: 'id' });
    expect(await list('')).toEqual([keep]);
  });
});

describe('POST /names/bulk-delete', () => {
  it('deletes the listed ids in one go and counts only those that existed', async () => {
    const [a, b, c] = [await add('Anna'), await add('Björk'), await add('Carl', 'male')];
    const { status, body } = await call('POST', '/names/bulk-delete', { nameIds: [a.id, c.id, c.id + 999] });
    expect(status).toBe(200);
    expect(body).toEqual({ deletedCount: 2, swipes: 0, matches: 0, deletionId: expect.any(Number) });
    expect(await list('')).toEqual([b]);
  });

  it.each([
    ['an empty list', { nameIds: [] }, 'nameIds'],
    ['no list', {}, 'nameIds'],
    ['1001 ids', { nameIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'nameIds'],
    ['a non-number', { nameIds: [1, 'two'] }, 'nameIds[1]'],
  ])('400 for %s, naming %s', async (_label, payload, field) => {
    const anna = await add('Anna');
    expect((await call('POST', '/names/bulk-delete', payload)).body).toMatchObject({ error: 'bad_request', field });
    expect(await list('')).toEqual([anna]);
  });
});

describe('GET /names/nationalities and /names/nationalities-with-counts', () => {
  it('lists distinct nationalities sorted, and their counts', async () => {
    await add('Anna', 'female', 'Swedish');
    await add('Björk', 'female', 'icelandic');
    await add('Ólafur', 'male', ' ICELANDIC ');
    await add('Carl', 'male', 'english');
    expect(await call('GET', '/names/nationalities')).toEqual({ status: 200, body: ['english', 'icelandic', 'swedish'] });
    const counts: NationalityCount[] = [
      { name: 'english', count: 1 },
      { name: 'icelandic', count: 2 },
      { name: 'swedish', count: 1 },
    ];
    expect(await call('GET', '/names/nationalities-with-counts')).toEqual({ status: 200, body: counts });
  });

  it('answers empty lists for an empty table', async () => {
    expect((await call('GET', '/names/nationalities')).body).toEqual([]);
    expect((await call('GET', '/names/nationalities-with-counts')).body).toEqual([]);
  });
});

describe('GET /names filters', () => {
  beforeEach(async () => {
    const rows = [
      ['Anna', 'female', 'swedish'],
      ['Ari', 'male', 'icelandic'],
      ['Ásta', 'female', 'icelandic'],
      ['Ágúst', 'male', 'icelandic'],
      ['Ægir', 'male', 'icelandic'],
      ['Örn', 'male', 'icelandic'],
      ['Björk', 'female', 'icelandic'],
      ['Alex', 'unisex', 'english'],
      ['Oliver', 'male', 'english'],
      ['Ólöf', 'female', 'icelandic'],
    ] as const;
    const { status } = await call('POST', '/admin/names/bulk-import', {
      names: rows.map(([name, gender, nationality]) => ({ name, gender, nationality, createdAt: '2025-01-01T00:00:00.000Z' })),
    });
    expect(status).toBe(200);
  });

  it('letter A never returns Á names; Á (or á, or its NFD spelling) returns only them', async () => {
    expect(namesOf(await list('alphabetFilter=A')).sort()).toEqual(['Alex', 'Anna', 'Ari']);
    expect(namesOf(await list('alphabetFilter=a')).sort()).toEqual(['Alex', 'Anna', 'Ari']);
    for (const letter of ['Á', 'á', 'A\u0301']) {
      expect(namesOf(await list(`alphabetFilter=${encodeURIComponent(letter)}`)).sort()).toEqual(['Ágúst', 'Ásta']);
    }
    expect(namesOf(await list(`alphabetFilter=${encodeURIComponent('æ')}`))).toEqual(['Ægir']);
    expect(namesOf(await list(`alphabetFilter=${encodeURIComponent('Ö')}`))).toEqual(['Örn']);
    expect(namesOf(await list('alphabetFilter=O'))).toEqual(['Oliver']);
    expect(namesOf(await list(`alphabetFilter=${encodeURIComponent('Ó')}`))).toEqual(['Ólöf']);
    expect(await list('alphabetFilter=Z')).toEqual([]);
  });

  it('All / all / absent means no letter filter', async () => {
    const everything = await list('');
    expect(everything).toHaveLength(10);
    expect(await list('alphabetFilter=All')).toEqual(everything);
    expect(await list('alphabetFilter=all')).toEqual(everything);
  });

  it('filters by gender, and gender=all means no filter', async () => {
    expect(namesOf(await list('gender=female')).sort()).toEqual(['Anna', 'Björk', 'Ólöf', 'Ásta'].sort());
    expect(namesOf(await list('gender=unisex'))).toEqual(['Alex']);
    expect(await list('gender=all')).toHaveLength(10);
  });

  it('filters by nationality case-insensitively, and nationality=all means no filter', async () => {
    expect(namesOf(await list('nationality=English')).sort()).toEqual(['Alex', 'Oliver']);
    expect(namesOf(await list('nationality=%20ENGLISH%20')).sort()).toEqual(['Alex', 'Oliver']);
    expect(await list('nationality=all')).toHaveLength(10);
    expect(await list('nationality=martian')).toEqual([]);
  });

  it('combines the filters', async () => {
    expect(namesOf(await list('gender=male&nationality=icelandic&alphabetFilter=A'))).toEqual(['Ari']);
    expect(namesOf(await list(`gender=male&nationality=icelandic&alphabetFilter=${encodeURIComponent('Á')}`))).toEqual(['Ágúst']);
    expect(namesOf(await list('gender=female&nationality=all&alphabetFilter=All')).sort()).toEqual(
      ['Anna', 'Björk', 'Ólöf', 'Ásta'].sort(),
    );
  });

  it.each([
    ['gender=robot', 'gender'],
    ['alphabetFilter=AB', 'alphabetFilter'],
    ['alphabetFilter=7', 'alphabetFilter'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=2.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=x', 'offset'],
    ['gender=male&gender=female', 'gender'],
  ])('400 for %s naming %s', async (query, field) => {
    const { status, body } = await call('GET', `/names?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'bad_request', message: expect.any(String), field });
  });
});

describe('GET /names order and paging', () => {
  // 3 names x 40 copies (equal names must still page stably, by id; each copy has its own nationality,
  // as the same name, gender and nationality is stored once) + 37 distinct ones = 157 rows.
  const TOTAL = 157;
  beforeEach(async () => {
    const rows = [
      ...Array.from({ length: 40 }, (_, copy) => ['Anna', 'Emil', 'Sara'].map((name) => ({ name, nationality: `nation${copy}` }))).flat(),
      ...Array.from({ length: 37 }, (_, i) => ({ name: `Name${String(i).padStart(2, '0')}`, nationality: 'english' })),
    ];
    // Shuffled so that insertion order (id) differs from name order.
    rows.sort(() => Math.random() - 0.5);
    const { body } = await call('POST', '/admin/names/bulk-import', {
      names: rows.map((row, i) => ({ ...row, gender: i % 2 ? 'male' : 'female' })),
    });
    expect(body).toMatchObject({ addedCount: TOTAL, duplicateCount: 0 });
  });

  it('defaults to 50 rows ordered by name, then id', async () => {
    const page = await list('');
    expect(page).toHaveLength(50);
    const sorted = [...page].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    expect(page).toEqual(sorted);
    expect(await list('')).toEqual(page);
  });

  it('pages without duplicates or gaps, and the last page is short', async () => {
    const all = await list('limit=500');
    expect(all).toHaveLength(TOTAL);
    const paged: NameRecord[] = [];
    for (let offset = 0; ; offset += 25) {
      const page = await list(`limit=25&offset=${offset}`);
      paged.push(...page);
      if (page.length < 25) {
        expect(page).toHaveLength(TOTAL % 25);
        break;
      }
    }
    expect(paged).toEqual(all);
    expect(new Set(paged.map((r) => r.id)).size).toBe(TOTAL);
    expect(await list(`offset=${TOTAL}`)).toEqual([]);
  });

  it('pages a filtered list the same way', async () => {
    const males = await list('gender=male&limit=500');
    const paged = [
      ...(await list('gender=male&limit=30')),
      ...(await list('gender=male&limit=30&offset=30')),
      ...(await list('gender=male&limit=30&offset=60')),
    ];
    expect(paged).toEqual(males);
    expect(males.every((r) => r.gender === 'male')).toBe(true);
  });

  it('answers every page with the total of all matches, an empty page past the end too (page and total are one statement)', async () => {
    const males = await list('gender=male&limit=500');
    for (const query of ['', 'limit=25&offset=150', `offset=${TOTAL}`, 'offset=100000']) {
      const { body } = await call('GET', `/names?${query}`);
      expect({ query, total: (body as { total: number }).total }).toEqual({ query, total: TOTAL });
    }
    const past = (await call('GET', '/names?gender=male&offset=100000')).body;
    expect(past).toEqual({ names: [], total: males.length, totalIsEstimate: false });
    const none = (await call('GET', '/names?nationality=nowhere')).body;
    expect(none).toEqual({ names: [], total: 0, totalIsEstimate: false });
  });
});
