import path from 'node:path';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export interface OpenDatabaseOptions {
  /** postgres://... selects a real PostgreSQL server; otherwise the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite folder (default `.data/pglite` under the working directory) or 'memory://'. */
  dataDir?: string;
  /** PostgreSQL only: schema to work in (tests); default is the server's search_path (public). */
  schema?: string;
  /**
   * PostgreSQL only: named prepared statements (db/postgres.ts). Default on; DATABASE_PREPARED_STATEMENTS=off
   * turns them off for a connection pooler in transaction mode, whichever entry point opens the database.
   * DATABASE_POOL_SIZE likewise sets the connections per process (default: postgres.ts defaultPoolSize).
   */
  prepareStatements?: boolean;
  /**
   * PostgreSQL only: statement_timeout in ms for every connection (db/postgres.ts); 0 or absent: none. The server
   * sets it (DB_STATEMENT_TIMEOUT_MS, default 15 s, server.ts); tools that load data in long statements do not.
   * PGlite accepts the setting but cannot enforce it (no timer interrupts in its WASM build): not set there.
   */
  statementTimeoutMs?: number;
}

export const DEFAULT_DATA_DIR = path.join('.data', 'pglite');

export function openDatabase(options: OpenDatabaseOptions = {}): Promise<Db> {
  if (options.databaseUrl) {
    const prepareStatements = options.prepareStatements ?? process.env.DATABASE_PREPARED_STATEMENTS !== 'off';
    const poolSize = Number(process.env.DATABASE_POOL_SIZE);
    const max = Number.isInteger(poolSize) && poolSize > 0 ? poolSize : undefined;
    return openPostgres({
      connectionString: options.databaseUrl,
      schema: options.schema,
      prepareStatements,
      max,
      statementTimeoutMs: options.statementTimeoutMs,
    });
  }
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  return openPglite(dataDir.includes('://') ? dataDir : path.resolve(dataDir));
}
