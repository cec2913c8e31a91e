// The local adapter's requests to the reference backend: paths, query strings, methods, bodies and token.
import { createLocalAuditLogs, createLocalUserManagement, toQueryString } from './localUsersAudit';

const calls: { url: string; method: string; body: unknown; auth: string | null; ifMatch?: string }[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: {} };
const fetchMock = jest.fn(async (url: string, init: RequestInit) => {
  const headers = init.headers as Record<string, string>;
  calls.push({
    url,
    method: init.method ?? 'GET',
    body: init.body ? JSON.parse(init.body as string) : undefined,
    auth: headers.Authorization ?? null,
    ...(headers['If-Match'] !== undefined ? { ifMatch: headers['If-Match'] } : {}),
  });
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
});
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
beforeEach(() => {
  calls.length = 0;
  reply = { status: 200, body: {} };
});

const options = { apiBaseUrl: '/api/', timeoutMs: 10_000, getToken: async () => 'token-1' };
const users = createLocalUserManagement(options);
const audit = createLocalAuditLogs(options);

it('turns a query object into a query string, leaving out what is not set', () => {
  expect(toQueryString({ search: 'anna b', isPremium: false, connected: undefined, preferredGender: '', limit: 50, cursor: null })).toBe(
    '?search=anna+b&isPremium=false&limit=50',
  );
  expect(toQueryString({})).toBe('');
});

it('lists users with GET /api/users and the filters as parameters', async () => {
  reply.body = { users: [], total: 0, nextCursor: null };
  expect(
    await users.listUsers({
      search: 'Ó&x',
      accountActive: true,
      createdFrom: '2026-01-01T00:00:00.000Z',
      sort: 'email',
      order: 'asc',
      limit: 25,
      offset: 50,
    }),
  ).toEqual(reply.body);
  expect(calls).toEqual([
    {
      url: '/api/users?search=%C3%93%26x&accountActive=true&createdFrom=2026-01-01T00%3A00%3A00.000Z&sort=email&order=asc&limit=25&offset=50',
      method: 'GET',
      body: undefined,
      auth: 'Bearer token-1',
    },
  ]);
});

it('keeps each row’s version (a write sends it back), and only a real one', async () => {
  reply.body = { users: [{ uid: 'a', version: 7 }, { uid: 'b' }, { uid: 'c', version: '7' }], total: 3, nextCursor: null };
  const page = await users.listUsers({});
  expect(page.users.map((u) => u.version)).toEqual([7, undefined, undefined]);
  expect(page.users[1]).not.toHaveProperty('version');
});

it('changes flags with PATCH and deletes with DELETE, the uid escaped', async () => {
  await users.updateUserFlags('a/b', { isPremium: true });
  await users.deleteUser('u 1');
  expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
    { url: '/api/users/a%2Fb', method: 'PATCH', body: { isPremium: true } },
    { url: '/api/users/u%201', method: 'DELETE', body: undefined },
  ]);
});

it('sends the version a write is based on as If-Match, and none without one', async () => {
  await users.updateUserFlags('u1', { accountActive: false }, { version: 7 });
  await users.deleteUser('u1', { version: 8 });
  await users.updateUserFlags('u1', { isPremium: true }, {});
  expect(calls.map(({ method, ifMatch }) => ({ method, ifMatch }))).toEqual([
    { method: 'PATCH', ifMatch: '"7"' },
    { method: 'DELETE', ifMatch: '"8"' },
    { method: 'PATCH' },
  ]);
});

it('rejects a stale write with the 409’s detail: the record as it is now and who changed it', async () => {
  const conflict = {
    current: { uid: 'u1', isPremium: true, version: 9 },
    changedBy: { uid: 'a2', email: 'b@example.com' },
    changedAt: '2026-03-01T10:00:00.000Z',
  };
  reply = { status: 409, body: { error: 'version_conflict', message: 'The user record was changed', field: 'if-match', conflict } };
  const error = await users.updateUserFlags('u1', { isPremium: true }, { version: 8 }).catch((e: unknown) => e);
  expect(error).toMatchObject({ status: 409, reason: 'The user record was changed', detail: { code: 'version_conflict', conflict } });
});

it('pages audit logs and reads statistics', async () => {
  await audit.pageAuditLogs({ since: '2026-11-15T00:00:00.000Z', event: 'CANCELLATION', source: 'app', cursor: 'abc' });
  await audit.auditStats({ source: 'all' });
  expect(calls.map((c) => c.url)).toEqual([
    '/api/audit-logs?since=2026-11-15T00%3A00%3A00.000Z&event=CANCELLATION&source=app&cursor=abc',
    '/api/audit-logs/stats?source=all',
  ]);
});

it('rejects with the reason the server gave', async () => {
  reply = {
    status: 409,
    body: { error: 'conflict', message: 'You cannot delete your own account: another admin must do it', field: 'uid' },
  };
  await expect(users.deleteUser('me')).rejects.toThrow('You cannot delete your own account: another admin must do it');
});
