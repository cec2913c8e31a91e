// The trash comparison of bench:api-load and bench:analytics: the same endpoints measured without a trash and
// again with a share of the names (TRASH_PERCENT, default 10) moved to it by the server's own code path, printed
// side by side in one run. Afterwards the names are restored, so a kept benchmark database is left as it was.
import type { Db } from '../../server/src/db/types';
import { moveNamesToTrash, restoreFromTrash } from '../../server/src/names/trash';
import { table } from './timing';
import type { ScaledFigure } from './scale';

const BENCH_ACTOR = { uid: 'bench', email: 'bench@localhost' };
/** Names per move: one deletion each, as a large "Delete selected" or an import's undo would be. */
const MOVE_CHUNK = 5000;

/** TRASH_PERCENT: the share of names moved to the trash for the second measurement (0 skips it). */
export function trashPercent(): number {
  const text = process.env.TRASH_PERCENT ?? '10';
  const percent = Number(text);
  if (!Number.isInteger(percent) || percent < 0 || percent > 90)
    throw new Error(`TRASH_PERCENT must be a whole number from 0 to 90, not "${text}"`);
  return percent;
}

export interface TrashedShare {
  names: number;
  swipes: number;
  deletionIds: number[];
  ms: number;
  /** VACUUM (ANALYZE) after the move, before measuring again */
  settledMs: number;
}

/**
 * Moves `percent` % of the names (spread over the whole table by a hash of the id, not a block of neighbours)
 * to the trash with their swipes, in deletions of MOVE_CHUNK names.
 */
export async function trashShareOfNames(db: Db, percent: number): Promise<TrashedShare> {
  const started = performance.now();
  const { rows } = await db.query<{ id: number | string }>('SELECT id FROM names WHERE mod(id * 7919, 100) < $1 ORDER BY id', [percent]);
  const ids = rows.map((r) => Number(r.id));
  const share: TrashedShare = { names: 0, swipes: 0, deletionIds: [], ms: 0, settledMs: 0 };
  for (let i = 0; i < ids.length; i += MOVE_CHUNK) {
    const move = await db.transaction((tx) => moveNamesToTrash(tx, BENCH_ACTOR, ids.slice(i, i + MOVE_CHUNK), { kind: 'bulk_delete' }));
    share.names += move.moved.length;
    share.swipes += move.swipes;
    if (move.deletionId !== null) share.deletionIds.push(move.deletionId);
  }
  share.ms = performance.now() - started;
  // The move leaves its deleted rows dead in swipes and names, and the statistics describe the tables before it:
  // measured at once, the figures were autovacuum's run and stale plans (a second run right after the move gave
  // 1.1x-2.8x on 13 of 22 endpoints, another run 0.4x-1.3x). Settle the database as autovacuum would, then measure
  // the steady state of a database with a trash (the "no trash" side was measured after ANALYZE too: scaleData.ts).
  share.settledMs = await settle(db);
  return share;
}

/**
 * VACUUM (ANALYZE) then CHECKPOINT: what autovacuum and the checkpointer would do after a large move, done before
 * measuring. Without the checkpoint the first minute after the move still paid for writing the moved pages out:
 * at the database the two queries that looked slower with a trash were as fast as without (pgbench: top-ranked
 * 0.54 -> 0.51 ms, name-analytics?origin=other 0.83 -> 0.63 ms), and in the bench's own client they were slower on
 * the first pass after the move and not on the third (docs/names.md, "What a trash costs").
 */
export async function settle(db: Db): Promise<number> {
  const started = performance.now();
  await db.query('VACUUM (ANALYZE)');
  await db.query('CHECKPOINT');
  return performance.now() - started;
}

export async function restoreShare(db: Db, share: TrashedShare): Promise<number> {
  const started = performance.now();
  for (const deletionId of share.deletionIds) await db.transaction((tx) => restoreFromTrash(tx, { deletionId }));
  await settle(db);
  return performance.now() - started;
}

/**
 * Each endpoint's p95 without a trash, with the share in it, and (when measured) without it again after the restore:
 * the ratio is against the mean of the two runs without a trash, so a drift of the machine during the run counts on
 * both sides instead of being read as the trash's cost.
 */
export function trashComparisonTable(
  without: ScaledFigure[],
  withTrash: ScaledFigure[],
  percent: number,
  after: ScaledFigure[] = [],
): string {
  const rows = without.map((figure) => {
    const other = withTrash.find((f) => f.label === figure.label);
    const again = after.find((f) => f.label === figure.label);
    const reference = again ? (figure.p95 + again.p95) / 2 : figure.p95;
    const ratio = other && reference > 0 ? other.p95 / reference : Number.NaN;
    return [
      figure.label,
      figure.p95.toFixed(1),
      other ? other.p95.toFixed(1) : '-',
      ...(after.length > 0 ? [again ? again.p95.toFixed(1) : '-'] : []),
      Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '-',
      Number.isFinite(ratio) ? (ratio <= 1.1 ? 'yes' : 'NO') : '-',
    ];
  });
  const afterColumns = after.length > 0 ? ['p95 ms, no trash again (restored)'] : [];
  return table(
    ['endpoint', 'p95 ms, no trash', `p95 ms, ${percent} % of names in the trash`, ...afterColumns, 'ratio', 'within 10 %'],
    rows,
  );
}
