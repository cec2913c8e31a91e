// The PostgreSQL snapshot: pg_dump's custom archive of the whole database (every schema, table, sequence,
// function and trigger), restored by pg_restore. The backup may run beside a live server: pg_dump reads one
// MVCC snapshot, exported from this module's own transaction, in which the header's schema and row
// fingerprint are read too, so header and dump describe the same instant.
//
// The restore replaces the database named by DATABASE_URL, in place: the URL is all a deployment has (a
// managed database often allows no CREATE DATABASE or rename), and pg_restore --clean alone would keep
// whatever the archive does not mention (a newer schema's tables, which the migrations to come would then
// meet). So it empties the database first (every schema but PostgreSQL's own is dropped, public recreated,
// in one transaction), then runs pg_restore --single-transaction. Both steps need the server stopped: it is
// refused while other sessions are connected. Objects come back owned by DATABASE_URL's role
// (--no-owner) and without the archive's GRANTs (--no-privileges), so a snapshot restores under another
// deployment's role as well.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { migrate } from './migrate';
import { openPostgres } from './postgres';
import { SnapshotError } from './snapshotError';
import { describeFile, extractPayload, writeSnapshot, type OpenedSnapshot, type SnapshotHeader } from './snapshotFile';
import { checkRestoredFingerprint, fingerprintDatabase, snapshotFigures } from './snapshotFingerprint';
import { connectionFor, findPgTool, listArchive, majorOf, runPgTool } from './snapshotPgTools';
import { appliedMigrations, planSchema, schemaLabel } from './snapshotSchema';
import type { BackupResult, RestoreResult, SnapshotOptions } from './snapshotTypes';
import type { Db } from './types';

/** The scratch file for the bare archive, beside the snapshot (same disk, owner-only like it). */
function scratchFor(file: string): string {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return `${file}.pg_dump.tmp`;
}

async function serverVersion(db: Pick<Db, 'query'>): Promise<string> {
  const { rows } = await db.query<{ server_version: string }>('SHOW server_version');
  return rows[0]!.server_version;
}

export async function backupPostgres(databaseUrl: string, file: string): Promise<BackupResult> {
  const pgDump = findPgTool('pg_dump');
  const { label } = connectionFor(databaseUrl);
  const scratch = scratchFor(file);
  const db = await openPostgres({ connectionString: databaseUrl, max: 1 });
  try {
    const header = await db.transaction(async (tx): Promise<Omit<SnapshotHeader, 'payloadBytes' | 'payloadSha256'>> => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const version = await serverVersion(tx);
      const serverMajor = majorOf(version) ?? 0;
      if (pgDump.major < serverMajor)
        throw new SnapshotError(
          `${pgDump.version} (${pgDump.path}) cannot dump PostgreSQL ${version}: pg_dump must be of the server's major version (${serverMajor}) or newer. ` +
            `Set PG_DUMP or PGBIN to a newer one (Debian: apt-get install postgresql-client-${serverMajor}).`,
        );
      const { rows } = await tx.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
      const migrations = await appliedMigrations(tx);
      // pg_dump reads the exported snapshot on connections of its own: the fingerprint reads it here meanwhile.
      // Both are awaited to the end, so a failure of one never leaves pg_dump writing after the cleanup.
      const [fingerprint, dumped] = await Promise.allSettled([
        fingerprintDatabase(tx),
        runPgTool(pgDump, ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${scratch}`], databaseUrl),
      ]);
      if (dumped.status === 'rejected') throw dumped.reason;
      if (fingerprint.status === 'rejected') throw fingerprint.reason;
      return {
        format: 'babynames-db-snapshot',
        formatVersion: 1,
        engine: 'postgres',
        createdAt: new Date().toISOString(),
        schema: schemaLabel(migrations),
        migrations,
        payload: 'pg_dump-custom',
        serverVersion: version,
        tool: pgDump.version,
        fingerprint: fingerprint.value,
      };
    });
    const described = await describeFile(scratch);
    const full: SnapshotHeader = { ...header, payloadBytes: described.bytes, payloadSha256: described.sha256 };
    const bytes = await writeSnapshot(file, full, { file: scratch });
    return { file, bytes, header: full, source: label };
  } finally {
    await db.close();
    rmSync(scratch, { force: true });
  }
}

async function refuseOtherSessions(db: Db, label: string): Promise<void> {
  const { rows } = await db.query<{ pid: number; app: string; addr: string | null }>(
    `SELECT pid, application_name AS app, host(client_addr) AS addr FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
  );
  if (rows.length === 0) return;
  const list = rows
    .slice(0, 5)
    .map((row) => `pid ${row.pid}${row.app ? ` ${row.app}` : ''}${row.addr ? ` from ${row.addr}` : ''}`)
    .join(', ');
  throw new SnapshotError(
    `Database ${label} has ${rows.length} other ${rows.length === 1 ? 'connection' : 'connections'} (${list}${rows.length > 5 ? ', ...' : ''}): ` +
      'the restore replaces the whole database, so stop the server (npm start, npm run serve) and other clients first. Nothing was restored.',
  );
}

/** Drops every schema but PostgreSQL's own and recreates public, in one transaction (all or nothing). */
async function emptyDatabase(db: Db, label: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ name: string }>(
        `SELECT nspname AS name FROM pg_namespace WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'`,
      );
      for (const { name } of rows) await tx.exec(`DROP SCHEMA "${name.replace(/"/g, '""')}" CASCADE`);
      await tx.exec('CREATE SCHEMA public');
    });
  } catch (error) {
    throw new SnapshotError(
      `Could not empty ${label} before the restore: ${(error as Error).message}. The restore needs the role that owns the database and its ` +
        "schemas (DATABASE_URL's user). Nothing was changed.",
    );
  }
}

