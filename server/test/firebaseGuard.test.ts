import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../src/app';
import {
  FIREBASE_REFUSALS,
  firebaseAuthFromEnv,
  refusalOf,
  type FirebaseAccount,
  type FirebaseAuthSettings,
  type FirebaseIdentity,
} from '../src/auth/firebaseIdentity';
import { SESSION_ENDED } from '../src/auth/sessions';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import type { Db } from '../src/db/types';
import { HttpError, unauthorized } from '../src/http/errors';
import { seedDemoData } from '../src/seed/seed';
import { TEST_SESSION_SECRET } from './testApp';

// The hosted API in Firebase mode, with the Firebase checks replaced by a table of tokens: what the
// server does with each verdict (status, message, who the console actions name). The checks themselves
// run against the real emulators in firebaseIdentity.emulators.test.ts.
jest.setTimeout(120_000);

const settings: FirebaseAuthSettings = { projectId: 'demo-test' };
const account = (uid: string, fields: Partial<FirebaseAccount>): FirebaseAccount => ({
  uid,
  email: `${uid}@firebase.test`,
  displayName: null,
  isAdmin: null,
  accountActive: null,
  ...fields,
});
const VERDICTS: Record<string, FirebaseAccount | HttpError> = {
  admin: account('fb-admin', { isAdmin: true, accountActive: true }),
  user: account('fb-user', { isAdmin: false, accountActive: true }),
  'no-record': account('fb-nobody', {}),
  'deactivated-admin': account('fb-old-admin', { isAdmin: true, accountActive: false }),
  revoked: unauthorized(FIREBASE_REFUSALS.revoked),
  'google-down': new HttpError(503, 'auth_unavailable', FIREBASE_REFUSALS.unavailable),
};
const fakeIdentity: FirebaseIdentity & { closed: boolean } = {
  settings,
  closed: false,
  async authenticate(token) {
    const verdict = VERDICTS[token];
    if (!verdict) throw unauthorized(FIREBASE_REFUSALS.invalid);
    if (verdict instanceof HttpError) throw verdict;
    return verdict;
  },
  async deleteAccount() {
    return { outcome: 'not_found' };
  },
  async close() {
    this.closed = true;
  },
};

const routes: { method: string; url: string }[] = [];
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  await seedDemoData(db, { content: 'accounts' });
  app = await buildApp({
    db,
    sessionSecret: TEST_SESSION_SECRET,
    firebaseIdentity: fakeIdentity,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('the /api guard in Firebase mode', () => {
  it('lets an admin in and answers 401 / 403 / 503 as the verdict says', async () => {
    expect((await get('/api/swipes/stats', 'admin')).statusCode).toBe(200);
    const cases: [string | undefined, number, string][] = [
      [undefined, 401, 'Sign-in required'],
      ['forged', 401, FIREBASE_REFUSALS.invalid],
      ['revoked', 401, FIREBASE_REFUSALS.revoked],
      ['user', 403, 'Admin access required'],
      ['no-record', 403, 'Admin access required'],
      ['deactivated-admin', 401, SESSION_ENDED.inactive],
      ['google-down', 503, FIREBASE_REFUSALS.unavailable],
    ];
    for (const [token, status, message] of cases) {
      const response = await get('/api/swipes/stats', token);
      expect({ token, status: response.statusCode, message: response.json().message }).toEqual({ token, status, message });
    }
  });

  it('guards every registered /api route, and unknown /api paths answer 401 without a token', async () => {
    const apiRoutes = routes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThan(20);
    for (const route of apiRoutes) {
      const url = route.url.replace(/:[^/]+/g, '1');
      const anonymous = await app.inject({ method: route.method as 'GET', url });
      const nonAdmin = await app.inject({ method: route.method as 'GET', url, headers: { authorization: 'Bearer user' } });
      expect({ route: `${route.method} ${url}`, anonymous: anonymous.statusCode, nonAdmin: nonAdmin.statusCode }).toEqual({
        route: `${route.method} ${url}`,
        anonymous: 401,
        nonAdmin: 403,
      });
    }
    expect((await get('/api/no-such-route')).statusCode).toBe(401);
    expect((await get('/api/no-such-route', 'admin')).statusCode).toBe(404);
  });

  it('serves neither the password sessions (/auth) nor the live-counts stream: Firebase Auth and Firestore listeners do those', async () => {
    expect(routes.some((route) => route.url.startsWith('/auth'))).toBe(false);
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: 'admin@babynames.test', password: 'admin-demo-password' },
    });
    expect(signIn.statusCode).toBe(404);
    expect((await get('/api/live/counts', 'admin')).statusCode).toBe(404);
  });

  it('names the Firebase uid and email on the console-action trail', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/names',
      headers: { authorization: 'Bearer admin' },
      payload: { name: 'Firebaseline', gender: 'female', nationality: 'english' },
    });
    expect(created.statusCode).toBe(201);
    const trail = await get('/api/audit-logs?source=console&limit=1', 'admin');
    expect(trail.statusCode).toBe(200);
    expect(trail.json().entries[0]).toMatchObject({ event: 'name.create', actor: { uid: 'fb-admin', email: 'fb-admin@firebase.test' } });
  });
});

