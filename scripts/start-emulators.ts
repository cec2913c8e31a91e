// `npm run start:emulators`: the console on the production stack, locally. Starts the Cloud Firestore and
// Firebase Auth emulators, builds the Firebase-mode console (dist-firebase/, when stale), serves it through
// the reference backend as its hosted API, seeds the demo data into all of them and prints the URL and the
// demo accounts. One Ctrl-C stops everything, the emulators' java process included.
// Environment: PORT (console and API, default 3001), FIRESTORE_EMULATOR_PORT (default 8080),
// AUTH_EMULATOR_PORT (default 9099), DATABASE_URL (a real PostgreSQL for the hosted API; default a fresh
// in-memory database, as the emulators start empty), FIREBASE_TOOLS_DIR, FIRESTORE_EMULATOR_JAR.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emulatorsUnavailableReason } from './firebase/emulators';
import { startFirebaseConsole, type RunningFirebaseConsole } from './firebase/firebaseConsole';
import { FIREBASE_DEMO_ACCOUNTS } from './firebase/seedFirebase';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65_535)
    throw new Error(`${name} must be a port number, got "${process.env[name]}"`);
  return value;
};
const started = performance.now();

let running: RunningFirebaseConsole | undefined;
let stopping = false;

async function stop(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await running?.stop().catch(() => undefined);
  }
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C reaches this process twice (directly and relayed by tsx): say it once.
    if (!stopping) console.log('\nStopping the console and the emulators...');
    void stop(0);
  });
}

try {
  const unavailable = emulatorsUnavailableReason();
  if (unavailable) throw new Error(`The emulators cannot run here: ${unavailable}.`);
  running = await startFirebaseConsole({
    root,
    port: port('PORT', 3001),
    firestorePort: port('FIRESTORE_EMULATOR_PORT', 8080),
    authPort: port('AUTH_EMULATOR_PORT', 9099),
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  const { seeded, emulators } = running;
  const [admin, user] = FIREBASE_DEMO_ACCOUNTS;
  console.log(`
  Baby Names admin console (Firebase mode)   ${running.url}/
  Demo admin                                 ${admin.email} / ${admin.password}
  Non-admin (refused by the console)         ${user.email} / ${user.password}

  Firebase Auth emulator                     http://${emulators.authHost}  (project ${running.projectId})
  Cloud Firestore emulator                   http://${emulators.firestoreHost}
  Hosted API                                 ${running.url}/api  (${running.backend.db.kind}; verifies the emulator's ID tokens)
  Seeded: ${seeded.accounts} accounts, ${seeded.users} users, ${seeded.connectionRequests} connection requests, ${seeded.connections} connections, ${seeded.names} names, ${seeded.auditLogs} audit logs.
  Nothing is kept: the next start begins again from the demo data.

  Ready in ${((performance.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop everything.
`);
} catch (error) {
  console.error('Could not start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error('A port is taken: PORT, FIRESTORE_EMULATOR_PORT and AUTH_EMULATOR_PORT pick others.');
  }
  await stop(1);
}
