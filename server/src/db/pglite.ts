import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, QueryResult, Transaction } from './types';

interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

async function run<T>(target: PgliteQueryable, sql: string, params?: unknown[]): Promise<QueryResult<T>> {
  const result = await target.query<T>(sql, params);
  return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` is a folder (created if missing) or 'memory://'.
 * PGlite serves one query at a time; its own mutex queues concurrent callers, and a transaction
 * holds that mutex, so callers outside the transaction simply wait.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the user list's partial search index (migration 040). Extensions must be named at start-up.
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return pg.transaction((tx) =>
        fn({
          query: (sql, params) => run(tx, sql, params),
          async exec(sql) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
