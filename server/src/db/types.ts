export interface QueryResult<T> {
  rows: T[];
  /** rows touched by INSERT/UPDATE/DELETE */
  affectedRows: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** One interface over PGlite (embedded, default) and a real PostgreSQL server (DATABASE_URL). */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** BEGIN ... COMMIT around fn; ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
