// The reference backend on its own (`npm run serve`, and how it runs in production):
//   tsx server/src/main.ts [--static dist] [--port 3001] [--host 127.0.0.1]
// Environment (docs/operations.md, "Settings"):
// - DATABASE_URL (a real PostgreSQL; default embedded PGlite), DATA_DIR (PGlite folder, default .data/pglite; also
//   where the generated session secret is kept), PORT, SESSION_SECRET, DATABASE_POOL_SIZE,
//   DATABASE_PREPARED_STATEMENTS=off, DB_STATEMENT_TIMEOUT_MS (PostgreSQL's statement_timeout per connection,
//   default 15000; 0 turns it off; PGlite cannot enforce one).
// - SEED_DEMO: 1 seeds the demo data and keeps the demo accounts (public passwords) live, 0 disables them; either
//   is recorded in the database. Unset: off after a recorded 0, off with DATABASE_URL or NODE_ENV=production, on
//   for the embedded quick start. ALLOW_DEMO_ON_PUBLIC_HOST=1 lets a live demo listen on a non-loopback address or
//   behind a proxy. NODE_ENV=production.
// - TRUST_PROXY: the proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (a hop count, or addresses and
//   CIDR ranges; default none). SIGN_IN_RATE_LIMIT (attempts per minute per client address and email, default 10),
//   SIGN_IN_IP_RATE_LIMIT (per client address, default 50), SIGN_IN_EMAIL_RATE_LIMIT (per email across addresses,
//   default 30), SIGN_IN_MAX_LOCKOUT_MINUTES (the longest lock of the growing back-off, default 15). REQUIRE_MFA=1:
//   every operator signs in with a second factor (TOTP), set up right after the password by those without one.
// - LOG_LEVEL (default warn; info logs one JSON line per request; every line is JSON with the request id),
//   METRICS_PORT (+ METRICS_HOST) or METRICS_TOKEN (Prometheus metrics; off by default), SHUTDOWN_GRACE_MS (how long
//   SIGTERM waits for requests in flight, default 20000), CSP_CONNECT_SRC, TRASH_RETENTION_DAYS (default 30: a
//   deleted name is deleted forever, with its swipes, that many days later), BACKUP_DIR (where a restore in replace
//   mode saves the state before it; default `backups` beside DATA_DIR).
// - Firebase mode (the hosted API of a console built with VITE_BACKEND=firebase): VITE_BACKEND=firebase,
//   GCLOUD_PROJECT, GOOGLE_APPLICATION_CREDENTIALS in production, FIREBASE_AUTH_EMULATOR_HOST and
//   FIRESTORE_EMULATOR_HOST against the emulators (auth/firebaseIdentity.ts).
// SIGTERM or SIGINT: stop accepting, let requests in flight finish (up to SHUTDOWN_GRACE_MS), close live streams with
// a retry hint, close the database; exit 0 when everything in flight finished, 1 when some had to be cut. A second
// signal exits at once.
import { parseArgs } from 'node:util';
import { consoleConnectSources } from '../../contract/buildCsp';
import { firebaseAuthFromEnv, type FirebaseAuthSettings } from './auth/firebaseIdentity';
import { parseSeedDemo, startBackend } from './server';
import { serverLogger } from './http/logging';
import { operationsSettingsFromEnv, type OperationsSettings } from './settings';
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

let seedDemo: boolean | undefined;
let firebase: FirebaseAuthSettings | null;
let trashRetentionDays: number;
let operations: OperationsSettings;
try {
  seedDemo = parseSeedDemo(process.env.SEED_DEMO);
  trashRetentionDays = parseRetentionDays(process.env.TRASH_RETENTION_DAYS);
  firebase = firebaseAuthFromEnv();
  operations = operationsSettingsFromEnv(process.env);
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
  // JSON lines; warn by default: errors and warnings only; LOG_LEVEL=info adds one access line per request.
  logger: serverLogger({ level: process.env.LOG_LEVEL ?? 'warn' }),
  allowDemoOnPublicHost: process.env.ALLOW_DEMO_ON_PUBLIC_HOST === '1',
  // The console built from the same env talks to these (Firebase's endpoints or the emulators) besides CSP_CONNECT_SRC.
  connectSources: [...(process.env.CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean), ...consoleConnectSources(process.env)],
  firebase: firebase ?? undefined,
  ...operations,
  seedDemo,
  trashRetentionDays,
  backupDir: process.env.BACKUP_DIR || undefined,
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

console.log(`
Reference backend listening on ${backend.url} (${backend.db.kind}${backend.seeded ? ', demo data seeded' : ''})
${values.static ? `Console: ${backend.url}/\n` : ''}${backend.metricsUrl ? `Metrics: ${backend.metricsUrl}\n` : ''}${securityBannerLines(backend).join('\n')}
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      // A second signal: whoever sent it does not want to wait.
      process.exit(1);
    }
    stopping = true;
    backend.close().then(
      (report) => process.exit(report.drained ? 0 : 1),
      (error: unknown) => {
        backend.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
