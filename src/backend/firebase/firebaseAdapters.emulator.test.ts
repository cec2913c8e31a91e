// The Firebase adapters (src/backend/firebase) for real: the web SDK against Google's Firestore emulator and
// the Firebase Auth emulator, signed in as an admin under firestore.rules, with what each call read counted
// (readMeter). Seeded and checked with firebase-admin. Skips, saying why, where the emulators cannot run.
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import type { Backend } from '../ports';
import { newReadMeter, billedReads, type ReadMeter } from './readMeter';
import { collect, skipReason, startWorld, type World } from './testing/emulatorWorld';

jest.setTimeout(180_000);
const reason = skipReason();
if (reason) process.stdout.write(`firebaseAdapters.emulator.test.ts SKIPPED: ${reason}\n`);
const describeWithEmulators = reason ? describe.skip : describe;

/** Far ahead of the clock: entries the tests write now (ACCOUNT_DELETED) fall outside the ranges read. */
const T0 = new Date(Date.UTC(2030, 5, 1, 12));
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
const PEOPLE = 24;
const pid = (i: number) => `p${String(i).padStart(2, '0')}`;

let world: World;
let backend: Backend;
let meter: ReadMeter;

function person(i: number): Record<string, unknown> {
  const email = i === 9 ? 'ANNA.K@example.test' : `person${i}@example.test`;
  const username = i === 5 ? 'annab' : `user${i}`;
  const displayName = i === 5 ? 'Anna Berg' : i === 14 ? 'Hanna Lind' : `Person ${i}`;
  return {
    uid: pid(i),
    email,
    username,
    displayName,
    isPremium: i % 2 === 0,
    accountActive: i % 3 !== 0,
    connectedUserId: i % 4 === 0 ? 'someone' : null,
    preferredGender: i < 12 ? 'female' : 'male',
    preferredNationality: 'all',
    isAdmin: false,
    // pairs of equal createdAt values; the last person was written without one
    ...(i === PEOPLE - 1 ? {} : { createdAt: day(i % 12) }),
    lastActiveDate: i % 5 === 0 ? null : day(20 + i),
  };
}

async function seed() {
  const { firestore } = world.admin;
  const batch = firestore.batch();
  for (let i = 0; i < PEOPLE; i++) batch.set(firestore.doc(`users/${pid(i)}`), person(i));
  batch.set(firestore.doc('connectionRequests/r1'), {
    fromUserId: 'p01',
    toUserId: 'p02',
    status: 'accepted',
    createdAt: day(1),
    updatedAt: day(2),
  });
  batch.set(firestore.doc('connectionRequests/r2'), {
    fromUserId: 'p03',
    toUserId: 'p04',
    status: 'pending',
    createdAt: day(1),
    updatedAt: day(1),
  });
  batch.set(firestore.doc('names/n1'), {
    name: 'Ada',
    gender: 'female',
    nationality: 'english',
    createdAt: day(0),
    swipedBy: { p01: 'like', p02: true },
  });
  batch.set(firestore.doc('names/n2'), {
    name: 'Bo',
    gender: 'male',
    nationality: 'swedish',
    createdAt: day(0),
    swipedBy: { p02: 'dislike' },
  });
  batch.set(firestore.doc('connections/c1'), { userA: 'p01', userB: 'p02', status: 'active', createdAt: day(2) });
  await batch.commit();
}

