// The names trash (migration 060, contract/dataSafety.ts): a delete moves names and their swipes out of the live
// tables, a restore moves them back with their ids, "delete forever" and the retention purge remove them for good.
// Every figure follows by the triggers the live tables already have: moving swipes out is a DELETE the summaries
// subtract, moving them back an INSERT they add. Each function runs inside the caller's transaction, beside the
// console-action record of what it did.
import type { NamesImpact, TrashedName, TrashPage } from '../../../contract/schemas/dataSafety';
import { IN_TRASH, VERSION_CONFLICT } from '../../../contract/dataSafety';
import type { NameRecord } from '../../../contract/schemas/names';
import type { Actor } from '../audit/consoleActions';
import type { Queryable } from '../db/types';
import { conflict, HttpError, notFound } from '../http/errors';
import { lastChange, versionConflict } from '../http/versions';
import { NAME_COLUMNS, toNameRecord } from './repository';
import type { NameValues } from './nameInput';

type NameRow = Parameters<typeof toNameRecord>[0];
export type DeletionKind = TrashedName['deletionKind'];

const num = (value: unknown) => Number(value ?? 0);

/** What these live names carry, from the per-name summary (no swipe is counted). */
export async function namesImpact(db: Queryable, ids: readonly number[]): Promise<NamesImpact> {
  const { rows } = await db.query<{ names: string | number; swipes: string | number; matches: string | number }>(
    `SELECT count(*) AS names, coalesce(sum(s.swipes), 0) AS swipes, coalesce(sum(s.matches), 0) AS matches
       FROM names n LEFT JOIN analytics_name_stats s ON s.name_id = n.id
      WHERE n.id = ANY($1::bigint[])`,
    [ids],
  );
  return { names: num(rows[0]?.names), swipes: num(rows[0]?.swipes), matches: num(rows[0]?.matches) };
}

export interface TrashMove {
  /** the names as they were when moved */
  moved: NameRecord[];
  swipes: number;
  matches: number;
  deletionId: number | null;
}

export interface TrashMoveOptions {
  kind: DeletionKind;
  importRunId?: number;
  /** id -> the version the caller was shown: one stale version refuses the whole move (409, nothing moved) */
  versions?: ReadonlyMap<number, number>;
  /** add to this deletion instead of starting one: a job over a filter moves its batches as one deletion (bulkJobs.ts) */
  deletionId?: number;
}

/**
 * Moves the live names among `ids` to the trash with their swipes, as one deletion. Ids that are not live names
 * are not counted (a name deleted meanwhile is already where the caller wanted it).
 *
 * The names are locked first (FOR UPDATE conflicts with the KEY SHARE lock a new swipe's foreign key check
 * takes), so no swipe can land on a name between its swipes' move and its own: none is left behind to cascade.
 */
export async function moveNamesToTrash(tx: Queryable, actor: Actor, ids: readonly number[], options: TrashMoveOptions): Promise<TrashMove> {
  const { rows: locked } = await tx.query<NameRow>(
    `SELECT ${NAME_COLUMNS} FROM names WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  const names = locked.map(toNameRecord);
  if (options.versions) await refuseStale(tx, names, options.versions);
  if (names.length === 0) return { moved: [], swipes: 0, matches: 0, deletionId: null };
  const lockedIds = names.map((n) => n.id);

  const { rows: deletion } =
    options.deletionId === undefined
      ? await tx.query<{ id: string | number }>(
          `INSERT INTO name_deletions (actor_uid, actor_email, kind, import_run_id, names) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [actor.uid, actor.email, options.kind, options.importRunId ?? null, names.length],
        )
      : await tx.query<{ id: string | number }>('UPDATE name_deletions SET names = names + $2 WHERE id = $1 RETURNING id', [
          options.deletionId,
          names.length,
        ]);
  if (!deletion[0]) throw new Error(`moveNamesToTrash: no deletion ${options.deletionId} to add to`);
  const deletionId = num(deletion[0].id);
  const { rows: carried } = await tx.query<{ swipes: string | number; matches: string | number }>(
    `WITH trashed AS (
       INSERT INTO names_trash (id, name, gender, nationality, record, deletion_id, deleted_at, swipes, matches)
       SELECT n.id, n.name, n.gender, n.nationality, to_jsonb(n), $2, now(), coalesce(s.swipes, 0), coalesce(s.matches, 0)
         FROM names n LEFT JOIN analytics_name_stats s ON s.name_id = n.id
        WHERE n.id = ANY($1::bigint[])
       RETURNING swipes, matches
     ) SELECT coalesce(sum(swipes), 0) AS swipes, coalesce(sum(matches), 0) AS matches FROM trashed`,
    [lockedIds, deletionId],
  );
  await tx.query(
    `WITH moved AS (
       DELETE FROM swipes WHERE name_id = ANY($1::bigint[]) RETURNING id, user_id, name_id, liked, decision_time_ms, created_at
     ) INSERT INTO swipes_trash (id, user_id, name_id, liked, decision_time_ms, created_at) SELECT * FROM moved`,
    [lockedIds],
  );
  await tx.query('DELETE FROM names WHERE id = ANY($1::bigint[])', [lockedIds]);
  return { moved: names, swipes: num(carried[0]?.swipes), matches: num(carried[0]?.matches), deletionId };
}

