import type { Queryable } from '../db/types';
import type { BulkImportColumns } from '../../../contract/bulkImportRows';

/**
 * One import batch as one set-based statement (see insertNameColumns for the unnest form and the
 * scalar createdAt), tied to its run, skipping rows whose name, gender and nationality already exist
 * (names_identity_key, migration 010), in the database or earlier in the same batch.
 *
 * ORDER BY the key: two batches of one run insert concurrently on PostgreSQL, and a unique insert
 * waits for the other transaction's conflicting row. Taking the keys in one global order means two
 * batches can wait on each other only one way, never in a cycle (a deadlock that would fail a batch).
 */
export async function insertImportBatch(db: Queryable, c: BulkImportColumns, runId: number): Promise<number> {
  if (c.names.length === 0) return 0;
  const sameCreatedAt = c.createdAts.every((t) => t === c.createdAts[0]);
  const order = 'ORDER BY lower(u.name), u.gender, lower(u.nationality)';
  const { affectedRows } = sameCreatedAt
    ? await db.query(
        `INSERT INTO names (name, gender, nationality, first_letter, created_at, import_run_id)
         SELECT u.name, u.gender, u.nationality, u.first_letter, $5::timestamptz, $6::bigint
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(name, gender, nationality, first_letter)
         ${order}
         ON CONFLICT DO NOTHING`,
        [c.names, c.genders, c.nationalities, c.firstLetters, c.createdAts[0], runId],
      )
    : await db.query(
        `INSERT INTO names (name, gender, nationality, first_letter, created_at, import_run_id)
         SELECT u.name, u.gender, u.nationality, u.first_letter, u.created_at, $6::bigint
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS u(name, gender, nationality, first_letter, created_at)
         ${order}
         ON CONFLICT DO NOTHING`,
        [c.names, c.genders, c.nationalities, c.firstLetters, c.createdAts, runId],
      );
  return affectedRows;
}
