// Import runs: the record of each CSV import, written by the server in the same
// transactions as the rows themselves, so what a run says landed is what landed.
import type { ImportRunFinishState, ImportRunState } from '../../../contract/importRuns';
import type { ImportRun, ImportRunConsoleReport, ImportRunDetail } from '../../../contract/schemas/importRuns';
import { IMPORT_RUN_STALE_MS } from '../../../contract/importRuns';
import { MAX_FILE_NAME_LENGTH } from '../../../contract/schemas/parts';
import type { Actor } from '../audit/consoleActions';
import type { Queryable } from '../db/types';
import { conflict, notFound } from '../http/errors';
import { moveNamesToTrash, type TrashMove } from '../names/trash';

interface ImportRunRow {
  id: number | string;
  file_name: string;
  actor_email: string;
  started_at: Date | string;
  last_batch_at: Date | string;
  finished_at: Date | string | null;
  state: ImportRunState;
  batches: number;
  rows_received: number;
  rows_added: number;
  duplicates_skipped: number;
  console_report: ImportRunConsoleReport | null;
  undone_at: Date | string | null;
  undone_by: string | null;
  rows_undone: number | null;
  trashed_skipped: number;
  undo_deletion_id: number | string | null;
}

const RUN_COLUMNS = `id, file_name, actor_email, started_at, last_batch_at, finished_at, state, batches, rows_received,
  rows_added, duplicates_skipped, console_report, undone_at, undone_by, rows_undone, trashed_skipped,
  (SELECT d.id FROM name_deletions d
    WHERE d.import_run_id = import_runs.id AND d.kind = 'import_undo'
      AND EXISTS (SELECT 1 FROM names_trash t WHERE t.deletion_id = d.id)
    ORDER BY d.id DESC LIMIT 1) AS undo_deletion_id`;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function toImportRun(row: ImportRunRow): ImportRun {
  return {
    id: Number(row.id),
    fileName: row.file_name,
    actorEmail: row.actor_email,
    startedAt: iso(row.started_at),
    lastBatchAt: iso(row.last_batch_at),
    finishedAt: isoOrNull(row.finished_at),
    state: row.state,
    batches: Number(row.batches),
    rowsReceived: Number(row.rows_received),
    rowsAdded: Number(row.rows_added),
    duplicatesSkipped: Number(row.duplicates_skipped),
    consoleReport: row.console_report,
    undoneAt: isoOrNull(row.undone_at),
    undoneBy: row.undone_by,
    rowsUndone: row.rows_undone === null ? null : Number(row.rows_undone),
    trashedSkipped: Number(row.trashed_skipped ?? 0),
    undoDeletionId: row.undo_deletion_id === null || row.undo_deletion_id === undefined ? null : Number(row.undo_deletion_id),
  };
}

export async function startRun(tx: Queryable, actor: Actor, fileName: string): Promise<ImportRun> {
  const { rows } = await tx.query<ImportRunRow>(
    `INSERT INTO import_runs (file_name, actor_uid, actor_email) VALUES ($1, $2, $3) RETURNING ${RUN_COLUMNS}`,
    [fileName.slice(0, MAX_FILE_NAME_LENGTH), actor.uid, actor.email],
  );
  return toImportRun(rows[0]!);
}

/**
 * Counts one batch into its run. Called LAST in the batch's transaction: the run's row lock is then
 * held only until the commit, so two batches of one run still insert side by side, and an undo that
 * committed meanwhile is seen here (the WHERE is re-checked after the lock wait) and rolls the batch back.
 * A batch for an interrupted run revives it: its console is evidently still sending.
 */
export async function countBatch(
  tx: Queryable,
  runId: number,
  batch: { received: number; added: number; duplicates: number; trashed: number },
): Promise<ImportRun> {
  const { rows } = await tx.query<ImportRunRow>(
    `UPDATE import_runs
        SET batches = batches + 1, rows_received = rows_received + $2, rows_added = rows_added + $3,
            duplicates_skipped = duplicates_skipped + $4, trashed_skipped = trashed_skipped + $5, last_batch_at = now(),
            state = CASE WHEN state = 'interrupted' THEN 'running' ELSE state END
      WHERE id = $1 AND (state IN ('running', 'interrupted'))
      RETURNING ${RUN_COLUMNS}`,
    [runId, batch.received, batch.added, batch.duplicates, batch.trashed],
  );
  if (rows[0]) return toImportRun(rows[0]);
  throw await closedRunError(tx, runId);
}

/** 404 / 409 before any row is written for a run that does not exist or takes no more rows (countBatch re-checks under the lock). */
export async function assertRunOpen(db: Queryable, runId: number): Promise<void> {
  const { rows } = await db.query<{ state: ImportRunState }>('SELECT state FROM import_runs WHERE id = $1', [runId]);
  if (!rows[0] || (rows[0].state !== 'running' && rows[0].state !== 'interrupted')) throw await closedRunError(db, runId);
}

async function closedRunError(db: Queryable, runId: number) {
  const { rows } = await db.query<{ state: ImportRunState }>('SELECT state FROM import_runs WHERE id = $1', [runId]);
  if (!rows[0]) return notFound(`No import run with id ${runId}`);
  return conflict(`Import run ${runId} is ${rows[0].state}; it takes no more rows`, 'runId');
}