async function refuseStale(tx: Queryable, names: readonly NameRecord[], versions: ReadonlyMap<number, number>): Promise<void> {
  const stale = names.filter((n) => versions.has(n.id) && versions.get(n.id) !== n.version);
  if (stale.length === 0) return;
  const conflicts = await Promise.all(stale.map(async (n) => ({ current: n, ...(await lastChange(tx, 'name', n.id)) })));
  if (names.length === 1 && stale.length === 1) {
    // One name (DELETE /names/:id with If-Match): the single record's shape, as a PUT's conflict has it.
    const only = stale[0]!;
    const error = versionConflict('name', versions.get(only.id)!, conflicts[0]!);
    throw new HttpError(409, error.code, error.message.replace('nothing was saved', 'nothing was deleted'), error.field, {
      conflict: conflicts[0],
      conflicts,
    });
  }
  const listed = stale
    .slice(0, 5)
    .map((n) => `${n.name} (id ${n.id})`)
    .join(', ');
  throw new HttpError(
    409,
    VERSION_CONFLICT,
    `${stale.length === 1 ? 'A name was' : `${stale.length} names were`} changed since you loaded them (${listed}${stale.length > 5 ? ', …' : ''}): nothing was deleted`,
    'versions',
    { conflicts },
  );
}

interface TrashRow {
  id: string | number;
  name: string;
  gender: TrashedName['gender'];
  nationality: string;
  created_at: string;
  deleted_at: Date | string;
  actor_uid: string;
  actor_email: string;
  deletion_id: string | number;
  kind: DeletionKind;
  import_run_id: string | number | null;
  file_name: string | null;
  swipes: number | string;
  matches: number | string;
}

const TRASH_COLUMNS = `t.id, t.name, t.gender, t.nationality, t.record ->> 'created_at' AS created_at, t.deleted_at,
  d.actor_uid, d.actor_email, d.id AS deletion_id, d.kind, d.import_run_id, r.file_name, t.swipes, t.matches`;
const TRASH_FROM = `names_trash t JOIN name_deletions d ON d.id = t.deletion_id LEFT JOIN import_runs r ON r.id = d.import_run_id`;

const DAY_MS = 86_400_000;

function toTrashedName(row: TrashRow, retentionDays: number): TrashedName {
  const deletedAt = new Date(row.deleted_at);
  return {
    id: num(row.id),
    name: row.name,
    gender: row.gender,
    nationality: row.nationality,
    created_at: new Date(row.created_at).toISOString(),
    deletedAt: deletedAt.toISOString(),
    deletedBy: { uid: row.actor_uid, email: row.actor_email },
    deletionId: num(row.deletion_id),
    deletionKind: row.kind,
    importRunId: row.import_run_id === null ? null : num(row.import_run_id),
    importFileName: row.file_name,
    swipes: num(row.swipes),
    matches: num(row.matches),
    purgeAt: new Date(deletedAt.getTime() + retentionDays * DAY_MS).toISOString(),
  };
}

