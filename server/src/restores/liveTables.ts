// Where each backup collection lives in the database and how a staged row (backup_restore_rows, migration 062) meets
// its record: shared by the plan (restorePlan.ts) and the apply (restoreApply.ts), which must count alike.
import type { BackupCollection } from '../../../contract/exports';
import type { Queryable } from '../db/types';

export interface LiveTable {
  table: string;
  /** the primary key column */
  key: string;
  /** a live record found from a staged row `row` by its primary key (an index lookup) */
  liveOf: (live: string, row: string) => string;
  /** a staged row found from a live record by the staging's key (an index lookup) */
  stagedOf: (live: string, row: string) => string;
}

const byId = (table: string): LiveTable => ({
  table,
  key: 'id',
  liveOf: (l, r) => `${l}.id = ${r}.key::bigint`,
  stagedOf: (l, r) => `${r}.key = ${l}.id::text`,
});

export const LIVE_TABLES: Record<BackupCollection, LiveTable> = {
  users: { table: 'users', key: 'uid', liveOf: (l, r) => `${l}.uid = ${r}.key`, stagedOf: (l, r) => `${r}.key = ${l}.uid` },
  names: byId('names'),
  connections: byId('connections'),
  audit_logs: byId('audit_logs'),
};

/** The staged rows of one collection of restore $1, aliased `alias`: `${stagedWhere(...)}` after a FROM's WHERE. */
export const stagedWhere = (collection: BackupCollection, alias = 'r') =>
  `${alias}.restore_id = $1 AND ${alias}.collection = '${collection}'`;

export interface StagedFigures {
  /** staged rows whose record exists now */
  existing: number;
  /** names only: staged rows whose id is in the trash */
  inTrash: number;
  /** staged rows whose id is nowhere */
  missing: number;
  /** records that exist now and are not staged */
  extra: number;
}

const num = (value: unknown) => Number(value ?? 0);

/** The staged rows of a collection against the database as it is now, in one statement. */
export async function stagedFigures(db: Queryable, id: number, collection: BackupCollection): Promise<StagedFigures> {
  const t = LIVE_TABLES[collection];
  const { rows } = await db.query<{
    existing: number | string;
    in_trash: number | string;
    missing: number | string;
    extra: number | string;
  }>(
    `SELECT count(*) FILTER (WHERE live) AS existing,
            count(*) FILTER (WHERE NOT live AND trashed) AS in_trash,
            count(*) FILTER (WHERE NOT live AND NOT trashed) AS missing,
            (SELECT count(*) FROM ${t.table} l
              WHERE NOT EXISTS (SELECT 1 FROM backup_restore_rows r WHERE ${stagedWhere(collection)} AND ${t.stagedOf('l', 'r')})) AS extra
       FROM (SELECT EXISTS (SELECT 1 FROM ${t.table} l WHERE ${t.liveOf('l', 'r')}) AS live,
                    ${collection === 'names' ? 'EXISTS (SELECT 1 FROM names_trash x WHERE x.id = r.key::bigint)' : 'false'} AS trashed
               FROM backup_restore_rows r WHERE ${stagedWhere(collection)}) s`,
    [id],
  );
  return { existing: num(rows[0]?.existing), inTrash: num(rows[0]?.in_trash), missing: num(rows[0]?.missing), extra: num(rows[0]?.extra) };
}
