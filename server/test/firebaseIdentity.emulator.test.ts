import { DEFAULT_PROJECT_ID, startEmulators, type RunningEmulators } from '../../scripts/firebase/emulators';
import { emulatorDescribe } from './emulatorSuite';
import { FIREBASE_REFUSALS, openFirebaseIdentity, type FirebaseIdentity } from '../src/auth/firebaseIdentity';
import type { HttpError } from '../src/http/errors';

// The hosted API's Firebase checks against the real Auth and Firestore emulators: tokens the Auth emulator
// issues, the users records in Firestore, revocation and disabled accounts as firebase-admin sees them.
// Runs in the `emulators` Jest project (its global setup starts the emulators and says where); run alone, it
// starts its own. Skips, saying why, where the emulators cannot run. (Against the emulators firebase-admin
// checks revocation on every verify; firebaseIdentity.test.ts shows the production path asks for it too.)
jest.setTimeout(180_000);

/** Run alone (no global setup has started the emulators): can this file start its own? */
const describeWithEmulators = emulatorDescribe('firebaseIdentity.emulator.test.ts');

// The Auth emulator issues tokens for the project it was started with.
const projectId = DEFAULT_PROJECT_ID;
const PASSWORD = 'hosted-api-password';
// Uids of this file only: other test files may share the emulators (never clear them here).
const uid = (name: string) => `hosted-api-${name}-${process.pid}`;

let ownEmulators: RunningEmulators | undefined;
let authHost: string;
let identity: FirebaseIdentity;
let admin: Awaited<ReturnType<typeof openAdmin>>;

async function openAdmin() {
  const [{ initializeApp, deleteApp }, { getAuth }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
    import('firebase-admin/firestore'),
  ]);
  const app = initializeApp({ projectId }, `identity-test-admin-${process.pid}`);
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

