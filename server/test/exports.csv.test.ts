// GET /api/export/{names,name-analytics}/csv: the whole collection as one CSV file from PostgreSQL's COPY
//. It must hold the same cells as the file the console writes from the page reads with papaparse
// (the contract's rules: formula guard, RFC 4180 quoting, CRLF), in id order, every row once.
import Papa from 'papaparse';
import { CSV_NEWLINE, FORMULA_START, UTF8_BOM } from '../../contract/csvCells';
import { STREAMED_CSV_COLUMNS, type ExportPageResponse, type StreamedCsvCollection } from '../../contract/exports';
import { csvHeader, streamCsvExport, withCrlfRecordEnds } from '../src/exports/csvExport';
import { addRandomSeedColumn } from '../src/dbAdmin/randomSeedColumn';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;

/** Names the name rules would refuse, written past them (an older import, a hand edit): each a CSV hazard. */
const HOSTILE_NAMES = [
  '=SUM(A1:A9)',
  '+33 1',
  '-2',
  '@admin',
  '\tTabbed',
  '\rReturn',
  'Comma, Name',
  'Quote "Q" Name',
  'Line\nBreak',
  'Crlf\r\nInside',
  ' Leading',
  'Trailing ',
  '\uFEFFBom',
  'Ünïcødé Æøå',
  "O'Brien",
  '""',
];

beforeAll(async () => {
  t = await createTestApp({ seed: 'full' });
  for (const name of HOSTILE_NAMES) {
    await t.db.query(`INSERT INTO names (name, gender, nationality, first_letter) VALUES ($1, 'female', $2, 'X')`, [
      name,
      name.startsWith('=') ? '=cmd' : 'english',
    ]);
  }
  // a name with swipes of both kinds and one with only likes: ratios 0.5 and 1
  await t.db.query(`INSERT INTO swipes (user_id, name_id, liked)
                    SELECT u.uid, n.id, u.rn % 2 = 0
                      FROM (SELECT uid, row_number() OVER (ORDER BY uid) AS rn FROM users LIMIT 2) u,
                           (SELECT id FROM names WHERE name = 'Comma, Name') n`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string | null = t.adminToken) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The file the console writes from the page reads: papaparse with the contract's options (src/lib/export/csvWriter.ts). */
async function consoleFile(collection: StreamedCsvCollection): Promise<string> {
  const columns = STREAMED_CSV_COLUMNS[collection];
  const rows: Record<string, unknown>[] = [];
  let after: string | null = null;
  do {
    const response = await get(`/export/${collection}?limit=10000${after ? `&after=${after}` : ''}`);
    const page = response.json() as ExportPageResponse<Record<string, unknown>>;
    rows.push(...page.rows);
    after = page.next;
  } while (after !== null);
  const unparse = (data: unknown[][]) => Papa.unparse(data, { newline: CSV_NEWLINE, escapeFormulae: FORMULA_START, header: false });
  return UTF8_BOM + unparse([[...columns]]) + CSV_NEWLINE + unparse(rows.map((row) => columns.map((c) => row[c] ?? null))) + CSV_NEWLINE;
}

const cells = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

async function streamed(collection: StreamedCsvCollection, pageRows?: number): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of streamCsvExport(t.db, collection, pageRows)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the file', () => {
  it('names: the same cells as the console writes from the pages, formula cells guarded, in id order', async () => {
    const response = await get('/export/names/csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const file = response.body;
    expect(file.startsWith(`${UTF8_BOM}id,name,gender,nationality,created_at,random_seed\r\n`)).toBe(true);

    const expected = cells(await consoleFile('names'));
    const got = cells(file);
    expect(got.length).toBe(Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names')).rows[0]!.n) + 1);
    expect(got).toEqual(expected);
    const byName = new Map(got.map((row) => [row[1], row]));
    expect(byName.get("'=SUM(A1:A9)")?.[3]).toBe("'=cmd");
    for (const name of HOSTILE_NAMES) {
      const guarded = FORMULA_START.test(name) ? `'${name}` : name;
      expect(byName.has(guarded)).toBe(true);
    }
    const ids = got.slice(1).map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('ends every record with CRLF, and keeps a line break inside a quoted cell as it was', async () => {
    const file = await streamed('names');
    const records = Papa.parse<string[]>(file, { skipEmptyLines: true }).data.length;
    expect(file.split('\r\n').length - 1).toBeGreaterThanOrEqual(records);
    expect(file).toContain('"Line\nBreak"');
    expect(file).toContain('"Crlf\r\nInside"');
    expect(/[^\r]\n/.test(file.replace('"Line\nBreak"', ''))).toBe(false);
    expect(file.endsWith('\r\n')).toBe(true);
  });

  it('reads in id ranges: every row once, whatever the range size', async () => {
    const whole = await streamed('names');
    const total = Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM names')).rows[0]!.n);
    expect(await streamed('names', 7)).toBe(whole);
    // a last range exactly full, then an empty one; and one range larger than the table
    expect(await streamed('names', total)).toBe(whole);
    expect(await streamed('names', total + 1)).toBe(whole);
  });

  it('name analytics: swipes, likes, dislikes and the ratio as the page reads give them', async () => {
    const got = cells(await streamed('name-analytics', 500));
    expect(got[0]).toEqual([...STREAMED_CSV_COLUMNS['name-analytics']]);
    expect(got).toEqual(cells(await consoleFile('name-analytics')));
    const comma = got.find((row) => row[1] === 'Comma, Name')!;
    expect(comma.slice(4)).toEqual(['2', '1', '1', '0.5']);
    expect(got.find((row) => row[1] === '@admin')).toBeUndefined();
    expect(got.find((row) => row[1] === "'@admin")?.slice(4)).toEqual(['0', '0', '0', '']);
  });

  it('carries random_seed once the migration added it', async () => {
    await addRandomSeedColumn(t.db, { uid: 'test', email: 'test@example.test' });
    const got = cells(await streamed('names'));
    expect(got.slice(1).every((row) => row[5] !== '' && Number(row[5]) >= 0 && Number(row[5]) < 1)).toBe(true);
    // The same numbers; PostgreSQL writes one below 1e-4 in exponent form (8.6e-05) where JavaScript writes 0.000086.
    const seedAsNumber = (rows: string[][]) => rows.map((row, i) => (i === 0 ? row : [...row.slice(0, 5), Number(row[5])]));
    expect(seedAsNumber(got)).toEqual(seedAsNumber(cells(await consoleFile('names'))));
  });
});

describe('access and validation', () => {
  it('sits behind the admin guard', async () => {
    expect((await get('/export/names/csv', null)).statusCode).toBe(401);
    expect((await get('/export/names/csv', t.userToken)).statusCode).toBe(403);
  });

  it.each([
    ['/export/users/csv', 'collection'],
    ['/export/names/csv?limit=5', 'limit'],
  ])('refuses %s naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });
});

describe('withCrlfRecordEnds', () => {
  const crlf = (text: string) => withCrlfRecordEnds(Buffer.from(text)).toString();
  it('turns record-ending LFs into CRLF and leaves the ones inside quoted cells', () => {
    expect(crlf('a,b\nc,d\n')).toBe('a,b\r\nc,d\r\n');
    expect(crlf('1,"x\ny"\n2,"say ""hi""\nthere"\n3,z\n')).toBe('1,"x\ny"\r\n2,"say ""hi""\nthere"\r\n3,z\r\n');
    expect(crlf('')).toBe('');
  });
  it('starts the file with the BOM and the header', () => {
    expect(csvHeader('names').toString()).toBe('\uFEFFid,name,gender,nationality,created_at,random_seed\r\n');
  });
});
