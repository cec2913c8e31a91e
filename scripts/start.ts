// `npm start`: the console as operators get it. Builds the production console when its sources or its
// VITE_* values changed since the last build (skipped otherwise), then serves it through the reference
// backend, API included, on ONE port (default http://127.0.0.1:3001); Ctrl-C stops it. `npm run dev` is the
// developers' variant with Vite's hot reload. Environment: DATABASE_URL (real PostgreSQL; default embedded
// PGlite in .data/pglite), DATA_DIR, SESSION_SECRET, PORT (default 3001), LOG_LEVEL (default warn), SEED_DEMO
// (1 seeds the demo and keeps its accounts live, 0 disables them; unset: on for the embedded database, off with
// DATABASE_URL, NODE_ENV=production or after a recorded 0), the settings of server/src/settings.ts (TRUST_PROXY,
// the sign-in limits, metrics, SHUTDOWN_GRACE_MS: see server/src/main.ts), FORCE_BUILD=1 (build even when up to date),
// DIST_DIR (build folder; default dist/, dist-firebase/ in Firebase mode).
// Firebase mode: VITE_BACKEND=firebase with the console's VITE_FIREBASE_* values and the standard
// GCLOUD_PROJECT (plus FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST for the emulators, or
// GOOGLE_APPLICATION_CREDENTIALS in production): the backend then serves as the console's hosted API.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN } from '../server/src/seed/demoAccounts';
import { parseSeedDemo, type RunningBackend } from '../server/src/server';
import { operationsSettingsFromEnv } from '../server/src/settings';
import { securityBannerLines } from '../server/src/startBanner';
import { ensureConsoleBuild, resolveConsoleMode, serveConsole } from './consoleServer';
import { parseRetentionDays } from '../server/src/names/trashRetention';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const host = '127.0.0.1';
const port = Number(process.env.PORT ?? 3001);
const started = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

let backend: RunningBackend | undefined;
let stopping = false;

async function stop(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await backend?.close().catch(() => undefined);
  }
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log('\nStopping the console...');
    void stop(0);
  });
}

try {
  const seedDemo = parseSeedDemo(process.env.SEED_DEMO);
  const operations = operationsSettingsFromEnv(process.env);
  const trashRetentionDays = parseRetentionDays(process.env.TRASH_RETENTION_DAYS);
  const mode = resolveConsoleMode(root);
  if (mode.derived.length > 0) console.log(`From the console's emulator settings: ${mode.derived.join(', ')}.`);
  await ensureConsoleBuild(mode, { force: process.env.FORCE_BUILD === '1' });
  console.log(`Starting the reference backend (${process.env.DATABASE_URL ? 'PostgreSQL from DATABASE_URL' : 'embedded PGlite'})...`);
  backend = await serveConsole(mode, {
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR || undefined,
    sessionSecret: process.env.SESSION_SECRET || undefined,
    host,
    port,
    logLevel: process.env.LOG_LEVEL,
    seedDemo,
    trashRetentionDays,
    backupDir: process.env.BACKUP_DIR || undefined,
    operations,
  });
  if (backend.seeded) console.log('Seeded the demo data (first start).');
  if (backend.seedSkipped) console.log(`Demo off (${backend.demo.because}): no demo data, and demo accounts that exist cannot sign in.`);
  const signIn = mode.firebase
    ? securityBannerLines(backend).map((line) => `  ${line}\n`)
    : backend.seedSkipped
      ? []
      : [`  Demo admin                 ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}\n`];
  console.log(`
  Baby Names admin console   ${backend.url}/  (${backend.db.kind}${mode.firebase ? ', Firebase mode' : ''})
${signIn.join('')}
  Ready in ${seconds(started)} s. Press Ctrl-C to stop.
`);
} catch (error) {
  console.error('Could not start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`Port ${port} is taken: is another \`npm start\` running? (PORT=... picks another)`);
  }
  await stop(1);
}
