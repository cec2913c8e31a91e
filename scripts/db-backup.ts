// npm run db:backup -- FILE [--force]
// A complete snapshot of the reference backend's database into FILE: every table and sequence, with the schema
// (applied migrations) it was taken at. PostgreSQL (DATABASE_URL): pg_dump's custom archive, taken while the
// server may keep running (one consistent MVCC snapshot); pg_dump must be the server's major version or newer
// (PG_DUMP, PGBIN or PATH). The embedded PGlite (DATA_DIR, default .data/pglite): PGlite's dump of the data
// folder, which needs the server stopped (refused while a process holds the folder; --force skips the check).
// server/src/db/snapshot.ts holds the logic; restore with npm run db:restore -- FILE.
import { parseArgs } from 'node:util';
import { backupDatabase } from '../server/src/db/snapshot';
import { totalRows } from '../server/src/db/snapshotFingerprint';
import { fail, megabytes, targetFromEnv } from './snapshotCli';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error(
    'Usage: npm run db:backup -- FILE [--force]   (DATABASE_URL for PostgreSQL; otherwise the PGlite folder DATA_DIR, default .data/pglite)',
  );
  process.exit(2);
}

const target = targetFromEnv();
const started = performance.now();
try {
  const result = await backupDatabase(target, positionals[0]!, { force: values.force });
  const { header } = result;
  console.log(
    `Backed up ${result.source} (${header.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${header.serverVersion}, schema ${header.schema}) ` +
      `to ${result.file}: ${megabytes(result.bytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
      `${Object.keys(header.fingerprint.tables).length} tables, ${totalRows(header.fingerprint).toLocaleString('en-US')} rows, ` +
      `${Object.keys(header.fingerprint.sequences).length} sequences.`,
  );
} catch (error) {
  fail(error);
}
