import { FIREBASE_REFUSALS, openFirebaseIdentity } from '../src/auth/firebaseIdentity';
import type { HttpError } from '../src/http/errors';

// What firebaseIdentity.ts asks firebase-admin in production, with firebase-admin replaced by a recorder.
// Against the emulators firebase-admin checks revocation on every verify whatever it is asked
// (firebaseIdentity.emulator.test.ts cannot tell), so that the production path asks for it is shown here.
const calls: string[] = [];
let verdicts: { local: 'ok' | string; revocation: 'ok' | string; record: Record<string, unknown> | null | 'fail' };

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

jest.mock('firebase-admin/app', () => ({
  initializeApp: (options: { projectId: string }) => ({ options }),
  deleteApp: async () => undefined,
}));
jest.mock('firebase-admin/auth', () => ({
  getAuth: () => ({
    async verifyIdToken(token: string, checkRevoked?: boolean) {
      calls.push(`verifyIdToken(${token}, ${checkRevoked === true})`);
      const outcome = checkRevoked ? verdicts.revocation : verdicts.local;
      if (outcome !== 'ok') throw firebaseError(outcome);
      return { uid: 'u1', email: 'u1@firebase.test' };
    },
  }),
}));
jest.mock('firebase-admin/firestore', () => ({
  getFirestore: () => ({
    doc(path: string) {
      return {
        async get() {
          calls.push(`get(${path})`);
          if (verdicts.record === 'fail') throw new Error('UNAVAILABLE');
          const record = verdicts.record;
          return { exists: record !== null, data: () => record ?? undefined };
        },
      };
    },
    terminate: async () => undefined,
  }),
}));

beforeEach(() => {
  calls.length = 0;
  verdicts = { local: 'ok', revocation: 'ok', record: { isAdmin: true } };
});

const identityP = openFirebaseIdentity({ projectId: 'p' });
const refusal = async (token: string) => {
  const error = (await (await identityP).authenticate(token).then(
    () => null,
    (e: unknown) => e,
  )) as HttpError | null;
  return error && [error.statusCode, error.message];
};

it('checks the token, then asks for the revocation check and the users record', async () => {
  await expect((await identityP).authenticate('t')).resolves.toMatchObject({ uid: 'u1', email: 'u1@firebase.test', isAdmin: true });
  expect(calls).toEqual(['verifyIdToken(t, false)', 'verifyIdToken(t, true)', 'get(users/u1)']);
});

it('reads nothing for a token that fails the local check', async () => {
  verdicts.local = 'auth/argument-error';
  expect(await refusal('forged')).toEqual([401, FIREBASE_REFUSALS.invalid]);
  expect(calls).toEqual(['verifyIdToken(forged, false)']);
});

it('refuses what the revocation check refuses, whatever the record says', async () => {
  verdicts.revocation = 'auth/id-token-revoked';
  expect(await refusal('t')).toEqual([401, FIREBASE_REFUSALS.revoked]);
  verdicts.revocation = 'auth/user-disabled';
  expect(await refusal('t')).toEqual([401, FIREBASE_REFUSALS.disabled]);
});

it('answers 503 when Google or Firestore cannot be asked', async () => {
  verdicts.revocation = 'auth/internal-error';
  expect(await refusal('t')).toEqual([503, FIREBASE_REFUSALS.unavailable]);
  verdicts.revocation = 'ok';
  verdicts.record = 'fail';
  expect(await refusal('t')).toEqual([503, FIREBASE_REFUSALS.unavailable]);
});
