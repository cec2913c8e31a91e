// The reference backend on its own:
//   tsx server/src/main.ts [--static dist] [--port 3001] [--host 127.0.0.1]
// Environment: DATABASE_URL (a real PostgreSQL; default embedded PGlite), DATA_DIR (PGlite folder,
// default .data/pglite; also where the generated session secret is kept), PORT, SESSION_SECRET, LOG_LEVEL
// (default warn; info logs one line per request), ALLOW_DEMO_ON_PUBLIC_HOST=1, CSP_CONNECT_SRC, SIGN_IN_RATE_LIMIT (attempts
// per minute per IP and email), SIGN_IN_IP_RATE_LIMIT (per minute per IP), SEED_DEMO (default 1; 0 skips
// the demo data and disables existing demo accounts), TRASH_RETENTION_DAYS (default 30: a deleted name is
// deleted forever, with its swipes, that many days later), BACKUP_DIR (where a restore in replace mode saves the state
// before it; default `backups` beside DATA_DIR). Firebase mode (the hosted API of a console built with
// VITE_BACKEND=firebase): VITE_BACKEND=firebase, GCLOUD_PROJECT, GOOGLE_APPLICATION_CREDENTIALS in production,
// FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST against the emulators (auth/firebaseIdentity.ts).
import { parseArgs } from 'node:util';
import { consoleConnectSources } from '../../contract/buildCsp';
import { firebaseAuthFromEnv, type FirebaseAuthSettings } from './auth/firebaseIdentity';
import { parseSeedDemo, startBackend } from './server';
import { securityBannerLines } from './startBanner';
import { parseRetentionDays } from './names/trashRetention';

const { values } = parseArgs({
  options: {
    static: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
  },
});

const port = Number(values.port ?? process.env.PORT ?? 3001);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}

let seedDemo: boolean;
let firebase: FirebaseAuthSettings | null;
let trashRetentionDays: number;
try {
  seedDemo = parseSeedDemo(process.env.SEED_DEMO);
  trashRetentionDays = parseRetentionDays(process.env.TRASH_RETENTION_DAYS);
  firebase = firebaseAuthFromEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

const backend = await startBackend({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || undefined,
  sessionSecret: process.env.SESSION_SECRET || undefined,
  host: values.host ?? '127.0.0.1',
  port,
  staticDir: values.static,
  // warn by default: errors and warnings only; LOG_LEVEL=info adds one access line per request.
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  allowDemoOnPublicHost: process.env.ALLOW_DEMO_ON_PUBLIC_HOST === '1',
  // The console built from the same env talks to these (Firebase's endpoints or the emulators) besides CSP_CONNECT_SRC.
  connectSources: [...(process.env.CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean), ...consoleConnectSources(process.env)],
  firebase: firebase ?? undefined,
  signInRateLimitMax: process.env.SIGN_IN_RATE_LIMIT ? Number(process.env.SIGN_IN_RATE_LIMIT) : undefined,
  signInIpRateLimitMax: process.env.SIGN_IN_IP_RATE_LIMIT ? Number(process.env.SIGN_IN_IP_RATE_LIMIT) : undefined,
  seedDemo,
  trashRetentionDays,
  backupDir: process.env.BACKUP_DIR || undefined,
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

console.log(`
Reference backend listening on ${backend.url} (${backend.db.kind}${backend.seeded ? ', demo data seeded' : ''})
${values.static ? `Console: ${backend.url}/\n` : ''}${securityBannerLines(backend).join('\n')}
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    backend.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
