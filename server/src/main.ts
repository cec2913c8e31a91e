// The reference backend on its own:
//   tsx server/src/main.ts [--static dist] [--port 3001] [--host 127.0.0.1]
// Environment: DATABASE_URL (a real PostgreSQL; default embedded PGlite), DATA_DIR (PGlite folder,
// default .data/pglite), PORT, SESSION_SECRET, LOG_LEVEL (default info), SIGN_IN_RATE_LIMIT (attempts
// per minute per IP and email), SIGN_IN_IP_RATE_LIMIT (per minute per IP), SEED_DEMO (default 1; 0 skips
// the demo data and the demo accounts).
import { parseArgs } from 'node:util';
import { DEMO_ADMIN, DEMO_USER } from './seed/demoAccounts';
import { parseSeedDemo, startBackend } from './server';

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
try {
  seedDemo = parseSeedDemo(process.env.SEED_DEMO);
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
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  signInRateLimitMax: process.env.SIGN_IN_RATE_LIMIT ? Number(process.env.SIGN_IN_RATE_LIMIT) : undefined,
  signInIpRateLimitMax: process.env.SIGN_IN_IP_RATE_LIMIT ? Number(process.env.SIGN_IN_IP_RATE_LIMIT) : undefined,
  seedDemo,
});

const demoLines = backend.seedSkipped
  ? 'Demo seed skipped (SEED_DEMO=0): no demo data or demo accounts were created.\n'
  : `Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}\nNon-admin:  ${DEMO_USER.email} / ${DEMO_USER.password}\n`;
console.log(`
Reference backend listening on ${backend.url} (${backend.db.kind}${backend.seeded ? ', demo data seeded' : ''})
${values.static ? `Console: ${backend.url}/\n` : ''}${demoLines}`);

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
