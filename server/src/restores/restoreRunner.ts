// Runs applies in the background (POST .../apply answers 202 at once): one transaction per apply (restoreApply.ts),
// its progress kept here for GET .../:id, a cancel asked for by flag, checked between slices.
//
// On PostgreSQL the progress is also written to the restore's row, outside the apply's transaction, and the row's
// cancel_requested_by is read back each time: another server process sharing the database shows the progress and
// can cancel. On PGlite (one connection) the apply's transaction holds the database until it ends, so nothing else
// is answered meanwhile (other requests wait); the progress and the cancel flag stay in this process.
import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { RestoreMode } from '../../../contract/backupRestore';
import type { Actor } from '../audit/consoleActions';
import type { Db } from '../db/types';
import type { FirestoreRestoreTarget } from '../auth/firebaseIdentity';
import { applyFirestoreRestore, endPartlyWritten, RestorePartlyWritten } from './firestoreRestore';
import { applyRestore, RestoreCancelled, RestoreRefused, type ApplyOutcome } from './restoreApply';
import { dropStaged, endUnapplied, type RestoreProgress, type RestoreRow } from './restoreSessions';

/** How often an apply on PostgreSQL writes its progress to the row (and reads a cancel asked elsewhere). */
const PROGRESS_WRITE_MS = 500;
const MAX_FAILURE_TEXT = 500;

interface Running {
  progress: RestoreProgress;
  cancelledBy: string | null;
  lastWrite: number;
  finished: Promise<void>;
}

export interface ApplyStart {
  mode: RestoreMode;
  actor: Actor;
  confirmAdminChanges: boolean;
}

export interface RestoreRunnerEvents {
  progress: [id: number, progress: RestoreProgress];
  done: [id: number, outcome: ApplyOutcome];
  ended: [id: number, state: 'cancelled' | 'failed', failure: string];
}

export class RestoreRunner extends EventEmitter<RestoreRunnerEvents> {
  private readonly running = new Map<number, Running>();
  /**
   * Awaited at every checkpoint, before the cancel flag is read: a test holds an apply at a step with it (to cancel it
   * there through the API, as an operator would). Null in a running server.
   */
  checkpointHook: ((id: number, progress: RestoreProgress) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    /** BACKUP_DIR: where a replace saves the state before it */
    readonly backupDir: string,
    private readonly logError: (error: unknown, message: string) => void = () => undefined,
    /** Firebase mode: users, connections and audit_logs are written to Firestore (firestoreRestore.ts) */
    readonly firestore?: FirestoreRestoreTarget,
  ) {
    super();
  }

  /** The progress of an apply this process runs, or null. */
  progressOf(id: number): RestoreProgress | null {
    return this.running.get(id)?.progress ?? null;
  }

  /** Asks an apply this process runs to stop at its next slice; false when it runs none with this id. */
  requestCancel(id: number, by: string): boolean {
    const entry = this.running.get(id);
    if (!entry) return false;
    entry.cancelledBy ??= by;
    return true;
  }

  /** Starts the apply of a restore the caller moved to 'applying'. */
  start(restore: RestoreRow, request: ApplyStart): void {
    const id = Number(restore.id);
    const entry: Running = {
      progress: { step: 'starting', done: 0, total: 0 },
      cancelledBy: null,
      lastWrite: 0,
      finished: Promise.resolve(),
    };
    this.running.set(id, entry);
    entry.finished = this.run(restore, request, entry).finally(() => this.running.delete(id));
  }

  /** Resolves when every apply running now has ended (tests, and the server's close). */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()].map((entry) => entry.finished));
  }

  /** The server is closing: every running apply is cancelled (rolled back) and awaited. */
  async stopAll(): Promise<void> {
    for (const id of this.running.keys()) this.requestCancel(id, 'the server (it was stopping)');
    await this.settled();
  }

  private async checkpoint(id: number, entry: Running, progress: RestoreProgress): Promise<void> {
    entry.progress = progress;
    this.emit('progress', id, progress);
    if (this.checkpointHook) await this.checkpointHook(id, progress);
    if (this.db.kind === 'postgres' && (Date.now() - entry.lastWrite >= PROGRESS_WRITE_MS || progress.done === 0)) {
      entry.lastWrite = Date.now();
      const { rows } = await this.db.query<{ cancel_requested_by: string | null }>(
        `UPDATE backup_restores SET progress = $2::jsonb, last_activity_at = now() WHERE id = $1 RETURNING cancel_requested_by`,
        [id, JSON.stringify(progress)],
      );
      if (rows[0]?.cancel_requested_by) entry.cancelledBy ??= rows[0].cancel_requested_by;
    }
    if (entry.cancelledBy) throw new RestoreCancelled(entry.cancelledBy);
  }

  private async run(restore: RestoreRow, request: ApplyStart, entry: Running): Promise<void> {
    const id = Number(restore.id);
    const beforeBackupPath = path.join(this.backupDir, restore.before_backup_file);
    let outcome: ApplyOutcome;
    const control = { checkpoint: (step: string, done: number, total: number) => this.checkpoint(id, entry, { step, done, total }) };
    try {
      outcome = this.firestore
        ? await applyFirestoreRestore(this.db, this.firestore, { restore, ...request }, control)
        : await this.db.transaction((tx) => applyRestore(tx, { restore, beforeBackupPath, ...request }, control));
    } catch (error) {
      if (error instanceof RestorePartlyWritten) {
        // Firestore batches landed: the restore ends with the report of what did, not as if nothing was written.
        if (error.state === 'failed') this.logError(error, `restore ${id} failed part-way`);
        await endPartlyWritten(this.db, id, error).catch((e: unknown) =>
          this.logError(e, `restore ${id}: could not record that it stopped`),
        );
        await dropStaged(this.db, id).catch((e: unknown) => this.logError(e, `restore ${id}: could not drop its staged rows`));
        this.emit('ended', id, error.state, error.failure);
        return;
      }
      // Rolled back: the state before the restore is the current one, so its copy is not needed.
      rmSync(beforeBackupPath, { force: true });
      rmSync(`${beforeBackupPath}.partial`, { force: true });
      const cancelled = error instanceof RestoreCancelled;
      const failure = cancelled
        ? `Cancelled by ${error.by} while it was being applied: nothing was written.`
        : error instanceof RestoreRefused
          ? `${error.message}. Nothing was written.`
          : `The restore failed and nothing was written: ${error instanceof Error ? error.message : String(error)}`;
      if (!cancelled && !(error instanceof RestoreRefused)) this.logError(error, `restore ${id} failed`);
      const state = cancelled ? 'cancelled' : 'failed';
      await endUnapplied(this.db, id, state, failure.slice(0, MAX_FAILURE_TEXT), ['applying']).catch((e: unknown) =>
        this.logError(e, `restore ${id}: could not record that it ${state}`),
      );
      this.emit('ended', id, state, failure);
      return;
    }
    // Committed: the staged rows served their purpose (a start removes them should this fail).
    await dropStaged(this.db, id).catch((e: unknown) => this.logError(e, `restore ${id}: could not drop its staged rows`));
    this.emit('done', id, outcome);
  }
}
