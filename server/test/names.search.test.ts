// GET /names?q=: what a search finds and in which order (contract/nameSearch.ts, server/src/names/nameSearch.ts).
import { firstLetter } from '../../contract/nameRules';
import {
  foldForSearch,
  NAME_SEARCH_COUNT_LIMIT,
  NAME_SEARCH_FEW_MATCHES,
  NAME_SEARCH_MAX_CLOSE,
  NAME_SEARCH_MAX_LENGTH,
  NAME_SEARCH_MIN_SIMILARITY,
} from '../../contract/nameSearch';
import type { NamesPageResponse, NameRecord } from '../../contract/schemas/names';
import { namesFilterOf } from '../../contract/namesInput';
import { buildSearchQuery, prefixUpperBound, escapeLike, trigramSchema, type SearchFilter } from '../src/names/nameSearch';
import { insertNameColumns } from '../src/names/repository';
import { NAMES_BY_ORIGIN } from '../src/seed/data/nameData';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.query('DELETE FROM names_trash');
  await t.db.query('DELETE FROM names');
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  return { status: response.statusCode, body: response.body === '' ? undefined : (response.json() as unknown) };
}

async function search(query: string): Promise<NamesPageResponse> {
  const { status, body } = await call('GET', `/names?${query}`);
  expect({ status, query }).toEqual({ status: 200, query });
  return body as NamesPageResponse;
}
const q = (text: string, more = '') => search(`q=${encodeURIComponent(text)}${more}`);
const namesOf = (page: { names: NameRecord[] }) => page.names.map((n) => n.name);

/** Stores names as written (gender female, nationality icelandic unless given), in one statement. */
async function store(names: readonly (string | [string, string, string])[]): Promise<void> {
  const rows = names.map((n) => (typeof n === 'string' ? [n, 'female', 'icelandic'] : n));
  await insertNameColumns(t.db, {
    names: rows.map((r) => r[0]),
    genders: rows.map((r) => r[1]),
    nationalities: rows.map((r) => r[2]),
    firstLetters: rows.map((r) => firstLetter(r[0])),
    createdAts: rows.map(() => '2026-01-01T00:00:00.000Z'),
  } as Parameters<typeof insertNameColumns>[1]);
}

describe('folding: case, accents and the Icelandic and Nordic letters', () => {
  beforeEach(() => store(['Sigríður', 'Ægir', 'Þór', 'Björk', 'Øyvind', 'Åsa', 'Anna', 'Łucja', 'Straße']));

  it.each([
    ['sigridur', ['Sigríður']],
    ['SIGRÍÐUR', ['Sigríður']],
    ['Sigri\u0301ður', ['Sigríður']],
    ['aegir', ['Ægir']],
    ['ægir', ['Ægir']],
    ['AEGIR', ['Ægir']],
    ['thor', ['Þór']],
    ['þór', ['Þór']],
    ['bjork', ['Björk']],
    ['oyvind', ['Øyvind']],
    ['asa', ['Åsa']],
    ['lucja', ['Łucja']],
    ['strasse', ['Straße']],
  ])('%s finds %j', async (text, expected) => {
    const page = await q(text);
    expect(namesOf(page)).toEqual(expected);
    expect(page.search).toEqual({
      q: text.normalize('NFC'),
      key: foldForSearch(text),
      prefixMatches: 1,
      containsMatches: 0,
      closeMatches: 0,
      exact: true,
    });
    expect(page.total).toBe(1);
  });
});

