// The production backend: Firebase Auth + Cloud Firestore through the modular web SDK 12.
// Only this folder imports Firebase, and src/backend/index.ts loads it with a dynamic import.
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, onAuthStateChanged, signInWithEmailAndPassword, signOut, type Auth, type User } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import type { AuthAccount } from '../../../contract/schemas/auth';
import { onUnauthorized } from '../../api/http';
import type { AppConfig } from '../../config/types';
import type { AuthPort, Backend, LiveCountsPort, Unsubscribe, UserRecordsPort } from '../ports';
import { firebaseMfa } from './firebaseMfa';
import type { ConsoleActor } from './consoleActions';
import { createFirestoreExports, hostedApiRunRecorder } from './firestoreExports';
import { createFirestoreHistory } from './firestoreHistory';
import { createHostedRestores } from './hostedRestores';
import { reader, type ReadMeter, type Reader } from './readMeter';
import { createFirestoreAuditLogs, createFirestoreUserManagement } from './firestoreUsersAudit';
import { parseHostPort, toFirebaseOptions } from './settings';
import { toUserRecord } from './userRecord';

function toAccount(user: User): AuthAccount {
  return { uid: user.uid, email: user.email, displayName: user.displayName };
}

/** Firebase Auth answers a password with the account: the console asks no second step of its own here. */
type FirebaseAuthPort = Omit<AuthPort, 'signIn'> & { signIn(email: string, password: string): Promise<AuthAccount> };

function firebaseAuthPort(auth: Auth): FirebaseAuthPort {
  return {
    async signIn(email, password) {
      const credential = await signInWithEmailAndPassword(auth, email, password);
      return toAccount(credential.user);
    },
    signOut: () => signOut(auth),
    observeAccount(onChange) {
      return onAuthStateChanged(auth, (user) => onChange(user ? toAccount(user) : null));
    },
    async getIdToken() {
      // Right after a reload currentUser is null until the persisted session is restored.
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
    // The hosted API refusing a token (401) ends the session, whichever request it answered: RTK Query's
    // (src/api/baseQuery.ts) or an adapter's (hostedRestores.ts, ...), all reported by src/api/http.ts. Any refused
    // token counts, not only the one held now: Firebase renews ID tokens on its own, so the refused one may already
    // have been replaced by the time the answer comes (local/localAuth.ts compares, its tokens change only by its hand).
    observeSessionEnded(onEnded) {
      return onUnauthorized((_token, reason) => onEnded(reason));
    },
  };
}

/** The operator a console write is recorded under (consoleActions.ts). */
function signedInActor(auth: Auth): ConsoleActor {
  const user = auth.currentUser;
  if (!user) throw new Error('Not signed in: sign in again to change users.');
  return { uid: user.uid, email: user.email };
}

function firestoreUserRecords(db: Firestore): UserRecordsPort {
  return {
    async readUserRecord(uid) {
      const snapshot = await getDoc(doc(db, 'users', uid));
      if (!snapshot.exists()) return null;
      const data = snapshot.data();
      const record = toUserRecord(uid, data);
      // The session's admin check fails closed, as firestore.rules do: accountActive that is present but not a real
      // boolean counts as deactivated (the grid's reading would show the default, true).
      const active = data.accountActive;
      return active === undefined || active === null || typeof active === 'boolean' ? record : { ...record, accountActive: false };
    },
  };
}

/**
 * A live count without listening to the collection: a count aggregation (no document read; billed one read
 * per 1,000 entries counted), run again whenever one of the `signals` changes. Each signal is a limit-1
 * listener on the newest document by some time field, so opening costs one document per signal and each
 * change one more. Counts asked for while one is running collapse into one re-count after it.
 */
export function watchCount(
  r: Reader,
  counted: Query,
  signals: Query[],
  onCount: (n: number) => void,
  onError: (reason: string) => void,
): Unsubscribe {
  let stopped = false;
  let running = false;
  let again = false;
  const fail = (error: unknown) => {
    if (!stopped) onError(`Live count unavailable: ${error instanceof Error ? error.message : String(error)}`);
  };
  const recount = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const n = await r.count(counted);
        if (!stopped) onCount(n);
      } while (again && !stopped);
    } catch (error) {
      fail(error);
    } finally {
      running = false;
    }
  };
  // The first count waits for every signal's first snapshot, so opening counts once.
  const waiting = new Set(signals.map((_, i) => i));
  const listeners = signals.map((signal, i) =>
    onSnapshot(
      signal,
      (snapshot) => {
        r.delivered(snapshot.docChanges().filter((change) => change.type !== 'removed').length);
        waiting.delete(i);
        if (waiting.size === 0) void recount();
      },
      fail,
    ),
  );
  return () => {
    stopped = true;
    listeners.forEach((stop) => stop());
  };
}

