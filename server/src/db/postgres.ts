import os from 'node:os';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db, QueryResult, Transaction } from './types';
import { sessionStartupOptions } from './sessionSettings';

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
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

/**
 * Named (prepared) statements: each connection parses a statement once and PostgreSQL may then reuse its
 * plan, where an unnamed one is parsed and planned on every call. Under bench:api-load this took
 * /swipes/stats from about 1,250 to 2,200 requests/s. Only short statements without `*` in their column
 * list get a name (a batch INSERT of n rows is a new text per n; a `SELECT *` prepared before a column is
 * added fails with "cached plan must not change result type"), and at most MAX_NAMED_STATEMENTS of them.
 * A pooler in transaction mode (PgBouncer before 1.21) cannot keep prepared statements: such a
 * DATABASE_URL needs DATABASE_PREPARED_STATEMENTS=off (db/open.ts).
 */
const MAX_NAMED_STATEMENTS = 500;
const MAX_NAMED_STATEMENT_LENGTH = 4_000;
const STAR_COLUMNS = /(?:SELECT|RETURNING|,)\s*(?:\w+\.)?\*/i;

export class StatementNames {
  private readonly names = new Map<string, string | null>();
  nameOf(sql: string, params: readonly unknown[] | undefined): string | undefined {
    if (!params || params.length === 0) return undefined;
    let name = this.names.get(sql);
    if (name === undefined) {
      const fits = sql.length <= MAX_NAMED_STATEMENT_LENGTH && !STAR_COLUMNS.test(sql) && this.names.size < MAX_NAMED_STATEMENTS;
      name = fits ? `s${this.names.size}` : null;
      this.names.set(sql, name);
    }
    return name ?? undefined;
  }
}

async function run<T>(target: PgQueryable, names: StatementNames | null, sql: string, params?: unknown[]): Promise<QueryResult<T>> {
  const name = names?.nameOf(sql, params);
  const result = await target.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
  return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
}

export interface PostgresOptions {
  connectionString: string;
  /** Schema put first on the search_path of every connection (tests isolate runs this way). */
  schema?: string;
  max?: number;
  /** Named statements (default true); false for a pooler that cannot keep them. */
  prepareStatements?: boolean;
  /**
   * statement_timeout of every connection, in ms (0 or absent: none): one slow query cannot hold a connection
   * (and the request waiting on it) for longer. Migrations and the demo seed lift it for their own transaction.
   */
  statementTimeoutMs?: number;
}

/**
 * Connections per server process: twice the CPU cores, at least 4 (PostgreSQL's wiki advises about
 * cores x 2 plus disks). More backends than that only contend for the same cores: bench:api-load on
 * 2 cores answered /names at ~1,560 requests/s with 4 connections, ~1,370 with 10, ~1,040 with 2.
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * os.availableParallelism());
}

/** A real PostgreSQL server through a node-postgres pool. */
export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? defaultPoolSize(),
    // A database that does not answer must fail a request (503) in bounded time, not hang it.
    connectionTimeoutMillis: 5_000,
    // Named in pg_stat_activity, so an operator (and db:restore's "stop the server first", db/snapshotPostgres.ts)
    // can tell the backend's connections from others.
    application_name: 'babynames-backend',
    types,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    options: sessionStartupOptions(options.schema ? { search_path: `"${options.schema.replace(/"/g, '""')}"` } : {}),
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  // Fail fast on a wrong DATABASE_URL instead of on the first request.
  await pool.query('SELECT 1');
  const names = options.prepareStatements === false ? null : new StatementNames();
  const max = options.max ?? defaultPoolSize();
  return {
    kind: 'postgres',
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    query: (sql, params) => run(pool, names, sql, params),
    async exec(sql) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await pool.query(sql);
    },
    async copyCsv(select) {
      const client = await pool.connect();
      let failed: Error | undefined;
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`)) as AsyncIterable<Buffer>) {
          chunks.push(chunk);
        }
        return Buffer.concat(chunks);
      } catch (error) {
        failed = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        // A COPY that failed half way may leave the connection mid-protocol: it is dropped, not reused.
        client.release(failed);
      }
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: (sql, params) => run(client, names, sql, params),
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