/** Newest deletion first. The whole trash's size is a counter (015's idiom); one deletion's is an index range. */
export async function listTrash(
  db: Queryable,
  query: { limit: number; offset: number; deletionId?: number },
  retentionDays: number,
): Promise<TrashPage> {
  const filtered = query.deletionId !== undefined;
  const { rows } = await db.query<TrashRow>(
    `SELECT ${TRASH_COLUMNS} FROM ${TRASH_FROM}
      ${filtered ? 'WHERE t.deletion_id = $3' : ''}
      ORDER BY t.deleted_at DESC, t.id DESC LIMIT $1 OFFSET $2`,
    filtered ? [query.limit, query.offset, query.deletionId] : [query.limit, query.offset],
  );
  const { rows: counted } = filtered
    ? await db.query<{ total: string | number }>('SELECT count(*) AS total FROM names_trash WHERE deletion_id = $1', [query.deletionId])
    : await db.query<{ total: string | number }>(`SELECT coalesce(sum(value), 0) AS total FROM row_counters WHERE counter = 'names_trash'`);
  return { names: rows.map((row) => toTrashedName(row, retentionDays)), total: num(counted[0]?.total), retentionDays };
}

/** Names in the trash with the same name, gender and nationality (what an add or an edit would duplicate). */
export async function trashedTwins(db: Queryable, v: Pick<NameValues, 'name' | 'gender' | 'nationality'>, retentionDays: number) {
  const { rows } = await db.query<TrashRow>(
    `SELECT ${TRASH_COLUMNS} FROM ${TRASH_FROM}
      WHERE lower(t.name) = lower($1) AND t.gender = $2 AND lower(t.nationality) = lower($3)
      ORDER BY t.deleted_at DESC LIMIT 5`,
    [v.name, v.gender, v.nationality],
  );
  return rows.map((row) => toTrashedName(row, retentionDays));
}

/** 409 'in_trash' when the same name is in the trash: the console offers to restore it instead. */
export async function refuseTrashedTwin(db: Queryable, v: NameValues, retentionDays: number): Promise<void> {
  const twins = await trashedTwins(db, v, retentionDays);
  if (twins.length === 0) return;
  const twin = twins[0]!;
  throw new HttpError(
    409,
    IN_TRASH,
    `${twin.name} (${twin.gender}, ${twin.nationality}) is in the trash, deleted by ${twin.deletedBy.email}: restore it instead (id ${twin.id})`,
    'name',
    { trashed: twins },
  );
}

/** Names by id, or the names of one deletion still in the trash (with `limit`: its first `limit` by id). */
export type TrashSelection = { nameIds: readonly number[] } | { deletionId: number; limit?: number };

interface LockedTrashRow {
  id: string | number;
  name: string;
  gender: string;
  nationality: string;
  deletion_id: string | number;
  swipes: number | string;
  matches: number | string;
}

const idList = (ids: readonly (string | number)[]) => {
  const shown = ids.slice(0, 10).join(', ');
  return ids.length > 10 ? `${shown}, … (${ids.length} in all)` : shown;
};

async function lockTrashed(tx: Queryable, selection: TrashSelection): Promise<LockedTrashRow[]> {
  const byDeletion = 'deletionId' in selection;
  const { rows } = await tx.query<LockedTrashRow>(
    `SELECT id, name, gender, nationality, deletion_id, swipes, matches FROM names_trash
      WHERE ${byDeletion ? 'deletion_id = $1' : 'id = ANY($1::bigint[])'} ORDER BY id LIMIT $2 FOR UPDATE`,
    [byDeletion ? selection.deletionId : selection.nameIds, byDeletion ? (selection.limit ?? null) : null],
  );
  if (byDeletion) {
    if (rows.length === 0) throw notFound(`Nothing of deletion ${selection.deletionId} is in the trash`);
    return rows;
  }
  const found = new Set(rows.map((r) => num(r.id)));
  const missing = selection.nameIds.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const { rows: live } = await tx.query<{ id: string | number }>('SELECT id FROM names WHERE id = ANY($1::bigint[])', [missing]);
    const liveIds = new Set(live.map((r) => num(r.id)));
    const parts = [
      ...(liveIds.size > 0 ? [`not in the trash (live names): ${idList([...liveIds])}`] : []),
      ...(missing.length > liveIds.size ? [`no name in the trash with id ${idList(missing.filter((id) => !liveIds.has(id)))}`] : []),
    ];
    throw notFound(`Nothing was changed: ${parts.join('; ')}`);
  }
  return rows;
}

