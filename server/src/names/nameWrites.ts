// The names API's writes: each one in a transaction with its console-action record (before and after values),
// refusing a second copy of a name, gender and nationality (names_identity_key, migration 010) with 409 "already
// exists", or 409 'in_trash' when the copy is in the trash. A delete moves the name to the trash (./trash.ts).
import type { NameRecord } from '../../../contract/schemas/names';
import { NAME_EXISTS_REASON } from '../../../contract/importRuns';
import { recordConsoleAction, type Actor, type ConsoleAction } from '../audit/consoleActions';
import type { Db, Queryable } from '../db/types';
import { badRequest, conflict, notFound } from '../http/errors';
import { checkVersion } from '../http/versions';
import { NAME_COLUMNS, toNameRecord } from './repository';
import type { NameValues } from './nameInput';
import {
  moveNamesToTrash,
  purgeFromTrash,
  restoreFromTrash,
  type PurgeResult,
  type RestoreResult,
  type TrashSelection,
  refuseTrashedTwin,
  type TrashMove,
} from './trash';

type NameRow = Parameters<typeof toNameRecord>[0];

const alreadyExists = () => conflict(NAME_EXISTS_REASON, 'name');

/** A concurrent write can still pass the existence check; the unique index then decides, and says the same. */
function isIdentityViolation(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== '23505') return false;
  return e.constraint === undefined || e.constraint === 'names_identity_key' || String(e.message).includes('names_identity_key');
}

async function translatingConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isIdentityViolation(error)) throw alreadyExists();
    throw error;
  }
}

