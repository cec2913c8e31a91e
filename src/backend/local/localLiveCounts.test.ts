import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { apiUrl, countsFrame, fixtureDocumentCounts, fixtureLiveCounts, sseResponse } from '../../../mocks/dashboard.handlers';
import { config } from '../../../jest/env.mock';
import { createLocalLiveCounts } from './localLiveCounts';

const makePort = (retryDelayMs: (attempt: number) => number = () => 5) =>
  createLocalLiveCounts({
    apiBaseUrl: config.apiBaseUrl,
    timeoutMs: 10_000,
    getToken: async () => 'live-token',
    stream: { retryDelayMs },
  });

/** Resolves once `predicate` holds, polling the event loop (streams deliver asynchronously). */
async function until(predicate: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('local live counts', () => {
  it('fans one SSE connection out to both watchers, with the Bearer token', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/live/counts')) requests.push(request.headers.get('Authorization') ?? '');
    });
    const port = makePort();
    const users: number[] = [];
    const connections: number[] = [];
    const stopUsers = port.watchUserCount((n) => users.push(n), jest.fn());
    const stopConnections = port.watchAcceptedConnectionCount((n) => connections.push(n), jest.fn());
    await until(() => users.length > 0 && connections.length > 0);
    expect(users).toEqual([fixtureLiveCounts.users]);
    expect(connections).toEqual([fixtureLiveCounts.acceptedConnections]);
    expect(requests).toEqual(['Bearer live-token']);
    stopUsers();
    stopConnections();
    server.events.removeAllListeners();
  });

  it('pushes every new counts event to the watchers and closes the connection after the last one leaves', async () => {
    let push: (text: string) => void = () => {};
    let aborted = false;
    server.use(
      http.get(apiUrl('live/counts'), ({ request }) => {
        request.signal.addEventListener('abort', () => (aborted = true));
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            push(countsFrame({ users: 1, acceptedConnections: 0 }));
          },
          cancel() {
            aborted = true;
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const port = makePort();
    const users: number[] = [];
    const stop = port.watchUserCount((n) => users.push(n), jest.fn());
    await until(() => users.length === 1);
    push(': heartbeat\n\n');
    push(countsFrame({ users: 2, acceptedConnections: 0 }));
    await until(() => users.length === 2);
    expect(users).toEqual([1, 2]);
    stop();
    await until(() => aborted);
  });

  it('marks the figures stale on an `unavailable` event (database down, stream open) until the next counts', async () => {
    let push: (text: string) => void = () => {};
    server.use(
      http.get(apiUrl('live/counts'), () => {
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            push(countsFrame({ users: 1, acceptedConnections: 0 }));
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const port = makePort();
    const users: number[] = [];
    const errors: string[] = [];
    const stop = port.watchUserCount(
      (n) => users.push(n),
      (reason) => errors.push(reason),
    );
    await until(() => users.length === 1);
    push(`event: unavailable\ndata: ${JSON.stringify({ message: 'The server cannot read the live counts right now' })}\n\n`);
    await until(() => errors.length === 1);
    expect(errors[0]).toBe('Stale: The server cannot read the live counts right now. The last known figure is shown.');
    push(countsFrame({ users: 1, acceptedConnections: 0 }));
    await until(() => users.length === 2);
    stop();
  });

  it('asks for the token while the stream is open and the page visible, which renews the session', async () => {
    let push: (text: string) => void = () => {};
    server.use(
      http.get(apiUrl('live/counts'), () => {
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            push(countsFrame({ users: 1, acceptedConnections: 0 }));
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    let asked = 0;
    const port = createLocalLiveCounts({
      apiBaseUrl: config.apiBaseUrl,
      timeoutMs: 10_000,
      getToken: async () => {
        asked += 1;
        return 'live-token';
      },
      stream: { retryDelayMs: () => 5, keepSessionAliveMs: 10 },
    });
    const users: number[] = [];
    const stop = port.watchUserCount((n) => users.push(n), jest.fn());
    await until(() => users.length === 1);
    // Once for the connection, then again and again with no request of the page's own.
    await until(() => asked >= 3);
    expect(document.visibilityState).toBe('visible');
    push(': heartbeat\n\n');
    stop();
  });

  it('reconnects with backoff after the server closes, reporting why', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('live/counts'), () => {
        calls += 1;
        return calls === 1 ? sseResponse([], { close: true }) : sseResponse([countsFrame({ users: 9, acceptedConnections: 3 })]);
      }),
    );
    const delays: number[] = [];
    const port = makePort((attempt) => {
      delays.push(attempt);
      return 5;
    });
    const errors: string[] = [];
    const users: number[] = [];
    const stop = port.watchUserCount(
      (n) => users.push(n),
      (reason) => errors.push(reason),
    );
    await until(() => users.length > 0);
    expect(users).toEqual([9]);
    expect(calls).toBe(2);
    expect(delays).toEqual([0]);
    expect(errors).toEqual(['Live counts unavailable (The live connection was closed by the server). Retrying...']);
    stop();
  });

  it('reports a refused stream (401) with the server message and keeps retrying', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('live/counts'), () => {
        calls += 1;
        return HttpResponse.json({ error: 'unauthorized', message: 'Token expired' }, { status: 401 });
      }),
    );
    const port = makePort();
    const onError = jest.fn();
    const stop = port.watchAcceptedConnectionCount(jest.fn(), onError);
    await until(() => calls >= 2);
    expect(onError).toHaveBeenCalledWith('Live counts unavailable (Token expired). Retrying...');
    stop();
  });

  it('a watcher joining later gets the latest counts at once', async () => {
    const port = makePort();
    const first: number[] = [];
    const stopFirst = port.watchUserCount((n) => first.push(n), jest.fn());
    await until(() => first.length > 0);
    const late = jest.fn();
    const stopLate = port.watchAcceptedConnectionCount(late, jest.fn());
    expect(late).toHaveBeenCalledWith(fixtureLiveCounts.acceptedConnections);
    stopFirst();
    stopLate();
  });

  it('document counts: names and swipes come from one GET /documents/counts', async () => {
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/documents/counts')) calls += 1;
    });
    const port = makePort();
    await expect(Promise.all([port.countNames(), port.countSwipes()])).resolves.toEqual([
      fixtureDocumentCounts.names,
      fixtureDocumentCounts.swipes,
    ]);
    expect(calls).toBe(1);
    server.events.removeAllListeners();
  });
});
