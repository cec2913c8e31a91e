import type { Queryable } from '../db/types';
import type { BulkImportColumns } from '../../../contract/bulkImportRows';

/**
 * One import batch as one set-based statement (see insertNameColumns for the unnest form and the
 * scalar createdAt), tied to its run, skipping rows whose name, gender and nationality already exist
 * (names_identity_key, migration 010), in the database or earlier in the same batch, or are in the trash.
 *
 * ORDER BY the key: two batches of one run insert concurrently on PostgreSQL, and a unique insert
 * waits for the other transaction's conflicting row. Taking the keys in one global order means two
 * batches can wait on each other only one way, never in a cycle (a deadlock that would fail a batch).
 */
export async function insertImportBatch(db: Queryable, c: BulkImportColumns, runId: number): Promise<ImportBatchCounts> {
  if (c.names.length === 0) return { added: 0, trashed: 0 };
  const { rows: source, params } = batchRows(c);
  const { rows } = await db.query<CountsRow>(batchSql(source), [...params, runId]);
  return { added: Number(rows[0]?.added ?? 0), trashed: Number(rows[0]?.trashed ?? 0) };
}

/**
 * A batch's rows as a SELECT of name, gender, nationality, first_letter, created_at over parameters $1 to $5 (one
 * createdAt for all, the usual case, or one per row): what the import inserts and the check compares.
 */
export function batchRows(c: BulkImportColumns): { rows: string; params: unknown[] } {
  const sameCreatedAt = c.createdAts.every((t) => t === c.createdAts[0]);
  return sameCreatedAt
    ? {
        rows: `SELECT u.name, u.gender, u.nationality, u.first_letter, $5::timestamptz AS created_at
                 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(name, gender, nationality, first_letter)`,
        params: [c.names, c.genders, c.nationalities, c.firstLetters, c.createdAts[0]],
      }
    : {
        rows: `SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS u(name, gender, nationality, first_letter, created_at)`,
        params: [c.names, c.genders, c.nationalities, c.firstLetters, c.createdAts],
      };
}

/** Whether a row's name, gender and nationality is in the trash: the import does not add it, and counts it apart. */
export const IN_TRASH = `EXISTS (
      SELECT 1 FROM names_trash t
       WHERE lower(t.name) = lower(r.name) AND t.gender = r.gender AND lower(t.nationality) = lower(r.nationality)
    )`;

export interface ImportBatchCounts {
  /** rows stored */
  added: number;
  /** rows not stored because the same name, gender and nationality is in the trash (migration 060) */
  trashed: number;
}

type CountsRow = { added: number | string; trashed: number | string };

/**
 * The batch's rows (`rows`: a SELECT of name, gender, nationality, first_letter, created_at), less those whose twin
 * is in the trash (counted apart: restoring is the operator's call, a fresh copy would hide the trashed one), into
 * names in the key order, skipping live duplicates. One statement, one round trip; an empty trash costs one index
 * probe per row.
 */
function batchSql(rows: string): string {
  return `WITH rows AS (${rows}),
  marked AS (
    SELECT r.*, ${IN_TRASH} AS in_trash FROM rows r
  ),
  inserted AS (
    INSERT INTO names (name, gender, nationality, first_letter, created_at, import_run_id)
    SELECT u.name, u.gender, u.nationality, u.first_letter, u.created_at, $6::bigint
      FROM marked u WHERE NOT u.in_trash
     ORDER BY lower(u.name), u.gender, lower(u.nationality)
    ON CONFLICT DO NOTHING
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM inserted) AS added, (SELECT count(*) FROM marked WHERE in_trash) AS trashed`;
}