/** Another row (not `exceptId`) already holds this name, gender and nationality. */
async function identityTaken(db: Queryable, v: NameValues, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM names
      WHERE lower(name) = lower($1) AND gender = $2 AND lower(nationality) = lower($3) AND ($4::bigint IS NULL OR id <> $4::bigint)
      LIMIT 1`,
    [v.name, v.gender, v.nationality, exceptId],
  );
  return rows.length > 0;
}

async function lockName(tx: Queryable, id: number): Promise<NameRecord> {
  const { rows } = await tx.query<NameRow>(`SELECT ${NAME_COLUMNS} FROM names WHERE id = $1 FOR UPDATE`, [id]);
  if (!rows[0]) throw notFound(`No name with id ${id}`);
  return toNameRecord(rows[0]);
}

export function createName(db: Db, actor: Actor, v: NameValues, retentionDays: number): Promise<NameRecord> {
  return translatingConflicts(() =>
    db.transaction(async (tx) => {
      await refuseTrashedTwin(tx, v, retentionDays);
      const { rows } = await tx.query<NameRow>(
        `INSERT INTO names (name, gender, nationality, first_letter) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING ${NAME_COLUMNS}`,
        [v.name, v.gender, v.nationality, v.firstLetter],
      );
      if (!rows[0]) throw alreadyExists();
      const created = toNameRecord(rows[0]);
      await recordConsoleAction(tx, actor, { action: 'name.create', targetType: 'name', targetId: created.id, after: created });
      return created;
    }),
  );
}

/**
 * Saves a name's three fields. With `expectedVersion` (If-Match), a name changed since the caller read it is
 * refused (409 with the name as it is now) instead of overwritten. `action` names the trail's record: a revert
 * is an update too, recorded as what it was.
 */
export function updateNameRecorded(
  db: Db,
  actor: Actor,
  id: number,
  v: NameValues,
  options: {
    expectedVersion?: number;
    retentionDays: number;
    action?: 'name.update' | 'name.revert';
    details?: unknown;
    /** a check of the locked name before the write (a revert's: the change is still what the name holds) */
    guard?: (before: NameRecord) => void;
  },
): Promise<NameRecord> {
  return translatingConflicts(() =>
    db.transaction(async (tx) => {
      const before = await lockName(tx, id);
      await checkVersion(tx, 'name', id, before, options.expectedVersion);
      options.guard?.(before);
      if (await identityTaken(tx, v, id)) throw alreadyExists();
      const identityChanges =
        before.name.toLowerCase() !== v.name.toLowerCase() ||
        before.gender !== v.gender ||
        before.nationality.toLowerCase() !== v.nationality.toLowerCase();
      if (identityChanges) await refuseTrashedTwin(tx, v, options.retentionDays);
      const { rows } = await tx.query<NameRow>(
        `UPDATE names SET name = $2, gender = $3, nationality = $4, first_letter = $5 WHERE id = $1 RETURNING ${NAME_COLUMNS}`,
        [id, v.name, v.gender, v.nationality, v.firstLetter],
      );
      const after = toNameRecord(rows[0]!);
      await recordConsoleAction(tx, actor, {
        action: options.action ?? 'name.update',
        targetType: 'name',
        targetId: id,
        before,
        after,
        details: options.details,
      });
      return after;
    }),
  );
}

/** Moves one name to the trash with its swipes (404 when it is not a live name; 409 when If-Match is stale). */
export function deleteNameRecorded(db: Db, actor: Actor, id: number, expectedVersion?: number): Promise<TrashMove> {
  return db.transaction(async (tx) => {
    const versions = expectedVersion === undefined ? undefined : new Map([[id, expectedVersion]]);
    const move = await moveNamesToTrash(tx, actor, [id], { kind: 'delete', versions });
    const name = move.moved[0];
    if (!name) throw await notLive(tx, id);
    await recordConsoleAction(tx, actor, {
      action: 'name.delete',
      targetType: 'name',
      targetId: id,
      before: name,
      details: { trash: true, deletionId: move.deletionId, swipes: move.swipes, matches: move.matches },
    });
    return move;
  });
}

/** A name that is not live: in the trash already (say so), or unknown. */
async function notLive(tx: Queryable, id: number) {
  const { rows } = await tx.query('SELECT 1 FROM names_trash WHERE id = $1', [id]);
  return notFound(rows.length > 0 ? `Name ${id} is already in the trash` : `No name with id ${id}`);
}

/**
 * Records an action on several names: the names as they were (`before`: what left) or are now (`after`: what came
 * back), each name's history finding the action through them (touched).
 */
export function recordNamesAction(
  tx: Queryable,
  actor: Actor,
  entry: { action: ConsoleAction; details: Record<string, unknown> } & (
    { before: readonly { id: number }[] } | { after: readonly { id: number }[] }
  ),
): Promise<number> {
  const names = 'before' in entry ? entry.before : entry.after;
  return recordConsoleAction(tx, actor, { ...entry, targetType: 'name', touched: { targetType: 'name', ids: names.map((n) => n.id) } });
}

/**
 * Moves the selection to the trash as one deletion; ids that are not live names are simply not counted. With
 * `versions`, one name changed since it was shown refuses the whole request (409, nothing moved).
 */
export function deleteNamesRecorded(db: Db, actor: Actor, ids: readonly number[], versions?: readonly number[]): Promise<TrashMove> {
  if (versions && versions.length !== ids.length) {
    throw badRequest(`versions must have one entry per id (${ids.length}), got ${versions.length}`, 'versions');
  }
  const byId = versions ? new Map(ids.map((id, i) => [id, versions[i]!])) : undefined;
  return db.transaction(async (tx) => {
    const move = await moveNamesToTrash(tx, actor, ids, { kind: 'bulk_delete', versions: byId });
    if (move.moved.length > 0) {
      await recordNamesAction(tx, actor, {
        action: 'names.bulk_delete',
        before: move.moved,
        details: {
          requested: ids.length,
          deleted: move.moved.length,
          trash: true,
          deletionId: move.deletionId,
          swipes: move.swipes,
          matches: move.matches,
        },
      });
    }
    return move;
  });
}

/** Restores from the trash (all or nothing: names/trash.ts) and records it; `details` adds what the restore was for. */
export async function restoreNamesRecorded(
  tx: Queryable,
  actor: Actor,
  selection: TrashSelection,
  details: Record<string, unknown> = {},
): Promise<RestoreResult> {
  const result = await restoreFromTrash(tx, selection);
  await recordNamesAction(tx, actor, {
    action: 'names.restore',
    after: result.restored,
    details: {
      ...details,
      ...selection,
      restored: result.restored.length,
      swipes: result.swipes,
      matches: result.matches,
      deletionIds: result.deletionIds,
      importRunsRestored: result.importRunsRestored,
    },
  });
  return result;
}

/** Deletes names in the trash forever and records what went with them. */
export async function purgeNamesRecorded(tx: Queryable, actor: Actor, ids: readonly number[]): Promise<PurgeResult> {
  const result = await purgeFromTrash(tx, ids);
  await recordNamesAction(tx, actor, {
    action: 'names.purge',
    before: result.purged,
    details: { purged: result.purged.length, swipes: result.swipes, matches: result.matches },
  });
  return result;
}
