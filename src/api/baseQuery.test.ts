import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { delay, http, HttpResponse } from 'msw';
import { createFakeBackend } from '../../mocks/fakeBackend';
import { server } from '../../mocks/server';
import { config } from '../../jest/env.mock';
import { apiBaseQuery, type ApiArgs } from './baseQuery';
import { onUnauthorized } from './http';

function queryApi(token: string | null): BaseQueryApi & { dispatch: jest.Mock } {
  const backend = createFakeBackend();
  backend.token = token;
  return {
    signal: new AbortController().signal,
    abort: () => {},
    dispatch: jest.fn(),
    getState: () => ({}),
    extra: { backend },
    endpoint: 'test',
    type: 'query',
  };
}

const url = (path: string) => `${config.apiBaseUrl}/${path}`;
const query = (args: ApiArgs, token: string | null = 't') => Promise.resolve(apiBaseQuery(args, queryApi(token), {}));

/** What the server was sent: method, address, the headers the tests look at, and the body as text. */
interface Seen {
  method: string;
  url: URL;
  authorization: string | null;
  contentType: string | null;
  ifMatch: string | null;
  body: string;
}

function recordRequests(path: string, answer: () => Response = () => HttpResponse.json({ ok: true })): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(url(path), async ({ request }) => {
      seen.push({
        method: request.method,
        url: new URL(request.url),
        authorization: request.headers.get('Authorization'),
        contentType: request.headers.get('Content-Type'),
        ifMatch: request.headers.get('If-Match'),
        body: await request.text(),
      });
      return answer();
    }),
  );
  return seen;
}

/** Runs a request that never gets an answer under fake timers; resolves what it settled with at each time given. */
async function settledAt(args: ApiArgs, times: number[]): Promise<unknown[]> {
  server.use(
    http.get(url('slow'), async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  );
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    let settled: unknown;
    const pending = query(args).then((r) => (settled = r));
    const seen: unknown[] = [];
    let now = 0;
    for (const time of times) {
      await jest.advanceTimersByTimeAsync(time - now);
      now = time;
      seen.push(settled);
    }
    await jest.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    await pending;
    return seen;
  } finally {
    jest.useRealTimers();
  }
}

