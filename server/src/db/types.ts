export interface QueryResult<T> {
  rows: T[];
  /** rows touched by INSERT/UPDATE/DELETE */
  affectedRows: number;
}

/**
 * Value types are the same on both drivers: int8 (bigint ids, count(*)) arrives as a JS number,
 * numeric (avg(), sums of numerics) as a string, timestamptz as a Date, json/jsonb parsed.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** What a transaction callback gets: parameterised queries plus multi-statement exec (migrations). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface PoolStats {
  inUse: number;
  idle: number;
  waiting: number;
  max: number;
}

/** One interface over PGlite (embedded, default) and a real PostgreSQL server (DATABASE_URL). */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * `COPY (select) TO STDOUT WITH (FORMAT csv)`: the rows as PostgreSQL's own CSV bytes (LF line ends), the
   * fastest way out of the database (exports). `select` is trusted SQL text (COPY takes no parameters).
   */
  copyCsv(select: string): Promise<Buffer>;
  /**
   * Connections right now, for the metrics: PostgreSQL's pool (in use, idle, callers waiting for one, its size);
   * PGlite's single in-process connection (in use while a query or transaction runs, the calls queued behind it).
   */
  poolStats?(): PoolStats;
  /** BEGIN ... COMMIT around fn; ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
