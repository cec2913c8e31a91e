// The trash's retention purge: names deleted more than TRASH_RETENTION_DAYS ago are deleted forever with their
// swipes, in bounded batches, each batch recorded on the console-action trail with what went (as "Delete
// forever" is). Every server process runs it; SKIP LOCKED keeps two of them from purging the same rows.
import { DEFAULT_TRASH_RETENTION_DAYS } from '../../../contract/dataSafety';
import { SYSTEM_ACTOR } from '../audit/consoleActions';
import type { Db } from '../db/types';
import { recordNamesAction } from './nameWrites';
import { purgeExpiredBatch } from './trash';

/** Names deleted forever per transaction: a batch's swipes go with it, so a batch stays short. */
export const PURGE_BATCH_NAMES = 500;
/** How often a server looks for expired names. */
export const DEFAULT_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** TRASH_RETENTION_DAYS: a whole number of days from 1 to 3650; unset or empty is the default (30). */
export function parseRetentionDays(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '') return DEFAULT_TRASH_RETENTION_DAYS;
  const days = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(days >= 1 && days <= 3650)) throw new Error(`TRASH_RETENTION_DAYS must be a whole number of days from 1 to 3650, got "${value}"`);
  return days;
}

export interface PurgeTotals {
  names: number;
  swipes: number;
  matches: number;
}

/** Purges every expired name now; answers what went. */
export async function purgeExpiredNames(db: Db, retentionDays: number, batchSize = PURGE_BATCH_NAMES): Promise<PurgeTotals> {
  const totals: PurgeTotals = { names: 0, swipes: 0, matches: 0 };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const result = await purgeExpiredBatch(tx, retentionDays, batchSize);
      if (result.purged.length > 0) {
        await recordNamesAction(tx, SYSTEM_ACTOR, {
          action: 'names.purge_expired',
          before: result.purged,
          details: { retentionDays, purged: result.purged.length, swipes: result.swipes, matches: result.matches },
        });
      }
      return result;
    });
    totals.names += batch.purged.length;
    totals.swipes += batch.swipes;
    totals.matches += batch.matches;
    if (batch.purged.length < batchSize) return totals;
  }
}

/**
 * Runs the purge now and then every `intervalMs` until stopped. A failed run (the database away) is reported and
 * tried again at the next tick; runs never overlap.
 */
export function scheduleTrashPurge(
  db: Db,
  retentionDays: number,
  intervalMs: number,
  report: { purged: (totals: PurgeTotals) => void; failed: (error: unknown) => void },
): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = purgeExpiredNames(db, retentionDays)
      .then((totals) => {
        if (totals.names > 0) report.purged(totals);
      }, report.failed)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
