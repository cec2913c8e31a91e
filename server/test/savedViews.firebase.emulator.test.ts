import { DEFAULT_PROJECT_ID, startEmulators, type RunningEmulators } from '../../scripts/firebase/emulators';
import { emulatorDescribe } from './emulatorSuite';
import type { FastifyInstance } from 'fastify';
import { SAVED_VIEW_ACTIONS } from '../../contract/savedViews';
import type { NamesViewState, SavedView } from '../../contract/schemas/savedViews';
import { buildApp } from '../src/app';
import { openFirebaseIdentity } from '../src/auth/firebaseIdentity';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import type { Db } from '../src/db/types';
import { TEST_SESSION_SECRET } from './testApp';

// Saved views on the hosted API in Firebase mode, against the real Auth and Firestore emulators: the console signs
// in with Firebase Auth and calls the same /api/views routes with its ID token; the server keys each view by the
// Firebase uid in its own database (as it keys the import checks and the trail there), so a view survives the
// browser and is shared with the other Firebase admins, named by their Firebase e-mail. Runs in the `emulators`
// Jest project; run alone, it starts its own emulators; skips saying why where they cannot run.
jest.setTimeout(180_000);

const describeWithEmulators = emulatorDescribe('savedViews.firebase.emulator.test.ts');

// The Auth emulator issues tokens for the project it was started with; uids of this file only (never clear them).
const projectId = DEFAULT_PROJECT_ID;
const PASSWORD = 'hosted-views-password';
const uid = (name: string) => `views-${name}-${process.pid}`;

let ownEmulators: RunningEmulators | undefined;
let app: FastifyInstance;
let db: Db;
let admin: Awaited<ReturnType<typeof openAdmin>>;

async function openAdmin() {
  const [{ initializeApp, deleteApp }, { getAuth }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
    import('firebase-admin/firestore'),
  ]);
  const firebaseApp = initializeApp({ projectId }, `views-test-admin-${process.pid}`);
  const firestore = getFirestore(firebaseApp);
  return {
    auth: getAuth(firebaseApp),
    firestore,
    close: async () => {
      await firestore.terminate();
      await deleteApp(firebaseApp);
    },
  };
}

/** A Firebase Auth account with its users record, and an ID token the Auth emulator issued for it. */
async function accountWithToken(name: string, isAdmin: boolean): Promise<{ uid: string; email: string; token: string }> {
  const id = uid(name);
  const email = `${id}@firebase.test`;
  await admin.auth.createUser({ uid: id, email, password: PASSWORD });
  await admin.firestore.doc(`users/${id}`).set({ uid: id, email, isAdmin, accountActive: true });
  const response = await fetch(
    `http://${process.env.EMULATOR_AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`emulator sign-in failed: ${response.status} ${await response.text()}`);
  return { uid: id, email, token: ((await response.json()) as { idToken: string }).idToken };
}

async function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, ifMatch?: string) {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${token}`, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
  });
  return { status: response.statusCode, body: (response.body ? response.json() : null) as Record<string, unknown> };
}

const state: NamesViewState = {
  filters: { letter: 'A', gender: 'female', nationality: 'all', search: '' },
  columns: { nationality: false },
  density: 'compact',
};

describeWithEmulators('saved views on the hosted API in Firebase mode (real Auth and Firestore emulators)', () => {
  beforeAll(async () => {
    if (!process.env.EMULATOR_AUTH_HOST || !process.env.EMULATOR_FIRESTORE_HOST) {
      ownEmulators = await startEmulators({ projectId, installFirebaseTools: false });
      process.env.EMULATOR_AUTH_HOST = ownEmulators.authHost!;
      process.env.EMULATOR_FIRESTORE_HOST = ownEmulators.firestoreHost;
    }
    process.env.FIREBASE_AUTH_EMULATOR_HOST = process.env.EMULATOR_AUTH_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = process.env.EMULATOR_FIRESTORE_HOST;
    admin = await openAdmin();
    const identity = await openFirebaseIdentity({
      projectId,
      authEmulatorHost: process.env.EMULATOR_AUTH_HOST,
      firestoreEmulatorHost: process.env.FIRESTORE_EMULATOR_HOST,
    });
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    app = await buildApp({ db, sessionSecret: TEST_SESSION_SECRET, firebaseIdentity: identity, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    // app.close() closes the identity (app.ts's onClose hook).
    await app?.close();
    await db?.close();
    await admin?.close();
    await ownEmulators?.stop();
  });

  it('keeps a view by the Firebase uid, shares it with another Firebase admin by e-mail, and only its owner changes it', async () => {
    const owner = await accountWithToken('owner', true);
    const second = await accountWithToken('second', true);
    const appUser = await accountWithToken('app-user', false);

    const created = await call(owner.token, 'POST', '/views', { page: 'names', name: 'A girls', state, shared: true });
    expect(created).toMatchObject({ status: 201, body: { ownerUid: owner.uid, ownerEmail: owner.email, mine: true, version: 1 } });
    const view = created.body as unknown as SavedView;

    const seen = await call(second.token, 'GET', '/views?page=names');
    expect((seen.body.views as SavedView[]).map((v) => [v.name, v.mine, v.ownerEmail, v.state])).toEqual([
      ['A girls', false, owner.email, state],
    ]);
    expect((await call(second.token, 'DELETE', `/views/${view.id}`)).status).toBe(403);
    expect((await call(appUser.token, 'GET', '/views?page=names')).status).toBe(403);

    const renamed = await call(owner.token, 'PUT', `/views/${view.id}`, { page: 'names', name: 'A girls, compact' }, '"1"');
    expect(renamed).toMatchObject({ status: 200, body: { name: 'A girls, compact', version: 2 } });

    // The grid's column choice of each Firebase admin, apart.
    expect(
      (await call(owner.token, 'PUT', '/views/preferences/names', { columns: { gender: false }, density: 'comfortable' })).status,
    ).toBe(200);
    expect((await call(owner.token, 'GET', '/views/preferences/names')).body).toMatchObject({
      columns: { gender: false },
      density: 'comfortable',
    });
    expect((await call(second.token, 'GET', '/views/preferences/names')).body).toMatchObject({ updatedAt: null });

    const { rows } = await db.query<{ action: string; actor_uid: string; actor_email: string }>(
      'SELECT action, actor_uid, actor_email FROM console_actions ORDER BY id',
    );
    expect(rows).toEqual([
      { action: SAVED_VIEW_ACTIONS.create, actor_uid: owner.uid, actor_email: owner.email },
      { action: SAVED_VIEW_ACTIONS.update, actor_uid: owner.uid, actor_email: owner.email },
      { action: SAVED_VIEW_ACTIONS.preferences, actor_uid: owner.uid, actor_email: owner.email },
    ]);
  });
});
