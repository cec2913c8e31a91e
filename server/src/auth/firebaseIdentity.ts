// Firebase mode (VITE_BACKEND=firebase): the reference backend acts as the console's hosted API and
// trusts Firebase Auth instead of its own sessions. This is the ONE server module that talks to
// Firebase: it verifies ID tokens, reads the caller's Firestore users record and deletes Auth accounts
// (DELETE /api/accounts/:uid) and writes the Firestore collections a restore brings back (restoreTarget), through firebase-admin, which is loaded only when Firebase mode is on (the
// local mode never pays for it).
//
// Why firebase-admin rather than jose with Google's key set: besides the signature, audience, issuer and
// expiry (which jose could check), the API must refuse disabled accounts and revoked refresh tokens,
// which takes an authenticated Identity Toolkit lookup (`verifyIdToken(token, true)`), and must read the
// users record from Firestore: both need Google's service-account credentials and request signing that
// firebase-admin already does, and it knows the emulators' variables. One well-kept library, by Google.
import type { WriteBatch } from 'firebase-admin/firestore';
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
  /** users/{uid}.accountActive; null when there is no record or it does not say, false when it is not a boolean */
  accountActive: boolean | null;
}

/** What became of a Firebase Auth account the API was asked to delete (never a rejection: each outcome is reported). */
export type AccountDeletion = { outcome: 'deleted' } | { outcome: 'not_found' } | { outcome: 'not_done'; reason: string };

/** One write of a restore's batch to a Firestore document (restores/firestoreRestore.ts builds them). */
export type FirestoreWrite =
  | { kind: 'create' | 'set'; collection: string; id: string; data: Record<string, unknown> }
  | { kind: 'delete'; collection: string; id: string };

/** Firestore's most writes in one batched write. */
export const FIRESTORE_BATCH_MAX_WRITES = 500;

/**
 * What a restore in Firebase mode does to Firestore with the Admin SDK (which firestore.rules do not bind: the
 * browser may not create users records or write isAdmin). restores/firestoreRestore.ts decides what to write.
 */
export interface FirestoreRestoreTarget {
  /** Every document id of a collection, streamed, the documents' fields not read. */
  documentIds(collection: string): AsyncIterable<string>;
  /** users documents whose isAdmin is true (the admins: few), with their email. */
  admins(): Promise<{ uid: string; email: string | null }[]>;
  /**
   * Commits at most FIRESTORE_BATCH_MAX_WRITES writes as one batch (all or none). `create` of a document that exists
   * fails the batch: then each create of it is tried alone, and those that exist are answered in `existed` (kept).
   */
  commit(writes: readonly FirestoreWrite[]): Promise<{ existed: string[] }>;
  /** A console_actions document (the Firebase console's History reads them), its timestamp the server's. */
  recordConsoleAction(entry: Record<string, unknown>): Promise<string>;
}

/** An operator in Firebase mode: a Firestore users record with isAdmin true, and what Firebase Auth knows of it. */
export interface FirestoreOperator {
  uid: string;
  email: string | null;
  displayName: string | null;
  /** the record's accountActive; a record that does not say counts as active (as the console's own check does) */
  accountActive: boolean;
  createdAt: string | null;
  /** from Firebase Auth: null when it has no account for the uid, or it never signed in */
  lastSignInAt: string | null;
  mfaEnabled: boolean;
  hasPassword: boolean;
}

export type AdminFlagChange =
  { outcome: 'changed' | 'unchanged'; operator: FirestoreOperator } | { outcome: 'missing' } | { outcome: 'last_admin' };

/**
 * Who may sign in to the console in Firebase mode (operators/firestoreDirectory.ts), with the Admin SDK: the rules
 * forbid the browser to write isAdmin.
 */
export interface FirestoreOperatorStore {
  /** The users records whose isAdmin is true, each with its Firebase Auth account's last sign-in and second factors. */
  operators(): Promise<FirestoreOperator[]>;
  /**
   * Sets users/{uid}.isAdmin in one Firestore transaction that also reads every admin: taking it away from the last
   * active admin is refused ('last_admin'), and two revokes at once cannot both pass (the transaction retries on the
   * other's write). Taking it away also revokes the account's refresh tokens: its ID tokens are refused from then on.
   */
  setAdmin(uid: string, isAdmin: boolean): Promise<AdminFlagChange>;
}

