// Firebase mode (VITE_BACKEND=firebase): the reference backend acts as the console's hosted API and
// trusts Firebase Auth instead of its own sessions. This is the ONE server module that talks to
// Firebase: it verifies ID tokens and reads the caller's Firestore users record, through
// firebase-admin, which is loaded only when Firebase mode is on (the local mode never pays for it).
//
// Why firebase-admin rather than jose with Google's key set: besides the signature, audience, issuer and
// expiry (which jose could check), the API must refuse disabled accounts and revoked refresh tokens,
// which takes an authenticated Identity Toolkit lookup (`verifyIdToken(token, true)`), and must read the
// users record from Firestore: both need Google's service-account credentials and request signing that
// firebase-admin already does, and it knows the emulators' variables. One well-kept library, by Google.
import { HttpError, unauthorized } from '../http/errors';

/** Where the hosted API finds its Firebase project (and, for local work, the emulators). */
export interface FirebaseAuthSettings {
  projectId: string;
  /** FIREBASE_AUTH_EMULATOR_HOST: tokens of the Auth emulator (unsigned) are accepted only when this is set. */
  authEmulatorHost?: string;
  /** FIRESTORE_EMULATOR_HOST: the users records are read from the Firestore emulator. */
  firestoreEmulatorHost?: string;
}

/** Who sent a verified token, with what their Firestore users record says (null fields: no record). */
export interface FirebaseAccount {
  uid: string;
  email: string | null;
  displayName: string | null;
  /** users/{uid}.isAdmin === true; null when there is no record */
  isAdmin: boolean | null;
  /** users/{uid}.accountActive; null when there is no record or it does not say */
  accountActive: boolean | null;
}

export interface FirebaseIdentity {
  readonly settings: FirebaseAuthSettings;
  /** The account of a valid token; rejects with an HttpError: 401 (bad, expired, revoked, disabled) or 503 (cannot check now). */
  authenticate(token: string): Promise<FirebaseAccount>;
  close(): Promise<void>;
}

/** Why a token is refused, worded for the operator who sees it on the login page. */
export const FIREBASE_REFUSALS = {
  invalid: 'Invalid or expired session',
  expired: 'Your sign-in has expired. Please sign in again.',
  revoked: 'This session was signed out. Please sign in again.',
  disabled: 'This account is disabled.',
  unavailable: 'Sign-in cannot be checked right now. Please try again shortly.',
} as const;

/**
 * Firebase mode from the environment, or null for the local mode. One switch for console and API:
 * VITE_BACKEND=firebase. The project id comes from the standard GCLOUD_PROJECT / GOOGLE_CLOUD_PROJECT,
 * else the console's VITE_FIREBASE_PROJECT_ID; tokens carry it as their audience.
 */
export function firebaseAuthFromEnv(env: NodeJS.ProcessEnv = process.env): FirebaseAuthSettings | null {
  if (env.VITE_BACKEND !== 'firebase') return null;
  const consoleProject = env.VITE_FIREBASE_PROJECT_ID?.trim() || undefined;
  const projectId = env.GCLOUD_PROJECT?.trim() || env.GOOGLE_CLOUD_PROJECT?.trim() || consoleProject;
  if (!projectId) {
    throw new Error('Firebase mode (VITE_BACKEND=firebase) needs the project id: set GCLOUD_PROJECT (or VITE_FIREBASE_PROJECT_ID).');
  }
  if (consoleProject && consoleProject !== projectId) {
    throw new Error(
      `The console is built for Firebase project "${consoleProject}" (VITE_FIREBASE_PROJECT_ID) but the API would accept tokens of "${projectId}" (GCLOUD_PROJECT): every sign-in would be refused.`,
    );
  }
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined;
  const firestoreEmulatorHost = env.FIRESTORE_EMULATOR_HOST?.trim() || undefined;
  // Unsigned emulator tokens against real Firestore data would let anyone in: the emulator goes with the emulator.
  if (authEmulatorHost && !firestoreEmulatorHost) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is set (the API accepts unsigned emulator tokens) but FIRESTORE_EMULATOR_HOST is not: refusing to check admin rights against a real Firestore with emulator tokens.',
    );
  }
  return { projectId, authEmulatorHost, firestoreEmulatorHost };
}