describe('order: names starting with the text, then names containing it, then close spellings', () => {
  it('prefix matches first (by folded name, then id), then contains', async () => {
    await store(['Ingrid', 'Ríkharður', 'Astrid', 'Rida', 'Frida', 'Sigrid', 'Arnór', 'Bríd']);
    const page = await q('rid');
    // "Bríd" folds to "brid": contains "rid"; "Ríkharður" folds to "rikhardur": no.
    expect(namesOf(page)).toEqual(['Rida', 'Astrid', 'Bríd', 'Frida', 'Ingrid', 'Sigrid']);
    expect(page.search).toMatchObject({ prefixMatches: 1, containsMatches: 5, closeMatches: 0 });
    expect(page.total).toBe(6);
  });

  it('equal folded names keep the order of their ids', async () => {
    await store([
      ['Sigríður', 'female', 'icelandic'],
      ['Sigridur', 'female', 'english'],
      ['SIGRÍÐUR', 'female', 'irish'],
    ]);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM names ORDER BY id');
    expect((await q('sigridur')).names.map((n) => n.id)).toEqual(rows.map((r) => Number(r.id)));
  });

  it('one or two letters only find names starting with them', async () => {
    await store(['Anna', 'Hanna', 'Jóhanna', 'Ána']);
    expect(namesOf(await q('an'))).toEqual(['Ána', 'Anna']);
    expect(namesOf(await q('A'))).toEqual(['Ána', 'Anna']);
    const inside = await q('ann');
    expect(namesOf(inside).slice(0, 3)).toEqual(['Anna', 'Hanna', 'Jóhanna']);
    expect(inside.search).toMatchObject({ prefixMatches: 1, containsMatches: 2 });
  });

  it('close spellings come last, closest first, when few names match: "Sigridr" still finds Sigríður', async () => {
    await store(['Sigríður', 'Sigrún', 'Anna', 'Sigurður']);
    const page = await q('Sigridr');
    expect(page.search).toMatchObject({ prefixMatches: 0, containsMatches: 0 });
    expect(page.search!.closeMatches).toBeGreaterThanOrEqual(1);
    expect(namesOf(page)[0]).toBe('Sigríður');
    expect(namesOf(page)).not.toContain('Anna');
    // After the exact matches when there are a few
    await store(['Sigridr Jóna']);
    const mixed = await q('Sigridr');
    expect(namesOf(mixed)[0]).toBe('Sigridr Jóna');
    expect(namesOf(mixed)).toContain('Sigríður');
    expect(mixed.search).toMatchObject({ prefixMatches: 1, containsMatches: 0 });
  });

  it(`a close spelling shares at least ${NAME_SEARCH_MIN_SIMILARITY} of its trigrams, and every session's trigram index prunes at that figure`, async () => {
    // similarity('margaretx', …): Margaret 0.73, Marga 0.45, Margarita 0.43; Margo and Marek 0.33 (kept by pg_trgm's
    // default of 0.3), Mar 0.27.
    await store(['Margaret', 'Margarita', 'Margo', 'Marga', 'Mar', 'Marek']);
    const page = await q('margaretx');
    expect(namesOf(page)).toEqual(['Margaret', 'Marga', 'Margarita']);
    const { rows } = await t.db.query<{ threshold: string }>("SELECT current_setting('pg_trgm.similarity_threshold') AS threshold");
    expect(Number(rows[0]!.threshold)).toBe(NAME_SEARCH_MIN_SIMILARITY);
  });

  it('no session compiles statements with JIT (at 10M names it cost a search tens of ms: db/sessionSettings.ts)', async () => {
    // Several at once, so the pool opens more than one connection: each must start with the setting.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () => t.db.query<{ jit: string }>("SELECT current_setting('jit') AS jit, pg_sleep(0.05)")),
    );
    expect(settings.map(({ rows }) => rows[0]!.jit)).toEqual(['off', 'off', 'off', 'off']);
  });

  it(`no close spellings once ${NAME_SEARCH_FEW_MATCHES} names match, and at most ${NAME_SEARCH_MAX_CLOSE} of them`, async () => {
    await store(Array.from({ length: 30 }, (_, i) => `Annabel ${String.fromCharCode(65 + (i % 26))}${i}`));
    const close = await q('annabele');
    expect(close.search).toMatchObject({ prefixMatches: 0, containsMatches: 0, closeMatches: NAME_SEARCH_MAX_CLOSE });
    expect(close.names).toHaveLength(NAME_SEARCH_MAX_CLOSE);
    await store(Array.from({ length: NAME_SEARCH_FEW_MATCHES }, (_, i) => `Annabele ${i}`));
    const enough = await q('annabele');
    expect(enough.search).toMatchObject({ prefixMatches: NAME_SEARCH_FEW_MATCHES, containsMatches: 0, closeMatches: 0 });
    expect(namesOf(enough).every((n) => n.startsWith('Annabele'))).toBe(true);
  });
});