export interface FirebaseIdentity {
  readonly settings: FirebaseAuthSettings;
  /** The console's operators in Firestore (absent where a test stands in for the identity without Firestore). */
  readonly operators?: FirestoreOperatorStore;
  /** Firestore as a restore writes it (absent where a test stands in for the identity without Firestore). */
  readonly restoreTarget?: FirestoreRestoreTarget;
  /** The account of a valid token; rejects with an HttpError: 401 (anything wrong with the token) or 503 (Google cannot be asked now). */
  authenticate(token: string): Promise<FirebaseAccount>;
  /** Deletes the Firebase Auth account of `uid` with the Admin SDK; one that does not exist counts as gone (not_found). */
  deleteAccount(uid: string): Promise<AccountDeletion>;
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

/** Why a token is refused, by firebase-admin's code; any other refused token is FIREBASE_REFUSALS.invalid. */
const REFUSAL_REASONS: Record<string, string> = {
  'auth/id-token-expired': FIREBASE_REFUSALS.expired,
  'auth/id-token-revoked': FIREBASE_REFUSALS.revoked,
  'auth/user-disabled': FIREBASE_REFUSALS.disabled,
};

/**
 * firebase-admin's codes for "Google, or this server's credentials for it, could not be used", as opposed to
 * "this token is no good". From node_modules/firebase-admin/lib/utils/api-request.js (a request that did not
 * complete), app/credential-internal.js (no usable service-account credentials), and the Identity Toolkit
 * answers that say nothing about the token (an unexplained server error, a quota, a role the account lacks).
 */
const UNREACHABLE_CODES = new Set([
  'app/network-error',
  'app/network-timeout',
  'app/invalid-credential',
  'auth/invalid-credential',
  'auth/insufficient-permission',
  'auth/internal-error',
  'auth/quota-exceeded',
]);
/** Node's socket errors (error.code), should one reach us unwrapped. */
const SOCKET_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
/**
 * A failed fetch of Google's public keys reaches us as auth/argument-error carrying only the fetch's message:
 * token-verifier.js (mapJwtErrorToAuthError) maps utils/jwt.js's key-fetch-error to argument-error and keeps
 * error.message. These are the messages utils/jwt.js and utils/api-request.js give such a failure; a token's
 * own problems are worded "Firebase ID token has ..." / "Decoding Firebase ID token failed ...".
 */
const KEY_FETCH_FAILURE = /^(Error while making request|Error fetching public keys|Error fetching Json Web Keys)/;

/** Whether a firebase-admin failure means Google could not be asked (503) rather than a token refused (401). */
export function isGoogleUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return false;
  if (UNREACHABLE_CODES.has(code) || SOCKET_ERRNOS.has(code)) return true;
  return code === 'auth/argument-error' && typeof message === 'string' && KEY_FETCH_FAILURE.test(message);
}

/**
 * A firebase-admin failure as the answer the guard sends: 503 only when Google could not be asked (the network,
 * the credentials: isGoogleUnreachable), 401 for everything else. A token that cannot be decoded or verified fails
 * in many ways besides firebase-admin's own codes: a payload that is not JSON throws jws's plain SyntaxError, one
 * that is JSON null a TypeError from token-verifier.js's claim checks; all of them are a bad token, never a reason
 * to tell the console to try again later.
 */
export function refusalOf(error: unknown): HttpError {
  if (isGoogleUnreachable(error)) return new HttpError(503, 'auth_unavailable', FIREBASE_REFUSALS.unavailable);
  const code = (error as { code?: unknown } | null)?.code;
  return unauthorized((typeof code === 'string' && REFUSAL_REASONS[code]) || FIREBASE_REFUSALS.invalid);
}

