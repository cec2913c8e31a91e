import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, QueryResult, Transaction } from './types';
import { SESSION_SETTINGS_SQL } from './sessionSettings';

interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

async function run<T>(target: PgliteQueryable, sql: string, params?: unknown[]): Promise<QueryResult<T>> {
  const result = await target.query<T>(sql, params);
  return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
}

/**
 * The data folder holds password hashes, sessions and admin flags: owner-only, folders 0700 and files
 * 0600. PGlite writes its files with the process umask (0666 under a umask of 0), so the tree is tightened
 * after opening and again after closing; between the two, the 0700 folder keeps any new file unreachable
 * to other users.
 */
export function restrictToOwner(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictToOwner(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` is a folder (created if missing) or 'memory://'.
 * PGlite serves one query at a time; its own mutex queues concurrent callers, and a transaction
 * holds that mutex, so callers outside the transaction simply wait.
 */
export interface PgliteDb extends Db {
  /** The data folder as a tarball, for `loadDataDir` (tests start from a migrated, seeded template). */
  dumpDataDir(): Promise<Blob>;
}

export interface PgliteOptions {
  /**
   * Start from a data folder dumped by dumpDataDir instead of an empty cluster: ~1 s instead of ~9 s for
   * initdb, the migrations and the demo seed (the test suite opens one database per test file).
   */
  loadDataDir?: Blob;
}

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PgliteDb> {
  const onDisk = !dataDir.includes('://');
  if (onDisk) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    restrictToOwner(dataDir);
  }
  // pg_trgm: the user list's partial search index (migration 040). Extensions must be named at start-up.
  const pg = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  if (onDisk) restrictToOwner(dataDir);
  await pg.exec(SESSION_SETTINGS_SQL);
  // Calls made and not yet finished: the one running holds PGlite's only connection, the rest queue behind it.
  let pending = 0;
  const counted = async <T>(call: () => Promise<T>): Promise<T> => {
    pending += 1;
    try {
      return await call();
    } finally {
      pending -= 1;
    }
  };
  return {
    kind: 'pglite',
    query: (sql, params) => counted(() => run(pg, sql, params)),
    async exec(sql) {
      await counted(() => pg.exec(sql));
    },
    async copyCsv(select) {
      // PGlite's COPY target for the caller: the whole result as one Blob.
      const result = await counted(() => pg.query(`COPY (${select}) TO '/dev/blob' WITH (FORMAT csv)`));
      return result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
    },
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return counted(() =>
        pg.transaction((tx) =>
          fn({
            query: (sql, params) => run(tx, sql, params),
            async exec(sql) {
              await tx.exec(sql);
            },
          }),
        ),
      );
    },
    poolStats: () => ({ inUse: Math.min(pending, 1), idle: pending > 0 ? 0 : 1, waiting: Math.max(pending - 1, 0), max: 1 }),
    dumpDataDir: () => pg.dumpDataDir('none'),
    async close() {
      if (pg.closed) return;
      await pg.close();
      if (onDisk) restrictToOwner(dataDir);
    },
  };
}
