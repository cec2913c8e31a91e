import net from 'node:net';
import type { UserRecord } from '../../contract/schemas/usersAudit';
import type { LiveCounts } from '../../contract/schemas/dashboard';
import { USER_RECORD_DEFAULTS } from '../../contract/usersAudit';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ livePollMs: 200 });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => t?.close());

const sqlCounts = async (): Promise<LiveCounts> =>
  (
    await t.db.query<LiveCounts>(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM connection_requests WHERE status = 'accepted')::int AS "acceptedConnections"`,
    )
  ).rows[0]!;

/** Opens the stream with fetch and hands out its `counts` events one by one. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(baseUrl + url, { headers, signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const events: LiveCounts[] = [];
  const raw: string[] = [];
  async function nextCounts(timeoutMs = 5000): Promise<LiveCounts> {
    const deadline = Date.now() + timeoutMs;
    while (events.length === 0) {
      if (Date.now() > deadline) throw new Error('no counts event in time');
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        raw.push(block);
        if (block.startsWith('event: counts\n'))
          events.push(
            JSON.parse(
              block
                .split('\n')
                .find((line) => line.startsWith('data: '))!
                .slice(6),
            ) as LiveCounts,
          );
      }
    }
    return events.shift()!;
  }
  return { response, nextCounts, raw, close: () => controller.abort() };
}

async function waitFor(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('GET /api/live/counts (server-sent events)', () => {
  it('sends the current counts at once and again after a user is created', async () => {
    const stream = await openStream('/api/live/counts', { authorization: `Bearer ${t.adminToken}` });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await stream.nextCounts();
      expect(first).toEqual(await sqlCounts());
      expect(first.users).toBeGreaterThan(300);
      expect(first.acceptedConnections).toBeGreaterThan(0);

      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { authorization: `Bearer ${t.adminToken}` },
        payload: { email: 'live.test@example.com', username: 'livetest', displayName: 'Live Test' },
      });
      expect(created.statusCode).toBe(201);
      // The table's column defaults are the contract's (migration 001 repeats them in SQL).
      expect(created.json<UserRecord>()).toEqual({
        ...USER_RECORD_DEFAULTS,
        uid: expect.any(String),
        email: 'live.test@example.com',
        username: 'livetest',
        displayName: 'Live Test',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        lastLogin: null,
        lastActiveDate: null,
        version: 1,
      });
      expect(await stream.nextCounts()).toEqual({ users: first.users + 1, acceptedConnections: first.acceptedConnections });
    } finally {
      stream.close();
    }
  });

  it('picks up changes made outside the server through the shared poller', async () => {
    const stream = await openStream('/api/live/counts', { authorization: `Bearer ${t.adminToken}` });
    try {
      const first = await stream.nextCounts();
      await t.db.query(
        `UPDATE connection_requests SET status = 'accepted' WHERE id = (SELECT min(id) FROM connection_requests WHERE status = 'pending')`,
      );
      expect(await stream.nextCounts()).toEqual({ users: first.users, acceptedConnections: first.acceptedConnections + 1 });
    } finally {
      stream.close();
    }
  });

  it('answers a failed first read with an error event and ends the stream', async () => {
    const spy = jest.spyOn(t.app.liveCounts, 'subscribe').mockRejectedValueOnce(new Error('database down'));
    try {
      const response = await fetch(`${baseUrl}/api/live/counts`, { headers: { authorization: `Bearer ${t.adminToken}` } });
      expect(response.status).toBe(200);
      // The body ends: no counts, one error event that does not leak the cause.
      const body = await response.text();
      expect(body).toContain('event: error\ndata: {"message":"Live counts are unavailable right now"}\n\n');
      expect(body).not.toContain('event: counts');
      expect(body).not.toContain('database down');
      await waitFor(() => t.app.liveStreamCount === 0);
    } finally {
      spy.mockRestore();
    }
  });

  it('serves several subscribers from one poller and lets go of them on disconnect', async () => {
    const a = await openStream('/api/live/counts', { authorization: `Bearer ${t.adminToken}` });
    const b = await openStream('/api/live/counts', { authorization: `Bearer ${t.adminToken}` });
    const [countsA, countsB] = await Promise.all([a.nextCounts(), b.nextCounts()]);
    expect(countsB).toEqual(countsA);
    await waitFor(() => t.app.liveCounts.subscriberCount === 2);
    a.close();
    b.close();
    await waitFor(() => t.app.liveCounts.subscriberCount === 0);
  });
});

describe('clients that leave early', () => {
  /** Sends the request head on a raw socket and drops the connection at once, while the guard still runs. */
  function openAndDrop(path: string): Promise<void> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${t.adminToken}\r\n\r\n`, () => {
          socket.destroy();
          resolve();
        });
      });
      socket.on('error', reject);
    });
  }

  it('leaves no stream, heartbeat or subscriber behind when the client is gone before the handler runs', async () => {
    await Promise.all(Array.from({ length: 20 }, () => openAndDrop('/api/live/counts')));
    // Give the server time to run every guard and handler of those requests.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await waitFor(() => t.app.liveStreamCount === 0 && t.app.liveCounts.subscriberCount === 0);
  });
});
