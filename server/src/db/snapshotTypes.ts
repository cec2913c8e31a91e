import type { SnapshotHeader } from './snapshotFile';

export interface SnapshotOptions {
  /** Skip the "a server holds the database" check (PGlite folder in use, other PostgreSQL connections). */
  force?: boolean;
}

export interface BackupResult {
  file: string;
  /** size of the snapshot file */
  bytes: number;
  header: SnapshotHeader;
  /** the PGlite folder, or the PostgreSQL database (host/name, no password) */
  source: string;
}

export interface RestoreResult {
  /** the PGlite folder, or the PostgreSQL database (host/name, no password) */
  target: string;
  header: SnapshotHeader;
  tables: number;
  rows: number;
  /** the migrations run after the restore (the snapshot was from an older schema) */
  migrationsApplied: string[];
  /** warnings for the operator (an older PostgreSQL than the snapshot's) */
  notes?: string[];
  /** PGlite: where the folder that was replaced is kept */
  previous?: string;
}