/** Running runs with no batch for IMPORT_RUN_STALE_MS (all running ones when staleMs is 0) become interrupted. */
export async function markInterruptedRuns(db: Queryable, staleMs: number = IMPORT_RUN_STALE_MS): Promise<number> {
  const { affectedRows } = await db.query(
    `UPDATE import_runs SET state = 'interrupted'
      WHERE state = 'running' AND last_batch_at <= now() - $1 * interval '1 millisecond'`,
    [staleMs],
  );
  return affectedRows;
}

export async function listRecentRuns(db: Queryable, limit: number): Promise<ImportRun[]> {
  await markInterruptedRuns(db);
  const { rows } = await db.query<ImportRunRow>(`SELECT ${RUN_COLUMNS} FROM import_runs ORDER BY started_at DESC, id DESC LIMIT $1`, [
    limit,
  ]);
  return rows.map(toImportRun);
}

export async function getRunDetail(db: Queryable, runId: number): Promise<ImportRunDetail> {
  await markInterruptedRuns(db);
  const { rows } = await db.query<
    ImportRunRow & { rows_present: number | string; rows_edited: number | string; swipes: number | string; matches: number | string }
  >(
    `SELECT ${RUN_COLUMNS}, present.*
       FROM import_runs,
            LATERAL (SELECT count(*) AS rows_present, count(*) FILTER (WHERE n.version > 1) AS rows_edited,
                            coalesce(sum(s.swipes) FILTER (WHERE n.version = 1), 0) AS swipes,
                            coalesce(sum(s.matches) FILTER (WHERE n.version = 1), 0) AS matches
                       FROM names n LEFT JOIN analytics_name_stats s ON s.name_id = n.id
                      WHERE n.import_run_id = import_runs.id) present
      WHERE import_runs.id = $1`,
    [runId],
  );
  if (!rows[0]) throw notFound(`No import run with id ${runId}`);
  const row = rows[0];
  return {
    ...toImportRun(row),
    rowsPresent: Number(row.rows_present),
    rowsEdited: Number(row.rows_edited),
    swipes: Number(row.swipes),
    matches: Number(row.matches),
  };
}

/** The console ends its run. Only an open run (running or interrupted) can be finished. */
export async function finishRun(
  tx: Queryable,
  runId: number,
  state: ImportRunFinishState,
  report: ImportRunConsoleReport | undefined,
): Promise<{ before: ImportRun; after: ImportRun }> {
  const before = await lockRun(tx, runId);
  if (before.state !== 'running' && before.state !== 'interrupted') {
    throw conflict(`Import run ${runId} is already ${before.state}`, 'state');
  }
  const { rows } = await tx.query<ImportRunRow>(
    `UPDATE import_runs SET state = $2, finished_at = now(), console_report = $3::jsonb WHERE id = $1 RETURNING ${RUN_COLUMNS}`,
    [runId, state, report === undefined ? null : JSON.stringify(report)],
  );
  return { before, after: toImportRun(rows[0]!) };
}

async function lockRun(tx: Queryable, runId: number): Promise<ImportRun> {
  const { rows } = await tx.query<ImportRunRow>(`SELECT ${RUN_COLUMNS} FROM import_runs WHERE id = $1 FOR UPDATE`, [runId]);
  if (!rows[0]) throw notFound(`No import run with id ${runId}`);
  return toImportRun(rows[0]);
}

/**
 * Moves the names the run stored to the trash (one deletion, restorable as a whole) and marks the run undone.
 * Names edited since the import (version above 1: the version trigger of migration 061 counts every write) are
 * an operator's work made after it: they are kept, and counted. The run's row is locked first, so a batch of the
 * same run committing later sees 'undone' in countBatch and rolls back: nothing of the run can land after its undo.
 */
export async function undoRun(
  tx: Queryable,
  actor: Actor,
  runId: number,
): Promise<{ before: ImportRun; after: ImportRun; move: TrashMove; keptEditedCount: number }> {
  const before = await lockRun(tx, runId);
  if (before.state === 'undone') throw conflict(`Import run ${runId} was already undone`, 'state');
  const { rows: present } = await tx.query<{ id: number | string; edited: boolean }>(
    'SELECT id, version > 1 AS edited FROM names WHERE import_run_id = $1',
    [runId],
  );
  const untouched = present.filter((r) => !r.edited).map((r) => Number(r.id));
  const keptEditedCount = present.length - untouched.length;
  const move = await moveNamesToTrash(tx, actor, untouched, { kind: 'import_undo', importRunId: runId });
  const { rows } = await tx.query<ImportRunRow>(
    `UPDATE import_runs
        SET state = 'undone', state_before_undo = state, undone_at = now(), undone_by = $2, rows_undone = $3,
            finished_at = coalesce(finished_at, now())
      WHERE id = $1 RETURNING ${RUN_COLUMNS}`,
    [runId, actor.email, move.moved.length],
  );
  return { before, after: toImportRun(rows[0]!), move, keptEditedCount };
}
