// The hostile-input table: requests an attacker (or a careless client) sends, each with what
// the server must do with it. Run over HTTP against the served configuration by `npm run hostile-table`
// (scripts/hostile-table.ts) and through inject() by server/test/hostileTable.test.ts.

export type Expectation =
  /** any 4xx: refused, nothing done */
  | 'refused'
  /** 401: an unknown /api path answers as any /api path does without a token */
  | 'unauthorized'
  /** 404: a file that must not be served */
  | 'not-found';

export interface HostileRequest {
  /** what kind of attack, for the printed table */
  kind: 'instant' | 'number' | 'id' | 'misspelt' | 'control' | 'unknown-path' | 'map' | 'echo';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** a JSON body, sent as written (so 1e308 and 12345678901234567890 reach the parser as such) */
  body?: string;
  /** sent with the demo admin's token (default) or none */
  token?: 'admin' | 'none';
  /** further request headers (If-Match) */
  headers?: Record<string, string>;
  expect: Expectation;
}

const YEAR_ZERO = [
  '0000-01-01T00:00:00Z',
  '0000-01-01',
  '-000001-01-01T00:00:00Z',
  '10000-01-01T00:00:00Z',
  '2026-02-30',
  '2026-13-01T00:00:00Z',
];
const BAD_NUMBERS = [
  '1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '0x10',
  '1e3',
  '+1',
  '1.5',
  '-1',
  '99999999999999999999',
  '0b1',
  '1_000',
  '01',
];

/** GET routes with their query parameters, to misspell and to feed bad values. */
const GET_ROUTES: { url: string; numbers: string[]; instants: string[] }[] = [
  { url: '/api/names', numbers: ['limit', 'offset'], instants: [] },
  { url: '/api/names/nationalities', numbers: [], instants: [] },
  { url: '/api/names/nationalities-with-counts', numbers: [], instants: [] },
  { url: '/api/users', numbers: ['limit', 'offset'], instants: ['createdFrom', 'createdTo', 'lastActiveFrom', 'lastActiveTo'] },
  { url: '/api/audit-logs', numbers: ['limit'], instants: ['since'] },
  { url: '/api/audit-logs/stats', numbers: [], instants: ['since'] },
  { url: '/api/export/names', numbers: ['limit'], instants: [] },
  { url: '/api/export/audit-logs', numbers: ['limit'], instants: ['from', 'to'] },
  { url: '/api/export/audit-logs/count', numbers: [], instants: ['from', 'to'] },
  { url: '/api/export/names/csv', numbers: [], instants: [] },
  { url: '/api/export/name-analytics/csv', numbers: [], instants: [] },
  { url: '/api/admin/import-runs', numbers: ['limit'], instants: [] },
  { url: '/api/admin/import-runs/1', numbers: [], instants: [] },
  { url: '/api/admin/health', numbers: [], instants: [] },
  { url: '/api/admin/database-overview', numbers: [], instants: [] },
  { url: '/api/swipes/stats', numbers: [], instants: [] },
  { url: '/api/documents/counts', numbers: [], instants: [] },
  { url: '/api/analytics/top-names-by-gender', numbers: [], instants: [] },
  { url: '/api/analytics/top-names-by-nationality', numbers: [], instants: [] },
  { url: '/api/analytics/user-stats', numbers: [], instants: [] },
  { url: '/api/analytics/decision-time-stats', numbers: [], instants: [] },
  { url: '/api/analytics/match-conversion-rate', numbers: [], instants: [] },
  { url: '/api/analytics/name-analytics', numbers: ['limit'], instants: [] },
  { url: '/api/analytics/top-ranked-names', numbers: ['limit'], instants: [] },
  { url: '/api/analytics/match-analytics', numbers: ['limit'], instants: [] },
  { url: '/api/analytics/daily-active-users', numbers: [], instants: [] },
  { url: '/api/analytics/swipes-over-time', numbers: [], instants: [] },
  { url: '/api/analytics/popularity-trends', numbers: ['days'], instants: [] },
  { url: '/api/analytics/user-swipes/demo-user-1', numbers: ['limit'], instants: [] },
  { url: '/api/analytics/user-swipe-insights/demo-user-1', numbers: [], instants: [] },
  { url: '/api/analytics/swipe-sessions/demo-user-1', numbers: ['limit'], instants: [] },
  { url: '/api/matches/demo-user-1/demo-user-2', numbers: ['limit', 'offset'], instants: [] },
  { url: '/api/names/trash', numbers: ['limit', 'offset', 'deletionId'], instants: [] },
  { url: '/api/history/name/1', numbers: ['limit'], instants: [] },
  { url: '/api/history/user/demo-user-1', numbers: ['limit'], instants: [] },
];

const MISSPELT = ['nationalty=irish', 'gendr=male', 'limt=5', 'sinse=2026-01-01T00:00:00Z', 'startdate=2026-01-01'];

