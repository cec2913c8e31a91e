// The embedded database's snapshot: PGlite's own dump of its data folder (dumpDataDir, a tar of the folder
// as PostgreSQL keeps it: every table, index, sequence and trigger exactly), gzipped, without the session
// secret the server keeps in the same folder (snapshotTar.ts). The restore never writes into the live folder:
// it builds the restored database in a new folder beside it, checks it, migrates it, and only then swaps the
// two, keeping the previous folder under a dated name for the operator to delete.
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { folderInUseMessage, pgliteFolderUse } from './pgliteInUse';
import { SnapshotError } from './snapshotError';
import { describeBuffer, readPayload, writeSnapshot, type OpenedSnapshot, type SnapshotHeader } from './snapshotFile';
import { checkRestoredFingerprint, fingerprintDatabase, snapshotFigures } from './snapshotFingerprint';
import { appliedMigrations, planSchema, schemaLabel } from './snapshotSchema';
import { tarWithout } from './snapshotTar';
import { SECRET_FILE_NAME } from '../auth/secret';
import type { BackupResult, RestoreResult, SnapshotOptions } from './snapshotTypes';

function checkFolderFree(dataDir: string, what: string, force: boolean | undefined): void {
  if (force) return;
  const message = folderInUseMessage(dataDir, pgliteFolderUse(dataDir), what);
  if (message) throw new SnapshotError(message);
}

function onDiskFolder(dataDir: string): string {
  if (dataDir.includes('://'))
    throw new SnapshotError(
      `DATA_DIR=${dataDir} is an in-memory database: it lives only inside its server process, there is nothing to back up.`,
    );
  return path.resolve(dataDir);
}

export async function backupPglite(dataDir: string, file: string, options: SnapshotOptions = {}): Promise<BackupResult> {
  const folder = onDiskFolder(dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION')))
    throw new SnapshotError(`No PGlite database in ${folder} (DATA_DIR): start the server once to create it, or point DATA_DIR at one.`);
  checkFolderFree(folder, 'backup', options.force);
  const db = await openPglite(folder);
  let header: Omit<SnapshotHeader, 'payloadBytes' | 'payloadSha256'>;
  let tar: Buffer;
  try {
    const migrations = await appliedMigrations(db);
    const { rows } = await db.query<{ server_version: string }>('SHOW server_version');
    const fingerprint = await fingerprintDatabase(db);
    // dumpDataDir copies the files as they are: write every dirty page out first, so the tar is a clean
    // database rather than one that needs its WAL replayed.
    await db.exec('CHECKPOINT');
    tar = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
    header = {
      format: 'babynames-db-snapshot',
      formatVersion: 1,
      engine: 'pglite',
      createdAt: new Date().toISOString(),
      schema: schemaLabel(migrations),
      migrations,
      payload: 'pglite-datadir-tar-gzip',
      serverVersion: rows[0]!.server_version,
      tool: `PGlite (PostgreSQL ${rows[0]!.server_version})`,
      fingerprint,
    };
  } finally {
    await db.close();
  }
  const payload = gzipSync(tarWithoutSecret(tar));
  const described = describeBuffer(payload);
  const fullHeader: SnapshotHeader = { ...header, payloadBytes: described.bytes, payloadSha256: described.sha256 };
  const bytes = await writeSnapshot(file, fullHeader, { buffer: payload });
  return { file, bytes, header: fullHeader, source: folder };
}

function tarWithoutSecret(tar: Buffer): Buffer {
  return tarWithout(tar, [SECRET_FILE_NAME]);
}

export async function restorePglite(snapshot: OpenedSnapshot, dataDir: string, options: SnapshotOptions = {}): Promise<RestoreResult> {
  const { header } = snapshot;
  const folder = onDiskFolder(dataDir);
  planSchema(header.migrations); // refuses a newer schema before anything is touched
  checkFolderFree(folder, 'restore', options.force);
  const tar = gunzipSync(await readPayload(snapshot));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const building = `${folder}.restoring-${stamp}`;
  let applied: string[];
  try {
    const db = await openPglite(building, { loadDataDir: new Blob([tar]) });
    try {
      await checkRestoredFingerprint(db, header.fingerprint, '\nNothing was replaced.');
      applied = await migrate(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  // The secret stays the deployment's own: the snapshot has none (see the file's comment).
  const secret = path.join(folder, SECRET_FILE_NAME);
  if (existsSync(secret)) cpSync(secret, path.join(building, SECRET_FILE_NAME), { preserveTimestamps: true });
  let previous: string | undefined;
  if (existsSync(folder)) {
    checkFolderFree(folder, 'restore', options.force);
    previous = `${folder}.before-restore-${stamp}`;
    renameSync(folder, previous);
  }
  renameSync(building, folder);
  return {
    target: folder,
    header,
    ...snapshotFigures(header.fingerprint),
    migrationsApplied: applied,
    previous,
  };
}
