// Shared by scripts/db-backup.ts and db-restore.ts: the target database from the same variables as the server
// (server/src/db/open.ts), and the way a refusal ends (its message, no stack, exit 1).
import { SnapshotError, type DatabaseTarget } from '../server/src/db/snapshot';

export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || undefined };
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function fail(error: unknown): never {
  if (error instanceof SnapshotError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}
