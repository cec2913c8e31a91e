import { OPERATOR_ACTIONS, OPERATOR_ERRORS } from '../../contract/operators';
import { startEmulators, type RunningEmulators } from '../../scripts/firebase/emulators';
import { emulatorDescribe } from './emulatorSuite';
import type { Actor } from '../src/audit/consoleActions';
import { openFirebaseIdentity, type FirebaseIdentity } from '../src/auth/firebaseIdentity';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import type { Db } from '../src/db/types';
import type { HttpError } from '../src/http/errors';
import type { OperatorDirectory } from '../src/operators/directory';
import { createFirestoreDirectory, FIREBASE_LINKS_ELSEWHERE } from '../src/operators/firestoreDirectory';

// The operators page in Firebase mode against the real Auth and Firestore emulators: the hosted API lists the Firestore
// users records whose isAdmin is true with their Firebase Auth accounts, and grants and revokes with the Admin SDK
// (operators/firestoreDirectory.ts), the last active admin kept even under two revokes at once. A project of its own:
// the admins of other test files must not count here. Runs in the `emulators` Jest project.
jest.setTimeout(180_000);

const describeWithEmulators = emulatorDescribe('operators.firebase.emulator.test.ts');

const projectId = `demo-operators-${process.pid}`;
const ACTOR: Actor = { uid: 'op-a', email: 'op-a@firebase.test' };

let ownEmulators: RunningEmulators | undefined;
let identity: FirebaseIdentity;
let db: Db;
let directory: OperatorDirectory;
let admin: Awaited<ReturnType<typeof openAdmin>>;

async function openAdmin() {
  const [{ initializeApp, deleteApp }, { getAuth }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
    import('firebase-admin/firestore'),
  ]);
  const app = initializeApp({ projectId }, `operators-test-admin-${process.pid}`);
  const firestore = getFirestore(app);
  return {
    auth: getAuth(app),
    firestore,
    close: async () => {
      await firestore.terminate();
      await deleteApp(app);
    },
  };
}

async function refused(promise: Promise<unknown>): Promise<[number, string, string]> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as HttpError | null;
  if (!error) throw new Error('it was not refused');
  return [error.statusCode, error.code, error.message];
}
const isAdmin = async (uid: string) => (await admin.firestore.doc(`users/${uid}`).get()).get('isAdmin');
const trail = async () =>
  (await db.query<{ action: string; target_id: string }>('SELECT action, target_id FROM console_actions ORDER BY id')).rows.map(
    (r) => `${r.action} ${r.target_id}`,
  );

