import { FIREBASE_REFUSALS, isGoogleUnreachable, openFirebaseIdentity, refusalOf } from '../src/auth/firebaseIdentity';
import type { HttpError } from '../src/http/errors';

// What firebaseIdentity.ts asks firebase-admin in production, with firebase-admin replaced by a recorder.
// Against the emulators firebase-admin checks revocation on every verify whatever it is asked
// (firebaseIdentity.emulator.test.ts cannot tell), so that the production path asks for it is shown here.
const calls: string[] = [];
/** 'ok', a firebase-admin error code, or the very error firebase-admin throws. */
type Outcome = 'ok' | string | Error;
let verdicts: { local: Outcome; revocation: Outcome; record: Record<string, unknown> | null | 'fail'; deletion: Outcome };

const firebaseError = (code: string, message = code) => Object.assign(new Error(message), { code });
const failure = (outcome: Outcome) => (outcome instanceof Error ? outcome : firebaseError(outcome));

jest.mock('firebase-admin/app', () => ({
  initializeApp: (options: { projectId: string }) => ({ options }),
  deleteApp: async () => undefined,
}));
jest.mock('firebase-admin/auth', () => ({
  getAuth: () => ({
    async verifyIdToken(token: string, checkRevoked?: boolean) {
      calls.push(`verifyIdToken(${token}, ${checkRevoked === true})`);
      const outcome = checkRevoked ? verdicts.revocation : verdicts.local;
      if (outcome !== 'ok') throw failure(outcome);
      return { uid: 'u1', email: 'u1@firebase.test' };
    },
    async deleteUser(uid: string) {
      calls.push(`deleteUser(${uid})`);
      if (verdicts.deletion !== 'ok') throw failure(verdicts.deletion);
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
  verdicts = { local: 'ok', revocation: 'ok', record: { isAdmin: true }, deletion: 'ok' };
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

describe('what is a bad token (401) and what is Google out of reach (503)', () => {
  // The errors firebase-admin 13 throws, as they were observed (node_modules/firebase-admin/lib/auth/token-verifier.js):
  // verifyIdToken on crafted tokens, with the emulator variable and without, and with Google's hosts unreachable.
  const plain = (make: () => unknown) => {
    try {
      make();
    } catch (error) {
      return error;
    }
    throw new Error('did not throw');
  };
  const BAD_TOKENS: [string, unknown, string][] = [
    // A payload that is not JSON: jws's JSON.parse throws before firebase-admin can wrap it.
    ['a corrupted payload (SyntaxError, no code)', plain(() => JSON.parse('{"iss": (ttps')), FIREBASE_REFUSALS.invalid],
    // A payload that is JSON null: token-verifier.js reads payload.aud from it.
    ['a null payload (TypeError, no code)', plain(() => (null as unknown as { aud: string }).aud), FIREBASE_REFUSALS.invalid],
    [
      'undecodable',
      firebaseError('auth/argument-error', 'Decoding Firebase ID token failed. Make sure you passed the entire string JWT'),
      FIREBASE_REFUSALS.invalid,
    ],
    [
      'another audience',
      firebaseError('auth/argument-error', 'Firebase ID token has incorrect "aud" (audience) claim.'),
      FIREBASE_REFUSALS.invalid,
    ],
    [
      'another issuer',
      firebaseError('auth/argument-error', 'Firebase ID token has incorrect "iss" (issuer) claim.'),
      FIREBASE_REFUSALS.invalid,
    ],
    ['a bad signature', firebaseError('auth/argument-error', 'Firebase ID token has invalid signature.'), FIREBASE_REFUSALS.invalid],
    ['expired', firebaseError('auth/id-token-expired'), FIREBASE_REFUSALS.expired],
    ['revoked', firebaseError('auth/id-token-revoked'), FIREBASE_REFUSALS.revoked],
    ['a disabled account', firebaseError('auth/user-disabled'), FIREBASE_REFUSALS.disabled],
    ['a deleted account', firebaseError('auth/user-not-found'), FIREBASE_REFUSALS.invalid],
    ['a code firebase-admin may add later', firebaseError('auth/some-new-token-check'), FIREBASE_REFUSALS.invalid],
    ['no error at all', undefined, FIREBASE_REFUSALS.invalid],
  ];
  const UNREACHABLE: [string, unknown][] = [
    // Google's public keys could not be fetched: token-verifier.js hands it on as argument-error with the fetch's message.
    [
      'keys not fetched (DNS)',
      firebaseError('auth/argument-error', 'Error while making request: getaddrinfo ENOTFOUND www.googleapis.com. Error code: ENOTFOUND'),
    ],
    [
      'keys not fetched (Google answered an error)',
      firebaseError('auth/argument-error', 'Error fetching public keys for Google certs: invalid_grant'),
    ],
    [
      'the revocation lookup did not complete',
      firebaseError('app/network-error', 'Error while making request: connect ECONNREFUSED 127.0.0.1:9099.'),
    ],
    ['the revocation lookup timed out', firebaseError('app/network-timeout')],
    ['no credentials', firebaseError('app/invalid-credential')],
    ['credentials without the role', firebaseError('auth/insufficient-permission')],
    ['an unexplained Identity Toolkit error', firebaseError('auth/internal-error')],
    ['a quota', firebaseError('auth/quota-exceeded')],
    ['a raw socket error', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
  ];

  it.each(BAD_TOKENS)('401 for %s', (_what, error, reason) => {
    expect(isGoogleUnreachable(error)).toBe(false);
    expect([refusalOf(error).statusCode, refusalOf(error).message]).toEqual([401, reason]);
  });

  it.each(UNREACHABLE)('503 when %s', (_what, error) => {
    expect(isGoogleUnreachable(error)).toBe(true);
    expect([refusalOf(error).statusCode, refusalOf(error).message]).toEqual([503, FIREBASE_REFUSALS.unavailable]);
  });

  it('answers 401 for a corrupted payload through authenticate, reading nothing more', async () => {
    verdicts.local = plain(() => JSON.parse('{"iss":')) as Error;
    expect(await refusal('corrupted')).toEqual([401, FIREBASE_REFUSALS.invalid]);
    expect(calls).toEqual(['verifyIdToken(corrupted, false)']);
  });
});

describe('the users record fails closed', () => {
  it.each<[Record<string, unknown>, boolean, boolean | null]>([
    [{ isAdmin: true, accountActive: true }, true, true],
    [{ isAdmin: true }, true, null],
    [{ isAdmin: true, accountActive: null }, true, null],
    [{ isAdmin: true, accountActive: false }, true, false],
    // Present but not a boolean: inactive, whatever it seems to say.
    [{ isAdmin: true, accountActive: 'true' }, true, false],
    [{ isAdmin: true, accountActive: 1 }, true, false],
    [{ isAdmin: 'true', accountActive: true }, false, true],
    [{ isAdmin: 1 }, false, null],
  ])('%j is isAdmin %s, accountActive %s', async (record, isAdmin, accountActive) => {
    verdicts.record = record;
    await expect((await identityP).authenticate('t')).resolves.toMatchObject({ isAdmin, accountActive });
  });
});

describe('deleteAccount', () => {
  it('deletes the Auth account, and counts a missing one as gone', async () => {
    await expect((await identityP).deleteAccount('u9')).resolves.toEqual({ outcome: 'deleted' });
    verdicts.deletion = 'auth/user-not-found';
    await expect((await identityP).deleteAccount('u9')).resolves.toEqual({ outcome: 'not_found' });
    expect(calls).toEqual(['deleteUser(u9)', 'deleteUser(u9)']);
  });

  it('says why it could not, never rejecting', async () => {
    verdicts.deletion = 'auth/insufficient-permission';
    await expect((await identityP).deleteAccount('u9')).resolves.toEqual({
      outcome: 'not_done',
      reason: expect.stringContaining('Firebase Authentication Admin'),
    });
    verdicts.deletion = 'app/network-error';
    await expect((await identityP).deleteAccount('u9')).resolves.toEqual({
      outcome: 'not_done',
      reason: expect.stringContaining('could not be reached'),
    });
    verdicts.deletion = 'auth/invalid-uid';
    await expect((await identityP).deleteAccount('u9')).resolves.toEqual({
      outcome: 'not_done',
      reason: 'Firebase Auth refused it (auth/invalid-uid: auth/invalid-uid)',
    });
  });
});
