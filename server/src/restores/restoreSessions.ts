// A restore of the console's full backup, as a session (migration 062, contract/backupRestore.ts): opened, rows staged
// batch by batch, checked (restorePlan.ts), applied (restoreApply.ts, run by restoreRunner.ts) or cancelled. This file
// holds the session's own rows: reading them for the API, opening, staging a batch, ending, and what a start finds.
import { RESTORE_MAX_PROBLEMS, type RestoreState } from '../../../contract/backupRestore';
import type { RestorePlan, RestoreProblem, RestoreReport, RestoreSession } from '../../../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS, type BackupCollection } from '../../../contract/exports';
import type { Actor } from '../audit/consoleActions';
import type { Db, Queryable } from '../db/types';
import { conflict, notFound } from '../http/errors';
import { stageRow } from './stagedRows';

export type StagedCounts = RestoreSession['staged'];
export type RestoreProgress = NonNullable<RestoreSession['progress']>;

/** A row of backup_restores as the drivers return it. */
export interface RestoreRow {
  id: number | string;
  file_name: string;
  file_size: number | string;
  actor_uid: string;
  actor_email: string;
  created_at: Date;
  state: RestoreState;
  staged: StagedCounts;
  problems: RestoreProblem[];
  plan: RestorePlan | null;
  mode: 'add' | 'replace' | null;
  applied_by_uid: string | null;
  applied_by_email: string | null;
  progress: RestoreProgress | null;
  cancel_requested_by: string | null;
  report: RestoreReport | null;
  failure: string | null;
  before_backup_file: string;
  finished_at: Date | null;
}

/** The message a restore ends with when the server stopped while it was being applied. */
export const STOPPED_DURING_APPLY = 'The server stopped during the restore; nothing was written.';
/** The same in Firebase mode, where the apply is names in one transaction and then Firestore batches (firestoreRestore.ts). */
export const STOPPED_DURING_FIRESTORE_APPLY =
  'The server stopped during the restore. In Firebase mode names are written first in one transaction, then Firestore ' +
  'in batches: what was written before the stop stays. Restoring the same file in add mode completes it.';
/** Restores still being read (staging) or waiting to be applied (ready) this long are cancelled when the server starts. */
export const UNFINISHED_RESTORE_DAYS = 1;

/**
 * pg_advisory_xact_lock(RESTORE_LOCK_CLASS, id): held by the transaction applying restore `id`. A server that starts
 * and finds a restore 'applying' takes it over only when it can take this lock, that is when no process applies it
 * (several server processes may share one PostgreSQL).
 */
export const RESTORE_LOCK_CLASS = 62_001;

/** One apply at a time: the apply lock, held by this transaction until it ends (two applies would find each other's writes half-way). */
export async function takeApplyLock(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, 0)', [RESTORE_LOCK_CLASS]);
}

/** A conflict when a restore other than `id` is being applied (one left 'applying' by a server that stopped, say). */
export async function assertNoOtherApplying(tx: Queryable, id: number): Promise<void> {
  const { rows } = await tx.query<{ id: number | string }>(`SELECT id FROM backup_restores WHERE state = 'applying' AND id <> $1 LIMIT 1`, [
    id,
  ]);
  if (rows[0]) throw conflict(`Restore ${Number(rows[0].id)} is being applied: one restore at a time`, 'id');
}

export const toSession = (row: RestoreRow, liveProgress?: RestoreProgress | null): RestoreSession => ({
  id: Number(row.id),
  fileName: row.file_name,
  fileSize: Number(row.file_size),
  state: row.state,
  createdAt: row.created_at.toISOString(),
  createdBy: { uid: row.actor_uid, email: row.actor_email },
  staged: row.staged,
  problems: row.problems,
  plan: row.plan,
  mode: row.mode,
  beforeBackupFile: row.before_backup_file,
  progress: row.state === 'applying' ? (liveProgress ?? row.progress) : null,
  report: row.report,
  failure: row.failure,
  finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
});

