// The Firestore adapter of User Management and Audit Logs, with the SDK replaced at the adapter boundary by
// an in-memory stand-in (testing/memoryFirestore.ts): what it asks Firestore for, and what comes of it.
import { OTHER_EVENTS, SCAN_BATCH, createFirestoreAuditLogs, createFirestoreUserManagement } from './firestoreUsersAudit';
import { store, Timestamp, type QueryRef } from './testing/memoryFirestore';
import type { Firestore } from 'firebase/firestore';

jest.mock('firebase/firestore', () => jest.requireActual('./testing/memoryFirestore'));

const db = {} as Firestore;
const users = createFirestoreUserManagement(db);
const audit = createFirestoreAuditLogs(db);
const day = (n: number) => Timestamp.fromDate(new Date(Date.UTC(2026, 0, 1) + n * 86_400_000));
/** A query's constraints as short text, e.g. "where isPremium == true". */
const describe_ = (q: QueryRef) =>
  q.constraints.map((c) =>
    c.type === 'where'
      ? `where ${c.field} ${c.op} ${c.value instanceof Timestamp ? c.value.toDate().toISOString() : JSON.stringify(c.value)}`
      : c.type === 'orderBy'
        ? `orderBy ${c.field} ${c.direction}`
        : c.type === 'limit'
          ? `limit ${c.n}`
          : `startAfter ${c.afterId}`,
  );

beforeEach(() => store.reset());

describe('listUsers', () => {
  beforeEach(() => {
    for (let i = 0; i < 12; i++) {
      store.put('users', `u${String(i).padStart(2, '0')}`, {
        email: `person${i}@example.test`,
        displayName: i === 7 ? 'Ólafur Ragnar' : `Person ${i}`,
        isPremium: i % 2 === 0,
        accountActive: i % 3 !== 0,
        connectedUserId: i % 4 === 0 ? 'someone' : null,
        preferredGender: i < 6 ? 'female' : 'male',
        createdAt: day(i % 6), // pairs of equal createdAt values
        ...(i % 5 === 0 ? {} : { lastActiveDate: day(20 + i) }),
      });
    }
  });

  it('runs equality filters and the sort on the server, with documentId as tie-breaker, and counts with a count aggregation', async () => {
    const page = await users.listUsers({ isPremium: true, preferredGender: 'female', limit: 2 });
    expect(describe_(store.queries[0]!)).toEqual([
      'where isPremium == true',
      'where preferredGender == "female"',
      'orderBy createdAt desc',
      'orderBy __name__ desc',
      'limit 3',
    ]);
    expect(describe_(store.counts[0]!)).toEqual(['where isPremium == true', 'where preferredGender == "female"']);
    expect(page.total).toBe(3);
    expect(page.users.map((u) => u.uid)).toEqual(['u04', 'u02']);
    const next = await users.listUsers({ isPremium: true, preferredGender: 'female', limit: 2, cursor: page.nextCursor! });
    expect(describe_(store.queries[1]!)).toContain('startAfter u02');
    expect(next.users.map((u) => u.uid)).toEqual(['u00']);
    expect(next.nextCursor).toBeNull();
  });

  it('pages through equal createdAt values without losing or repeating a record', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await users.listUsers({ limit: 5, order: 'asc', ...(cursor ? { cursor } : {}) });
      seen.push(...page.users.map((u) => u.uid));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['u00', 'u06', 'u01', 'u07', 'u02', 'u08', 'u03', 'u09', 'u04', 'u10', 'u05', 'u11']);
  });

  it('puts a date range on the server when the list is sorted by that field', async () => {
    const page = await users.listUsers({ createdFrom: day(2).toDate().toISOString(), createdTo: day(4).toDate().toISOString() });
    expect(describe_(store.queries[0]!).slice(0, 2)).toEqual([
      `where createdAt >= ${day(2).toDate().toISOString()}`,
      `where createdAt < ${day(4).toDate().toISOString()}`,
    ]);
    expect(page.users.map((u) => u.uid).sort()).toEqual(['u02', 'u03', 'u08', 'u09']);
    expect(page.total).toBe(4);
  });

  it('checks search, connected and other ranges in the browser, reading in batches, with no total', async () => {
    const page = await users.listUsers({ search: 'ólaf', sort: 'lastActiveDate', createdFrom: day(1).toDate().toISOString() });
    expect(page.users.map((u) => u.uid)).toEqual(['u07']);
    expect(page.total).toBeNull();
    expect(describe_(store.queries[0]!)).toEqual(['orderBy lastActiveDate desc', 'orderBy __name__ desc', `limit ${SCAN_BATCH}`]);
    expect(store.counts).toEqual([]);
    const connected = await users.listUsers({ connected: true, sort: 'createdAt', order: 'asc' });
    expect(connected.users.map((u) => u.uid)).toEqual(['u00', 'u08', 'u04']); // created on days 0, 2, 4
  });

  it('reads on past a full batch until the page is full', async () => {
    for (let i = 0; i < SCAN_BATCH + 20; i++)
      store.put('users', `x${String(i).padStart(4, '0')}`, { email: `x${i}@example.test`, createdAt: day(100 + i) });
    const page = await users.listUsers({ search: 'person', limit: 3 });
    // Newest first: the 520 x records (x0519 down to x0000) match nothing, so a second batch is read after the 500th.
    expect(store.queries).toHaveLength(2);
    expect(describe_(store.queries[1]!)).toContain('startAfter x0020');
    expect(page.users).toHaveLength(3);
    expect(page.nextCursor).toBe(page.users[2]!.uid);
  });
});