describe('paging a search', () => {
  it('pages of 3 read every match once, in the order of one big page, across the three groups', async () => {
    await store(['Rida', 'Ridley', 'Rideau', 'Astrid', 'Frida', 'Ingrid', 'Sigrid', 'Bríd', 'Ridd']);
    await store(['Ridr Anna']); // close spellings of "ridr" besides the prefix ones? Only when few match
    const whole = await q('rid', '&limit=50');
    expect(whole.total).toBe(whole.names.length);
    const paged: NameRecord[] = [];
    for (let offset = 0; offset < whole.total + 3; offset += 3) {
      const page = await q('rid', `&limit=3&offset=${offset}`);
      expect(page.total).toBe(whole.total);
      paged.push(...page.names);
    }
    expect(paged.map((n) => n.id)).toEqual(whole.names.map((n) => n.id));
    expect(new Set(paged.map((n) => n.id)).size).toBe(paged.length);
  });

  it('pages across prefix, contains and close spellings', async () => {
    await store(['Sigri', 'Asigri Dóra', 'Sigríður', 'Sigrún', 'Sigurður']);
    const whole = await q('sigri', '&limit=50');
    expect(whole.search!.prefixMatches).toBeGreaterThan(0);
    expect(whole.search!.containsMatches).toBe(1);
    expect(whole.search!.closeMatches).toBeGreaterThan(0);
    for (const size of [1, 2, 4]) {
      const paged: number[] = [];
      for (let offset = 0; offset < whole.total; offset += size)
        paged.push(...(await q('sigri', `&limit=${size}&offset=${offset}`)).names.map((n) => n.id));
      expect(paged).toEqual(whole.names.map((n) => n.id));
    }
    expect((await q('sigri', `&offset=${whole.total}`)).names).toEqual([]);
  });

  it('combines with the letter, gender and nationality filters', async () => {
    await store([
      ['Anna', 'female', 'swedish'],
      ['Ánna', 'female', 'icelandic'],
      ['Annar', 'male', 'icelandic'],
      ['Hanna', 'female', 'swedish'],
    ]);
    expect(namesOf(await q('anna', '&gender=female'))).toEqual(['Anna', 'Ánna', 'Hanna']);
    expect(namesOf(await q('anna', '&nationality=icelandic'))).toEqual(['Ánna', 'Annar']);
    expect(namesOf(await q('anna', `&alphabetFilter=${encodeURIComponent('Á')}`))).toEqual(['Ánna']);
    const page = await q('anna', '&gender=female&nationality=swedish');
    expect(namesOf(page)).toEqual(['Anna', 'Hanna']);
    expect(page.search).toMatchObject({ prefixMatches: 1, containsMatches: 1, closeMatches: 0 });
  });
});

