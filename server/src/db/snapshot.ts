// `npm run db:backup -- FILE` and `npm run db:restore -- FILE` (scripts/db-backup.ts, db-restore.ts): a complete
// snapshot of the reference backend's database, every table and sequence, through the database's own tools:
// pg_dump / pg_restore on PostgreSQL (snapshotPostgres.ts), PGlite's data folder dump on the embedded database
// (snapshotPglite.ts). The file (snapshotFile.ts) carries the schema it was taken at: the restore refuses a
// newer one and migrates an older one after restoring (snapshotSchema.ts).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from './open';
import { SnapshotError } from './snapshotError';
import { readSnapshotHeader, type OpenedSnapshot } from './snapshotFile';
import { backupPglite, restorePglite } from './snapshotPglite';
import { backupPostgres, restorePostgres } from './snapshotPostgres';
import { planSchema } from './snapshotSchema';
import type { BackupResult, RestoreResult, SnapshotOptions } from './snapshotTypes';

export { SnapshotError } from './snapshotError';
export type { BackupResult, RestoreResult, SnapshotOptions } from './snapshotTypes';

/** The database the server would open with the same settings (server/src/db/open.ts). */
export interface DatabaseTarget {
  /** DATABASE_URL: a real PostgreSQL */
  databaseUrl?: string;
  /** DATA_DIR: the PGlite folder (default .data/pglite) */
  dataDir?: string;
}

const ENGINE_NAME = { pglite: 'the embedded PGlite database (DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' } as const;

export async function backupDatabase(target: DatabaseTarget, file: string, options: SnapshotOptions = {}): Promise<BackupResult> {
  if (existsSync(file)) throw new SnapshotError(`${file} exists: choose another name, or remove it first.`);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return target.databaseUrl ? backupPostgres(target.databaseUrl, file) : backupPglite(target.dataDir ?? DEFAULT_DATA_DIR, file, options);
}

/**
 * Reads the header and checks that this code may restore it into `target` (schema, kind of database), without
 * touching the database: what db:restore shows before it asks.
 */
export function inspectSnapshot(target: DatabaseTarget, file: string): OpenedSnapshot & { toApply: string[] } {
  const snapshot = readSnapshotHeader(file);
  const { toApply } = planSchema(snapshot.header.migrations);
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  if (snapshot.header.engine !== engine)
    throw new SnapshotError(
      `${file} is a snapshot of ${ENGINE_NAME[snapshot.header.engine]}, and this restore would write ${ENGINE_NAME[engine]}: ` +
        `a snapshot restores into the kind of database it was taken from${engine === 'pglite' ? ' (set DATABASE_URL)' : ' (unset DATABASE_URL)'}.`,
    );
  return { ...snapshot, toApply };
}

export async function restoreDatabase(target: DatabaseTarget, file: string, options: SnapshotOptions = {}): Promise<RestoreResult> {
  const snapshot = inspectSnapshot(target, file);
  return target.databaseUrl
    ? restorePostgres(snapshot, target.databaseUrl, options)
    : restorePglite(snapshot, target.dataDir ?? DEFAULT_DATA_DIR, options);
}
