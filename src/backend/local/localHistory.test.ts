// The local history adapter's requests: GET /api/history/{type}/{id} with limit, before and source; POST
// /api/history/revert with the record's version as If-Match; the server's reason and status on a refusal.
import { createLocalHistory, fetchRecordHistory } from './localHistory';

const calls: { url: string; method: string; body: unknown; ifMatch: string | null }[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: {} };
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(init.body as string) : undefined,
      ifMatch: headers['If-Match'] ?? null,
    });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
beforeEach(() => {
  calls.length = 0;
  reply = { status: 200, body: { state: 'live', current: null, entries: [], nextCursor: null } };
});

const options = { apiBaseUrl: '/api', timeoutMs: 10_000, getToken: async () => 'token-1' };
const history = createLocalHistory(options);

it('reads a record’s history page by page', async () => {
  await history.readHistory({ type: 'user', id: 'u/1' }, { limit: 20 });
  await history.readHistory({ type: 'name', id: '42' }, { limit: 20, before: 'abc=' });
  await fetchRecordHistory(options, { type: 'user', id: 'u1' }, { source: 'console' });
  expect(calls.map((c) => [c.method, c.url])).toEqual([
    ['GET', '/api/history/user/u%2F1?limit=20'],
    ['GET', '/api/history/name/42?limit=20&before=abc%3D'],
    ['GET', '/api/history/user/u1?source=console'],
  ]);
});

it('reverts with the record’s version as If-Match', async () => {
  reply.body = { state: 'live', current: { uid: 'u1', version: 5 } };
  expect(await history.revert({ actionId: 12, targetId: 'u1' }, { version: 4 })).toEqual(reply.body);
  await history.revert({ actionId: 13 }, {});
  expect(calls).toEqual([
    { url: '/api/history/revert', method: 'POST', body: { actionId: 12, targetId: 'u1' }, ifMatch: '"4"' },
    { url: '/api/history/revert', method: 'POST', body: { actionId: 13 }, ifMatch: null },
  ]);
});

it('rejects with the server’s status and reason (410: deleted forever)', async () => {
  reply = { status: 410, body: { error: 'gone', message: 'Name 7 was deleted forever: nothing to revert. Nothing was written.' } };
  await expect(history.revert({ actionId: 3 }, { version: 2 })).rejects.toMatchObject({
    status: 410,
    reason: 'Name 7 was deleted forever: nothing to revert. Nothing was written.',
  });
});
