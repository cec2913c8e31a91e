// firestore.rules on the real Firestore emulator (which enforces them), through the web SDK as the browser
// sends requests: an admin (isAdmin true in their own users record) may read and write the console's
// collections and add audit entries; nobody may change or remove an audit entry; anyone else signed in reads
// only their own users record; signed out, nothing.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  query,
  setDoc,
  updateDoc,
  type Firestore,
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

describeWithEmulators('firestore.rules on the emulator', () => {
  let admin: Firestore;
  let plain: Firestore;
  let stringly: Firestore;
  let anonymous: Firestore;

  beforeAll(async () => {
    world = await startWorld();
    await world.account('r-admin', { isAdmin: true });
    await world.account('r-plain', { isAdmin: false });
    // Only a real boolean true makes an admin.
    await world.account('r-stringly', { isAdmin: 'true' });
    const { firestore } = world.admin;
    await firestore.doc('names/n1').set({ name: 'Ada', swipedBy: {} });
    await firestore.doc('connectionRequests/q1').set({ fromUserId: 'r-plain', toUserId: 'x', status: 'pending' });
    await firestore.doc('connections/c1').set({ userA: 'r-plain', userB: 'x' });
    await firestore.doc('audit_logs/a1').set({ event: 'USER_CREATED', userId: 'r-plain', timestamp: new Date() });
    [admin, plain, stringly, anonymous] = await Promise.all([client('r-admin'), client('r-plain'), client('r-stringly'), client(null)]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await world?.stop();
  });

  it('an admin reads and writes users, names, connectionRequests and connections', async () => {
    for (const name of ['users', 'names', 'connectionRequests', 'connections']) {
      expect((await getDocs(query(collection(admin, name), limit(5)))).size).toBeGreaterThan(0);
    }
    await updateDoc(doc(admin, 'users/r-plain'), { isPremium: true });
    await setDoc(doc(admin, 'names/n2'), { name: 'Bo' });
    await updateDoc(doc(admin, 'connectionRequests/q1'), { status: 'accepted' });
    await deleteDoc(doc(admin, 'connections/c1'));
    expect((await world.admin.firestore.doc('users/r-plain').get()).data()?.isPremium).toBe(true);
    expect((await world.admin.firestore.doc('connections/c1').get()).exists).toBe(false);
  });

  it('audit entries: an admin reads and adds them; nobody changes or removes one', async () => {
    expect((await getDocs(collection(admin, 'audit_logs'))).size).toBeGreaterThan(0);
    const added = await addDoc(collection(admin, 'audit_logs'), { event: 'ACCOUNT_DELETED', userId: 'x', timestamp: new Date() });
    await denied(updateDoc(added, { event: 'USER_CREATED' }));
    await denied(deleteDoc(added));
    await denied(updateDoc(doc(admin, 'audit_logs/a1'), { userId: 'someone-else' }));
    await denied(deleteDoc(doc(admin, 'audit_logs/a1')));
    expect((await world.admin.firestore.doc('audit_logs/a1').get()).data()?.userId).toBe('r-plain');
  });

  it('a non-admin reads only their own users record and writes nothing', async () => {
    expect((await getDoc(doc(plain, 'users/r-plain'))).data()?.isAdmin).toBe(false);
    await denied(getDoc(doc(plain, 'users/r-admin')));
    await denied(getDocs(collection(plain, 'users')));
    await denied(updateDoc(doc(plain, 'users/r-plain'), { isAdmin: true }));
    for (const name of ['names', 'connectionRequests', 'connections', 'audit_logs']) await denied(getDocs(collection(plain, name)));
    await denied(setDoc(doc(plain, 'names/n3'), { name: 'Cy' }));
    await denied(addDoc(collection(plain, 'audit_logs'), { event: 'USER_CREATED', timestamp: new Date() }));
  });

  it('isAdmin must be the boolean true', async () => {
    await denied(getDocs(collection(stringly, 'users')));
    await denied(getDoc(doc(stringly, 'names/n1')));
  });

  it('signed out, nothing is readable', async () => {
    await denied(getDoc(doc(anonymous, 'users/r-plain')));
    await denied(getDocs(collection(anonymous, 'names')));
  });
});