describeWithEmulators('Firebase adapters on the real emulators', () => {
  beforeAll(async () => {
    world = await startWorld();
    await world.account('t-admin', { isAdmin: true, displayName: 'Test Admin', createdAt: day(0) });
    await world.account('t-plain', { isAdmin: false, createdAt: day(0) });
    await world.account('t-orphan', null);
    await seed();
    meter = newReadMeter();
    backend = world.backend('adapters', meter);
    await backend.auth.signIn('t-admin@emulator.test', 'pw-t-admin');
  });
  afterAll(async () => {
    await world?.stop();
  });
  beforeEach(() => Object.assign(meter, newReadMeter()));

  describe('sign-in', () => {
    it('an admin, a non-admin and an account without a users record, as the session saga sees them', async () => {
      const other = world.backend('sign-in');
      try {
        const admin = await other.auth.signIn('t-admin@emulator.test', 'pw-t-admin');
        expect(admin).toEqual({ uid: 't-admin', email: 't-admin@emulator.test', displayName: null });
        expect((await other.userRecords.readUserRecord(admin.uid))?.isAdmin).toBe(true);
        expect(await other.auth.getIdToken()).toMatch(/^[\w-]+\.[\w-]+\./);

        await other.auth.signOut();
        const plain = await other.auth.signIn('t-plain@emulator.test', 'pw-t-plain');
        // The rules let a non-admin read their own record (so the console can refuse them by it) and nothing else.
        expect((await other.userRecords.readUserRecord(plain.uid))?.isAdmin).toBe(false);
        await expect(other.userRecords.readUserRecord('t-admin')).rejects.toHaveProperty('code', 'permission-denied');

        await other.auth.signOut();
        const orphan = await other.auth.signIn('t-orphan@emulator.test', 'pw-t-orphan');
        expect(await other.userRecords.readUserRecord(orphan.uid)).toBeNull();

        await expect(other.auth.signIn('t-admin@emulator.test', 'wrong')).rejects.toThrow(/auth\//);
      } finally {
        await other.auth.signOut();
      }
    });
  });

  describe('live counts', () => {
    // A live count's last re-count can still be in flight when its test stops listening (a count aggregation
    // cannot be cancelled) and lands in the meter it was started with: each live test reads through a backend
    // and meter of its own, so such a late read is never billed to the next test.
    let liveMeter: ReadMeter;
    let live: Backend;
    let opened = 0;
    beforeEach(async () => {
      liveMeter = newReadMeter();
      live = world.backend(`live-${++opened}`, liveMeter);
      await live.auth.signIn('t-admin@emulator.test', 'pw-t-admin');
    });

    it('users: counted on open for a few reads, then following an add (app) and a delete (console)', async () => {
      const users = (await world.admin.firestore.collection('users').count().get()).data().count;
      const counts = collect<number>((push, failed) => live.liveCounts.watchUserCount(push, failed));
      try {
        expect(await counts.until(() => true, 0)).toBe(users);
        // Two limit-1 signal listeners and one count aggregation: not the collection.
        expect(liveMeter.documents).toBeLessThanOrEqual(2);
        expect(liveMeter.aggregations).toBe(1);
        expect(billedReads(liveMeter)).toBeLessThanOrEqual(10);

        await world.admin.firestore.doc('users/live-1').set({ uid: 'live-1', createdAt: new Date(), isAdmin: false });
        expect(await counts.until((n) => n === users + 1)).toBe(users + 1);
        await live.userManagement.deleteUser('live-1');
        expect(await counts.until((n) => n === users)).toBe(users);
      } finally {
        counts.stop();
      }
    });

    it('accepted connection requests follow a status change (with updatedAt, as the app writes it)', async () => {
      const accepted = (await world.admin.firestore.collection('connectionRequests').where('status', '==', 'accepted').count().get()).data()
        .count;
      const counts = collect<number>((push, failed) => live.liveCounts.watchAcceptedConnectionCount(push, failed));
      try {
        expect(await counts.until(() => true, 0)).toBe(accepted);
        await world.admin.firestore.doc('connectionRequests/r2').update({ status: 'accepted', updatedAt: new Date() });
        expect(await counts.until((n) => n === accepted + 1)).toBe(accepted + 1);
        await world.admin.firestore.doc('connectionRequests/r2').update({ status: 'pending', updatedAt: new Date() });
        expect(await counts.until((n) => n === accepted)).toBe(accepted);
      } finally {
        counts.stop();
      }
    });

    it('names are counted by aggregation; swipes are unknown rather than read name by name', async () => {
      expect(await backend.liveCounts.countNames()).toBe(2);
      expect(await backend.liveCounts.countSwipes()).toBeNull();
      expect(meter.documents).toBe(0);
    });
  });

  describe('user list', () => {
    const ids = (users: UserRecord[]) => users.map((u) => u.uid);

    it('pages by cursor: page size + 1 reads a page, Next and Previous, and the total is what paging reaches', async () => {
      const first = await backend.userManagement.listUsers({ sort: 'createdAt', order: 'desc', limit: 10 });
      expect(meter.documents).toBe(11);
      expect(meter.aggregations).toBe(1);
      // 26 records, one without createdAt: it is neither counted nor listed under this sort.
      expect(first.total).toBe(25);
      expect(first.previousCursor).toBeNull();
      const seen = [...ids(first.users)];
      let page = first;
      const pages = [first];
      while (page.nextCursor) {
        Object.assign(meter, newReadMeter());
        page = await backend.userManagement.listUsers({ sort: 'createdAt', order: 'desc', limit: 10, cursor: page.nextCursor });
        // Next reuses the total the list was opened with: no count aggregation, page size + 1 documents at most.
        expect(meter.aggregations).toBe(0);
        expect(meter.documents).toBeLessThanOrEqual(11);
        expect(page.total).toBe(25);
        pages.push(page);
        seen.push(...ids(page.users));
      }
      expect(seen).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
      expect(seen).not.toContain(pid(PEOPLE - 1));
      const times = pages.flatMap((p) => p.users).map((u) => new Date(u.createdAt!).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));

      Object.assign(meter, newReadMeter());
      const back = await backend.userManagement.listUsers({
        sort: 'createdAt',
        order: 'desc',
        limit: 10,
        before: pages[1]!.previousCursor!,
      });
      expect(ids(back.users)).toEqual(ids(first.users));
      expect(back.previousCursor).toBeNull();
      expect(meter.documents).toBeLessThanOrEqual(11);
    });

    it('a jump to the last page reads from the far end: about a page, not the skipped records', async () => {
      const all = await backend.userManagement.listUsers({ sort: 'email', order: 'asc', limit: 100 });
      Object.assign(meter, newReadMeter());
      const last = await backend.userManagement.listUsers({ sort: 'email', order: 'asc', limit: 10, offset: 20 });
      expect(ids(last.users)).toEqual(ids(all.users).slice(20, 30));
      expect(last.nextCursor).toBeNull();
      expect(meter.documents).toBeLessThanOrEqual(10);
    });

    it('filters on the server with the sort, and the total agrees', async () => {
      const page = await backend.userManagement.listUsers({ isPremium: true, accountActive: true, sort: 'email', order: 'asc', limit: 50 });
      const expected = Array.from({ length: PEOPLE }, (_, i) => i).filter((i) => i % 2 === 0 && i % 3 !== 0);
      expect(page.users.every((u) => u.isPremium && u.accountActive)).toBe(true);
      expect(page.total).toBe(expected.length);
      expect(page.users.map((u) => u.email)).toEqual([...page.users.map((u) => u.email)].sort());
      const ranged = await backend.userManagement.listUsers({
        createdFrom: day(3).toISOString(),
        createdTo: day(5).toISOString(),
        sort: 'createdAt',
        limit: 50,
      });
      expect(ranged.users.map((u) => u.createdAt).every((c) => c! >= day(3).toISOString() && c! < day(5).toISOString())).toBe(true);
      expect(ranged.total).toBe(4);
      const connected = await backend.userManagement.listUsers({ connected: true, sort: 'createdAt', limit: 50 });
      expect(new Set(ids(connected.users))).toEqual(new Set(['p00', 'p04', 'p08', 'p12', 'p16', 'p20']));
    });

    it('searches by prefix of email, username, display name or uid, case-insensitively, reading about the matches', async () => {
      const hit = await backend.userManagement.listUsers({ search: '  AnNa', sort: 'createdAt', limit: 50 });
      expect(ids(hit.users).sort()).toEqual(['p05', 'p09']);
      expect(hit.total).toBe(2);
      // p05 matches on username and display name: read twice, listed once (userSearch.emulator.test.ts has more).
      expect(meter.documents).toBeLessThanOrEqual(3);
      Object.assign(meter, newReadMeter());
      const miss = await backend.userManagement.listUsers({ search: 'zzz-nobody', limit: 50 });
      expect(miss).toMatchObject({ users: [], total: 0, nextCursor: null });
      // No match, only the few documents each field's skip scan meets on the way (userSearchPlan.ts: 3 a field at most).
      expect(meter.documents).toBeLessThanOrEqual(10);
      const byUid = await backend.userManagement.listUsers({ search: 'p1', isPremium: true, sort: 'email', order: 'asc', limit: 2 });
      expect(ids(byUid.users)).toEqual(['p10', 'p12']);
      const next = await backend.userManagement.listUsers({
        search: 'p1',
        isPremium: true,
        sort: 'email',
        order: 'asc',
        limit: 2,
        cursor: byUid.nextCursor!,
      });
      expect(ids(next.users)).toEqual(['p14', 'p16']);
    });

    it('a superseded read (aborted signal) rejects and reads nothing more', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(backend.userManagement.listUsers({ search: 'person', limit: 10 }, { signal: controller.signal })).rejects.toHaveProperty(
        'name',
        'AbortError',
      );
      await expect(backend.userManagement.listUsers({ connected: false, limit: 10 }, { signal: controller.signal })).rejects.toHaveProperty(
        'name',
        'AbortError',
      );
      expect(meter.documents).toBe(0);
    });
  });

  it('sets isPremium and accountActive with a new updatedAt', async () => {
    const before = Date.now() - 1;
    const updated = await backend.userManagement.updateUserFlags('p01', { isPremium: true, accountActive: false });
    expect(updated).toMatchObject({ uid: 'p01', isPremium: true, accountActive: false });
    expect(new Date(updated.updatedAt!).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    const stored = (await world.admin.firestore.doc('users/p01').get()).data()!;
    expect(stored).toMatchObject({ isPremium: true, accountActive: false });
    expect(stored.updatedAt.toDate().toISOString()).toBe(updated.updatedAt);
    await expect(backend.userManagement.updateUserFlags('nobody', { isPremium: true })).rejects.toThrow();
  });

  it('refuses a flag change or a delete based on a record changed since it was shown (a transaction under the rules)', async () => {
    const { firestore } = world.admin;
    const ref = firestore.doc('users/w-stale');
    await ref.set({
      uid: 'w-stale',
      email: 'stale@example.test',
      isPremium: false,
      accountActive: true,
      createdAt: day(1),
      updatedAt: day(1),
    });
    const shown = (await backend.userRecords.readUserRecord('w-stale'))!;
    // The app (or another console) grants premium after the row was shown.
    await ref.update({ isPremium: true, updatedAt: day(2) });

    const refused = await backend.userManagement.updateUserFlags('w-stale', { isPremium: true }, { shown }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 409,
      detail: {
        code: 'version_conflict',
        conflict: { current: { uid: 'w-stale', isPremium: true }, changedBy: null, changedAt: day(2).toISOString() },
      },
    });
    // Another field than the one changed since: it goes ahead.
    await expect(backend.userManagement.updateUserFlags('w-stale', { accountActive: false }, { shown })).resolves.toMatchObject({
      isPremium: true,
      accountActive: false,
    });
    // A delete takes every field: based on the old row it is refused and nothing is deleted; on the record now it goes.
    await expect(backend.userManagement.deleteUser('w-stale', { shown })).rejects.toMatchObject({ status: 409 });
    expect((await ref.get()).exists).toBe(true);
    const now = (await backend.userRecords.readUserRecord('w-stale'))!;
    await expect(backend.userManagement.deleteUser('w-stale', { shown: now })).resolves.toMatchObject({ deleted: { user: true } });
    expect((await ref.get()).exists).toBe(false);
    await expect(backend.userManagement.updateUserFlags('w-stale', { isPremium: false }, { shown: now })).rejects.toMatchObject({
      status: 409,
      detail: { conflict: { current: null } },
    });
  });

  it('deletes a user with what hangs off them, and records ACCOUNT_DELETED', async () => {
    const { firestore } = world.admin;
    const batch = firestore.batch();
    batch.set(firestore.doc('users/v-gone'), {
      uid: 'v-gone',
      email: 'gone@example.test',
      connectedUserId: 'v-partner',
      createdAt: day(1),
      lastSwipeDate: day(3),
    });
    batch.set(firestore.doc('users/v-partner'), {
      uid: 'v-partner',
      connectedUserId: 'v-gone',
      connectionStatus: 'connected',
      createdAt: day(1),
    });
    batch.set(firestore.doc('connectionRequests/vr1'), { fromUserId: 'v-gone', toUserId: 'v-partner', status: 'accepted' });
    batch.set(firestore.doc('connectionRequests/vr2'), { fromUserId: 'p03', toUserId: 'v-gone', status: 'pending' });
    batch.set(firestore.doc('connections/vc1'), { userA: 'v-partner', userB: 'v-gone', status: 'active' });
    batch.set(firestore.doc('names/vn1'), { name: 'Cy', swipedBy: { 'v-gone': true, p02: true } });
    await batch.commit();

    const result = await backend.userManagement.deleteUser('v-gone');
    expect(result).toEqual({
      uid: 'v-gone',
      deleted: { user: true, account: false, swipes: 1, connectionRequests: 2, connections: 1, partnersUnlinked: 1 },
      // This world has no hosted API (emulatorWorld.ts points at a closed port): the parts it would do are reported
      // as not done (local/hostedAccountDeletion.ts; server/test/accountDeletion.test.ts has the route).
      elsewhere: {
        authAccount: expect.objectContaining({ outcome: 'not_done' }),
        hostedApi: expect.objectContaining({ outcome: 'not_done', reason: expect.stringMatching(/^Could not reach the server/) }),
      },
    });
    expect((await firestore.doc('users/v-gone').get()).exists).toBe(false);
    expect((await firestore.doc('connectionRequests/vr1').get()).exists).toBe(false);
    expect((await firestore.doc('connectionRequests/vr2').get()).exists).toBe(false);
    expect((await firestore.doc('connections/vc1').get()).exists).toBe(false);
    expect((await firestore.doc('names/vn1').get()).data()!.swipedBy).toEqual({ p02: true });
    expect((await firestore.doc('users/v-partner').get()).data()).toMatchObject({ connectedUserId: null, connectionStatus: null });
    const logged = await firestore.collection('audit_logs').where('userId', '==', 'v-gone').get();
    expect(logged.docs.map((d) => d.data().event)).toEqual(['ACCOUNT_DELETED']);
    const recorded = await firestore.collection('console_actions').where('targetId', '==', 'v-gone').get();
    expect(recorded.docs.map((d) => d.data())).toEqual([expect.objectContaining({ action: 'user.delete', actorUid: 't-admin' })]);
    await expect(backend.userManagement.deleteUser('v-gone')).rejects.toThrow(/No user record/);
  });

  it('records each console change of a user in console_actions: the user’s history, the console’s audit source and its counts show it', async () => {
    const { firestore } = world.admin;
    await firestore
      .doc('users/h-1')
      .set({ uid: 'h-1', email: 'h1@example.test', isPremium: false, accountActive: true, createdAt: day(1) });
    await backend.userManagement.updateUserFlags('h-1', { isPremium: true });
    const logged = await firestore.collection('console_actions').where('targetId', '==', 'h-1').get();
    expect(logged.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ action: 'user.update', actorUid: 't-admin', before: { isPremium: false }, after: { isPremium: true } }),
    ]);
    const history = await backend.history.readHistory({ type: 'user', id: 'h-1' }, {});
    expect(history.entries[0]).toMatchObject({
      source: 'console',
      actor: { uid: 't-admin', email: 't-admin@emulator.test' },
      changes: [{ field: 'isPremium', before: false, after: true }],
    });
    const page = await backend.auditLogs.pageAuditLogs({ source: 'console', limit: 500 });
    expect(page.entries.find((e) => e.userId === 'h-1')).toMatchObject({
      source: 'console',
      event: 'user.update',
      actor: { uid: 't-admin' },
    });
    const stats = await backend.auditLogs.auditStats({ source: 'console' });
    expect(stats.byEvent.find((e) => e.event === 'user.update')?.count).toBeGreaterThanOrEqual(1);
    // Both sources together (the default): the console's change is among the newest entries.
    const all = await backend.auditLogs.pageAuditLogs({ limit: 5 });
    expect(all.entries.some((e) => e.source === 'console')).toBe(true);
  });

  describe('audit logs', () => {
    beforeAll(async () => {
      const { firestore } = world.admin;
      const batch = firestore.batch();
      // 205 entries at the very same instant, then 45 older ones a minute apart.
      for (let i = 0; i < 205; i++)
        batch.set(firestore.doc(`audit_logs/same-${String(i).padStart(3, '0')}`), {
          timestamp: T0,
          event: i % 2 ? 'CANCELLATION' : 'USER_CREATED',
          userId: pid(i % PEOPLE),
        });
      for (let i = 0; i < 45; i++)
        batch.set(firestore.doc(`audit_logs/old-${String(i).padStart(2, '0')}`), {
          timestamp: new Date(T0.getTime() - (i + 1) * 60_000),
          event: 'SUBSCRIPTION_START',
          userId: 'p02',
        });
      await batch.commit();
    });

    it('reads 100 per page, newest first, with a cursor that crosses equal timestamps without loss or repeat', async () => {
      const since = new Date(T0.getTime() - 3_600_000).toISOString();
      const pages = [];
      let cursor: string | undefined;
      do {
        const page = await backend.auditLogs.pageAuditLogs({ since, ...(cursor ? { cursor } : {}) });
        pages.push(page);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(pages.map((p) => p.entries.length)).toEqual([100, 100, 50]);
      const entries = pages.flatMap((p) => p.entries);
      expect(new Set(entries.map((e) => e.id)).size).toBe(250);
      const times = entries.map((e) => Date.parse(e.timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(meter.documents).toBe(101 + 101 + 50);
    });

    it('filters by event and by a timestamp bound', async () => {
      const cancellations = await backend.auditLogs.pageAuditLogs({
        event: 'CANCELLATION',
        since: new Date(T0.getTime() - 1).toISOString(),
        limit: 500,
      });
      expect(cancellations.entries).toHaveLength(102);
      expect(cancellations.entries.every((e) => e.event === 'CANCELLATION')).toBe(true);
      const recent = await backend.auditLogs.pageAuditLogs({
        since: new Date(T0.getTime() - 10 * 60_000).toISOString(),
        event: 'SUBSCRIPTION_START',
      });
      expect(recent.entries.map((e) => e.id)).toEqual([
        'old-00',
        'old-01',
        'old-02',
        'old-03',
        'old-04',
        'old-05',
        'old-06',
        'old-07',
        'old-08',
        'old-09',
      ]);
      const stats = await backend.auditLogs.auditStats({ since: new Date(T0.getTime() - 3_600_000).toISOString() });
      expect(stats.byEvent).toEqual([
        { source: 'app', event: 'USER_CREATED', count: 103 },
        { source: 'app', event: 'CANCELLATION', count: 102 },
        { source: 'app', event: 'SUBSCRIPTION_START', count: 45 },
      ]);
    });
  });

  describe('exports', () => {
    async function readAll(collection: Parameters<Backend['exports']['readPage']>[0], range: { from?: string; to?: string } = {}) {
      const rows: unknown[] = [];
      let after: string | null = null;
      do {
        const page: { rows: unknown[]; next: string | null } = await backend.exports.readPage(collection, { after, limit: 7, ...range });
        rows.push(...page.rows);
        after = page.next;
      } while (after);
      return rows;
    }

    it.each(['users', 'names', 'connections', 'name-analytics'] as const)(
      '%s: every document once, and the count agrees',
      async (collection) => {
        const source = collection === 'name-analytics' ? 'names' : collection;
        const expected = (await world.admin.firestore.collection(source).count().get()).data().count;
        const rows = await readAll(collection);
        expect(rows).toHaveLength(expected);
        expect(await backend.exports.count(collection, {})).toBe(expected);
      },
    );

    it('name analytics counts likes and dislikes from swipedBy', async () => {
      const rows = (await readAll('name-analytics')) as { name: string; total_swipes: number; total_likes: number }[];
      expect(rows.find((r) => r.name === 'Ada')).toMatchObject({ total_swipes: 2, total_likes: 2 });
      expect(rows.find((r) => r.name === 'Bo')).toMatchObject({ total_swipes: 1, total_likes: 0 });
    });

    it('audit logs in a date range', async () => {
      const range = { from: new Date(T0.getTime() - 5 * 60_000).toISOString(), to: T0.toISOString() };
      const rows = (await readAll('audit-logs', range)) as { id: string }[];
      expect(rows.map((r) => r.id).sort()).toEqual(['old-00', 'old-01', 'old-02', 'old-03', 'old-04']);
      expect(await backend.exports.count('audit-logs', range)).toBe(5);
    });
  });
});