describe(`counts up to ${NAME_SEARCH_COUNT_LIMIT} past the page`, () => {
  const LIMIT = NAME_SEARCH_COUNT_LIMIT;
  // LIMIT + 5 names starting with "kar", LIMIT + 5 more containing it, one close spelling of it.
  beforeEach(async () => {
    const numbered = (prefix: string) => Array.from({ length: LIMIT + 5 }, (_, i) => `${prefix} ${String(i).padStart(5, '0')}`);
    await store([...numbered('Kari'), ...numbered('Okari'), 'Kxari']);
  });

  it('a prefix group past the bound holds the page; the counts are lower bounds and the next groups are not counted', async () => {
    const page = await q('kar', '&limit=50');
    expect(page.search).toMatchObject({ prefixMatches: LIMIT + 1, containsMatches: 0, closeMatches: 0, exact: false });
    expect(page.total).toBe(LIMIT + 1);
    expect(namesOf(page)[0]).toBe('Kari 00000');
  });

  it('pages past the bound still read the groups in order, and the bound moves with the page', async () => {
    const deep = await q('kar', `&limit=10&offset=${LIMIT}`);
    expect(namesOf(deep)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Kari ${String(LIMIT + i).padStart(5, '0')}`).concat(
        Array.from({ length: 5 }, (_, i) => `Okari ${String(i).padStart(5, '0')}`),
      ),
    );
    // the page reaches the names containing the text: they were read in full, so their count is exact
    expect(deep.search).toMatchObject({ prefixMatches: LIMIT + 5, containsMatches: LIMIT + 5, exact: true });
    expect(deep.total).toBe(2 * (LIMIT + 5));
  });

  it('a contains group the page does not reach is counted up to the bound', async () => {
    await t.db.query(`DELETE FROM names WHERE name LIKE 'Kari %' AND name > 'Kari 00099'`);
    const page = await q('kar', '&limit=50');
    expect(page.search).toMatchObject({ prefixMatches: 100, containsMatches: LIMIT + 1, exact: false });
    expect(namesOf(page)).toHaveLength(50);
    const small = await q('kari 0001', '&limit=50');
    expect(small.search).toMatchObject({ prefixMatches: 10, containsMatches: 10, exact: true }); // Okari 00010-00019
  });
});

describe('the trash', () => {
  it('a name in the trash is never found; restored, it is found again by its folded spelling', async () => {
    await store(['Sigríður', 'Sigrún']);
    const [sigridur] = (await q('sigridur')).names;
    expect((await call('DELETE', `/names/${sigridur!.id}`)).status).toBe(204);
    const gone = await q('sigridur');
    expect(gone.names.map((n) => n.id)).not.toContain(sigridur!.id);
    expect(gone.search!.prefixMatches).toBe(0);
    const { status } = await call('POST', '/names/restore', { nameIds: [sigridur!.id] });
    expect(status).toBe(200);
    expect((await q('sigridur')).names[0]).toMatchObject({ id: sigridur!.id, name: 'Sigríður' });
    const { rows } = await t.db.query<{ search_key: string }>('SELECT search_key FROM names WHERE id = $1', [sigridur!.id]);
    expect(rows).toEqual([{ search_key: 'sigridur' }]);
  });
});

describe('the search text', () => {
  beforeEach(() => store(['A%b', 'A_b', 'Axb', 'A\\b', 'Anna_xy', 'Annaqxy', '100% Ása']));

  it.each([
    ['a_b', ['A_b']],
    ['a%', ['A%b']],
    ['%', []],
    ['_', []],
    ['a\\', ['A\\b']],
    ['\\', []],
    ['nna_x', ['Anna_xy']],
    ['0% asa', ['100% Ása']],
    ['100% ása', ['100% Ása']],
  ])('%j is matched literally: %j', async (text, expected) => {
    expect(namesOf(await q(text))).toEqual(expected);
  });

  it.each([
    ['101 characters', 'a'.repeat(NAME_SEARCH_MAX_LENGTH + 1)],
    ['10 kB', 'ab%_\\'.repeat(2048)],
    ['a control character', 'An\u0007na'],
    ['a line break', 'An\nna'],
    ['a zero-width space', 'An\u200Bna'],
    ['a right-to-left override', '\u202EAnna'],
    ['only a combining mark', '\u0301'],
  ])('refuses %s with 400 naming q', async (_label, text) => {
    const { status, body } = await call('GET', `/names?q=${encodeURIComponent(text)}`);
    expect({ status, body }).toEqual({ status: 400, body: { error: 'bad_request', message: expect.any(String), field: 'q' } });
  });

  it(`takes ${NAME_SEARCH_MAX_LENGTH} characters`, async () => {
    expect((await q('a'.repeat(NAME_SEARCH_MAX_LENGTH))).names).toEqual([]);
  });
});

describe('without q', () => {
  it('answers as before: ordered by name then id, the filters total, no search summary; a blank q is no search', async () => {
    await store(['Þór', 'Anna', 'Ægir', ['anna', 'female', 'swedish'], 'Björk', 'Zoë']);
    const plain = await search('limit=50');
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM names ORDER BY name, id');
    expect(plain.names.map((n) => n.id)).toEqual(rows.map((r) => Number(r.id)));
    expect(plain).toEqual({ names: expect.any(Array), total: 6, totalIsEstimate: false });
    expect(Object.keys(plain.names[0]!).sort()).toEqual(['created_at', 'gender', 'id', 'name', 'name_id', 'nationality', 'version']);
    expect(await search('limit=50&q=')).toEqual(plain);
    expect(await search('limit=50&q=%20%20')).toEqual(plain);
  });
});

describe('query plans', () => {
  // Enough names (real ones, numbered per round) that the planner has a choice; ANALYZE so it knows the table.
  beforeAll(async () => {
    await t.db.query('DELETE FROM names_trash');
    await t.db.query('DELETE FROM names');
    const pool = Object.values(NAMES_BY_ORIGIN).flatMap((byGender) =>
      Object.entries(byGender).flatMap(([g, names]) => names.map((n) => [n, g] as const)),
    );
    const rows: [string, string, string][] = [];
    for (let i = 0; i < 30_000; i++) {
      const [name, gender] = pool[i % pool.length]!;
      rows.push([`${name} ${i}`, gender, ['english', 'icelandic', 'german', 'irish'][i % 4]!]);
    }
    await store(rows);
    await t.db.query('VACUUM ANALYZE names');
  });

  it.each([
    ['a', ''],
    ['sig', ''],
    ['sigridur', ''],
    ['Sigridr', ''],
    ['ann', ''],
    ['rid', ''],
    ['xq%_', ''],
    ['mar', '&gender=female'],
    ['an', '&nationality=german'],
    ['e', '&offset=2000'],
  ])('%j%s reads names through its indexes, never a sequential scan', async (text, more) => {
    const parsed = namesFilterOf(Object.fromEntries(new URLSearchParams(`q=${encodeURIComponent(text)}${more}`)));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { sql, params } = buildSearchQuery(parsed.value as SearchFilter, { trigramSchema: await trigramSchema(t.db), withSeed: false });
    const { rows } = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/names_search_(key|trgm)_idx/);
    expect(plan).not.toMatch(/Seq Scan on names/);
  });
});

describe('helpers', () => {
  it('prefixUpperBound is the first text after every text starting with the prefix', () => {
    expect(prefixUpperBound('sig')).toBe('sih');
    expect(prefixUpperBound('a\uD7FF')).toBe('a\uE000');
    expect(prefixUpperBound('a\u{10FFFF}')).toBe('b');
    expect(prefixUpperBound('\u{10FFFF}')).toBeNull();
  });

  it('escapeLike escapes the wildcards and the escape character', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });
});
