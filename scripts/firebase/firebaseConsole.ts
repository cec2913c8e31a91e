// The console in Firebase mode on the emulators, with the demo data: both emulators, the Firebase-mode
// build (dist-firebase/, rebuilt only when stale), the reference backend as its hosted API on a fresh
// in-memory database, and the demo data in all three. Used by `npm run start:emulators` and by the
// Firebase-mode browser tests (e2e-firebase/).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningBackend } from '../../server/src/server';
import { ensureConsoleBuild, resolveConsoleMode, type ConsoleMode } from '../consoleServer';
import { serveConsole } from '../consoleServer';
import { DEFAULT_PROJECT_ID, startEmulators, type RunningEmulators } from './emulators';
import { seedFirebaseFromDatabase, type FirebaseSeedCounts } from './seedFirebase';

export interface FirebaseConsoleOptions {
  root: string;
  /** the console and its hosted API */
  port: number;
  firestorePort: number;
  authPort: number;
  projectId?: string;
  /** a real PostgreSQL for the hosted API; default a fresh in-memory PGlite, like the emulators' empty start */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface RunningFirebaseConsole {
  url: string;
  projectId: string;
  emulators: RunningEmulators;
  backend: RunningBackend;
  mode: ConsoleMode;
  seeded: FirebaseSeedCounts;
  /** Stops the backend and both emulators (java included). */
  stop(): Promise<void>;
}

/**
 * The console's Firebase settings for the emulators, put into process.env: the Vite build reads the
 * VITE_* ones (the process environment wins over .env files), the backend and firebase-admin the others.
 * The ports are fixed, not picked per run, so a build made for them stays valid from one run to the next.
 */
export function useEmulatorEnv({
  projectId,
  firestorePort,
  authPort,
}: {
  projectId: string;
  firestorePort: number;
  authPort: number;
}): void {
  Object.assign(process.env, {
    VITE_BACKEND: 'firebase',
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authPort}`,
    VITE_FIREBASE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}`,
    GCLOUD_PROJECT: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}`,
    // The emulators need no Google credentials: firebase-admin's auth library need not probe for a cloud
    // metadata server (here it printed a MetadataLookupWarning from the closed network's answer).
    METADATA_SERVER_DETECTION: 'none',
  });
}

export async function startFirebaseConsole(options: FirebaseConsoleOptions): Promise<RunningFirebaseConsole> {
  const log = options.log ?? console.log;
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  useEmulatorEnv({ projectId, firestorePort: options.firestorePort, authPort: options.authPort });
  const mode = resolveConsoleMode(options.root);
  const rulesFile = path.join(options.root, 'firestore.rules');
  const rules = existsSync(rulesFile) ? readFileSync(rulesFile, 'utf8') : undefined;

  log(`Starting the Firestore and Auth emulators (project ${projectId}${rules ? ', firestore.rules loaded' : ''})...`);
  // The build does not need the emulators running (only their addresses): both at once.
  const [emulators, built] = await Promise.allSettled([
    startEmulators({ projectId, firestorePort: options.firestorePort, authPort: options.authPort, rules }),
    ensureConsoleBuild(mode, { log }),
  ]);
  if (emulators.status === 'rejected' || built.status === 'rejected') {
    if (emulators.status === 'fulfilled') await emulators.value.stop();
    throw emulators.status === 'rejected' ? emulators.reason : (built as PromiseRejectedResult).reason;
  }
  let backend: RunningBackend | undefined;
  try {
    log('Starting the hosted API (the reference backend in Firebase mode)...');
    backend = await serveConsole(mode, {
      host: '127.0.0.1',
      port: options.port,
      databaseUrl: options.databaseUrl,
      dataDir: options.databaseUrl ? undefined : 'memory://',
      seedDemo: true,
    });
    log('Seeding the emulators with the demo data...');
    const seeded = await seedFirebaseFromDatabase(backend.db, projectId);
    const running = backend;
    return {
      url: running.url,
      projectId,
      emulators: emulators.value,
      backend: running,
      mode,
      seeded,
      async stop() {
        await Promise.allSettled([running.close(), emulators.value.stop()]);
      },
    };
  } catch (error) {
    await Promise.allSettled([backend?.close(), emulators.value.stop()]);
    throw error;
  }
}
