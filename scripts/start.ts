// `npm start`: the console as operators get it. Builds the production console into dist/ when its sources
// changed since the last build (skipped otherwise), then serves it through the reference backend, API
// included, on ONE port (default http://127.0.0.1:3001); Ctrl-C stops it. `npm run dev` is the developers'
// variant with Vite's hot reload. Environment: DATABASE_URL (real PostgreSQL; default embedded PGlite in
// .data/pglite), DATA_DIR, SESSION_SECRET, PORT (default 3001), LOG_LEVEL (default warn), SEED_DEMO
// (default 1; 0 skips the demo data and the demo accounts), FORCE_BUILD=1 (build even when up to date).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { DEMO_ADMIN } from '../server/src/seed/demoAccounts';
import { parseSeedDemo, startBackend, type RunningBackend } from '../server/src/server';
import { staleBuildReason } from './consoleBuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist');
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
  const reason = process.env.FORCE_BUILD === '1' ? 'FORCE_BUILD=1' : staleBuildReason(root, outDir);
  if (reason) {
    console.log(`Building the console (${reason})...`);
    const buildStart = performance.now();
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    console.log(`Built in ${seconds(buildStart)} s.`);
  } else {
    console.log('The console build is up to date (dist/ is newer than its sources).');
  }
  console.log(`Starting the reference backend (${process.env.DATABASE_URL ? 'PostgreSQL from DATABASE_URL' : 'embedded PGlite'})...`);
  backend = await startBackend({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR || undefined,
    sessionSecret: process.env.SESSION_SECRET || undefined,
    host,
    port,
    staticDir: outDir,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    seedDemo,
  });
  if (backend.seeded) console.log('Seeded the demo data (first start).');
  if (backend.seedSkipped) console.log('Demo seed skipped (SEED_DEMO=0): no demo data or demo accounts were created.');
  console.log(`
  Baby Names admin console   ${backend.url}/  (${backend.db.kind})
${backend.seedSkipped ? '' : `  Demo admin                 ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}\n`}
  Ready in ${seconds(started)} s. Press Ctrl-C to stop.
`);
} catch (error) {
  console.error('Could not start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`Port ${port} is taken: is another \`npm start\` running? (PORT=... picks another)`);
  }
  await stop(1);
}
