// The Firestore export adapter with the SDK mocked: which query it builds for each page, and how
// documents become export rows. (No Firestore emulator runs on these machines: STACK.md.)
// jest.mock below is hoisted above these imports, so they get the mocked SDK.
import { Timestamp, type Firestore } from 'firebase/firestore';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/server';
import { onUnauthorized } from '../../api/http';
import { createFirestoreExports, hostedApiRunRecorder, isLike } from './firestoreExports';

type Constraint = { kind: string; args: unknown[] };
const mockBuilt: { collection: string; constraints: Constraint[] }[] = [];
let mockDocs: { id: string; data: Record<string, unknown> }[] = [];
let mockCount = 0;

jest.mock('firebase/firestore', () => {
  class Timestamp {
    constructor(
      readonly seconds: number,
      readonly nanoseconds: number,
    ) {}
    static fromDate(date: Date) {
      const ms = date.getTime();
      return new Timestamp(Math.floor(ms / 1000), (ms % 1000) * 1e6);
    }
    toDate() {
      return new Date(this.seconds * 1000 + this.nanoseconds / 1e6);
    }
  }
  const constraint =
    (kind: string) =>
    (...args: unknown[]) => ({ kind, args });
  return {
    Timestamp,
    collection: (_db: unknown, name: string) => ({ name }),
    documentId: () => '__name__',
    orderBy: constraint('orderBy'),
    startAfter: constraint('startAfter'),
    limit: constraint('limit'),
    where: constraint('where'),
    query: (source: { name: string }, ...constraints: Constraint[]) => {
      mockBuilt.push({ collection: source.name, constraints });
      return { source, constraints };
    },
    getDocs: async () => ({ docs: mockDocs.map((d) => ({ id: d.id, data: () => d.data })) }),
    getCountFromServer: async (q: { source?: { name: string }; constraints?: Constraint[]; name?: string }) => {
      mockBuilt.push({ collection: q.source?.name ?? q.name ?? '', constraints: q.constraints ?? [] });
      return { data: () => ({ count: mockCount }) };
    },
  };
});

const db = {} as Firestore;
const recordRun = jest.fn(async () => undefined);
const port = createFirestoreExports(db, recordRun);

beforeEach(() => {
  mockBuilt.length = 0;
  mockDocs = [];
});

describe('readPage', () => {
  it('orders names by document id, starts after the cursor and asks for one page', async () => {
    mockDocs = [
      {
        id: 'a1',
        data: { name: 'Anna', gender: 'female', nationality: 'swedish', createdAt: Timestamp.fromDate(new Date('2026-01-02T00:00:00Z')) },
      },
      { id: 'b2', data: { name: 'Björn', gender: 'male', nationality: 'swedish' } },
    ];
    const page = await port.readPage('names', { after: 'a0', limit: 2 });
    expect(mockBuilt[0]).toEqual({
      collection: 'names',
      constraints: [
        { kind: 'orderBy', args: ['__name__'] },
        { kind: 'startAfter', args: ['a0'] },
        { kind: 'limit', args: [2] },
      ],
    });
    expect(page.rows[0]).toEqual({
      id: 'a1',
      name_id: 'a1',
      name: 'Anna',
      gender: 'female',
      nationality: 'swedish',
      created_at: '2026-01-02T00:00:00.000Z',
    });
    expect(page.next).toBe('b2');
  });

  it('ends when a page is short', async () => {
    mockDocs = [{ id: 'u1', data: { email: 'a@b.c' } }];
    const page = await port.readPage('users', { after: null, limit: 50 });
    expect(mockBuilt[0]!.constraints.map((c) => c.kind)).toEqual(['orderBy', 'limit']);
    expect(page.next).toBeNull();
    expect(page.rows[0]).toMatchObject({ uid: 'u1', email: 'a@b.c', isPremium: false });
  });

  it('reads audit_logs in the range by timestamp then id, with a cursor carrying both', async () => {
    const ts = new Timestamp(1_780_000_000, 123_456_789);
    mockDocs = [{ id: 'log9', data: { timestamp: ts, event: 'USER_CREATED', userId: 'u1' } }];
    const page = await port.readPage('audit-logs', {
      after: null,
      limit: 1,
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-02-01T00:00:00.000Z',
    });
    const kinds = mockBuilt[0]!.constraints.map((c) => `${c.kind}:${String(c.args[0])}`);
    expect(mockBuilt[0]!.collection).toBe('audit_logs');
    expect(kinds).toEqual(['where:timestamp', 'where:timestamp', 'orderBy:timestamp', 'orderBy:__name__', 'limit:1']);
    expect(page.next).toBe(JSON.stringify([1_780_000_000, 123_456_789, 'log9']));

    await port.readPage('audit-logs', { after: page.next, limit: 1 });
    const after = mockBuilt[1]!.constraints.find((c) => c.kind === 'startAfter')!;
    expect(after.args[0]).toEqual(ts);
    expect(after.args[1]).toBe('log9');
  });

  it('derives name analytics from the swipedBy map', async () => {
    mockDocs = [
      {
        id: 'n1',
        data: { name: 'Ída', gender: 'female', nationality: 'icelandic', swipedBy: { u1: true, u2: { liked: false }, u3: 'like' } },
      },
    ];
    const page = await port.readPage('name-analytics', { after: null, limit: 10 });
    expect(mockBuilt[0]!.collection).toBe('names');
    expect(page.rows[0]).toEqual({
      name_id: 'n1',
      name: 'Ída',
      gender: 'female',
      nationality: 'icelandic',
      total_swipes: 3,
      total_likes: 2,
      total_dislikes: 1,
      like_ratio: 0.6667,
    });
  });
});