/** Free text that must never be stored: ANSI escapes, other controls, bidi overrides, zero-width, blank. */
export const HOSTILE_TEXTS = [
  '\u001b[31mred\u001b[0m',
  'bell\u0007',
  'line\u0085next',
  'evil\u202etxt.exe',
  'zero\u200bwidth',
  'soft\u00adhyphen',
  '   ',
  '\t',
];

const enc = encodeURIComponent;

function build(): HostileRequest[] {
  const table: HostileRequest[] = [];
  for (const route of GET_ROUTES) {
    for (const misspelt of MISSPELT) table.push({ kind: 'misspelt', method: 'GET', url: `${route.url}?${misspelt}`, expect: 'refused' });
    for (const field of route.numbers)
      for (const value of BAD_NUMBERS)
        table.push({ kind: 'number', method: 'GET', url: `${route.url}?${field}=${enc(value)}`, expect: 'refused' });
    for (const field of route.instants)
      for (const value of YEAR_ZERO)
        table.push({ kind: 'instant', method: 'GET', url: `${route.url}?${field}=${enc(value)}`, expect: 'refused' });
  }
  for (const value of ['0000-01-01', '2026-02-30', '99999-01-01', '2026-1-1'])
    for (const field of ['startDate', 'endDate'])
      for (const url of ['/api/analytics/daily-active-users', '/api/analytics/swipes-over-time'])
        table.push({ kind: 'instant', method: 'GET', url: `${url}?${field}=${enc(value)}`, expect: 'refused' });
  for (const value of ['0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z'])
    for (const field of ['from', 'to'])
      table.push({
        kind: 'instant',
        method: 'POST',
        url: '/api/export/runs',
        body: `{"kind":"audit-logs","format":"csv","${field}":"${value}"}`,
        expect: 'refused',
      });

  // Ids: too large for the database's bigint, or not whole numbers at all.
  for (const runId of ['1e308', '12345678901234567890', '9007199254740993', '-1', '1.5', '"1"'])
    table.push({
      kind: 'id',
      method: 'POST',
      url: '/api/admin/names/bulk-import',
      body: `{"names":[],"runId":${runId}}`,
      expect: 'refused',
    });
  for (const id of ['1e308', '12345678901234567890', '0x10', '1e3', '+1', 'Infinity', '0', '-1', '01'])
    for (const [method, url] of [
      ['GET', `/api/admin/import-runs/${id}`],
      ['PUT', `/api/names/${id}`],
      ['DELETE', `/api/names/${id}`],
      ['POST', `/api/admin/import-runs/${id}/undo`],
    ] as const)
      table.push({
        kind: 'id',
        method,
        url,
        ...(method === 'PUT' ? { body: '{"name":"Anna","gender":"female","nationality":"english"}' } : {}),
        expect: 'refused',
      });
  for (const ids of ['[1e308]', '[12345678901234567890]', '[1.5]', '["1"]', '[]', '[1,1]'])
    for (const url of ['/api/names/bulk-delete', '/api/names/restore', '/api/names/trash/purge', '/api/names/delete-preview'])
      table.push({ kind: 'id', method: 'POST', url, body: `{"nameIds":${ids}}`, expect: 'refused' });
  for (const id of ['1e308', '12345678901234567890', '1.5', '"1"', '0'])
    table.push({ kind: 'id', method: 'POST', url: '/api/names/restore', body: `{"deletionId":${id}}`, expect: 'refused' });
  for (const id of ['1e308', '12345678901234567890', '1.5', '"1"', '0'])
    table.push({ kind: 'id', method: 'POST', url: '/api/history/revert', body: `{"actionId":${id}}`, expect: 'refused' });
  for (const id of ['12345678901234567890', '1.5', '0x10', '-1', 'a%20b'])
    table.push({ kind: 'id', method: 'GET', url: `/api/history/name/${id}`, expect: 'refused' });
  // If-Match: a record version in quotes, nothing else (no weak tags, no lists, no '*').
  for (const value of ['"abc"', '"0"', '"1e3"', '"12345678901"', 'W/"1"', '*', '"1", "2"', '"-1"'])
    for (const [method, url] of [
      ['PUT', '/api/names/1'],
      ['DELETE', '/api/names/1'],
      ['PATCH', '/api/users/demo-user-1'],
      ['DELETE', '/api/users/demo-user-1'],
    ] as const)
      table.push({
        kind: 'number',
        method,
        url,
        headers: { 'if-match': value },
        ...(method === 'PUT' ? { body: '{"name":"Anna","gender":"female","nationality":"english"}' } : {}),
        ...(method === 'PATCH' ? { body: '{"isPremium":true}' } : {}),
        expect: 'refused',
      });
  // A bulk delete's versions: whole numbers within a version's range only.
  for (const versions of ['[1e308]', '[2147483648]', '[0]', '["1"]', '[1.5]'])
    table.push({
      kind: 'number',
      method: 'POST',
      url: '/api/names/bulk-delete',
      body: `{"nameIds":[1],"versions":${versions}}`,
      expect: 'refused',
    });

  // Unknown body fields.
  table.push({
    kind: 'misspelt',
    method: 'POST',
    url: '/api/names',
    body: '{"name":"Anna","gender":"female","nationality":"english","isAdmin":true}',
    expect: 'refused',
  });
  table.push({ kind: 'misspelt', method: 'POST', url: '/api/users', body: '{"email":"x@example.com","isAdmin":true}', expect: 'refused' });
  table.push({ kind: 'misspelt', method: 'PATCH', url: '/api/users/demo-user-1', body: '{"isAdmin":true}', expect: 'refused' });
  table.push({
    kind: 'misspelt',
    method: 'POST',
    url: '/api/admin/import-runs',
    body: '{"fileName":"a.csv","state":"done"}',
    expect: 'refused',
  });

  // Saved views (contract/savedViews.ts): a state closed per page, an owner the body cannot name, bounded columns.
  const viewState = '{"filters":{"letter":"All","gender":"all","nationality":"all","search":""},"columns":{},"density":"standard"}';
  for (const body of [
    `{"page":"names","name":"v","state":${viewState},"ownerUid":"someone-else"}`,
    `{"page":"names","name":"v","state":${viewState.replace('"density"', '"sql":"x","density"')}}`,
    `{"page":"users","name":"v","state":${viewState}}`,
    `{"page":"everything","name":"v","state":${viewState}}`,
    `{"page":"names","name":"v","state":${viewState.replace('"columns":{}', `"columns":{${Array.from({ length: 41 }, (_, n) => `"c${n}":true`).join(',')}}`)}}`,
  ]) {
    table.push({ kind: 'misspelt', method: 'POST', url: '/api/views', body, expect: 'refused' });
  }
  table.push({
    kind: 'misspelt',
    method: 'PUT',
    url: '/api/views/preferences/names',
    body: '{"columns":{},"density":"huge"}',
    expect: 'refused',
  });

  // Free text.
  HOSTILE_TEXTS.forEach((text, i) => {
    const json = JSON.stringify(text);
    table.push({
      kind: 'control',
      method: 'POST',
      url: '/api/users',
      body: `{"email":"hostile${i}a@example.com","username":${json}}`,
      expect: 'refused',
    });
    table.push({
      kind: 'control',
      method: 'POST',
      url: '/api/users',
      body: `{"email":"hostile${i}b@example.com","displayName":${json}}`,
      expect: 'refused',
    });
    table.push({
      kind: 'control',
      method: 'POST',
      url: '/api/admin/import-runs',
      body: `{"fileName":${JSON.stringify(text.trim() === '' ? text : `${text}.csv`)}}`,
      expect: 'refused',
    });
    table.push({
      kind: 'control',
      method: 'POST',
      url: '/api/names',
      body: `{"name":${json},"gender":"female","nationality":"english"}`,
      expect: 'refused',
    });
    table.push({
      kind: 'control',
      method: 'POST',
      url: '/api/views',
      body: `{"page":"names","name":${json},"state":${viewState}}`,
      expect: 'refused',
    });
  });

  // Name search text (GET /api/names?q=): invisible or control characters and text past 100 characters are refused
  // and named; LIKE's wildcards are matched as themselves (server/test/names.search.test.ts).
  for (const text of HOSTILE_TEXTS.filter((t) => t.trim() !== ''))
    table.push({ kind: 'control', method: 'GET', url: `/api/names?q=${enc(text)}`, expect: 'refused' });
  table.push({ kind: 'echo', method: 'GET', url: `/api/names?q=${'x'.repeat(101)}`, expect: 'refused' });
  table.push({ kind: 'echo', method: 'GET', url: `/api/names?q=${enc('%_\\'.repeat(3500))}`, expect: 'refused' });

  // Unknown /api paths without a token: the same 401 as every /api path (never a 404 that maps the API).
  for (const method of ['GET', 'POST', 'DELETE'] as const)
    for (const url of ['/api/nope', '/api/names/x/y', '/api/', '/api', '/api/%2e%2e/auth/account', '/api/admin'])
      table.push({ kind: 'unknown-path', method, url, token: 'none', expect: 'unauthorized' });

  // Source maps, however the URL spells ".map".
  for (const url of [
    '/assets/x.js.map',
    '/assets/x.js%2Emap',
    '/assets/x.js%2emap',
    '/assets/x.js.ma%70',
    '/assets/x.js.%6dap',
    '/assets/x.js.MAP',
    '/assets/x.js.map?v=1',
    '/assets/%78.js.map',
  ])
    table.push({ kind: 'map', method: 'GET', url, token: 'none', expect: 'not-found' });

  // A long value echoed back must come back bounded.
  table.push({ kind: 'echo', method: 'GET', url: `/api/analytics/user-swipes/${'x'.repeat(5000)}`, expect: 'refused' });
  return table;
}

export const HOSTILE_REQUESTS: readonly HostileRequest[] = build();

export interface Answer {
  status: number;
  body: string;
}

/** Whether the answer is what the entry expects. */
export function answered(entry: HostileRequest, answer: Answer): boolean {
  if (entry.expect === 'unauthorized') return answer.status === 401;
  if (entry.expect === 'not-found') return answer.status === 404;
  return answer.status >= 400 && answer.status < 500;
}
