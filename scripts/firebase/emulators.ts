// Starts the Firebase emulators the production stack is tested on: Google's Cloud Firestore
// emulator (the Debian package google-cloud-cli-firestore-emulator, a jar run on the installed Java 17) and
// the Firebase Auth emulator (npm firebase-tools, pure Node, installed on demand into a cache outside the
// work tree: it is 312 MB and must stay out of the quick start's `npm install`).
//
// Used by the emulator Jest project, the Firebase-mode browser tests, `npm run start:emulators` and
// bench:firestore. Ports are free ones picked at start (several runs can share a machine) unless given.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const FIREBASE_TOOLS_VERSION = '15.34.2';
export const DEFAULT_PROJECT_ID = 'demo-babynames';

const JAR_PACKAGE = 'google-cloud-cli-firestore-emulator';
const KNOWN_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

/** The Firestore emulator's jar: FIRESTORE_EMULATOR_JAR, the Debian package's file, or null. */
export function findFirestoreJar(): string | null {
  const fromEnv = process.env.FIRESTORE_EMULATOR_JAR;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  if (existsSync(KNOWN_JAR)) return KNOWN_JAR;
  try {
    const listed = execFileSync('dpkg', ['-L', JAR_PACKAGE], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return listed.split('\n').find((line) => line.endsWith('cloud-firestore-emulator.jar')) ?? null;
  } catch {
    return null;
  }
}

function hasJava(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Where firebase-tools is (or will be) installed: FIREBASE_TOOLS_DIR, else a per-version folder in ~/.cache. */
export function firebaseToolsDir(): string {
  return process.env.FIREBASE_TOOLS_DIR ?? path.join(os.homedir(), '.cache', 'babynames-admin', `firebase-tools-${FIREBASE_TOOLS_VERSION}`);
}

function firebaseToolsEntry(dir: string): string {
  return path.join(dir, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
}

/**
 * The firebase-tools CLI's entry script, installing it first when `install` is true (about 2 minutes with an
 * empty npm cache). Null when it is absent and may not be installed.
 */
export function ensureFirebaseTools({ install }: { install: boolean }): string | null {
  const dir = firebaseToolsDir();
  const entry = firebaseToolsEntry(dir);
  if (existsSync(entry)) return entry;
  if (!install) return null;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(dir, 'package.json'))) writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
  process.stderr.write(`Installing firebase-tools ${FIREBASE_TOOLS_VERSION} into ${dir} (once; ~2 min)...\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', `firebase-tools@${FIREBASE_TOOLS_VERSION}`], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return existsSync(entry) ? entry : null;
}

/** Why the emulators cannot run here, or null when they can (firebase-tools may still need installing). */
export function emulatorsUnavailableReason(): string | null {
  if (!findFirestoreJar())
    return `the Cloud Firestore emulator is not installed (Debian package ${JAR_PACKAGE}; or set FIRESTORE_EMULATOR_JAR)`;
  if (!hasJava()) return 'java is not on the PATH (the Firestore emulator runs on Java 17 or later)';
  return null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Throws unless `port` can be listened on: a fixed port that another emulator already holds would otherwise
 * answer the readiness check for the one just started (which then fails to bind and exits).
 */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? Object.assign(new Error(`Port ${port} (${what}) is already in use.`), { code: 'EADDRINUSE' }) : error,
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

async function waitUntil(
  what: string,
  child: ChildProcess,
  log: () => string,
  ready: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready:\n${log()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${log()}`);
}

function collectOutput(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface StartEmulatorsOptions {
  projectId?: string;
  firestorePort?: number;
  authPort?: number;
  /** firestore.rules text loaded into the Firestore emulator once it is up (it enforces them). */
  rules?: string;
  /** Install firebase-tools when absent (default true). */
  installFirebaseTools?: boolean;
  /** Start only the Firestore emulator. */
  firestoreOnly?: boolean;
  /** The Firestore emulator's Java heap (default 512m; it keeps every document in memory). */
  javaHeap?: string;
}

export interface RunningEmulators {
  projectId: string;
  /** host:port, the value of FIRESTORE_EMULATOR_HOST */
  firestoreHost: string;
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST; null with firestoreOnly */
  authHost: string | null;
  /** Environment variables the Admin SDK, the reference backend and scripts read. */
  env: Record<string, string>;
  /** Deletes every Firestore document. */
  clearFirestore(): Promise<void>;
  /** Deletes every Auth account. */
  clearAuth(): Promise<void>;
  /** Replaces the Firestore security rules. */
  loadRules(rules: string): Promise<void>;
  stop(): Promise<void>;
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
}

/** Starts both emulators (or throws with the reason, see emulatorsUnavailableReason). */
export async function startEmulators(options: StartEmulatorsOptions = {}): Promise<RunningEmulators> {
  const unavailable = emulatorsUnavailableReason();
  if (unavailable) throw new Error(`Firebase emulators unavailable: ${unavailable}`);
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const children: ChildProcess[] = [];
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'babynames-emulators-'));
  const stopAll = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    rmSync(workDir, { recursive: true, force: true });
  };
  const killOnExit = () => children.forEach((child) => child.kill('SIGKILL'));
  process.once('exit', killOnExit);

  try {
    if (options.firestorePort) await assertPortFree(options.firestorePort, 'the Firestore emulator');
    if (options.authPort && !options.firestoreOnly) await assertPortFree(options.authPort, 'the Auth emulator');
    const firestorePort = options.firestorePort ?? (await freePort());
    const websocketPort = await freePort();
    const firestore = spawn(
      'java',
      [
        '-Duser.language=en',
        `-Xmx${options.javaHeap ?? '512m'}`,
        '-cp',
        findFirestoreJar()!,
        'com.google.cloud.datastore.emulator.firestore.CloudFirestore',
        'start',
        '--host=127.0.0.1',
        `--port=${firestorePort}`,
        `--websocket_port=${websocketPort}`,
        `--project_id=${projectId}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(firestore);
    const firestoreLog = collectOutput(firestore);
    const firestoreHost = `127.0.0.1:${firestorePort}`;

    let authHost: string | null = null;
    let auth: ChildProcess | null = null;
    let authLog = () => '';
    if (!options.firestoreOnly) {
      const entry = ensureFirebaseTools({ install: options.installFirebaseTools ?? true });
      if (!entry) throw new Error(`firebase-tools ${FIREBASE_TOOLS_VERSION} is not installed in ${firebaseToolsDir()}`);
      const authPort = options.authPort ?? (await freePort());
      const [hubPort, loggingPort] = [await freePort(), await freePort()];
      writeFileSync(
        path.join(workDir, 'firebase.json'),
        JSON.stringify({
          emulators: {
            auth: { host: '127.0.0.1', port: authPort },
            hub: { host: '127.0.0.1', port: hubPort },
            logging: { host: '127.0.0.1', port: loggingPort },
            ui: { enabled: false },
          },
        }),
      );
      auth = spawn(process.execPath, [entry, 'emulators:start', '--only', 'auth', '--project', projectId], {
        cwd: workDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        // No update check, no telemetry prompts, no network calls that this closed network refuses slowly.
        env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true', HOME: process.env.HOME ?? os.homedir() },
      });
      children.push(auth);
      authLog = collectOutput(auth);
      authHost = `127.0.0.1:${authPort}`;
    }

    await waitUntil('The Firestore emulator', firestore, firestoreLog, async () => (await fetch(`http://${firestoreHost}/`)).ok, 60_000);
    if (auth && authHost) {
      const url = `http://${authHost}/`;
      await waitUntil('The Firebase Auth emulator', auth, authLog, async () => (await fetch(url)).ok, 120_000);
    }

    const documentsUrl = `http://${firestoreHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`;
    const running: RunningEmulators = {
      projectId,
      firestoreHost,
      authHost,
      env: {
        GCLOUD_PROJECT: projectId,
        FIRESTORE_EMULATOR_HOST: firestoreHost,
        ...(authHost ? { FIREBASE_AUTH_EMULATOR_HOST: authHost } : {}),
      },
      async clearFirestore() {
        await expectOk(await fetch(documentsUrl, { method: 'DELETE' }), 'Clearing Firestore');
      },
      async clearAuth() {
        if (!authHost) return;
        const response = await fetch(`http://${authHost}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
        await expectOk(response, 'Clearing Auth');
      },
      async loadRules(rules: string) {
        const response = await fetch(`http://${firestoreHost}/emulator/v1/projects/${projectId}:securityRules`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
        });
        await expectOk(response, 'Loading Firestore rules');
      },
      async stop() {
        process.removeListener('exit', killOnExit);
        await stopAll();
      },
    };
    if (options.rules) await running.loadRules(options.rules);
    return running;
  } catch (error) {
    process.removeListener('exit', killOnExit);
    await stopAll();
    throw error;
  }
}