describe('firebaseAuthFromEnv', () => {
  it('is the local mode unless VITE_BACKEND=firebase', () => {
    expect(firebaseAuthFromEnv({ GCLOUD_PROJECT: 'p' })).toBeNull();
  });

  it('takes the project from GCLOUD_PROJECT, GOOGLE_CLOUD_PROJECT or the console’s VITE_FIREBASE_PROJECT_ID', () => {
    expect(firebaseAuthFromEnv({ VITE_BACKEND: 'firebase', GCLOUD_PROJECT: 'a' })).toEqual({ projectId: 'a' });
    expect(firebaseAuthFromEnv({ VITE_BACKEND: 'firebase', GOOGLE_CLOUD_PROJECT: 'b' })?.projectId).toBe('b');
    expect(firebaseAuthFromEnv({ VITE_BACKEND: 'firebase', VITE_FIREBASE_PROJECT_ID: 'c' })?.projectId).toBe('c');
    expect(() => firebaseAuthFromEnv({ VITE_BACKEND: 'firebase' })).toThrow(/GCLOUD_PROJECT/);
  });

  it('refuses a console and an API of two different projects (every token would fail its audience check)', () => {
    expect(() => firebaseAuthFromEnv({ VITE_BACKEND: 'firebase', GCLOUD_PROJECT: 'a', VITE_FIREBASE_PROJECT_ID: 'b' })).toThrow(/"b".*"a"/);
  });

  it('accepts the Auth emulator only together with the Firestore emulator', () => {
    const emulated = { VITE_BACKEND: 'firebase', GCLOUD_PROJECT: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(() => firebaseAuthFromEnv(emulated)).toThrow(/FIRESTORE_EMULATOR_HOST/);
    expect(firebaseAuthFromEnv({ ...emulated, FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toEqual({
      projectId: 'demo-x',
      authEmulatorHost: '127.0.0.1:9099',
      firestoreEmulatorHost: '127.0.0.1:8080',
    });
  });
});

describe('refusalOf (firebase-admin errors as answers)', () => {
  it('refuses bad, expired, revoked and disabled tokens with 401 and a reason; 503 only when Google cannot be asked', () => {
    const of = (code: string) => refusalOf(Object.assign(new Error(code), { code }));
    expect([of('auth/id-token-expired').statusCode, of('auth/id-token-expired').message]).toEqual([401, FIREBASE_REFUSALS.expired]);
    expect(of('auth/id-token-revoked').message).toBe(FIREBASE_REFUSALS.revoked);
    expect(of('auth/user-disabled').message).toBe(FIREBASE_REFUSALS.disabled);
    expect(of('auth/argument-error').statusCode).toBe(401);
    expect(of('auth/internal-error').statusCode).toBe(503);
    expect(refusalOf(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })).statusCode).toBe(503);
    // A token that cannot even be decoded throws a plain error: still a bad token (firebaseIdentity.test.ts has the rest).
    expect(refusalOf(new SyntaxError('Unexpected end of JSON input')).statusCode).toBe(401);
  });
});
