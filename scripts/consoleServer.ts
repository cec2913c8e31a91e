// The built console served by the reference backend on one port, in either mode: shared by `npm start`
// (scripts/start.ts) and `npm run start:emulators` (scripts/start-emulators.ts).
//   local:    dist/, the backend's own sessions (/auth) and live-counts stream.
//   firebase: dist-firebase/, a console on Firebase Auth + Firestore, the backend as its hosted API
//             verifying Firebase ID tokens (server/src/auth/firebaseIdentity.ts).
import path from 'node:path';
import { build, loadEnv } from 'vite';
import { consoleConnectSources } from '../contract/buildCsp';
import { firebaseAuthFromEnv, type FirebaseAuthSettings } from '../server/src/auth/firebaseIdentity';
import { serverLogger } from '../server/src/http/logging';
import { startBackend, type RunningBackend } from '../server/src/server';
import type { OperationsSettings } from '../server/src/settings';
import { recordBuildEnv, staleBuildReason } from './consoleBuild';

/**
 * The VITE_* values a production build of `root` gets, as Vite resolves them: the .env files of the
 * production mode, overridden by the process environment.
 */
export function buildEnvOf(root: string): Record<string, string> {
  return loadEnv('production', root, 'VITE_');
}

export interface ConsoleMode {
  root: string;
  /** the VITE_* values the build gets (.env files, overridden by the environment) */
  buildEnv: Record<string, string>;
  /** null: the local mode */
  firebase: FirebaseAuthSettings | null;
  /** DIST_DIR, else dist/ (local) or dist-firebase/ (firebase), so switching modes does not rebuild each time */
  outDir: string;
  /** what was filled in from the console's emulator variables (printed, so nothing happens silently) */
  derived: string[];
}

/**
 * The mode the console's env asks for. A console built against the emulators needs an API that accepts
 * their tokens: when VITE_FIREBASE_AUTH_EMULATOR_URL / VITE_FIREBASE_FIRESTORE_EMULATOR_HOST are set and
 * the standard FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST are not, they are set from them in
 * process.env (firebase-admin reads them there).
 */
export function resolveConsoleMode(root: string, env: NodeJS.ProcessEnv = process.env): ConsoleMode {
  const buildEnv = buildEnvOf(root);
  const derived: string[] = [];
  if (buildEnv.VITE_BACKEND === 'firebase') {
    const authUrl = buildEnv.VITE_FIREBASE_AUTH_EMULATOR_URL;
    if (authUrl && !env.FIREBASE_AUTH_EMULATOR_HOST) {
      env.FIREBASE_AUTH_EMULATOR_HOST = new URL(authUrl).host;
      derived.push(`FIREBASE_AUTH_EMULATOR_HOST=${env.FIREBASE_AUTH_EMULATOR_HOST}`);
    }
    const firestoreHost = buildEnv.VITE_FIREBASE_FIRESTORE_EMULATOR_HOST;
    if (firestoreHost && !env.FIRESTORE_EMULATOR_HOST) {
      env.FIRESTORE_EMULATOR_HOST = firestoreHost.replace(/^https?:\/\//, '');
      derived.push(`FIRESTORE_EMULATOR_HOST=${env.FIRESTORE_EMULATOR_HOST}`);
    }
  }
  // The .env files may hold VITE_BACKEND and the project id too: the API follows the build.
  const firebase = firebaseAuthFromEnv({ ...env, ...buildEnv });
  const outDir = path.resolve(root, env.DIST_DIR || (firebase ? 'dist-firebase' : 'dist'));
  return { root, buildEnv, firebase, outDir, derived };
}

/** Builds the console into mode.outDir unless it is up to date (or `force`); says what it did. */
export async function ensureConsoleBuild(mode: ConsoleMode, { force = false, log = console.log } = {}): Promise<void> {
  const where = path.relative(mode.root, mode.outDir) || '.';
  const reason = force ? 'FORCE_BUILD=1' : staleBuildReason(mode.root, mode.outDir, mode.buildEnv);
  if (!reason) {
    log(`The console build in ${where}/ is up to date.`);
    return;
  }
  log(`Building the ${mode.firebase ? 'Firebase-mode ' : ''}console into ${where}/ (${reason})...`);
  const started = performance.now();
  await build({
    root: mode.root,
    configFile: path.join(mode.root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: mode.outDir, emptyOutDir: true },
  });
  recordBuildEnv(mode.root, mode.outDir, mode.buildEnv);
  log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

export interface ServeOptions {
  host: string;
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  sessionSecret?: string;
  /** SEED_DEMO as given (undefined: not set; the server decides, server/src/seed/demoSafety.ts) */
  seedDemo: boolean | undefined;
  logLevel?: string;
  /** TRUST_PROXY, the sign-in limits, metrics, shutdown... as main.ts reads them (server/src/settings.ts) */
  operations?: OperationsSettings;
  /** TRASH_RETENTION_DAYS (server/src/names/trashRetention.ts) */
  trashRetentionDays?: number;
  /** BACKUP_DIR (server/src/restores/beforeBackup.ts) */
  backupDir?: string;
}

/** The reference backend serving mode.outDir (build it first), as the hosted API in Firebase mode. */
export function serveConsole(mode: ConsoleMode, options: ServeOptions): Promise<RunningBackend> {
  return startBackend({
    ...options.operations,
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    sessionSecret: options.sessionSecret,
    host: options.host,
    port: options.port,
    staticDir: mode.outDir,
    logger: serverLogger({ level: options.logLevel ?? 'warn' }),
    seedDemo: options.seedDemo,
    trashRetentionDays: options.trashRetentionDays,
    backupDir: options.backupDir,
    // The header CSP must let the built console reach what its meta CSP allows (Firebase, the emulators).
    connectSources: consoleConnectSources(mode.buildEnv),
    firebase: mode.firebase ?? undefined,
  });
}
