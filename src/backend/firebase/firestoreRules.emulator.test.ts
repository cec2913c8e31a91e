// firestore.rules on the real Firestore emulator (which enforces them), through the web SDK as a browser or the
// mobile app sends requests. The database is shared with the app, so each line of the rules is tried from both
// sides: what an end user may do to their own data and nothing more (never isAdmin, accountActive or isPremium),
// and what an admin may do only with its record in the same write (console_actions + console_marks: consoleActions.ts).
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
  type WriteBatch,
} from 'firebase/firestore';
import { PROJECT_ID, skipReason, startWorld, type World } from './testing/emulatorWorld';

jest.setTimeout(180_000);
const reason = skipReason();
if (reason) process.stdout.write(`firestoreRules.emulator.test.ts SKIPPED: ${reason}\n`);
const describeWithEmulators = reason ? describe.skip : describe;

let world: World;
const apps: FirebaseApp[] = [];

/** A browser-like client: its own Firebase app, signed in as `uid` (or not at all). */
async function client(uid: string | null): Promise<Firestore> {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID }, `rules-${uid ?? 'anonymous'}`);
  apps.push(app);
  const db = getFirestore(app);
  const [host, port] = world.emulators.firestoreHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
  if (uid) {
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${world.emulators.authHost}`, { disableWarnings: true });
    await signInWithEmailAndPassword(auth, `${uid}@emulator.test`, `pw-${uid}`);
  }
  return db;
}

const denied = (attempt: Promise<unknown>) => expect(attempt).rejects.toHaveProperty('code', 'permission-denied');
const stored = async (path: string) => (await world.admin.firestore.doc(path).get()).data();

interface Entry {
  action?: string;
  actorUid?: string;
  timestamp?: unknown;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  extra?: Record<string, unknown>;
}

/** Adds the console's record of a change of `uid` to a batch, as consoleActions.ts does; parts can be spoiled. */
function record(db: Firestore, batch: WriteBatch, actor: string, uid: string, entry: Entry = {}, mark: { at?: unknown } = {}) {
  const ref = doc(collection(db, 'console_actions'));
  batch.set(ref, {
    action: entry.action ?? 'user.update',
    targetType: 'user',
    targetId: uid,
    actorUid: entry.actorUid ?? actor,
    actorEmail: `${actor}@emulator.test`,
    timestamp: entry.timestamp ?? serverTimestamp(),
    before: entry.before ?? {},
    after: entry.after ?? {},
    ...entry.extra,
  });
  batch.set(doc(db, 'console_marks', uid), { actionId: ref.id, actorUid: actor, at: mark.at ?? serverTimestamp() });
  return ref;
}

/** An admin's flag change of `uid`, recorded (or not, or spoiled). */
async function flagWrite(db: Firestore, actor: string, uid: string, change: Record<string, unknown>, entry: Entry | null = {}) {
  const batch = writeBatch(db);
  batch.update(doc(db, 'users', uid), { ...change, updatedAt: serverTimestamp() });
  if (entry) record(db, batch, actor, uid, { before: {}, after: change, ...entry });
  await batch.commit();
}

describeWithEmulators('firestore.rules on the emulator', () => {
  let admin: Firestore;
  let app: Firestore;
  let other: Firestore;
  let stringly: Firestore;
  let inactive: Firestore;
  let anonymous: Firestore;

  beforeAll(async () => {
    world = await startWorld();
    await world.account('r-admin', { isAdmin: true, accountActive: true });
    await world.account('r-app', { isAdmin: false, accountActive: true, isPremium: false, preferredGender: 'all' });
    await world.account('r-other', { isAdmin: false, accountActive: true });
    // Only a real boolean true makes an admin, and only while active.
    await world.account('r-stringly', { isAdmin: 'true' });
    await world.account('r-inactive', { isAdmin: true, accountActive: false });
    await world.account('r-new', null);
    const { firestore } = world.admin;
    await firestore.doc('names/n1').set({ name: 'Ada', swipedBy: { 'r-other': { liked: true } } });
    await firestore.doc('connectionRequests/q1').set({ fromUserId: 'r-app', toUserId: 'r-other', status: 'pending' });
    await firestore.doc('connectionRequests/q2').set({ fromUserId: 'r-other', toUserId: 'x', status: 'pending' });
    await firestore.doc('connections/c1').set({ userA: 'r-app', userB: 'r-other' });
    await firestore.doc('audit_logs/a1').set({ event: 'USER_CREATED', userId: 'r-app', timestamp: new Date() });
    [admin, app, other, stringly, inactive, anonymous] = await Promise.all([
      client('r-admin'),
      client('r-app'),
      client('r-other'),
      client('r-stringly'),
      client('r-inactive'),
      client(null),
    ]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => deleteApp(a)));
    await world?.stop();
  });

  describe('an end user (the app)', () => {
    it('updates their own preferences and activity, and reads only their own record', async () => {
      await updateDoc(doc(app, 'users/r-app'), {
        preferredGender: 'female',
        notificationSettings: { dailyReminder: true },
        lastLogin: serverTimestamp(),
        lastActiveDate: serverTimestamp(),
      });
      expect(await stored('users/r-app')).toMatchObject({ preferredGender: 'female' });
      expect((await getDoc(doc(app, 'users/r-app'))).data()?.preferredGender).toBe('female');
      await denied(getDoc(doc(app, 'users/r-other')));
      await denied(getDocs(collection(app, 'users')));
    });

    it.each([
      ['isAdmin', true],
      ['accountActive', false],
      ['isPremium', true],
    ])('never sets %s on themself', async (field, value) => {
      await denied(updateDoc(doc(app, 'users/r-app'), { [field]: value }));
      await denied(updateDoc(doc(app, 'users/r-app'), { preferredGender: 'male', [field]: value }));
      await denied(updateDoc(doc(app, 'users/r-app'), { [field]: deleteField() }));
    });

    it('creates their own record with the protected fields absent or at their defaults, never as an admin', async () => {
      const newcomer = await client('r-new');
      await denied(setDoc(doc(newcomer, 'users/r-new'), { uid: 'r-new', email: 'r-new@emulator.test', isAdmin: true }));
      await denied(setDoc(doc(newcomer, 'users/r-new'), { uid: 'r-new', isPremium: true }));
      await denied(setDoc(doc(newcomer, 'users/r-new'), { uid: 'r-new', accountActive: 'true' }));
      await denied(setDoc(doc(newcomer, 'users/someone-else'), { uid: 'someone-else' }));
      await setDoc(doc(newcomer, 'users/r-new'), { uid: 'r-new', email: 'r-new@emulator.test', isAdmin: false, accountActive: true });
      expect(await stored('users/r-new')).toMatchObject({ isAdmin: false });
    });

    it('reads names and writes only their own swipedBy entry', async () => {
      expect((await getDoc(doc(app, 'names/n1'))).data()?.name).toBe('Ada');
      await updateDoc(doc(app, 'names/n1'), { 'swipedBy.r-app': { liked: true, swipedAt: serverTimestamp() } });
      await denied(updateDoc(doc(app, 'names/n1'), { 'swipedBy.r-other': deleteField() }));
      await denied(updateDoc(doc(app, 'names/n1'), { name: 'Adda' }));
      await denied(setDoc(doc(app, 'names/n9'), { name: 'Bo' }));
      expect(Object.keys((await stored('names/n1'))?.swipedBy ?? {}).sort()).toEqual(['r-app', 'r-other']);
    });

    it('sends, reads and answers only their own connection requests; reads only their own connections', async () => {
      await addDoc(collection(app, 'connectionRequests'), { fromUserId: 'r-app', toUserId: 'r-other', status: 'pending' });
      await denied(addDoc(collection(app, 'connectionRequests'), { fromUserId: 'r-other', toUserId: 'r-app', status: 'pending' }));
      expect((await getDocs(query(collection(app, 'connectionRequests'), where('fromUserId', '==', 'r-app')))).size).toBe(2);
      await denied(getDoc(doc(app, 'connectionRequests/q2')));
      await updateDoc(doc(other, 'connectionRequests/q1'), { status: 'accepted' });
      await denied(updateDoc(doc(other, 'connectionRequests/q1'), { fromUserId: 'r-other' }));
      expect((await getDoc(doc(app, 'connections/c1'))).exists()).toBe(true);
      await denied(deleteDoc(doc(app, 'connections/c1')));
    });

    it('records the app’s events about themself, stamped now, and reads none', async () => {
      await addDoc(collection(app, 'audit_logs'), { event: 'SUBSCRIPTION_START', userId: 'r-app', timestamp: serverTimestamp() });
      await denied(addDoc(collection(app, 'audit_logs'), { event: 'SUBSCRIPTION_START', userId: 'r-other', timestamp: serverTimestamp() }));
      await denied(
        addDoc(collection(app, 'audit_logs'), {
          event: 'USER_CREATED',
          userId: 'r-app',
          timestamp: Timestamp.fromDate(new Date('2020-01-01')),
        }),
      );
      await denied(addDoc(collection(app, 'audit_logs'), { event: 'user.update', userId: 'r-app', timestamp: serverTimestamp() }));
      await denied(getDocs(collection(app, 'audit_logs')));
      await denied(getDocs(collection(app, 'console_actions')));
    });
  });

  describe('an admin (the console)', () => {
    it('reads every collection', async () => {
      for (const name of ['users', 'names', 'connectionRequests', 'connections', 'audit_logs']) {
        expect((await getDocs(query(collection(admin, name), limit(5)))).size).toBeGreaterThan(0);
      }
    });

    it('changes a flag together with its console_actions entry and mark, both readable after', async () => {
      await flagWrite(admin, 'r-admin', 'r-other', { isPremium: true }, { before: { isPremium: false } });
      expect(await stored('users/r-other')).toMatchObject({ isPremium: true });
      const mark = await stored('console_marks/r-other');
      const entry = await stored(`console_actions/${mark?.actionId}`);
      expect(entry).toMatchObject({ action: 'user.update', targetId: 'r-other', actorUid: 'r-admin', after: { isPremium: true } });
      expect((entry?.timestamp as Timestamp).toMillis()).toBe((mark?.at as Timestamp).toMillis());
      expect((await getDocs(collection(admin, 'console_actions'))).size).toBeGreaterThan(0);
    });

    it('is refused a flag change without its record, or with a record that is backdated, someone else’s or about another user', async () => {
      await denied(flagWrite(admin, 'r-admin', 'r-other', { isPremium: false }, null));
      await denied(flagWrite(admin, 'r-admin', 'r-other', { isPremium: false }, { timestamp: Timestamp.fromDate(new Date('2020-01-01')) }));
      await denied(flagWrite(admin, 'r-admin', 'r-other', { isPremium: false }, { actorUid: 'r-app' }));
      await denied(flagWrite(admin, 'r-admin', 'r-other', { isPremium: false }, { action: 'user.delete' }));
      await denied(flagWrite(admin, 'r-admin', 'r-other', { isPremium: false }, { extra: { note: 'anything' } }));
      // A mark stamped at another time does not vouch for this change.
      const batch = writeBatch(admin);
      batch.update(doc(admin, 'users/r-other'), { isPremium: false, updatedAt: serverTimestamp() });
      record(admin, batch, 'r-admin', 'r-other', {}, { at: Timestamp.fromDate(new Date('2020-01-01')) });
      await denied(batch.commit());
      expect(await stored('users/r-other')).toMatchObject({ isPremium: true });
    });

    it('never writes isAdmin, a flag that is not a boolean, or any other field of a user', async () => {
      await denied(flagWrite(admin, 'r-admin', 'r-other', { isAdmin: true }));
      await denied(flagWrite(admin, 'r-admin', 'r-other', { isPremium: 'yes' }));
      await denied(flagWrite(admin, 'r-admin', 'r-other', { accountActive: 0 }));
      await denied(flagWrite(admin, 'r-admin', 'r-other', { username: 'renamed' }));
      expect(await stored('users/r-other')).toMatchObject({ isAdmin: false });
    });

    it('cannot write a console_actions entry without its change, nor change or remove one', async () => {
      const batch = writeBatch(admin);
      record(admin, batch, 'r-admin', 'r-other');
      await denied(batch.commit());
      const mark = await stored('console_marks/r-other');
      await denied(updateDoc(doc(admin, 'console_actions', String(mark?.actionId)), { actorUid: 'someone' }));
      await denied(deleteDoc(doc(admin, 'console_actions', String(mark?.actionId))));
      await denied(deleteDoc(doc(admin, 'console_marks/r-other')));
    });

    it('audit_logs: only ACCOUNT_DELETED in the write that deletes that user; no entry changed or removed', async () => {
      await denied(addDoc(collection(admin, 'audit_logs'), { event: 'ACCOUNT_DELETED', userId: 'r-other', timestamp: serverTimestamp() }));
      await denied(addDoc(collection(admin, 'audit_logs'), { event: 'USER_CREATED', userId: 'x', timestamp: serverTimestamp() }));
      await denied(updateDoc(doc(admin, 'audit_logs/a1'), { userId: 'someone-else' }));
      await denied(deleteDoc(doc(admin, 'audit_logs/a1')));
      expect(await stored('audit_logs/a1')).toMatchObject({ userId: 'r-app' });
    });

    it('deletes a user only with its record, removing what hangs off them in the same write', async () => {
      await world.account('r-gone', { isAdmin: false, connectedUserId: 'r-partner' });
      await world.admin.firestore
        .doc('users/r-partner')
        .set({ uid: 'r-partner', connectedUserId: 'r-gone', connectionStatus: 'connected' });
      await world.admin.firestore.doc('names/n1').update({ 'swipedBy.r-gone': { liked: false } });
      await world.admin.firestore.doc('connections/c2').set({ userA: 'r-gone', userB: 'r-partner' });
      await denied(deleteDoc(doc(admin, 'users/r-gone')));
      // A partner's link is cleared only for a user deleted in the same write.
      await denied(
        updateDoc(doc(admin, 'users/r-partner'), { connectedUserId: null, connectionStatus: null, updatedAt: serverTimestamp() }),
      );

      const batch = writeBatch(admin);
      batch.delete(doc(admin, 'users/r-gone'));
      batch.update(doc(admin, 'users/r-partner'), { connectedUserId: null, connectionStatus: null, updatedAt: serverTimestamp() });
      batch.update(doc(admin, 'names/n1'), { 'swipedBy.r-gone': deleteField() });
      batch.delete(doc(admin, 'connections/c2'));
      batch.set(doc(collection(admin, 'audit_logs')), {
        event: 'ACCOUNT_DELETED',
        userId: 'r-gone',
        timestamp: serverTimestamp(),
        lastSwipeDate: null,
        totalActiveTimeFormatted: '0h 0m 0s',
      });
      record(admin, batch, 'r-admin', 'r-gone', { action: 'user.delete', before: { uid: 'r-gone' } });
      await batch.commit();
      expect(await stored('users/r-gone')).toBeUndefined();
      expect(await stored('users/r-partner')).toMatchObject({ connectedUserId: null });
      expect(Object.keys((await stored('names/n1'))?.swipedBy ?? {})).not.toContain('r-gone');
    });

    it('an admin only strips swipes from a name, never adds or changes another user’s', async () => {
      await denied(updateDoc(doc(admin, 'names/n1'), { 'swipedBy.someone-new': { liked: true } }));
      await denied(updateDoc(doc(admin, 'names/n1'), { 'swipedBy.r-other': { liked: false } }));
      await denied(updateDoc(doc(admin, 'names/n1'), { name: 'Changed' }));
    });
  });

  it('isAdmin must be the boolean true', async () => {
    await denied(getDocs(collection(stringly, 'users')));
    await denied(getDoc(doc(stringly, 'audit_logs/a1')));
  });

  it('a deactivated admin reads and writes nothing of the console’s', async () => {
    await denied(getDocs(collection(inactive, 'users')));
    await denied(getDoc(doc(inactive, 'users/r-app')));
    await denied(getDocs(collection(inactive, 'audit_logs')));
    await denied(flagWrite(inactive, 'r-inactive', 'r-app', { isPremium: true }));
    // Their own record stays theirs to read, as any end user's.
    expect((await getDoc(doc(inactive, 'users/r-inactive'))).exists()).toBe(true);
  });

  it('signed out, nothing is readable', async () => {
    await denied(getDoc(doc(anonymous, 'users/r-app')));
    await denied(getDocs(collection(anonymous, 'names')));
    await denied(addDoc(collection(anonymous, 'audit_logs'), { event: 'USER_CREATED', userId: 'x', timestamp: serverTimestamp() }));
  });
});
