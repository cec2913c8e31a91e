// What the server says about imports when it starts: duplicates migration 010 merged (nothing is
// removed silently), and runs a previous process left running (their console is gone with it).
import { id as NAME_IDENTITY_MIGRATION } from '../db/migrations/010_name_identity';
import type { Queryable } from '../db/types';
import { markInterruptedRuns } from './importRuns';

export interface StartupLog {
  info(message: string): void;
  warn(message: string): void;
}

/** One log line when migration 010 ran in this start and merged duplicates, pointing at the table that lists them. */
export async function reportNameMerges(db: Queryable, appliedNow: readonly string[], log: StartupLog): Promise<number> {
  if (!appliedNow.includes(NAME_IDENTITY_MIGRATION)) return 0;
  const { rows } = await db.query<{ merged: number | string; groups: number | string; swipes: number | string | null }>(
    'SELECT count(*) AS merged, count(DISTINCT kept_id) AS groups, sum(swipes_moved) AS swipes FROM name_merges',
  );
  const merged = Number(rows[0]?.merged ?? 0);
  if (merged === 0) {
    log.info(`${NAME_IDENTITY_MIGRATION}: no duplicate names (same name, gender and nationality) to merge`);
  } else {
    log.warn(
      `${NAME_IDENTITY_MIGRATION}: merged ${merged} duplicate name rows into ${Number(rows[0]!.groups)} kept rows ` +
        `(the oldest of each; ${Number(rows[0]!.swipes ?? 0)} swipes moved to them); every removed row is listed in the table name_merges`,
    );
  }
  return merged;
}

/** Runs still 'running' when the server starts had their console talking to a process that is gone. */
export async function interruptLeftoverRuns(db: Queryable, log: StartupLog): Promise<number> {
  const count = await markInterruptedRuns(db, 0);
  if (count > 0) log.warn(`${count} import run(s) left running by an earlier start are now marked interrupted`);
  return count;
}