describe('updateUserFlags', () => {
  beforeEach(() => store.put('users', 'u1', { email: 'u1@example.test', isPremium: false, accountActive: true }));

  it('sets the flags and updatedAt (a server timestamp) and answers the stored record', async () => {
    const record = await users.updateUserFlags('u1', { isPremium: true });
    expect(store.updates).toEqual([{ path: 'users/u1', data: { isPremium: true, updatedAt: { sentinel: 'serverTimestamp' } } }]);
    expect(record).toMatchObject({ uid: 'u1', isPremium: true, accountActive: true, updatedAt: new Date(store.now).toISOString() });
  });

  it.each([[{ isAdmin: true }], [{ isPremium: 'yes' }], [{}]])('refuses %j without writing', async (update) => {
    await expect(users.updateUserFlags('u1', update as never)).rejects.toThrow();
    expect(store.updates).toEqual([]);
  });

  it('fails for a record that does not exist, creating nothing', async () => {
    await expect(users.updateUserFlags('ghost', { isPremium: true })).rejects.toThrow();
    expect(store.get('users', 'ghost')).toBeUndefined();
  });
});

describe('deleteUser', () => {
  beforeEach(() => {
    store.put('users', 'u1', {
      email: 'u1@example.test',
      connectedUserId: 'u2',
      lastSwipeDate: day(3),
      totalActiveTimeFormatted: '1h 2m 3s',
    });
    store.put('users', 'u2', { email: 'u2@example.test', connectedUserId: 'u1', connectionStatus: 'connected' });
    store.put('users', 'u3', { email: 'u3@example.test' });
    store.put('connectionRequests', 'r1', { fromUserId: 'u1', toUserId: 'u2', status: 'accepted' });
    store.put('connectionRequests', 'r2', { fromUserId: 'u3', toUserId: 'u1', status: 'pending' });
    store.put('connectionRequests', 'r3', { fromUserId: 'u3', toUserId: 'u2', status: 'pending' });
    store.put('connections', 'c1', { userA: 'u2', userB: 'u1', status: 'confirmed' });
    store.put('connections', 'c2', { userA: 'u3', userB: 'u2', status: 'confirmed' });
    store.put('names', 'n1', { name: 'Anna', swipedBy: { u1: true, u3: false } });
    store.put('names', 'n2', { name: 'Björn', swipedBy: { u3: true } });
  });

  it('deletes the record, its requests and connections, its swipes from names, unlinks the partner and writes ACCOUNT_DELETED', async () => {
    const result = await users.deleteUser('u1');
    expect(result).toEqual({
      uid: 'u1',
      deleted: { user: true, account: false, swipes: 1, connectionRequests: 2, connections: 1, partnersUnlinked: 1 },
    });
    expect(store.get('users', 'u1')).toBeUndefined();
    expect([...store.collections.get('connectionRequests')!.keys()]).toEqual(['r3']);
    expect([...store.collections.get('connections')!.keys()]).toEqual(['c2']);
    expect(store.get('names', 'n1')!.swipedBy).toEqual({ u3: false });
    expect(store.get('users', 'u2')).toMatchObject({ connectedUserId: null, connectionStatus: null });
    const [event] = [...store.collections.get('audit_logs')!.values()];
    expect(event).toEqual({
      event: 'ACCOUNT_DELETED',
      userId: 'u1',
      timestamp: new Timestamp(store.now),
      lastSwipeDate: day(3),
      totalActiveTimeFormatted: '1h 2m 3s',
    });
    // The record and its ACCOUNT_DELETED land in the same (last) batch, after everything that hung off it.
    expect(store.commits[store.commits.length - 1]!.map((w) => `${w.op} ${w.path}`)).toEqual(['delete users/u1', 'set audit_logs/auto-1']);
  });

  it('fails for a record that does not exist, deleting nothing', async () => {
    await expect(users.deleteUser('ghost')).rejects.toThrow('No user record ghost');
    expect(store.commits).toEqual([]);
  });
});