/** Why an Auth account could not be deleted, for the operator who reads it in the console's report. */
export function accountDeletionFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'auth/insufficient-permission' || code === 'app/invalid-credential' || code === 'auth/invalid-credential') {
    return "the hosted API's service account may not delete Firebase Auth users (it needs a role such as Firebase Authentication Admin)";
  }
  if (isGoogleUnreachable(error)) return 'Firebase Auth could not be reached; delete the account in the Firebase console or try again';
  const message = error instanceof Error && error.message ? error.message : String(error);
  return `Firebase Auth refused it (${typeof code === 'string' ? `${code}: ` : ''}${message.slice(0, 200)})`;
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

  const { FieldValue } = await import('firebase-admin/firestore');
  // Firestore's ALREADY_EXISTS (gRPC code 6): a create() found the document there.
  const alreadyExists = (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    return code === 6 || code === 'already-exists' || code === 'ALREADY_EXISTS';
  };
  const restoreTarget: FirestoreRestoreTarget = {
    async *documentIds(collection) {
      // select() with no fields: the query answers each document's name only. Firestore still bills one document
      // read per document (a query is billed per document it returns, fields or not), so reading the ids of a
      // collection of N documents costs N reads; what it saves is the bytes and the memory of the fields.
      for await (const snapshot of firestore.collection(collection).select().stream()) {
        yield (snapshot as unknown as { id: string }).id;
      }
    },
    async admins() {
      const snapshot = await firestore.collection('users').where('isAdmin', '==', true).select('email').get();
      return snapshot.docs.map((d) => {
        const email: unknown = d.get('email');
        return { uid: d.id, email: typeof email === 'string' ? email : null };
      });
    },
    async commit(writes) {
      if (writes.length > FIRESTORE_BATCH_MAX_WRITES)
        throw new Error(`A Firestore batch takes at most ${FIRESTORE_BATCH_MAX_WRITES} writes`);
      const apply = (batch: WriteBatch, write: FirestoreWrite) => {
        const ref = firestore.collection(write.collection).doc(write.id);
        if (write.kind === 'delete') batch.delete(ref);
        else if (write.kind === 'create') batch.create(ref, write.data);
        else batch.set(ref, write.data);
      };
      const batch = firestore.batch();
      for (const write of writes) apply(batch, write);
      try {
        await batch.commit();
        return { existed: [] };
      } catch (error) {
        if (!alreadyExists(error)) throw error;
      }
      // A document created since the plan was read: every write again on its own, an existing one kept.
      const existed: string[] = [];
      for (const write of writes) {
        const single = firestore.batch();
        apply(single, write);
        try {
          await single.commit();
        } catch (error) {
          if (write.kind === 'create' && alreadyExists(error)) existed.push(write.id);
          else throw error;
        }
      }
      return { existed };
    },
    async recordConsoleAction(entry) {
      const ref = firestore.collection('console_actions').doc();
      await ref.set({ ...entry, timestamp: FieldValue.serverTimestamp() });
      return ref.id;
    },
  };

  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const instant = (value: unknown): string | null => {
    const withDate = value as { toDate?: () => Date } | null;
    if (withDate && typeof withDate.toDate === 'function') return withDate.toDate().toISOString();
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
    return null;
  };
  type UserDoc = { id: string; get(field: string): unknown };
  const operatorsOf = async (docs: readonly UserDoc[]): Promise<FirestoreOperator[]> => {
    const known = new Map<string, { lastSignInAt: string | null; mfaEnabled: boolean; hasPassword: boolean }>();
    // getUsers takes at most 100 identifiers a call; operators are few.
    for (let first = 0; first < docs.length; first += 100) {
      const { users } = await auth.getUsers(docs.slice(first, first + 100).map((d) => ({ uid: d.id })));
      for (const user of users) {
        known.set(user.uid, {
          lastSignInAt: instant(user.metadata.lastSignInTime),
          mfaEnabled: (user.multiFactor?.enrolledFactors.length ?? 0) > 0,
          hasPassword: user.providerData.some((p) => p.providerId === 'password'),
        });
      }
    }
    return docs.map((d) => ({
      uid: d.id,
      email: text(d.get('email')),
      displayName: text(d.get('displayName')),
      accountActive: d.get('accountActive') !== false,
      createdAt: instant(d.get('createdAt')),
      lastSignInAt: known.get(d.id)?.lastSignInAt ?? null,
      mfaEnabled: known.get(d.id)?.mfaEnabled ?? false,
      hasPassword: known.get(d.id)?.hasPassword ?? false,
    }));
  };
  const operators: FirestoreOperatorStore = {
    async operators() {
      const snapshot = await firestore.collection('users').where('isAdmin', '==', true).get();
      return operatorsOf(snapshot.docs);
    },
    async setAdmin(uid, isAdmin) {
      const ref = firestore.collection('users').doc(uid);
      const outcome = await firestore.runTransaction(async (tx) => {
        const admins = await tx.get(firestore.collection('users').where('isAdmin', '==', true));
        const record = await tx.get(ref);
        if (!record.exists) return 'missing' as const;
        if ((record.get('isAdmin') === true) === isAdmin) return 'unchanged' as const;
        if (!isAdmin && !admins.docs.some((d) => d.id !== uid && d.get('accountActive') !== false)) return 'last_admin' as const;
        tx.update(ref, { isAdmin, updatedAt: FieldValue.serverTimestamp() });
        return 'changed' as const;
      });
      if (outcome === 'missing' || outcome === 'last_admin') return { outcome };
      if (outcome === 'changed' && !isAdmin) {
        await auth.revokeRefreshTokens(uid).catch((error: unknown) => {
          if ((error as { code?: unknown } | null)?.code !== 'auth/user-not-found') throw error;
        });
      }
      const [operator] = await operatorsOf([await ref.get()]);
      return { outcome, operator: operator! };
    },
  };

  return {
    settings,
    restoreTarget,
    operators,
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
      return {
        uid,
        email: text(decoded.email) ?? text(data?.email),
        displayName: text(data?.displayName) ?? text(decoded.name),
        // Only a real boolean true grants admin (as in the console's own check): "true" or 1 do not.
        isAdmin: data ? data.isAdmin === true : null,
        // Fails closed too: a value that is not a boolean ("true", 1) counts as inactive; only a record that does
        // not say (the field absent or null) leaves it unsaid.
        accountActive: data && data.accountActive != null ? data.accountActive === true : null,
      };
    },
    async deleteAccount(uid) {
      try {
        await auth.deleteUser(uid);
        return { outcome: 'deleted' };
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === 'auth/user-not-found') return { outcome: 'not_found' };
        log(error, `Deleting the Firebase Auth account ${uid} failed`);
        return { outcome: 'not_done', reason: accountDeletionFailure(error) };
      }
    },
    async close() {
      await firestore.terminate().catch(() => undefined);
      await deleteApp(app).catch(() => undefined);
    },
  };
}
