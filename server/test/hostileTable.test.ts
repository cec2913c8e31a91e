// The hostile-input table (scripts/hostileRequests.ts) against the served configuration (a
// static folder with a source map in it, testApp's makeConsoleFolder), through inject(); `npm run
// hostile-table` sends the same table over real HTTP on PGlite and PostgreSQL and prints the counts.
import { freeTextProblem } from '../../contract/textRules';
import { answered, HOSTILE_REQUESTS } from '../../scripts/hostileRequests';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ served: true });
});
afterAll(async () => t?.close());

test('the console is served (so a refused .map is refused, not merely absent)', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/assets/x.js' })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(200);
});

test('every hostile request is refused as the table says: no 500, no ignored parameter', async () => {
  const unexpected: string[] = [];
  // inject() resolves '/api/%2e%2e/auth/...' to '/auth/...' before the server sees it; the HTTP run sends it as written.
  const table = HOSTILE_REQUESTS.filter((entry) => !entry.url.includes('%2e%2e'));
  for (const entry of table) {
    const response = await t.app.inject({
      method: entry.method,
      url: entry.url,
      headers: {
        ...(entry.token === 'none' ? {} : { authorization: `Bearer ${t.adminToken}` }),
        ...(entry.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...entry.headers,
      },
      ...(entry.body === undefined ? {} : { payload: entry.body }),
    });
    if (!answered(entry, { status: response.statusCode, body: response.body })) {
      unexpected.push(`${entry.method} ${entry.url.slice(0, 100)} ${entry.body?.slice(0, 60) ?? ''} -> ${response.statusCode}`);
    }
  }
  expect(unexpected).toEqual([]);
  console.log(
    `hostile table (served configuration): ${table.length} requests tried, ${table.length - unexpected.length} answered as expected`,
  );
});

test('no free text with a control, bidi or invisible character reached the tables', async () => {
  const { rows } = await t.db.query<{ value: string | null }>(
    `SELECT username AS value FROM users UNION ALL SELECT display_name FROM users
     UNION ALL SELECT file_name FROM import_runs UNION ALL SELECT name FROM names UNION ALL SELECT nationality FROM names`,
  );
  expect(rows.filter((row) => row.value !== null && freeTextProblem(row.value) !== undefined)).toEqual([]);
});

test('a refused free-text field names itself and says what the rule is', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { authorization: `Bearer ${t.adminToken}` },
    payload: { email: 'ansi@example.com', username: '\u001b[31mred' },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: 'bad_request', field: 'username', message: expect.stringContaining('control characters') });
});
