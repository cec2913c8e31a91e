// For the server's emulator test files (the `emulators` Jest project): whether the Auth and Firestore emulators can
// run here, and the describe to use. Run by the project, the emulators are up (EMULATOR_AUTH_HOST) or the project says
// why not (EMULATORS_SKIP_REASON); run alone, a file starts its own when firebase-tools and Java are there.
import {
  emulatorsUnavailableReason,
  ensureFirebaseTools,
  FIREBASE_TOOLS_VERSION,
  firebaseToolsDir,
} from '../../scripts/firebase/emulators';

function standaloneSkipReason(): string | null {
  const tools = ensureFirebaseTools({ install: process.env.INSTALL_FIREBASE_TOOLS === '1' });
  return (
    emulatorsUnavailableReason() ??
    (tools
      ? null
      : `firebase-tools ${FIREBASE_TOOLS_VERSION} is not installed in ${firebaseToolsDir()} (INSTALL_FIREBASE_TOOLS=1 installs it)`)
  );
}

/** `describe`, or `describe.skip` after saying why on standard output (named by `file`). */
export function emulatorDescribe(file: string): jest.Describe {
  const skipReason = process.env.EMULATORS_SKIP_REASON || (process.env.EMULATOR_AUTH_HOST ? null : standaloneSkipReason());
  if (skipReason) process.stdout.write(`${file} SKIPPED: ${skipReason}\n`);
  return skipReason ? describe.skip : describe;
}
