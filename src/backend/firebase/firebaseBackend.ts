// The production backend: Firebase Auth + Cloud Firestore through the modular web SDK 12.
// Only this folder imports Firebase, and src/backend/index.ts loads it with a dynamic import.
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, onAuthStateChanged, signInWithEmailAndPassword, signOut, type Auth, type User } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  getFirestore,
  onSnapshot,
  query,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import type { AuthAccount } from '../../../contract/wire';
import type { AppConfig } from '../../config/types';
import type { AuthPort, Backend, LiveCountsPort, Unsubscribe, UserRecordsPort } from '../ports';
import { createFirestoreExports, hostedApiRunRecorder } from './firestoreExports';
import { createFirestoreAuditLogs, createFirestoreUserManagement } from './firestoreUsersAudit';
import { parseHostPort, toFirebaseOptions } from './settings';
import { swipeCountOf, toUserRecord } from './userRecord';

function toAccount(user: User): AuthAccount {
  return { uid: user.uid, email: user.email, displayName: user.displayName };
}

function firebaseAuthPort(auth: Auth): AuthPort {
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
  };
}

function firestoreUserRecords(db: Firestore): UserRecordsPort {
  return {
    async readUserRecord(uid) {
      const snapshot = await getDoc(doc(db, 'users', uid));
      return snapshot.exists() ? toUserRecord(uid, snapshot.data()) : null;
    },
  };
}

function watchSize(q: Query, onCount: (n: number) => void, onError: (reason: string) => void): Unsubscribe {
  return onSnapshot(
    q,
    (snapshot) => onCount(snapshot.size),
    (error) => onError(`Live count unavailable: ${error.message}`),
  );
}

function firestoreLiveCounts(db: Firestore): LiveCountsPort {
  return {
    // Listening to whole collections is what gives live numbers; it reads every document once,
    // then only changes. Count aggregations cannot be listened to.
    watchUserCount: (onCount, onError) => watchSize(collection(db, 'users'), onCount, onError),
    watchAcceptedConnectionCount: (onCount, onError) =>
      watchSize(query(collection(db, 'connectionRequests'), where('status', '==', 'accepted')), onCount, onError),
    async countNames() {
      const snapshot = await getCountFromServer(collection(db, 'names'));
      return snapshot.data().count;
    },
    async countSwipes() {
      // Swipes live as the swipedBy map of each names document; there is no aggregate to ask for.
      const snapshot = await getDocs(collection(db, 'names'));
      let total = 0;
      snapshot.forEach((document) => {
        total += swipeCountOf(document.data());
      });
      return total;
    },
  };
}

export function createFirebaseBackend(config: AppConfig): Backend {
  const settings = config.firebase;
  const app = initializeApp(toFirebaseOptions(settings));
  const auth = getAuth(app);
  if (settings.authEmulatorUrl) connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true });
  const db = getFirestore(app);
  if (settings.firestoreEmulatorHost) {
    const { host, port } = parseHostPort(settings.firestoreEmulatorHost);
    connectFirestoreEmulator(db, host, port);
  }
  const authPort = firebaseAuthPort(auth);
  const recordRun = hostedApiRunRecorder({
    apiBaseUrl: config.apiBaseUrl,
    timeoutMs: config.apiTimeoutMs,
    getToken: () => authPort.getIdToken(),
  });
  return {
    kind: 'firebase',
    auth: authPort,
    userRecords: firestoreUserRecords(db),
    liveCounts: firestoreLiveCounts(db),
    userManagement: createFirestoreUserManagement(db),
    auditLogs: createFirestoreAuditLogs(db),
    exports: createFirestoreExports(db, recordRun),
  };
}
