// npm run db:restore -- FILE [--yes] [--force]
// Replaces the reference backend's database with a snapshot from npm run db:backup, then runs the migrations the
// snapshot predates; a snapshot from a newer schema than this code is refused. Stop the server first.
// PostgreSQL (DATABASE_URL): the database is emptied and pg_restore'd (pg_restore of the snapshot's pg_dump
// major version or newer: PG_RESTORE, PGBIN or PATH); refused while other sessions are connected. The embedded
// PGlite (DATA_DIR, default .data/pglite): the snapshot is restored into a new folder beside it, checked and
// migrated, then the two are swapped; the previous folder is kept as <folder>.before-restore-<time>.
// At a terminal it asks before replacing; --yes does not ask. --force skips the "server still running" check.
// server/src/db/snapshot.ts holds the logic.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { inspectSnapshot, restoreDatabase } from '../server/src/db/snapshot';
import { connectionFor } from '../server/src/db/snapshotPgTools';
import { fail, targetFromEnv } from './snapshotCli';
import { DEFAULT_DATA_DIR } from '../server/src/db/open';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false }, yes: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error(
    'Usage: npm run db:restore -- FILE [--yes] [--force]   (DATABASE_URL for PostgreSQL; otherwise the PGlite folder DATA_DIR)',
  );
  process.exit(2);
}
const file = positionals[0]!;
const target = targetFromEnv();
const where = target.databaseUrl
  ? `PostgreSQL database ${connectionFor(target.databaseUrl).label}`
  : `PGlite folder ${target.dataDir ?? DEFAULT_DATA_DIR}`;

try {
  const { header, toApply } = inspectSnapshot(target, file);
  console.log(
    `${file}: ${header.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${header.serverVersion} snapshot of ${header.createdAt}, schema ${header.schema}` +
      (toApply.length > 0 ? ` (older than this code: ${toApply.join(', ')} will run after the restore)` : ''),
  );
  if (process.stdin.isTTY && !values.yes) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await prompt.question(`Replace the ${where} with it? Stop the server first. [y/N] `);
    prompt.close();
    if (!/^y(es)?$/i.test(answer.trim())) {
      console.log('Nothing restored.');
      process.exit(1);
    }
  }
  const started = performance.now();
  const result = await restoreDatabase(target, file, { force: values.force });
  for (const note of result.notes ?? []) console.warn(`Note: ${note}`);
  console.log(
    `Restored ${result.tables} tables (${result.rows.toLocaleString('en-US')} rows, checked against the snapshot) into ${where} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s.` +
      (result.migrationsApplied.length > 0 ? `\nMigrated after the restore: ${result.migrationsApplied.join(', ')}.` : '') +
      (result.previous ? `\nThe folder it replaced is kept as ${result.previous}: delete it once you no longer need it.` : ''),
  );
} catch (error) {
  fail(error);
}
