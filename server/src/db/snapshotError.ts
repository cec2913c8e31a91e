/**
 * A snapshot refused or failed for a reason the operator can act on (a newer schema, a server holding the
 * database, a missing pg_dump): scripts/db-backup.ts and db-restore.ts print its message alone, no stack.
 */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}
