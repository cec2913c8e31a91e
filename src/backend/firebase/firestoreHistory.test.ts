// History in Firebase mode (firestoreHistory.ts) over a fake Firestore (testing/fakeFirestore.ts) and a stubbed
// hosted API: a user's history is the console's console_actions merged with the app's audit_logs events, all from
// Firestore, the record too; a name's is the API's answer as it is; a revert goes to the API.
import type { HistoryEntry, RecordHistory } from '../../../contract/schemas/dataSafety';
import { createFirestoreHistory } from './firestoreHistory';
import { fakeDb, Timestamp } from './testing/fakeFirestore';

jest.mock('firebase/firestore', () => jest.requireActual('./testing/fakeFirestore'));

const minute = (m: number) => new Date(Date.UTC(2026, 2, 1, 12, m));
const consoleEntry = (n: number, m: number): HistoryEntry => ({
  id: `console:${n}`,
  source: 'console',
  at: minute(m).toISOString(),
  actor: { uid: 'a1', email: 'admin@example.com' },
  action: 'user.update',
  summary: 'Edited',
  changes: [{ field: 'isPremium', before: false, after: true }],
  revertActionId: n,
});

const requests: { url: string; method: string; ifMatch: string | null; body: unknown }[] = [];
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    requests.push({
      url,
      method: init.method ?? 'GET',
      ifMatch: headers['If-Match'] ?? null,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    });
    const u = new URL(url, 'http://host');
    let body: unknown;
    if (u.pathname.endsWith('/history/revert')) body = { state: 'live', current: { id: 4, version: 3 } };
    else if (u.pathname.includes('/history/name/'))
      body = { state: 'trash', current: { id: 4 }, entries: [consoleEntry(9, 1)], nextCursor: null };
    else return new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404 });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const history = createFirestoreHistory({} as never, { apiBaseUrl: '/api', timeoutMs: 5_000, getToken: async () => 'id-token' });

beforeEach(() => {
  fakeDb.reset();
  requests.length = 0;
  fakeDb.docs.set('users/u1', { uid: 'u1', email: 'u1@example.test', isPremium: true, updatedAt: Timestamp.fromDate(minute(30)) });
  const events: [string, string, number][] = [
    ['e1', 'USER_CREATED', 0],
    ['e2', 'SUBSCRIPTION_START', 20],
    ['e3', 'CANCELLATION', 40],
  ];
  for (const [id, event, m] of events)
    fakeDb.docs.set(`audit_logs/${id}`, { userId: 'u1', event, timestamp: Timestamp.fromDate(minute(m)) });
  // The console's own changes of the user, as consoleActions.ts writes them beside each change.
  for (const [id, m] of [
    ['c1', 10],
    ['c2', 30],
  ] as const)
    fakeDb.docs.set(`console_actions/${id}`, {
      action: 'user.update',
      targetType: 'user',
      targetId: 'u1',
      actorUid: 'a1',
      actorEmail: 'admin@example.com',
      timestamp: Timestamp.fromDate(minute(m)),
      before: { isPremium: false },
      after: { isPremium: true },
    });
  fakeDb.docs.set('console_actions/c9', {
    action: 'user.update',
    targetId: 'u2',
    timestamp: Timestamp.fromDate(minute(45)),
    before: {},
    after: {},
  });
  fakeDb.docs.set('audit_logs/other', { userId: 'u2', event: 'USER_CREATED', timestamp: Timestamp.fromDate(minute(50)) });
});

it('a user: the console’s changes and the app’s events, both from Firestore, newest first, the record from Firestore', async () => {
  const page = await history.readHistory({ type: 'user', id: 'u1' }, {});
  expect(page.entries.map((e) => `${e.id} ${e.summary}`)).toEqual([
    'app:e3 The app recorded CANCELLATION',
    'console:c2 Edited',
    'app:e2 The app recorded SUBSCRIPTION_START',
    'console:c1 Edited',
    'app:e1 The app recorded USER_CREATED',
  ]);
  expect(page.entries[1]).toMatchObject({
    actor: { uid: 'a1', email: 'admin@example.com' },
    changes: [{ field: 'isPremium', before: false, after: true }],
    revertActionId: null,
  });
  expect(page).toMatchObject({ state: 'live', current: { uid: 'u1', isPremium: true }, nextCursor: null });
  // Nothing of a user's history is the hosted API's in Firebase mode.
  expect(requests).toEqual([]);
});

it('pages the merged history with one cursor, nothing lost or repeated', async () => {
  const seen: string[] = [];
  let before: string | undefined;
  let pages = 0;
  do {
    const page: RecordHistory = await history.readHistory({ type: 'user', id: 'u1' }, { limit: 2, ...(before ? { before } : {}) });
    seen.push(...page.entries.map((e) => e.id));
    before = page.nextCursor ?? undefined;
    pages += 1;
  } while (before && pages < 10);
  expect(seen).toEqual(['app:e3', 'console:c2', 'app:e2', 'console:c1', 'app:e1']);
});

it('a user deleted from Firestore is gone, with the events still there', async () => {
  fakeDb.docs.delete('users/u1');
  const page = await history.readHistory({ type: 'user', id: 'u1' }, {});
  expect(page).toMatchObject({ state: 'gone', current: null });
  expect(page.entries).toHaveLength(5);
});

it('a name: the hosted API’s answer as it is; a revert goes to the hosted API with If-Match', async () => {
  expect(await history.readHistory({ type: 'name', id: '4' }, { limit: 10 })).toMatchObject({
    state: 'trash',
    entries: [{ id: 'console:9' }],
  });
  expect(await history.revert({ actionId: 9, targetId: '4' }, { version: 2 })).toEqual({ state: 'live', current: { id: 4, version: 3 } });
  expect(requests.map(({ url, method, ifMatch }) => [method, url, ifMatch])).toEqual([
    ['GET', '/api/history/name/4?limit=10', null],
    ['POST', '/api/history/revert', '"2"'],
  ]);
});
