// Checking a file before its import (contract/importChecks.ts): each batch is counted as POST
// /api/admin/names/bulk-import would count it (importInsert.ts), and no name is written. The check keeps the keys of the
// rows the import would add, so a row repeated in a later batch of the file is the duplicate it would be there.
import { IMPORT_CHECK_RETENTION_HOURS } from '../../../contract/importChecks';
import type { ImportCheck, ImportCheckBatch, ImportCheckTotals } from '../../../contract/schemas/importChecks';
import type { BulkImportColumns } from '../../../contract/bulkImportRows';
import type { Queryable } from '../db/types';
import { notFound } from '../http/errors';
import { batchRows, IN_TRASH } from './importInsert';

type Actor = { uid: string };

/** Starts a check for `actor`, and drops the checks nobody ended (a page closed mid-check) older than a day. */
export async function startImportCheck(db: Queryable, actor: Actor): Promise<ImportCheck> {
  await db.query(`DELETE FROM import_checks WHERE created_at < now() - make_interval(hours => $1)`, [IMPORT_CHECK_RETENTION_HOURS]);
  const { rows } = await db.query<{ id: number | string; created_at: Date | string }>(
    'INSERT INTO import_checks (created_by_uid) VALUES ($1) RETURNING id, created_at',
    [actor.uid],
  );
  return { id: Number(rows[0]!.id), createdAt: new Date(rows[0]!.created_at).toISOString() };
}

/**
 * The batch's counts, as its import would give them now: rows whose name is in the trash (every one of them, as the
 * import counts them), rows it would add (not live in names, not in the trash, first in the file), and the rest as
 * duplicates. The keys go in the key order, as the import inserts, so two batches of one check never wait on each
 * other in a cycle. A check of another operator, or ended, is not found. The check's row is held with a key-share lock
 * (the batches of one check run side by side; ending it waits for them).
 */
export async function checkImportBatch(db: Queryable, actor: Actor, checkId: number, c: BulkImportColumns): Promise<ImportCheckBatch> {
  const { rows: found } = await db.query('SELECT 1 FROM import_checks WHERE id = $1 AND created_by_uid = $2 FOR KEY SHARE', [
    checkId,
    actor.uid,
  ]);
  if (found.length === 0) throw notFound(`No import check ${checkId}: it was ended, or is not yours`);
  if (c.names.length === 0) return { addedCount: 0, duplicateCount: 0, trashedCount: 0 };
  const { rows: source, params } = batchRows(c);
  const { rows } = await db.query<{ added: number | string; trashed: number | string }>(
    `WITH rows AS (${source}),
     marked AS (
       SELECT r.*, ${IN_TRASH} AS in_trash,
              EXISTS (SELECT 1 FROM names n
                       WHERE lower(n.name) = lower(r.name) AND n.gender = r.gender AND lower(n.nationality) = lower(r.nationality)) AS live
         FROM rows r
     ),
     fresh AS (
       INSERT INTO import_check_keys (check_id, name_key, gender, nationality_key)
       SELECT $6::bigint, lower(m.name), m.gender, lower(m.nationality)
         FROM marked m WHERE NOT m.in_trash AND NOT m.live
        ORDER BY lower(m.name), m.gender, lower(m.nationality)
       ON CONFLICT DO NOTHING
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM fresh) AS added, (SELECT count(*) FROM marked WHERE in_trash) AS trashed`,
    [...params, checkId],
  );
  const added = Number(rows[0]?.added ?? 0);
  const trashed = Number(rows[0]?.trashed ?? 0);
  const counts = { addedCount: added, duplicateCount: c.names.length - added - trashed, trashedCount: trashed };
  await db.query(
    `UPDATE import_checks SET rows_received = rows_received + $2, added = added + $3, duplicates = duplicates + $4, trashed = trashed + $5
      WHERE id = $1`,
    [checkId, c.names.length, counts.addedCount, counts.duplicateCount, counts.trashedCount],
  );
  return counts;
}

/** Ends a check: its totals, and its keys dropped with it. */
export async function endImportCheck(db: Queryable, actor: Actor, checkId: number): Promise<ImportCheckTotals> {
  const { rows } = await db.query<{
    rows_received: number | string;
    added: number | string;
    duplicates: number | string;
    trashed: number | string;
  }>('DELETE FROM import_checks WHERE id = $1 AND created_by_uid = $2 RETURNING rows_received, added, duplicates, trashed', [
    checkId,
    actor.uid,
  ]);
  const row = rows[0];
  if (!row) throw notFound(`No import check ${checkId}: it was ended, or is not yours`);
  return {
    rowsReceived: Number(row.rows_received),
    addedCount: Number(row.added),
    duplicateCount: Number(row.duplicates),
    trashedCount: Number(row.trashed),
  };
}