describe('audit logs', () => {
  beforeEach(() => {
    // 250 events at one timestamp, and a few around it.
    for (let i = 0; i < 250; i++)
      store.put('audit_logs', `a${String(i).padStart(3, '0')}`, {
        timestamp: day(10),
        event: i % 5 === 0 ? 'CANCELLATION' : 'USER_CREATED',
        userId: `u${i}`,
      });
    store.put('audit_logs', 'later', { timestamp: day(11), event: 'SUBSCRIPTION_START', userId: 'x' });
    store.put('audit_logs', 'earlier', { timestamp: day(1), event: 'APP_UPDATED', userId: 'y' });
  });

  it('asks for the spec query: timestamp lower bound, event equality, timestamp descending, 100 per page', async () => {
    await audit.pageAuditLogs({ since: day(5).toDate().toISOString(), event: 'CANCELLATION' });
    expect(describe_(store.queries[0]!)).toEqual([
      `where timestamp >= ${day(5).toDate().toISOString()}`,
      'where event == "CANCELLATION"',
      'orderBy timestamp desc',
      'limit 101',
    ]);
  });

  it('pages with a cursor through equal timestamps, losing and repeating nothing', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await audit.pageAuditLogs({ ...(cursor ? { cursor } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(100);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(252);
    expect(new Set(seen).size).toBe(252);
    expect(seen[0]).toBe('later');
    expect(seen[251]).toBe('earlier');
  });

  it('maps documents to app entries', async () => {
    const { entries } = await audit.pageAuditLogs({ limit: 1 });
    expect(entries[0]).toEqual({
      source: 'app',
      id: 'later',
      timestamp: day(11).toDate().toISOString(),
      event: 'SUBSCRIPTION_START',
      userId: 'x',
      lastSwipeDate: null,
      totalActiveTimeFormatted: null,
    });
  });

  it('has no console actions in Firebase mode (no server records them): an empty page without a query', async () => {
    expect(await audit.pageAuditLogs({ source: 'console' })).toEqual({ entries: [], nextCursor: null });
    expect(store.queries).toEqual([]);
  });

  it('counts per event type with count aggregations, other events together', async () => {
    const stats = await audit.auditStats({ since: day(5).toDate().toISOString() });
    expect(stats).toEqual({
      since: day(5).toDate().toISOString(),
      source: 'all',
      total: 251,
      byEvent: [
        { source: 'app', event: 'USER_CREATED', count: 200 },
        { source: 'app', event: 'CANCELLATION', count: 50 },
        { source: 'app', event: 'SUBSCRIPTION_START', count: 1 },
      ],
    });
    expect(store.queries).toEqual([]);
    const all = await audit.auditStats({});
    expect(all.byEvent).toContainEqual({ source: 'app', event: OTHER_EVENTS, count: 1 });
    expect(all.total).toBe(252);
  });
});