describeWithEmulators('operators in Firebase mode (real Auth and Firestore emulators)', () => {
  beforeAll(async () => {
    if (!process.env.EMULATOR_AUTH_HOST || !process.env.EMULATOR_FIRESTORE_HOST) {
      ownEmulators = await startEmulators({ projectId, installFirebaseTools: false });
      process.env.EMULATOR_AUTH_HOST = ownEmulators.authHost!;
      process.env.EMULATOR_FIRESTORE_HOST = ownEmulators.firestoreHost;
    }
    process.env.FIREBASE_AUTH_EMULATOR_HOST = process.env.EMULATOR_AUTH_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = process.env.EMULATOR_FIRESTORE_HOST;
    admin = await openAdmin();
    identity = await openFirebaseIdentity({
      projectId,
      authEmulatorHost: process.env.EMULATOR_AUTH_HOST,
      firestoreEmulatorHost: process.env.FIRESTORE_EMULATOR_HOST,
    });
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    directory = createFirestoreDirectory(db, identity.operators!, identity.restoreTarget);

    await admin.auth.createUser({ uid: 'op-a', email: 'op-a@firebase.test', password: 'a long enough password' });
    const batch = admin.firestore.batch();
    batch.set(admin.firestore.doc('users/op-a'), { uid: 'op-a', email: 'op-a@firebase.test', displayName: 'Op A', isAdmin: true });
    batch.set(admin.firestore.doc('users/op-b'), { uid: 'op-b', email: 'op-b@firebase.test', isAdmin: true, accountActive: true });
    batch.set(admin.firestore.doc('users/op-off'), { uid: 'op-off', email: 'off@firebase.test', isAdmin: true, accountActive: false });
    batch.set(admin.firestore.doc('users/app-user'), { uid: 'app-user', email: 'user@app.test', isAdmin: false });
    await batch.commit();
  });
  afterAll(async () => {
    await identity?.close();
    await admin?.close();
    await db?.close();
    await ownEmulators?.stop();
  });

  it('lists the users records whose isAdmin is true, with their Firebase Auth accounts; no invitations or links here', async () => {
    const page = await directory.list();
    expect(page.capabilities).toEqual({ invite: false, resetPassword: false, grant: true, resetMfa: false });
    expect(page.invites).toEqual([]);
    expect(page.operators.map((o) => [o.uid, o.accountActive, o.hasPassword, o.mfaEnabled]).sort()).toEqual([
      ['op-a', true, true, false],
      ['op-b', true, false, false],
      ['op-off', false, false, false],
    ]);
    expect(page.operators.find((o) => o.uid === 'op-a')).toMatchObject({ email: 'op-a@firebase.test', displayName: 'Op A' });
    for (const call of [directory.invite(ACTOR, 'x@y.test'), directory.resetLink(ACTOR, 'op-b'), directory.withdrawInvite(ACTOR, 1)]) {
      expect(await refused(call)).toEqual([501, 'not_available', FIREBASE_LINKS_ELSEWHERE]);
    }
  });

  it('grants and revokes with the Admin SDK, each recorded here and in Firestore; an unknown uid is 404', async () => {
    expect(await directory.grant(ACTOR, 'app-user')).toMatchObject({ uid: 'app-user', accountActive: true });
    expect(await isAdmin('app-user')).toBe(true);
    // Granting again changes nothing and records nothing.
    await directory.grant(ACTOR, 'app-user');
    await directory.revoke(ACTOR, 'app-user');
    expect(await isAdmin('app-user')).toBe(false);
    expect(await trail()).toEqual([`${OPERATOR_ACTIONS.grant} app-user`, `${OPERATOR_ACTIONS.revoke} app-user`]);
    const mirrored = await admin.firestore.collection('console_actions').where('targetId', '==', 'app-user').get();
    expect(mirrored.docs.map((d) => d.get('action')).sort()).toEqual([OPERATOR_ACTIONS.grant, OPERATOR_ACTIONS.revoke].sort());
    expect(mirrored.docs.every((d) => d.get('actorEmail') === ACTOR.email)).toBe(true);
    expect((await refused(directory.grant(ACTOR, 'nobody')))[0]).toBe(404);
  });

  it('revoking ends the account’s sessions: its refresh tokens are revoked', async () => {
    await directory.grant(ACTOR, 'app-user');
    await admin.auth.createUser({ uid: 'app-user', email: 'user@app.test' });
    // A fresh account has no revocation time; after the revoke, tokens issued before it are refused.
    expect((await admin.auth.getUser('app-user')).tokensValidAfterTime).toBeUndefined();
    const revokedAt = Math.floor(Date.now() / 1000) * 1000;
    await directory.revoke(ACTOR, 'app-user');
    const validAfter = (await admin.auth.getUser('app-user')).tokensValidAfterTime;
    expect(Date.parse(validAfter!)).toBeGreaterThanOrEqual(revokedAt);
  });

  it('the last active admin cannot be revoked, even by two revokes at once (a deactivated admin does not count)', async () => {
    const both = await Promise.allSettled([directory.revoke(ACTOR, 'op-a'), directory.revoke(ACTOR, 'op-b')]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ statusCode: 409, code: OPERATOR_ERRORS.lastAdmin });
    const left = (await directory.list()).operators.filter((o) => o.accountActive).map((o) => o.uid);
    expect(left).toHaveLength(1);
    expect(await refused(directory.revoke(ACTOR, left[0]!))).toEqual([
      409,
      OPERATOR_ERRORS.lastAdmin,
      'The last active admin cannot be revoked: grant another admin first.',
    ]);
  });
});
