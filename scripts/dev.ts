// `npm run dev`: the reference backend (127.0.0.1:3001) and the console's Vite dev server with hot reload
// (127.0.0.1:5173, proxying /api and /auth to the backend) in ONE process; Ctrl-C stops both. For working on
// the console; `npm start` serves the production build instead. Environment: DATABASE_URL (real PostgreSQL;
// default embedded PGlite in .data/pglite), DATA_DIR, SESSION_SECRET, BACKEND_PORT (default 3001),
// LOG_LEVEL (backend, default warn), SEED_DEMO (1 seeds the demo and keeps its accounts live, 0 disables them;
// unset: on for the embedded database, off with DATABASE_URL or after a recorded 0: server/src/seed/demoSafety.ts).
// With VITE_BACKEND=firebase (environment or .env.local) the backend is the console's hosted API, as with npm start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { parseSeedDemo, startBackend, type RunningBackend } from '../server/src/server';
import { parseRetentionDays } from '../server/src/names/trashRetention';
import { securityBannerLines } from '../server/src/startBanner';
import { resolveConsoleMode } from './consoleServer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const host = '127.0.0.1';
const backendPort = Number(process.env.BACKEND_PORT ?? 3001);
// vite.config.ts proxies /api and /auth to BACKEND_URL: the backend started here, whatever its port.
process.env.BACKEND_URL ??= `http://${host}:${backendPort}`;
const started = performance.now();

let backend: RunningBackend | undefined;
let vite: ViteDevServer | undefined;
let stopping = false;

async function stop(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.allSettled([vite?.close(), backend?.close()]);
  }
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log('\nStopping the console and the backend...');
    void stop(0);
  });
}

try {
  console.log(
    `Starting the reference backend (${process.env.DATABASE_URL ? 'PostgreSQL from DATABASE_URL' : 'embedded PGlite'}) and the console...`,
  );
  const mode = resolveConsoleMode(root);
  if (mode.derived.length > 0) console.log(`From the console's emulator settings: ${mode.derived.join(', ')}.`);
  // Side by side: Vite needs nothing from the backend until the browser's first /api request.
  const [startedBackend, startedVite] = await Promise.allSettled([
    startBackend({
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir: process.env.DATA_DIR || undefined,
      sessionSecret: process.env.SESSION_SECRET || undefined,
      host,
      port: backendPort,
      logger: { level: process.env.LOG_LEVEL ?? 'warn' },
      seedDemo: parseSeedDemo(process.env.SEED_DEMO),
      trashRetentionDays: parseRetentionDays(process.env.TRASH_RETENTION_DAYS),
      backupDir: process.env.BACKUP_DIR || undefined,
      firebase: mode.firebase ?? undefined,
    }),
    createServer({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      server: { host, port: 5173, strictPort: true },
    }).then((server) => server.listen()),
  ]);
  if (startedBackend.status === 'fulfilled') backend = startedBackend.value;
  if (startedVite.status === 'fulfilled') vite = startedVite.value;
  if (startedBackend.status === 'rejected') throw startedBackend.reason;
  if (startedVite.status === 'rejected') throw startedVite.reason;
  if (!backend || !vite) throw new Error('startup did not complete');
  if (backend.seeded) console.log('Seeded the demo data (first start).');

  const consoleUrl = vite.resolvedUrls?.local[0] ?? `http://${host}:5173/`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  console.log(`
  Baby Names admin console   ${consoleUrl}
  Reference backend          ${backend.url}  (${backend.db.kind})
${securityBannerLines(backend)
  .map((line) => `  ${line}`)
  .join('\n')}

  Ready in ${seconds} s. Press Ctrl-C to stop both.
`);
} catch (error) {
  console.error('Could not start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`A port is taken: is another \`npm start\` running? (backend ${backendPort}, console 5173)`);
  }
  await stop(1);
}