export async function findRestore(db: Queryable, id: number, forUpdate = false): Promise<RestoreRow> {
  const { rows } = await db.query<RestoreRow>(`SELECT * FROM backup_restores WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw notFound(`No restore ${id}`);
  return rows[0];
}

/** The most recent restores, newest first (the console follows one again after a reload). */
export async function listRestores(db: Queryable, limit = 20): Promise<RestoreRow[]> {
  const { rows } = await db.query<RestoreRow>('SELECT * FROM backup_restores ORDER BY created_at DESC, id DESC LIMIT $1', [limit]);
  return rows;
}

/** The file the current state is saved to before a replace: named when the restore is opened, in UTC. */
export function beforeBackupFileName(id: number, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `before-restore-${id}-${stamp}.json`;
}

export async function openRestore(tx: Queryable, actor: Actor, fileName: string, fileSize: number): Promise<RestoreRow> {
  const { rows } = await tx.query<{ id: number | string; created_at: Date }>(
    `INSERT INTO backup_restores (file_name, file_size, actor_uid, actor_email, before_backup_file)
     VALUES ($1, $2, $3, $4, '') RETURNING id, created_at`,
    [fileName, fileSize, actor.uid, actor.email],
  );
  const id = Number(rows[0]!.id);
  const { rows: opened } = await tx.query<RestoreRow>('UPDATE backup_restores SET before_backup_file = $2 WHERE id = $1 RETURNING *', [
    id,
    beforeBackupFileName(id, rows[0]!.created_at),
  ]);
  return opened[0]!;
}

const collectionOrder = (c: BackupCollection) => BACKUP_COLLECTIONS.indexOf(c);

/** The first problems in file order per collection (a problem of the file itself first), at most RESTORE_MAX_PROBLEMS. */
export function mergeProblems(kept: readonly RestoreProblem[], added: readonly RestoreProblem[]): RestoreProblem[] {
  return [...kept, ...added]
    .sort((a, b) => collectionOrder(a.collection) - collectionOrder(b.collection) || (a.index ?? -1) - (b.index ?? -1))
    .slice(0, RESTORE_MAX_PROBLEMS);
}

export interface BatchResult {
  staged: number;
  refused: number;
}

const rangeText = (first: number, count: number) => `${first}-${first + count - 1}`;

/**
 * Stages one batch of a collection's rows (rows[i] is at firstIndex + i in the file's array), in the caller's
 * transaction. Each row is checked where it lands (stagedRows.ts): a refused row is counted and named, the others
 * are staged. A batch sent again at the same place (a retry) is answered as the first time, without staging twice.
 */
export async function stageBatch(
  tx: Queryable,
  id: number,
  collection: BackupCollection,
  firstIndex: number,
  rows: readonly unknown[],
): Promise<BatchResult> {
  const restore = await findRestore(tx, id, true);
  if (restore.state !== 'staging') {
    throw conflict(`Restore ${id} is ${restore.state}: rows are taken only while the file is being read (staging)`, 'id');
  }
  const { rows: sent } = await tx.query<{ first_index: number; rows: number; staged: number; refused: number }>(
    `SELECT first_index, rows, staged, refused FROM backup_restore_batches
      WHERE restore_id = $1 AND collection = $2 AND first_index < $3::int + $4::int AND first_index + rows > $3::int
      ORDER BY first_index LIMIT 1`,
    [id, collection, firstIndex, rows.length],
  );
  const earlier = sent[0];
  if (earlier) {
    if (earlier.first_index === firstIndex && earlier.rows === rows.length) return { staged: earlier.staged, refused: earlier.refused };
    throw conflict(
      `Rows ${rangeText(firstIndex, rows.length)} of ${collection} overlap rows ${rangeText(earlier.first_index, earlier.rows)} sent before`,
      'firstIndex',
    );
  }

  const problems: RestoreProblem[] = [];
  const valid: { index: number; key: string; payload: string }[] = [];
  rows.forEach((row, i) => {
    const staged = stageRow(collection, row);
    if (staged.ok) valid.push({ index: firstIndex + i, key: staged.key, payload: JSON.stringify(staged.payload) });
    else problems.push({ collection, index: firstIndex + i, problem: staged.problem });
  });

  // A second row with the same id is refused, naming the first: "first" is file order, whichever batch came first.
  // Within the batch the first occurrence wins; against earlier batches the primary key finds them, so the usual
  // batch (no id seen before) costs one INSERT.
  const firstInBatch = new Map<string, number>();
  const candidates: typeof valid = [];
  for (const row of valid) {
    const first = firstInBatch.get(row.key);
    if (first !== undefined) problems.push({ collection, index: row.index, problem: `duplicated id (first at index ${first})` });
    else {
      firstInBatch.set(row.key, row.index);
      candidates.push(row);
    }
  }
  const insert = (batch: typeof valid, onConflict: string) =>
    tx.query<{ key: string }>(
      `INSERT INTO backup_restore_rows (restore_id, collection, key, row_index, payload)
       SELECT $1, $2, k, i, p::jsonb FROM unnest($3::text[], $4::int[], $5::text[]) AS t(k, i, p)
       ON CONFLICT (restore_id, collection, key) ${onConflict} RETURNING key`,
      [id, collection, batch.map((r) => r.key), batch.map((r) => r.index), batch.map((r) => r.payload)],
    );
  const inserted = candidates.length > 0 ? new Set((await insert(candidates, 'DO NOTHING')).rows.map((r) => r.key)) : new Set<string>();
  let stagedCount = inserted.size;
  let displaced = 0;
  const seenBefore = candidates.filter((row) => !inserted.has(row.key));
  if (seenBefore.length > 0) {
    const { rows: known } = await tx.query<{ key: string; row_index: number }>(
      `SELECT key, row_index FROM backup_restore_rows WHERE restore_id = $1 AND collection = $2 AND key = ANY($3::text[])`,
      [id, collection, seenBefore.map((r) => r.key)],
    );
    const firstAt = new Map(known.map((k) => [k.key, k.row_index]));
    const earlierInFile: typeof valid = [];
    for (const row of seenBefore) {
      const first = firstAt.get(row.key)!;
      if (first < row.index) {
        problems.push({ collection, index: row.index, problem: `duplicated id (first at index ${first})` });
      } else {
        // The staged row comes later in the file (its batch arrived first): this one takes its place.
        problems.push({ collection, index: first, problem: `duplicated id (first at index ${row.index})` });
        earlierInFile.push(row);
      }
    }
    if (earlierInFile.length > 0) {
      await insert(earlierInFile, 'DO UPDATE SET row_index = excluded.row_index, payload = excluded.payload');
      stagedCount += earlierInFile.length;
      displaced = earlierInFile.length;
    }
  }
  const result = { staged: stagedCount, refused: rows.length - stagedCount };
  const counts = restore.staged[collection];
  const staged: StagedCounts = {
    ...restore.staged,
    [collection]: { read: counts.read + rows.length, refused: counts.refused + result.refused + displaced },
  };
  await tx.query(`UPDATE backup_restores SET staged = $2::jsonb, problems = $3::jsonb, last_activity_at = now() WHERE id = $1`, [
    id,
    JSON.stringify(staged),
    JSON.stringify(mergeProblems(restore.problems, problems)),
  ]);
  await tx.query(
    `INSERT INTO backup_restore_batches (restore_id, collection, first_index, rows, staged, refused) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, collection, firstIndex, rows.length, result.staged, result.refused],
  );
  return result;
}