/**
 * The columns of names as they are now (whichever migrations added them) except generated ones, quoted: a
 * restore writes every one the record kept, and PostgreSQL computes the generated ones (search_key, migration
 * 100) itself, refusing any value for them.
 */
async function storedNameColumns(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ column_name: string }>(
    `SELECT quote_ident(attname) AS column_name FROM pg_attribute
      WHERE attrelid = 'names'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
  );
  return rows.map((r) => r.column_name);
}

export interface RestoreResult {
  restored: NameRecord[];
  swipes: number;
  matches: number;
  deletionIds: number[];
  /** import runs whose undo was wholly restored (back to the state they had before it) */
  importRunsRestored: number[];
  /** a part of a deletion (`limit`): its names still in the trash */
  remaining?: number;
}

/**
 * Brings names back from the trash exactly as they were: the same row (id, created_at, import run, and version: the
 * record is again what that version was, so an import's undo still tells its untouched names from edited ones),
 * then their swipes with their ids, which the summaries' triggers count again.
 * All or nothing: a name whose name, gender and nationality is live again refuses the restore (409, named).
 */
export async function restoreFromTrash(tx: Queryable, selection: TrashSelection): Promise<RestoreResult> {
  const rows = await lockTrashed(tx, selection);
  const ids = rows.map((r) => num(r.id));
  // A part of a deletion checks the whole deletion: a twin found only in its last part would leave it half restored.
  const wholeDeletion = 'deletionId' in selection && selection.limit !== undefined;
  const { rows: twins } = await tx.query<{ id: string | number; name: string; live_id: string | number }>(
    `SELECT t.id, t.name, n.id AS live_id FROM names_trash t
       JOIN names n ON lower(n.name) = lower(t.name) AND n.gender = t.gender AND lower(n.nationality) = lower(t.nationality)
      WHERE ${wholeDeletion ? 't.deletion_id = $1' : 't.id = ANY($1::bigint[])'} ORDER BY t.id`,
    [wholeDeletion ? (selection as { deletionId: number }).deletionId : ids],
  );
  const selfTwins = duplicatesWithin(rows);
  if (twins.length > 0 || selfTwins.length > 0) {
    const described = [
      ...twins.slice(0, 5).map((t) => `${t.name} (id ${num(t.id)}) is live again as id ${num(t.live_id)}`),
      ...selfTwins.slice(0, 5).map((t) => `${t.name} is in the selection twice (ids ${t.ids.join(', ')})`),
    ];
    throw conflict(
      `Nothing was restored: ${described.join('; ')}. Delete or rename the live name first, or restore the others.`,
      'nameIds',
    );
  }
  const columns = await storedNameColumns(tx);
  const { rows: restoredRows } = await tx.query<NameRow>(
    `INSERT INTO names (${columns.join(', ')}) OVERRIDING SYSTEM VALUE
     SELECT ${columns.map((c) => `r.${c}`).join(', ')}
       FROM names_trash t
       CROSS JOIN LATERAL jsonb_populate_record(NULL::names,
               -- a name trashed before Database Admin's migration added random_seed (NOT NULL) gets one as the others did
               t.record || CASE WHEN t.record ? 'random_seed' THEN '{}'::jsonb ELSE jsonb_build_object('random_seed', random()) END) r
      WHERE t.id = ANY($1::bigint[]) ORDER BY t.id
     RETURNING ${NAME_COLUMNS}`,
    [ids],
  );
  const { rows: swipes } = await tx.query<{ n: string | number }>(
    `WITH moved AS (
       DELETE FROM swipes_trash WHERE name_id = ANY($1::bigint[]) RETURNING id, user_id, name_id, liked, decision_time_ms, created_at
     ), back AS (
       INSERT INTO swipes (id, user_id, name_id, liked, decision_time_ms, created_at) OVERRIDING SYSTEM VALUE
       SELECT * FROM moved ORDER BY id RETURNING 1
     ) SELECT count(*) AS n FROM back`,
    [ids],
  );
  await tx.query('DELETE FROM names_trash WHERE id = ANY($1::bigint[])', [ids]);
  const deletionIds = [...new Set(rows.map((r) => num(r.deletion_id)))];
  const { rows: runs } = await tx.query<{ id: string | number }>(
    `UPDATE import_runs r
        SET state = coalesce(r.state_before_undo, 'done'), undone_at = NULL, undone_by = NULL, rows_undone = NULL, state_before_undo = NULL
       FROM name_deletions d
      WHERE d.id = ANY($1::bigint[]) AND d.kind = 'import_undo' AND d.import_run_id = r.id AND r.state = 'undone'
        AND NOT EXISTS (SELECT 1 FROM names_trash t WHERE t.deletion_id = d.id)
      RETURNING r.id`,
    [deletionIds],
  );
  const impact = await namesImpact(tx, ids);
  let remaining: number | undefined;
  if (wholeDeletion) {
    const { rows: left } = await tx.query<{ n: string | number }>('SELECT count(*) AS n FROM names_trash WHERE deletion_id = $1', [
      (selection as { deletionId: number }).deletionId,
    ]);
    remaining = num(left[0]?.n);
  }
  return {
    remaining,
    restored: restoredRows.map(toNameRecord),
    swipes: num(swipes[0]?.n),
    matches: impact.matches,
    deletionIds,
    importRunsRestored: runs.map((r) => num(r.id)),
  };
}

function duplicatesWithin(rows: readonly LockedTrashRow[]): { name: string; ids: number[] }[] {
  const groups = new Map<string, { name: string; ids: number[] }>();
  for (const row of rows) {
    const key = `${row.name.toLowerCase()}\u0000${row.gender}\u0000${row.nationality.toLowerCase()}`;
    const group = groups.get(key) ?? { name: row.name, ids: [] };
    group.ids.push(num(row.id));
    groups.set(key, group);
  }
  return [...groups.values()].filter((g) => g.ids.length > 1);
}

export interface PurgeResult {
  purged: { id: number; name: string; gender: string; nationality: string; swipes: number; matches: number }[];
  swipes: number;
  matches: number;
}

const PURGED_COLUMNS = 'id, name, gender, nationality, swipes, matches';
type PurgedRow = {
  id: string | number;
  name: string;
  gender: string;
  nationality: string;
  swipes: number | string;
  matches: number | string;
};

function toPurgeResult(rows: readonly PurgedRow[]): PurgeResult {
  const purged = rows.map((r) => ({
    id: num(r.id),
    name: r.name,
    gender: r.gender,
    nationality: r.nationality,
    swipes: num(r.swipes),
    matches: num(r.matches),
  }));
  return {
    purged,
    swipes: purged.reduce((sum, p) => sum + p.swipes, 0),
    matches: purged.reduce((sum, p) => sum + p.matches, 0),
  };
}

/** Deletes names in the trash forever, with their swipes (the foreign key cascades from names_trash). */
export async function purgeFromTrash(tx: Queryable, ids: readonly number[]): Promise<PurgeResult> {
  await lockTrashed(tx, { nameIds: ids });
  const { rows } = await tx.query<PurgedRow>(`DELETE FROM names_trash WHERE id = ANY($1::bigint[]) RETURNING ${PURGED_COLUMNS}`, [ids]);
  return toPurgeResult(rows);
}

/**
 * One batch of the retention purge: names deleted more than `retentionDays` ago, oldest first. SKIP LOCKED lets
 * two server processes purge side by side, and a restore holding a row is neither waited for nor undone.
 */
export async function purgeExpiredBatch(tx: Queryable, retentionDays: number, batchSize: number): Promise<PurgeResult> {
  const { rows } = await tx.query<PurgedRow>(
    `DELETE FROM names_trash WHERE id IN (
       SELECT id FROM names_trash WHERE deleted_at < now() - $1 * interval '1 day'
        ORDER BY deleted_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
     ) RETURNING ${PURGED_COLUMNS}`,
    [retentionDays, batchSize],
  );
  return toPurgeResult(rows);
}