export async function restorePostgres(
  snapshot: OpenedSnapshot,
  databaseUrl: string,
  options: SnapshotOptions = {},
): Promise<RestoreResult> {
  const { header } = snapshot;
  planSchema(header.migrations); // refuses a newer schema before anything is touched
  const pgRestore = findPgTool('pg_restore');
  const dumpMajor = majorOf(header.tool) ?? 0;
  if (pgRestore.major < dumpMajor)
    throw new SnapshotError(
      `This snapshot was written by ${header.tool}; ${pgRestore.version} (${pgRestore.path}) cannot read it: pg_restore must be of that major ` +
        `version (${dumpMajor}) or newer. Set PG_RESTORE or PGBIN to a newer one. Nothing was restored.`,
    );
  const { label } = connectionFor(databaseUrl);
  const scratch = scratchFor(snapshot.file);
  const notes: string[] = [];
  // One connection: the "other sessions" check then sees only others.
  const db = await openPostgres({ connectionString: databaseUrl, max: 1 });
  try {
    await extractPayload(snapshot, scratch);
    await listArchive(pgRestore, scratch);
    if (!options.force) await refuseOtherSessions(db, label);
    const version = await serverVersion(db);
    if ((majorOf(version) ?? 0) < (majorOf(header.serverVersion) ?? 0))
      notes.push(
        `The snapshot comes from PostgreSQL ${header.serverVersion}, this server is ${version}: an older server may refuse parts of it.`,
      );
    await emptyDatabase(db, label);
    try {
      await runPgTool(pgRestore, ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', scratch], databaseUrl);
    } catch (error) {
      throw new SnapshotError(
        `${(error as Error).message}\nThe database ${label} was emptied before pg_restore ran and is empty now: fix the cause and run the restore again.`,
      );
    }
    await checkRestoredFingerprint(db, header.fingerprint);
    const applied = await migrate(db);
    return {
      target: label,
      header,
      ...snapshotFigures(header.fingerprint),
      migrationsApplied: applied,
      notes,
    };
  } finally {
    await db.close();
    rmSync(scratch, { force: true });
  }
}
