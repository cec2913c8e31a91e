// The Firebase adapters' world in the `emulators` Jest project: both real emulators (started for the file,
// with firestore.rules loaded so every adapter call also proves the rules allow it), firebase-admin for
// seeding and checking (it bypasses the rules), and createFirebaseBackend on the web SDK as the console runs
// it. skipReason() says why not, where Java, the jar or firebase-tools is missing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_PROJECT_ID,
  emulatorsUnavailableReason,
  ensureFirebaseTools,
  FIREBASE_TOOLS_VERSION,
  firebaseToolsDir,
  startEmulators,
  type RunningEmulators,
} from '../../../../scripts/firebase/emulators';
import { openAdmin } from '../../../../scripts/firebase/seedFirebase';
import type { AppConfig } from '../../../config/types';
import { createFirebaseBackend, type FirebaseBackend } from '../firebaseBackend';
import type { ReadMeter } from '../readMeter';

export const PROJECT_ID = DEFAULT_PROJECT_ID;
export const RULES = readFileSync(path.join(__dirname, '../../../../firestore.rules'), 'utf8');

/** Why these tests cannot run here, or null. */
export function skipReason(): string | null {
  const tools = ensureFirebaseTools({ install: process.env.INSTALL_FIREBASE_TOOLS === '1' });
  return (
    emulatorsUnavailableReason() ??
    (tools
      ? null
      : `firebase-tools ${FIREBASE_TOOLS_VERSION} is not installed in ${firebaseToolsDir()} (INSTALL_FIREBASE_TOOLS=1 installs it)`)
  );
}

export type Admin = Awaited<ReturnType<typeof openAdmin>>;

export interface World {
  emulators: RunningEmulators;
  admin: Admin;
  /** A console backend on the emulators; each call a separate Firebase app (its own sign-in). */
  backend(name: string, meter?: ReadMeter): FirebaseBackend;
  /** Creates an Auth account with a password (and, unless `record` is null, its users record). */
  account(uid: string, record: Record<string, unknown> | null): Promise<{ uid: string; email: string; password: string }>;
  stop(): Promise<void>;
}

export async function startWorld(): Promise<World> {
  const emulators = await startEmulators({ projectId: PROJECT_ID, installFirebaseTools: false, rules: RULES });
  Object.assign(process.env, emulators.env);
  const admin = await openAdmin(PROJECT_ID);
  const backends: FirebaseBackend[] = [];
  return {
    emulators,
    admin,
    backend(name, meter) {
      const config: AppConfig = {
        backend: 'firebase',
        apiBaseUrl: 'http://127.0.0.1:9/api',
        authBaseUrl: 'http://127.0.0.1:9/auth',
        apiTimeoutMs: 2_000,
        isDevelopment: false,
        firebase: {
          projectId: PROJECT_ID,
          authEmulatorUrl: `http://${emulators.authHost}`,
          firestoreEmulatorHost: emulators.firestoreHost,
        },
        invite: { appScheme: 'babynames', androidStoreUrl: '', iosStoreUrl: '' },
      };
      const backend = createFirebaseBackend(config, { meter, appName: name });
      backends.push(backend);
      return backend;
    },
    async account(uid, record) {
      const email = `${uid}@emulator.test`;
      const password = `pw-${uid}`;
      await admin.auth.createUser({ uid, email, password });
      if (record) await admin.firestore.doc(`users/${uid}`).set({ uid, email, ...record });
      return { uid, email, password };
    },
    async stop() {
      await Promise.all(backends.map((b) => b.close()));
      await admin.close();
      await emulators.stop();
    },
  };
}

/** What a live subscription has delivered, and a wait for the next value that passes a test. */
export function collect<T>(subscribe: (push: (value: T) => void, fail: (reason: string) => void) => () => void) {
  const values: T[] = [];
  let error: string | null = null;
  const waiters: { test: (value: T) => boolean; resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const stop = subscribe(
    (value) => {
      values.push(value);
      for (const waiter of [...waiters]) {
        if (!waiter.test(value)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(value);
      }
    },
    (reason) => {
      error = reason;
      waiters.splice(0).forEach((waiter) => waiter.reject(new Error(reason)));
    },
  );
  return {
    values,
    stop,
    /** The first value from index `from` on (default: the next one delivered) that passes `test`. */
    until(test: (value: T) => boolean, from = values.length): Promise<T> {
      const hit = values.slice(from).find(test);
      if (hit !== undefined) return Promise.resolve(hit);
      if (error) return Promise.reject(new Error(error));
      return new Promise((resolve, reject) => waiters.push({ test, resolve, reject }));
    },
  };
}
