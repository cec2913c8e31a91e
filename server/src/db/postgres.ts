import pg from 'pg';
import type { Db, QueryResult, Transaction } from './types';

// node-postgres hands int8 back as a string (it can exceed 2^53). Our int8 values are identity ids
// and counts, far below that, and PGlite already returns them as numbers: align the two drivers.
const INT8_OID = 20;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

interface PgQueryable {
  query(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
}

async function run<T>(target: PgQueryable, sql: string, params?: unknown[]): Promise<QueryResult<T>> {
  const result = await target.query(sql, params);
  return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
}

export interface PostgresOptions {
  connectionString: string;
  /** Schema put first on the search_path of every connection (tests isolate runs this way). */
  schema?: string;
  max?: number;
}

/** A real PostgreSQL server through a node-postgres pool. */
export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // A database that does not answer must fail a request (503) in bounded time, not hang it.
    connectionTimeoutMillis: 5_000,
    types,
    ...(options.schema ? { options: `-c search_path="${options.schema.replace(/"/g, '""')}"` } : {}),
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  // Fail fast on a wrong DATABASE_URL instead of on the first request.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async exec(sql) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: (sql, params) => run(client, sql, params),
          async exec(sql) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
