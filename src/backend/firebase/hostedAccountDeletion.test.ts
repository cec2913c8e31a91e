// A Firebase-mode deletion's parts outside Firestore (../local/hostedAccountDeletion.ts): after the Firestore part commits
// (firestoreUsersAudit.ts over the fake SDK, testing/fakeFirestore.ts), the hosted API's DELETE /api/accounts/:uid
// over msw. Whatever the hosted API answers, the deletion resolves with the parts said; nothing is asked when the
// Firestore part is refused.
import { http, HttpResponse } from 'msw';
import type { AccountDeletionResponse } from '../../../contract/schemas/usersAudit';
import { server } from '../../../mocks/server';
import { createFirestoreUserManagement } from './firestoreUsersAudit';
import { NO_ROUTE_REASON } from '../local/hostedAccountDeletion';
import { fakeDb } from './testing/fakeFirestore';
import { toUserRecord } from './userRecord';

jest.mock('firebase/firestore', () => jest.requireActual('./testing/fakeFirestore'));

const api = { apiBaseUrl: 'http://localhost/api', timeoutMs: 5_000, getToken: async () => 'id-token' };
const users = createFirestoreUserManagement({} as never, () => ({ uid: 'op-1', email: 'op@example.test' }), undefined, api);
const ROWS = { user: true, swipes: 7, connectionRequests: 1, connections: 1, partnersUnlinked: 0 };

/** Each call to the route: its uid, its token, and whether Firestore still held the record then. */
let calls: { uid: string; authorization: string | null; recordThen: boolean }[];
const answerWith = (answer: (uid: string) => Response) =>
  server.use(
    http.delete('*/api/accounts/:uid', ({ request, params }) => {
      const uid = String(params.uid);
      calls.push({ uid, authorization: request.headers.get('authorization'), recordThen: fakeDb.docs.has(`users/${uid}`) });
      return answer(uid);
    }),
  );

beforeEach(() => {
  calls = [];
  fakeDb.reset();
  fakeDb.docs.set('users/u1', { uid: 'u1', email: 'u1@example.test', isPremium: false, accountActive: true });
  answerWith((uid) => HttpResponse.json<AccountDeletionResponse>({ uid, authAccount: { outcome: 'deleted' }, rows: ROWS }));
});

const FIRESTORE_PART = { user: true, swipes: 0, connectionRequests: 0, connections: 0, partnersUnlinked: 0 };

it('asks the hosted API once the Firestore part is committed, and adds its parts to the answer', async () => {
  await expect(users.deleteUser('u1')).resolves.toEqual({
    uid: 'u1',
    deleted: { ...FIRESTORE_PART, account: true },
    elsewhere: { authAccount: { outcome: 'deleted' }, hostedApi: { outcome: 'deleted', rows: ROWS } },
  });
  expect(calls).toEqual([{ uid: 'u1', authorization: 'Bearer id-token', recordThen: false }]);
});

it('reports an Auth account the hosted API could not delete, and its reason', async () => {
  answerWith((uid) =>
    HttpResponse.json({ uid, authAccount: { outcome: 'not_done', reason: 'Firebase Auth could not be reached' }, rows: ROWS }),
  );
  const result = await users.deleteUser('u1');
  expect(result.deleted.account).toBe(false);
  expect(result.elsewhere).toEqual({
    authAccount: { outcome: 'not_done', reason: 'Firebase Auth could not be reached' },
    hostedApi: { outcome: 'deleted', rows: ROWS },
  });
});

it('says a hosted API without the route (404) did neither part, and still resolves', async () => {
  answerWith(() => HttpResponse.json({ error: 'not_found', message: 'Route DELETE:/api/accounts/u1 not found' }, { status: 404 }));
  await expect(users.deleteUser('u1')).resolves.toEqual({
    uid: 'u1',
    deleted: { ...FIRESTORE_PART, account: false },
    elsewhere: {
      authAccount: { outcome: 'not_done', reason: NO_ROUTE_REASON },
      hostedApi: { outcome: 'no_route', reason: NO_ROUTE_REASON },
    },
  });
  expect(fakeDb.docs.has('users/u1')).toBe(false);
});

it('says why when the hosted API failed or answered something else', async () => {
  answerWith(() => HttpResponse.json({ error: 'auth_unavailable', message: 'Sign-in cannot be checked right now.' }, { status: 503 }));
  expect((await users.deleteUser('u1')).elsewhere).toEqual({
    authAccount: { outcome: 'not_done', reason: 'Sign-in cannot be checked right now.' },
    hostedApi: { outcome: 'not_done', reason: 'Sign-in cannot be checked right now.' },
  });
  fakeDb.docs.set('users/u2', { uid: 'u2' });
  answerWith(() => HttpResponse.json({ ok: true }));
  expect((await users.deleteUser('u2')).elsewhere?.hostedApi).toEqual({
    outcome: 'not_done',
    reason: 'its answer was not an account deletion',
  });
  fakeDb.docs.set('users/u3', { uid: 'u3' });
  answerWith(() => HttpResponse.error());
  expect((await users.deleteUser('u3')).elsewhere?.hostedApi).toMatchObject({
    outcome: 'not_done',
    reason: expect.stringMatching(/^Could not reach the server/),
  });
});

it('asks nothing when the Firestore part is refused (the record changed since it was shown)', async () => {
  const shown = toUserRecord('u1', fakeDb.docs.get('users/u1')!);
  fakeDb.docs.set('users/u1', { ...fakeDb.docs.get('users/u1'), isPremium: true });
  await expect(users.deleteUser('u1', { shown })).rejects.toMatchObject({ status: 409 });
  expect(calls).toEqual([]);
});
