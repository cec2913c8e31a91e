// npm run seed:scale -- [--size small|medium|large] [--swipes N] [--names N] [--users N]
// Loads analytics-scale data (default: large = 1,000,000 swipes over 100,000 names and 20,000 users) into
// the configured database: DATABASE_URL (a real PostgreSQL) or the PGlite folder (DATA_DIR, default
// .data/pglite). Migrates first and runs the demo seed if it never ran (SEED_DEMO=0 skips it), so the
// demo admin can sign in and look at the figures (with DATABASE_URL, once the server starts with SEED_DEMO=1:
// server/src/seed/demoSafety.ts). Stop `npm start` first when it uses the same PGlite folder.
import { parseArgs } from 'node:util';
import { migrate } from '../server/src/db/migrate';
import { openDatabase } from '../server/src/db/open';
import { loadScaleData, SCALE_PRESETS, type ScaleSize } from '../server/src/seed/scaleData';
import { seedDemoData } from '../server/src/seed/seed';
import { parseSeedDemo } from '../server/src/server';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'large' },
    swipes: { type: 'string' },
    names: { type: 'string' },
    users: { type: 'string' },
  },
});

function count(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed < 1) {
    console.error(`--${flag} must be a whole number >= 1, got ${value}`);
    process.exit(2);
  }
  return parsed;
}

const preset = SCALE_PRESETS[values.size as keyof typeof SCALE_PRESETS];
if (!preset) {
  console.error(`--size must be one of ${Object.keys(SCALE_PRESETS).join(', ')}`);
  process.exit(2);
}
const size: ScaleSize = {
  swipes: count('swipes', values.swipes, preset.swipes),
  names: count('names', values.names, preset.names),
  users: count('users', values.users, preset.users),
};
if (size.users < 2) {
  console.error('--users must be at least 2');
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const started = performance.now();
const db = await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR || undefined });
try {
  console.log(`Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${process.env.DATA_DIR || '.data/pglite'})`}`);
  await migrate(db);
  if (parseSeedDemo(process.env.SEED_DEMO) !== false) await seedDemoData(db);
  console.log(
    `Loading ${size.swipes.toLocaleString('en-US')} swipes over ${size.names.toLocaleString('en-US')} names and ${size.users.toLocaleString('en-US')} users`,
  );
  const report = await loadScaleData(db, size, (line) => console.log(`  ${line}`));
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${report.swipes.toLocaleString('en-US')} swipes, ` +
      `${report.acceptedConnections.toLocaleString('en-US')} accepted connections. Steps (ms): ${JSON.stringify(report.timings)}`,
  );
} finally {
  await db.close();
}
