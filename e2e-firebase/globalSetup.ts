// The Firebase-mode browser tests' world: both emulators, the built Firebase-mode console (dist-firebase/,
// rebuilt when stale) on the reference backend as its hosted API, and the demo data in all three, started
// once for the run (scripts/firebase/firebaseConsole.ts, as `npm run start:emulators`) and stopped after.
// Where the emulators cannot run, the tests skip and the reason is printed. firebase-tools is installed
// when absent only with INSTALL_FIREBASE_TOOLS=1 (CI sets it; ~2 min once).
import { fileURLToPath } from 'node:url';
import { emulatorsUnavailableReason, ensureFirebaseTools, firebaseToolsDir, FIREBASE_TOOLS_VERSION } from '../scripts/firebase/emulators';
import { startFirebaseConsole } from '../scripts/firebase/firebaseConsole';
import { FIREBASE_E2E_PORTS } from './ports';

export default async function startFirebaseWorld(): Promise<(() => Promise<void>) | undefined> {
  const tools = ensureFirebaseTools({ install: process.env.INSTALL_FIREBASE_TOOLS === '1' });
  const reason =
    emulatorsUnavailableReason() ??
    (tools
      ? null
      : `firebase-tools ${FIREBASE_TOOLS_VERSION} is not installed in ${firebaseToolsDir()} (INSTALL_FIREBASE_TOOLS=1 installs it, ~2 min)`);
  if (reason) {
    // Read by the specs (their workers start after this).
    process.env.FIREBASE_E2E_SKIP = reason;
    process.stdout.write(`\nFirebase-mode browser tests SKIPPED: ${reason}\n\n`);
    return undefined;
  }
  const running = await startFirebaseConsole({
    root: fileURLToPath(new URL('..', import.meta.url)),
    ...FIREBASE_E2E_PORTS,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  // startFirebaseConsole put GCLOUD_PROJECT, FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST into
  // process.env: the specs reach the emulators with them.
  return () => running.stop();
}
