// The local adapter's streamed CSV (GET /api/export/{collection}/csv): the body as it arrives, the token, the
// server's reason on a refusal, a stop that aborts the transfer, and a server that stops sending.
import { HttpError } from '../../api/errors';
import { onUnauthorized } from '../../api/http';
import { createLocalExports } from './localExports';

const encoder = new TextEncoder();
let requests: { url: string; headers: Record<string, string>; signal: AbortSignal }[] = [];
let respond: () => Response;
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    requests.push({ url, headers: init.headers as Record<string, string>, signal: init.signal! });
    if (init.signal?.aborted) throw init.signal.reason;
    return respond();
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
beforeEach(() => {
  requests = [];
});

/** A body that sends these parts, then either ends or (hang) sends nothing more. */
function body(parts: string[], { hang = false } = {}) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      if (!hang) controller.close();
    },
  });
}

const exportsPort = (timeoutMs = 5_000) => createLocalExports({ apiBaseUrl: '/api', timeoutMs, getToken: async () => 'token-1' });

async function collect(chunks: AsyncIterable<Uint8Array>) {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let text = '';
  for await (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text;
}

it('reads GET /api/export/names/csv with the token, chunk by chunk as the body arrives', async () => {
  respond = () => new Response(body(['\uFEFFid,name\r\n', '1,Anna\r\n', '2,Bo\r\n']), { headers: { 'content-type': 'text/csv' } });
  const chunks = await exportsPort().streamCsv!('names', new AbortController().signal);
  expect(await collect(chunks)).toBe('\uFEFFid,name\r\n1,Anna\r\n2,Bo\r\n');
  expect(requests[0]).toMatchObject({ url: '/api/export/names/csv', headers: { Accept: 'text/csv', Authorization: 'Bearer token-1' } });
});

it('refuses with the server reason, and tells the session about a refused token', async () => {
  const heard: string[] = [];
  const stop = onUnauthorized((_token, reason) => heard.push(reason));
  try {
    respond = () => new Response(JSON.stringify({ error: 'Service Unavailable', message: 'The database is restarting.' }), { status: 503 });
    await expect(exportsPort().streamCsv!('names', new AbortController().signal)).rejects.toEqual(
      new HttpError(503, 'The database is restarting.'),
    );
    respond = () => new Response(JSON.stringify({ error: 'Unauthorized', message: 'Session ended.' }), { status: 401 });
    await expect(exportsPort().streamCsv!('name-analytics', new AbortController().signal)).rejects.toMatchObject({ status: 401 });
    expect(heard).toEqual(['Session ended.']);
  } finally {
    stop();
  }
});

it('a stop (Cancel) aborts the transfer', async () => {
  respond = () => new Response(body(['id\r\n'], { hang: true }));
  const stop = new AbortController();
  const chunks = await exportsPort().streamCsv!('names', stop.signal);
  expect((await chunks.next()).done).toBe(false);
  const reading = chunks.next();
  stop.abort(new Error('cancelled by the operator'));
  await expect(reading).rejects.toThrow('cancelled by the operator');
  expect(requests[0]!.signal.aborted).toBe(true);
});

it('a server that stops sending fails the read after the timeout, however long the transfer ran', async () => {
  respond = () => new Response(body(['id\r\n', '1\r\n'], { hang: true }));
  const chunks = await exportsPort(3_000).streamCsv!('names', new AbortController().signal);
  await chunks.next();
  await chunks.next();
  await expect(chunks.next()).rejects.toEqual(new HttpError('TIMEOUT', 'The server stopped sending for 3 seconds.'));
  expect(requests[0]!.signal.aborted).toBe(true);
});