/** The staged rows and batches of a restore that ended: they served their purpose. */
export async function dropStaged(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM backup_restore_rows WHERE restore_id = $1', [id]);
  await db.query('DELETE FROM backup_restore_batches WHERE restore_id = $1', [id]);
}

/** Ends a restore that was not applied (cancelled, failed): nothing of it was written. */
export async function endUnapplied(
  db: Queryable,
  id: number,
  state: 'cancelled' | 'failed',
  failure: string,
  from: readonly RestoreState[],
): Promise<RestoreRow | null> {
  const { rows } = await db.query<RestoreRow>(
    `UPDATE backup_restores SET state = $2, failure = $3, progress = NULL, finished_at = now(), last_activity_at = now()
      WHERE id = $1 AND state = ANY($4::text[]) RETURNING *`,
    [id, state, failure, from],
  );
  if (rows[0]) await dropStaged(db, id);
  return rows[0] ?? null;
}

export interface StartupLog {
  warn(message: string): void;
}

/**
 * What a server start finds: a restore still 'applying' was being applied by a process that stopped (its
 * transaction rolled back) unless another process holds its lock; restores left staging or ready for more than
 * UNFINISHED_RESTORE_DAYS are cancelled; ended restores whose staged rows are still there (a stop between the end
 * and the clean-up) lose them.
 */
export async function settleRestoresAtStart(
  db: Db,
  log: StartupLog,
  options: { firebase?: boolean } = {},
): Promise<{ failed: number; cancelled: number }> {
  const stopped = options.firebase ? STOPPED_DURING_FIRESTORE_APPLY : STOPPED_DURING_APPLY;
  const { rows: applying } = await db.query<{ id: number | string }>(`SELECT id FROM backup_restores WHERE state = 'applying' ORDER BY id`);
  let failed = 0;
  for (const { id } of applying) {
    const ended = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ free: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2::int) AS free', [
        RESTORE_LOCK_CLASS,
        Number(id),
      ]);
      if (!rows[0]!.free) return false;
      return (await endUnapplied(tx, Number(id), 'failed', stopped, ['applying'])) !== null;
    });
    if (ended) failed += 1;
  }
  const { rows: stale } = await db.query<{ id: number | string }>(
    `SELECT id FROM backup_restores WHERE state IN ('staging', 'ready') AND last_activity_at < now() - $1 * interval '1 day' ORDER BY id`,
    [UNFINISHED_RESTORE_DAYS],
  );
  for (const { id } of stale) {
    await endUnapplied(
      db,
      Number(id),
      'cancelled',
      `Left unfinished for more than ${UNFINISHED_RESTORE_DAYS} day: cancelled when the server started. Nothing was written.`,
      ['staging', 'ready'],
    );
  }
  await db.query(
    `DELETE FROM backup_restore_rows r USING backup_restores b
      WHERE b.id = r.restore_id AND b.state IN ('done', 'failed', 'cancelled')`,
  );
  await db.query(
    `DELETE FROM backup_restore_batches r USING backup_restores b
      WHERE b.id = r.restore_id AND b.state IN ('done', 'failed', 'cancelled')`,
  );
  if (failed > 0) {
    log.warn(
      `${failed} restore(s) were being applied when the server stopped: marked failed (${options.firebase ? 'Firestore batches written before the stop stay' : 'nothing was written'})`,
    );
  }
  if (stale.length > 0) log.warn(`${stale.length} restore(s) left unfinished for more than a day were cancelled`);
  return { failed, cancelled: stale.length };
}
