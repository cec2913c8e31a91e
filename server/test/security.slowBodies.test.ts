// Slow bodies are cut off reliably. Hundreds of connections send their headers and part of a
// body, then nothing; the server must close every one of them (per-request body deadline), signed in or
// not, instead of leaving them to Node's periodic request-timeout sweep.
import net from 'node:net';
import { createTestApp, type TestApp } from './testApp';

const CONNECTIONS = 300;
const BODY_TIMEOUT_MS = 1_000;
/** Only a fallback so the test ends if the server never closes a connection: nothing is asserted on it. */
const CLIENT_GIVES_UP_MS = 45_000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    seed: 'accounts',
    // Node's own request timeout far away (it is not what must close them), the body deadline short.
    limits: { bodyTimeoutMs: BODY_TIMEOUT_MS, requestTimeoutMs: 600_000, headersTimeoutMs: 10_000, maxConnections: CONNECTIONS + 50 },
  });
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(url).port);
});
afterAll(async () => t?.close());

interface Outcome {
  closedByServer: boolean;
  answer: string;
}

/** Headers and 10 bytes of a 1,000-byte JSON body, then silence; resolves when the socket closes. */
function slowBody(token: string | null): Promise<Outcome> {
  return new Promise((resolve) => {
    let answer = '';
    let gaveUp = false;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/names HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n' +
          (token ? `Authorization: Bearer ${token}\r\n` : '') +
          '\r\n{"name":"A',
      );
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    const fallback = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, CLIENT_GIVES_UP_MS);
    socket.on('close', () => {
      clearTimeout(fallback);
      resolve({ closedByServer: !gaveUp, answer: answer.split('\r\n')[0] ?? '' });
    });
  });
}

test(`${CONNECTIONS} connections sending part of a body, then nothing, are all closed by the server`, async () => {
  const outcomes = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => slowBody(i % 2 === 0 ? t.adminToken : null)));
  const notClosed = outcomes.filter((outcome) => !outcome.closedByServer).length;
  expect(notClosed).toBe(0);
  // Signed in, the body never came: 408. Not signed in: the guard's 401 first, then the cut.
  const statuses = new Set(outcomes.map((outcome) => outcome.answer));
  expect([...statuses].every((line) => /^HTTP\/1\.1 (408|401) /.test(line))).toBe(true);
  const open = await new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
  expect(open).toBe(0);
  console.log(`slow bodies: ${CONNECTIONS} connections, all closed by the server (${[...statuses].join(', ')})`);
});