describe('apiBaseQuery', () => {
  it('sends Authorization: Bearer <ID token> to the configured base URL', async () => {
    const seen = recordRequests('probe');
    const result = await query('/probe', 'id-token-123');
    expect(result).toEqual({ data: { ok: true } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', authorization: 'Bearer id-token-123' });
    expect(seen[0].url.href).toBe(url('probe'));
  });

  it('sends no Authorization header when signed out', async () => {
    const seen = recordRequests('probe');
    await query('/probe', null);
    expect(seen[0].authorization).toBeNull();
  });

  it('gives up after exactly the configured timeout, and says how many seconds it waited', async () => {
    expect(config.apiTimeoutMs).toBe(10_000);
    const [before, at] = await settledAt('/slow', [9_999, 10_000]);
    expect(before).toBeUndefined();
    expect(at).toEqual({ error: { status: 'TIMEOUT', reason: 'The server did not answer within 10 seconds.' } });
  });

  it('reads the configured timeout at each request (another configuration, another limit)', async () => {
    const configured = config.apiTimeoutMs;
    config.apiTimeoutMs = 3_000;
    try {
      const [before, at] = await settledAt('/slow', [2_999, 3_000]);
      expect(before).toBeUndefined();
      expect(at).toEqual({ error: { status: 'TIMEOUT', reason: 'The server did not answer within 3 seconds.' } });
    } finally {
      config.apiTimeoutMs = configured;
    }
  });

  it("keeps a request's own timeout (the long migration of databaseAdminApi.ts)", async () => {
    const [at10s, before, at] = await settledAt({ url: '/slow', timeout: 90_000 }, [10_000, 89_999, 90_000]);
    expect(at10s).toBeUndefined();
    expect(before).toBeUndefined();
    expect(at).toEqual({ error: { status: 'TIMEOUT', reason: 'The server did not answer within 90 seconds.' } });
  });

  it('normalizes a 500 JSON body into a reason, and marks the API error body', async () => {
    server.use(http.get(url('broken'), () => HttpResponse.json({ error: 'internal', message: 'Database unavailable' }, { status: 500 })));
    const result = await query('/broken');
    expect(result.error).toEqual({ status: 500, reason: 'Database unavailable', fromApi: true, detail: { code: 'internal' } });
    // JSON that is not an ApiErrorBody (e.g. a gateway's own JSON) is not the API's answer.
    server.use(http.get(url('gateway'), () => HttpResponse.json({ message: 'upstream timed out' }, { status: 504 })));
    expect((await query('/gateway')).error).toEqual({ status: 504, reason: 'upstream timed out' });
  });

  it("keeps a stale write's detail: the record as it is now, for the screen to show both sides", async () => {
    const conflict = { current: { id: 7, name: 'Alva', version: 4 }, changedBy: 'ops@example.com', changedAt: '2026-03-01T10:00:00.000Z' };
    server.use(
      http.put(url('names/7'), () =>
        HttpResponse.json({ error: 'version_conflict', message: 'Someone else changed this name.', conflict }, { status: 409 }),
      ),
    );
    const result = await query({ url: '/names/7', method: 'PUT', body: { name: 'Alma' }, headers: { 'If-Match': '"3"' } });
    expect(result.error).toEqual({
      status: 409,
      reason: 'Someone else changed this name.',
      fromApi: true,
      detail: { code: 'version_conflict', conflict },
    });
  });

  it('normalizes a 502 text body and a network failure too', async () => {
    server.use(http.get(url('text'), () => new HttpResponse('Bad gateway upstream', { status: 502 })));
    expect((await query('/text')).error).toEqual({ status: 502, reason: 'Bad gateway upstream' });
    server.use(http.get(url('down'), () => HttpResponse.error()));
    expect((await query('/down')).error).toEqual({ status: 'NETWORK', reason: expect.stringMatching(/^Could not reach the server\b/) });
  });

  it('reports a 401 for the token it sent once, to the one place that ends the session (http.ts), and dispatches nothing', async () => {
    const heard: [string, string][] = [];
    const stop = onUnauthorized((token, reason) => heard.push([token, reason]));
    try {
      server.use(http.get(url('refused'), () => HttpResponse.json({ error: 'unauthorized', message: 'Session revoked' }, { status: 401 })));
      const api = queryApi('old-token');
      const result = await apiBaseQuery('/refused', api, {});
      expect(result).toEqual({ error: { status: 401, reason: 'Session revoked', fromApi: true, detail: { code: 'unauthorized' } } });
      expect(heard).toEqual([['old-token', 'Session revoked']]);
      expect(api.dispatch).not.toHaveBeenCalled();
      // Without a token there is no session to end.
      await query('/refused', null);
      expect(heard).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('builds the query string from params, leaving out undefined values as fetchBaseQuery did', async () => {
    const seen = recordRequests('names');
    await query({ url: '/names', params: { q: 'sig', letter: undefined, limit: 50, offset: 0, exact: false, deletionId: null } });
    expect(seen[0].url.search).toBe('?q=sig&limit=50&offset=0&exact=false&deletionId=null');
    await query({ url: '/names?gender=all', params: { q: 'a b&c' } });
    expect(seen[1].url.searchParams.getAll('gender')).toEqual(['all']);
    expect(seen[1].url.searchParams.get('q')).toBe('a b&c');
    await query({ url: '/names', params: { letter: undefined } });
    expect(seen[2].url.search).toBe('');
  });

  it('sends a JSON body with its type, the method, and the If-Match an endpoint gives', async () => {
    const seen = recordRequests('views/5');
    await query({ url: '/views/5', method: 'PUT', body: { title: 'Mine' }, headers: { 'If-Match': '"12"' } });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      contentType: 'application/json',
      ifMatch: '"12"',
      body: '{"title":"Mine"}',
      authorization: 'Bearer t',
    });
    await query({ url: '/views/5', method: 'DELETE', headers: { 'If-Match': '"13"' } });
    expect(seen[1]).toMatchObject({ method: 'DELETE', contentType: null, ifMatch: '"13"', body: '' });
  });

  it('sends a Blob body as it is, with its own type (a bulk import batch the worker encoded)', async () => {
    const seen = recordRequests('admin/names/bulk-import');
    const encoded = '{"names":[{"name":"Ada","gender":"female"}],"runId":4}';
    await query({ url: '/admin/names/bulk-import', method: 'POST', body: new Blob([encoded], { type: 'application/x-batch' }) });
    expect(seen[0]).toMatchObject({ method: 'POST', contentType: 'application/x-batch', body: encoded });
    // A JSON Content-Type the endpoint set does not turn the Blob into "{}".
    await query({
      url: '/admin/names/bulk-import',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Blob([encoded]),
    });
    expect(seen[1].body).toBe(encoded);
  });

  it('answers null for an empty body (a 204), as fetchBaseQuery did', async () => {
    recordRequests('gone', () => new HttpResponse(null, { status: 204 }));
    expect(await query({ url: '/gone', method: 'DELETE' })).toEqual({ data: null });
    recordRequests('empty', () => new HttpResponse('', { status: 200 }));
    expect(await query('/empty')).toEqual({ data: null });
  });
});