/** firebase-admin's auth error codes that mean "this token does not open a session" (401), with the reason shown. */
const REFUSED_CODES: Record<string, string> = {
  'auth/id-token-expired': FIREBASE_REFUSALS.expired,
  'auth/id-token-revoked': FIREBASE_REFUSALS.revoked,
  'auth/user-disabled': FIREBASE_REFUSALS.disabled,
  'auth/user-not-found': FIREBASE_REFUSALS.invalid,
  'auth/argument-error': FIREBASE_REFUSALS.invalid,
  'auth/invalid-id-token': FIREBASE_REFUSALS.invalid,
};

/** A firebase-admin failure as the answer the guard sends: 401 for a refused token, 503 for anything else (keys, network, credentials). */
export function refusalOf(error: unknown): HttpError {
  const code = (error as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? REFUSED_CODES[code] : undefined;
  return reason ? unauthorized(reason) : new HttpError(503, 'auth_unavailable', FIREBASE_REFUSALS.unavailable);
}

let appCount = 0;

/**
 * Opens firebase-admin for the project: Application Default Credentials in production
 * (GOOGLE_APPLICATION_CREDENTIALS or the platform's service account), none against the emulators.
 * The emulator hosts are firebase-admin's own standard variables, read from the process environment.
 */
export async function openFirebaseIdentity(
  settings: FirebaseAuthSettings,
  log: (error: unknown, what: string) => void = () => undefined,
): Promise<FirebaseIdentity> {
  const [{ initializeApp, deleteApp }, { getAuth }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
    import('firebase-admin/firestore'),
  ]);
  // A named app per identity: tests and several servers in one process never share or clash.
  const app = initializeApp({ projectId: settings.projectId }, `hosted-api-${++appCount}`);
  const auth = getAuth(app);
  const firestore = getFirestore(app);

  return {
    settings,
    async authenticate(token) {
      // The signature (Google's keys; none for the emulator's tokens, only with FIREBASE_AUTH_EMULATOR_HOST),
      // audience = project, issuer, expiry and auth_time first, locally, with no lookup: a forged or
      // expired token costs no request to Google and no Firestore read.
      let uid: string;
      try {
        uid = (await auth.verifyIdToken(token)).uid;
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal.statusCode === 503) log(error, 'Firebase ID token check failed');
        throw refusal;
      }
      // Then, together: the same check with revocation (the account's current state: disabled, refresh
      // tokens revoked after this sign-in, deleted) and the users record that says whether it is an admin.
      const [revocation, record] = await Promise.allSettled([auth.verifyIdToken(token, true), firestore.doc(`users/${uid}`).get()]);
      if (revocation.status === 'rejected') {
        const refusal = refusalOf(revocation.reason);
        if (refusal.statusCode === 503) log(revocation.reason, 'Firebase revocation check failed');
        throw refusal;
      }
      if (record.status === 'rejected') {
        log(record.reason, 'Reading the Firestore users record failed');
        throw new HttpError(503, 'auth_unavailable', FIREBASE_REFUSALS.unavailable);
      }
      const decoded = revocation.value;
      const data = record.value.exists ? (record.value.data() ?? {}) : null;
      const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
      return {
        uid,
        email: text(decoded.email) ?? text(data?.email),
        displayName: text(data?.displayName) ?? text(decoded.name),
        // Only a real boolean true grants admin (as in the console's own check): "true" or 1 do not.
        isAdmin: data ? data.isAdmin === true : null,
        accountActive: data && typeof data.accountActive === 'boolean' ? data.accountActive : null,
      };
    },
    async close() {
      await firestore.terminate().catch(() => undefined);
      await deleteApp(app).catch(() => undefined);
    },
  };
}
