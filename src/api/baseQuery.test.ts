import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { delay, http, HttpResponse } from 'msw';
import { createFakeBackend } from '../../mocks/fakeBackend';
import { server } from '../../mocks/server';
import { config } from '../../jest/env.mock';
import { apiBaseQuery } from './baseQuery';

function queryApi(token: string | null): BaseQueryApi {
  const backend = createFakeBackend();
  backend.token = token;
  return {
    signal: new AbortController().signal,
    abort: () => {},
    dispatch: () => {},
    getState: () => ({}),
    extra: { backend },
    endpoint: 'test',
    type: 'query',
  };
}

const url = (path: string) => `${config.apiBaseUrl}/${path}`;

describe('apiBaseQuery', () => {
  it('sends Authorization: Bearer <ID token> to the configured base URL', async () => {
    let seen: string | null = null;
    server.use(
      http.get(url('probe'), ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    const result = await apiBaseQuery('/probe', queryApi('id-token-123'), {});
    expect(result).toMatchObject({ data: { ok: true } });
    expect(seen).toBe('Bearer id-token-123');
  });

  it('sends no Authorization header when signed out', async () => {
    let seen: string | null = 'unset';
    server.use(
      http.get(url('probe'), ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json({});
      }),
    );
    await apiBaseQuery('/probe', queryApi(null), {});
    expect(seen).toBeNull();
  });

  it('gives up after exactly 10 s with the TIMEOUT reason', async () => {
    expect(config.apiTimeoutMs).toBe(10_000);
    server.use(
      http.get(url('slow'), async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let settled: unknown;
      const pending = Promise.resolve(apiBaseQuery('/slow', queryApi('t'), {})).then((r) => (settled = r));
      await jest.advanceTimersByTimeAsync(9_999);
      expect(settled).toBeUndefined();
      await jest.advanceTimersByTimeAsync(1);
      await pending;
      expect(settled).toMatchObject({ error: { status: 'TIMEOUT', reason: 'The server did not answer within 10 seconds.' } });
    } finally {
      jest.useRealTimers();
    }
  });

  it('normalizes a 500 JSON body into a reason, and marks the API error body', async () => {
    server.use(http.get(url('broken'), () => HttpResponse.json({ error: 'internal', message: 'Database unavailable' }, { status: 500 })));
    const result = await apiBaseQuery('/broken', queryApi('t'), {});
    expect(result.error).toEqual({ status: 500, reason: 'Database unavailable', fromApi: true, detail: { code: 'internal' } });
    // JSON that is not an ApiErrorBody (e.g. a gateway's own JSON) is not the API's answer.
    server.use(http.get(url('gateway'), () => HttpResponse.json({ message: 'upstream timed out' }, { status: 504 })));
    expect((await apiBaseQuery('/gateway', queryApi('t'), {})).error).toEqual({ status: 504, reason: 'upstream timed out' });
  });

  it('normalizes a 500 text body and a network failure too', async () => {
    server.use(http.get(url('text'), () => new HttpResponse('Bad gateway upstream', { status: 502 })));
    expect((await apiBaseQuery('/text', queryApi('t'), {})).error).toEqual({ status: 502, reason: 'Bad gateway upstream' });
    server.use(http.get(url('down'), () => HttpResponse.error()));
    expect((await apiBaseQuery('/down', queryApi('t'), {})).error).toEqual({ status: 'NETWORK', reason: 'Could not reach the server.' });
  });
});