const newest = (db: Firestore, name: string, field: string) => query(collection(db, name), orderBy(field, 'desc'), limit(1));

/**
 * What changes the counts: a user added (newest createdAt), a request created or changing status (newest
 * createdAt / updatedAt, which the app sets with the status), and any deletion through the console or the app
 * (each writes an ACCOUNT_DELETED audit entry). A deletion that writes no audit entry shows at the next change.
 */
export const COUNT_SIGNALS = {
  users: [
    ['users', 'createdAt'],
    ['audit_logs', 'timestamp'],
  ],
  connections: [
    ['connectionRequests', 'createdAt'],
    ['connectionRequests', 'updatedAt'],
    ['audit_logs', 'timestamp'],
  ],
} as const;

function firestoreLiveCounts(db: Firestore, r: Reader): LiveCountsPort {
  const signals = (list: readonly (readonly [string, string])[]) => list.map(([name, field]) => newest(db, name, field));
  return {
    watchUserCount: (onCount, onError) => watchCount(r, collection(db, 'users'), signals(COUNT_SIGNALS.users), onCount, onError),
    watchAcceptedConnectionCount: (onCount, onError) =>
      watchCount(
        r,
        query(collection(db, 'connectionRequests'), where('status', '==', 'accepted')),
        signals(COUNT_SIGNALS.connections),
        onCount,
        onError,
      ),
    async countNames() {
      return r.count(collection(db, 'names'));
    },
    // Swipes live as the swipedBy map of each names document: no aggregate can sum map sizes, and reading
    // every names document is what this fallback must not do. The dashboard shows the figure as unknown.
    countSwipes: () => Promise.resolve(null),
  };
}

export interface FirebaseBackendOptions {
  /** Counts what the adapters read (tests, bench:firestore). */
  meter?: ReadMeter;
  /** A named Firebase app: several backends in one process (tests) each sign in on their own. */
  appName?: string;
}

/** The backend, and a way to let go of its Firebase app (tests and scripts; the console never does). */
export type FirebaseBackend = Omit<Backend, 'auth'> & { auth: FirebaseAuthPort; close(): Promise<void> };

export function createFirebaseBackend(config: AppConfig, options: FirebaseBackendOptions = {}): FirebaseBackend {
  const { meter } = options;
  const settings = config.firebase;
  const app = options.appName ? initializeApp(toFirebaseOptions(settings), options.appName) : initializeApp(toFirebaseOptions(settings));
  const auth = getAuth(app);
  if (settings.authEmulatorUrl) connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true });
  const db = getFirestore(app);
  if (settings.firestoreEmulatorHost) {
    const { host, port } = parseHostPort(settings.firestoreEmulatorHost);
    connectFirestoreEmulator(db, host, port);
  }
  const authPort = firebaseAuthPort(auth);
  const hostedApi = { apiBaseUrl: config.apiBaseUrl, timeoutMs: config.apiTimeoutMs, getToken: () => authPort.getIdToken() };
  const recordRun = hostedApiRunRecorder(hostedApi);
  return {
    kind: 'firebase',
    auth: authPort,
    userRecords: firestoreUserRecords(db),
    liveCounts: firestoreLiveCounts(db, reader(meter)),
    userManagement: createFirestoreUserManagement(db, () => signedInActor(auth), meter, hostedApi),
    auditLogs: createFirestoreAuditLogs(db, meter),
    exports: createFirestoreExports(db, recordRun, meter),
    history: createFirestoreHistory(db, hostedApi, meter),
    restores: createHostedRestores(hostedApi),
    accountMfa: firebaseMfa(),
    close: () => deleteApp(app),
  };
}