describe('count and runs', () => {
  it('counts with the server aggregation, in the range for audit logs', async () => {
    mockCount = 42;
    expect(await port.count('audit-logs', { from: '2026-01-01T00:00:00.000Z' })).toBe(42);
    expect(mockBuilt[0]!.constraints.map((c) => c.kind)).toEqual(['where']);
  });

  it('passes runs to the recorder it was given', async () => {
    await port.recordRun({ kind: 'names', format: 'csv' });
    expect(recordRun).toHaveBeenCalledWith({ kind: 'names', format: 'csv' });
  });

  it('tells likes from dislikes', () => {
    expect([true, 'like', { liked: true }, { action: 'like' }].every(isLike)).toBe(true);
    expect([false, 'dislike', { liked: false }, null, 1].some(isLike)).toBe(false);
  });
});

describe('hostedApiRunRecorder (POST /export/runs on the hosted API, through src/api/http.ts)', () => {
  const apiBaseUrl = 'http://hosted.test/api/';
  const record = hostedApiRunRecorder({ apiBaseUrl, timeoutMs: 10_000, getToken: async () => 'firebase-id-token' });
  const runs = 'http://hosted.test/api/export/runs';

  it('sends the run as JSON with the ID token', async () => {
    const seen: { authorization: string | null; contentType: string | null; body: unknown }[] = [];
    server.use(
      http.post(runs, async ({ request }) => {
        seen.push({
          authorization: request.headers.get('Authorization'),
          contentType: request.headers.get('Content-Type'),
          body: await request.json(),
        });
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    await expect(record({ kind: 'names', format: 'csv' })).resolves.toBeUndefined();
    expect(seen).toEqual([
      { authorization: 'Bearer firebase-id-token', contentType: 'application/json', body: { kind: 'names', format: 'csv' } },
    ]);
  });

  it('goes ahead when the hosted API has no such route (404), and fails with the reason otherwise', async () => {
    server.use(http.post(runs, () => HttpResponse.json({ error: 'not_found', message: 'Route not found' }, { status: 404 })));
    await expect(record({ kind: 'names', format: 'csv' })).resolves.toBeUndefined();
    server.use(http.post(runs, () => HttpResponse.json({ error: 'forbidden', message: 'Not an admin' }, { status: 403 })));
    await expect(record({ kind: 'names', format: 'csv' })).rejects.toMatchObject({ status: 403, reason: 'Not an admin', fromApi: true });
  });

  it('reports a refused token (401), which ends the session', async () => {
    const heard: string[] = [];
    const stop = onUnauthorized((token) => heard.push(token));
    try {
      server.use(http.post(runs, () => HttpResponse.json({ error: 'unauthorized', message: 'Token revoked' }, { status: 401 })));
      await expect(record({ kind: 'names', format: 'csv' })).rejects.toMatchObject({ status: 401 });
      expect(heard).toEqual(['firebase-id-token']);
    } finally {
      stop();
    }
  });
});