/** An account in the Auth emulator, its users record (unless `record` is null), and an ID token the emulator issued for it. */
async function accountWithToken(name: string, record: Record<string, unknown> | null): Promise<{ uid: string; token: string }> {
  const id = uid(name);
  await admin.auth.createUser({ uid: id, email: `${id}@firebase.test`, password: PASSWORD });
  if (record) await admin.firestore.doc(`users/${id}`).set({ uid: id, email: `${id}@firebase.test`, ...record });
  const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${id}@firebase.test`, password: PASSWORD, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`emulator sign-in failed: ${response.status} ${await response.text()}`);
  return { uid: id, token: ((await response.json()) as { idToken: string }).idToken };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned token shaped like the emulator's, with the claims changed. */
function craftedToken(subject: string, claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    // Not before the account was created: that counts as a sign-in from before a revocation.
    auth_time: now,
    user_id: subject,
    sub: subject,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** The HttpError the identity refuses a token with: [status, message]. */
async function refusal(token: string): Promise<[number, string]> {
  const error = (await identity.authenticate(token).then(
    () => null,
    (e: unknown) => e,
  )) as HttpError | null;
  if (!error) throw new Error('the token was accepted');
  return [error.statusCode, error.message];
}

describeWithEmulators('the hosted API’s Firebase checks (real emulators)', () => {
  beforeAll(async () => {
    if (!process.env.EMULATOR_AUTH_HOST || !process.env.EMULATOR_FIRESTORE_HOST) {
      ownEmulators = await startEmulators({ projectId, installFirebaseTools: false });
      process.env.EMULATOR_AUTH_HOST = ownEmulators.authHost!;
      process.env.EMULATOR_FIRESTORE_HOST = ownEmulators.firestoreHost;
    }
    authHost = process.env.EMULATOR_AUTH_HOST!;
    // firebase-admin's standard variables, as the hosted API gets them.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
    process.env.FIRESTORE_EMULATOR_HOST = process.env.EMULATOR_FIRESTORE_HOST;
    admin = await openAdmin();
    identity = await openFirebaseIdentity({
      projectId,
      authEmulatorHost: authHost,
      firestoreEmulatorHost: process.env.FIRESTORE_EMULATOR_HOST,
    });
  });
  afterAll(async () => {
    await identity?.close();
    await admin?.close();
    await ownEmulators?.stop();
  });

  it('accepts a token the Auth emulator issued and reads admin rights from users/{uid}', async () => {
    const { uid: adminUid, token } = await accountWithToken('admin', { isAdmin: true, accountActive: true, displayName: 'Hosted Admin' });
    await expect(identity.authenticate(token)).resolves.toEqual({
      uid: adminUid,
      email: `${adminUid}@firebase.test`,
      displayName: 'Hosted Admin',
      isAdmin: true,
      accountActive: true,
    });
  });

  it('tells a non-admin record, a record whose isAdmin is not the boolean true, and a missing record apart from an admin', async () => {
    const user = await accountWithToken('user', { isAdmin: false });
    const stringly = await accountWithToken('stringly', { isAdmin: 'true' });
    const nobody = await accountWithToken('no-record', null);
    expect((await identity.authenticate(user.token)).isAdmin).toBe(false);
    expect((await identity.authenticate(stringly.token)).isAdmin).toBe(false);
    expect(await identity.authenticate(nobody.token)).toMatchObject({ uid: nobody.uid, isAdmin: null, accountActive: null });
  });

  it('fails closed on an accountActive that is not a boolean: inactive (the guard refuses it), where an absent one says nothing', async () => {
    const stringly = await accountWithToken('active-stringly', { isAdmin: true, accountActive: 'true' });
    const unsaid = await accountWithToken('active-unsaid', { isAdmin: true });
    expect(await identity.authenticate(stringly.token)).toMatchObject({ isAdmin: true, accountActive: false });
    expect(await identity.authenticate(unsaid.token)).toMatchObject({ isAdmin: true, accountActive: null });
  });

  it('refuses expired tokens and tokens for another audience or issuer', async () => {
    const { uid: id } = await accountWithToken('claims', { isAdmin: true });
    const now = Math.floor(Date.now() / 1000);
    // The crafted token with correct claims passes, so each refusal below is the changed claim's doing.
    await expect(identity.authenticate(craftedToken(id, {}))).resolves.toMatchObject({ uid: id, isAdmin: true });
    expect(await refusal(craftedToken(id, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }))).toEqual([
      401,
      FIREBASE_REFUSALS.expired,
    ]);
    expect(await refusal(craftedToken(id, { aud: 'demo-another-project' }))).toEqual([401, FIREBASE_REFUSALS.invalid]);
    expect(await refusal(craftedToken(id, { iss: 'https://securetoken.google.com/demo-another-project' }))).toEqual([
      401,
      FIREBASE_REFUSALS.invalid,
    ]);
    expect(await refusal('not.a.token')).toEqual([401, FIREBASE_REFUSALS.invalid]);
  });

  it('refuses a token whose payload is corrupted with 401, not 503', async () => {
    const { token } = await accountWithToken('corrupted', { isAdmin: true });
    const [header, payload] = token.split('.') as [string, string];
    const claims = Buffer.from(payload, 'base64url').toString();
    const withPayload = (text: string) => `${header}.${Buffer.from(text).toString('base64url')}.`;
    // The emulator's own token, its payload no longer JSON: firebase-admin lets jws's SyntaxError through.
    expect(await refusal(withPayload(claims.slice(0, -1)))).toEqual([401, FIREBASE_REFUSALS.invalid]);
    expect(await refusal(withPayload(`x${claims}`))).toEqual([401, FIREBASE_REFUSALS.invalid]);
    // JSON, but not claims: a TypeError from firebase-admin's claim checks (null), a missing audience (42).
    expect(await refusal(withPayload('null'))).toEqual([401, FIREBASE_REFUSALS.invalid]);
    expect(await refusal(withPayload('42'))).toEqual([401, FIREBASE_REFUSALS.invalid]);
    // Not base64url at all.
    expect(await refusal(`${header}.@@@.`)).toEqual([401, FIREBASE_REFUSALS.invalid]);
    // The untouched token still passes: each refusal above is the corruption's doing.
    await expect(identity.authenticate(token)).resolves.toMatchObject({ isAdmin: true });
  });

  it('refuses a token whose refresh tokens were revoked after it was issued', async () => {
    const { uid: id, token } = await accountWithToken('revoked', { isAdmin: true });
    await expect(identity.authenticate(token)).resolves.toMatchObject({ isAdmin: true });
    // Revocation is recorded in whole seconds and a token issued in the same second still counts as before it:
    // revoke in a later second than the sign-in (a wait for the clock, not a timing assertion).
    const { auth_time: authTime } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { auth_time: number };
    while (Math.floor(Date.now() / 1000) <= authTime) await new Promise((resolve) => setTimeout(resolve, 100));
    await admin.auth.revokeRefreshTokens(id);
    expect(await refusal(token)).toEqual([401, FIREBASE_REFUSALS.revoked]);
  });

  it('refuses a disabled account and a deleted one', async () => {
    const disabled = await accountWithToken('disabled', { isAdmin: true });
    const deleted = await accountWithToken('deleted', { isAdmin: true });
    await admin.auth.updateUser(disabled.uid, { disabled: true });
    await admin.auth.deleteUser(deleted.uid);
    expect(await refusal(disabled.token)).toEqual([401, FIREBASE_REFUSALS.disabled]);
    expect(await refusal(deleted.token)).toEqual([401, FIREBASE_REFUSALS.invalid]);
  });

  it('deletes an Auth account (its token opens nothing after), and counts one already gone as not found', async () => {
    const { uid: id, token } = await accountWithToken('to-delete', { isAdmin: true });
    await expect(identity.deleteAccount(id)).resolves.toEqual({ outcome: 'deleted' });
    await expect(admin.auth.getUser(id)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(await refusal(token)).toEqual([401, FIREBASE_REFUSALS.invalid]);
    await expect(identity.deleteAccount(id)).resolves.toEqual({ outcome: 'not_found' });
  });

  it('accepts the emulator’s unsigned tokens only while FIREBASE_AUTH_EMULATOR_HOST is set', async () => {
    const { token } = await accountWithToken('unsigned', { isAdmin: true });
    await expect(identity.authenticate(token)).resolves.toMatchObject({ isAdmin: true });
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      // Without the variable it is a production verifier: no signature and no key id, refused before any lookup.
      expect(await refusal(token)).toEqual([401, FIREBASE_REFUSALS.invalid]);
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
    }
  });
});
