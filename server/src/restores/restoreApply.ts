// Applying a checked restore (contract/backupRestore.ts says what the modes mean), in ONE transaction the caller
// opens (restoreRunner.ts): users, then names, connections and audit logs. Every write is set-based, from the
// staged rows (INSERT ... SELECT, UPDATE ... FROM) in slices of the file's rows, so that a million names cost a few
// dozen statements and the statement-level triggers that keep the counters and the analytics summaries (migrations
// 015, 030-032, 041, 042, 060) run once per slice, exactly as for any other write. Between slices the apply reports
// its progress and stops if a cancel was asked for: the transaction then rolls back and nothing was written.
import type { RestoreMode } from '../../../contract/backupRestore';
import type { RestorePlan, RestoreReport } from '../../../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS, type BackupCollection } from '../../../contract/exports';
import { USER_RECORD_DEFAULTS } from '../../../contract/usersAudit';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import type { Queryable, Transaction } from '../db/types';
import { hasRandomSeedColumn } from '../dbAdmin/randomSeedColumn';
import { moveNamesToTrash, restoreFromTrash } from '../names/trash';
import { writeBeforeBackup } from './beforeBackup';
import { LIVE_TABLES, stagedFigures, stagedWhere, type LiveTable, type StagedFigures } from './liveTables';
import { adminChanges, analyzeStaging, connectionsOutsideFile } from './restorePlan';
import { RESTORE_LOCK_CLASS, type RestoreRow } from './restoreSessions';
import { STAGED_COLUMNS } from './stagedRows';

/** Asked to stop between two slices: the transaction rolls back. */
export class RestoreCancelled extends Error {
  constructor(readonly by: string) {
    super(`Cancelled by ${by}`);
  }
}

/** A reason the restore cannot be applied as asked; nothing was written. */
export class RestoreRefused extends Error {}

export interface ApplyControl {
  /** Where the apply is; throws RestoreCancelled when a cancel was asked for. */
  checkpoint(step: string, done: number, total: number): Promise<void>;
}

export interface ApplyRequest {
  restore: RestoreRow;
  mode: RestoreMode;
  actor: Actor;
  confirmAdminChanges: boolean;
  /** where the current state is saved before a replace (BACKUP_DIR + the restore's beforeBackupFile) */
  beforeBackupPath: string;
}

/** Staged rows per statement: large enough that triggers run a few dozen times for a million rows, small enough to report progress. */
export const APPLY_SLICE_ROWS = 50_000;
/** Names per restoreFromTrash call (each reads its names back: bounded memory). */
const TRASH_SLICE = 50_000;

export const STEP_SAVING = 'saving the current state';

type CollectionReport = RestoreReport['collections'][BackupCollection];

interface Table extends LiveTable {
  /** ids come from an identity column: inserting the file's needs OVERRIDING SYSTEM VALUE */
  identity: boolean;
  /** NOT NULL columns whose default is now(): an insert without the field takes the apply's time */
  nowColumns: string[];
  /** the columns' defaults an insert takes when the file gives no value (the table's own, migration 001) */
  defaults: Record<string, unknown>;
  /**
   * instants the export writes to the millisecond (names' created_at keeps its microseconds): a record whose value
   * differs from the file's below the millisecond is the same record, not one to overwrite
   */
  millisecondColumns: string[];
}

const TABLES: Record<BackupCollection, Table> = {
  users: {
    ...LIVE_TABLES.users,
    identity: false,
    nowColumns: ['created_at', 'updated_at'],
    defaults: {
      account_active: USER_RECORD_DEFAULTS.accountActive,
      is_premium: USER_RECORD_DEFAULTS.isPremium,
      preferred_gender: USER_RECORD_DEFAULTS.preferredGender,
      preferred_nationality: USER_RECORD_DEFAULTS.preferredNationality,
      preferred_language: USER_RECORD_DEFAULTS.preferredLanguage,
      connection_request_sent: USER_RECORD_DEFAULTS.connectionRequestSent,
      daily_swipe_count: USER_RECORD_DEFAULTS.dailySwipeCount,
      is_admin: USER_RECORD_DEFAULTS.isAdmin,
      notification_settings: USER_RECORD_DEFAULTS.notificationSettings,
      total_active_time_formatted: USER_RECORD_DEFAULTS.totalActiveTimeFormatted,
      version: 1,
    },
    millisecondColumns: ['created_at', 'updated_at', 'last_login', 'last_active_date', 'last_swipe_date'],
  },
  names: {
    ...LIVE_TABLES.names,
    identity: true,
    nowColumns: ['created_at'],
    defaults: {},
    millisecondColumns: [],
  },
  connections: {
    ...LIVE_TABLES.connections,
    identity: true,
    nowColumns: ['created_at'],
    defaults: { status: 'confirmed' },
    millisecondColumns: ['created_at'],
  },
  audit_logs: {
    ...LIVE_TABLES.audit_logs,
    identity: true,
    nowColumns: [],
    defaults: {},
    millisecondColumns: ['timestamp', 'last_swipe_date'],
  },
};

const num = (value: unknown) => Number(value ?? 0);
const slice = (alias = 'r') => `${alias}.row_index >= $2 AND ${alias}.row_index < $3`;

/** The record a staged row makes: `base` (a jsonb expression) under the file's values, typed as the table's row. */
const populated = (t: Table, base: string) => `jsonb_populate_record(NULL::${t.table}, ${base} || r.payload)`;
const insertBase = (t: Table) =>
  `$4::jsonb${t.nowColumns.length > 0 ? ` || jsonb_build_object(${t.nowColumns.map((c) => `'${c}', now()`).join(', ')})` : ''}`;

interface Columns {
  /** what an insert writes */
  insert: string[];
  /** what an overwrite writes (not the key, not version: the version trigger of migration 061 grows it) */
  update: string[];
}

async function columnsOf(tx: Queryable, collection: BackupCollection): Promise<Columns> {
  let insert = [...STAGED_COLUMNS[collection]];
  if (collection === 'names' && !(await hasRandomSeedColumn(tx))) insert = insert.filter((c) => c !== 'random_seed');
  return { insert, update: insert.filter((c) => c !== TABLES[collection].key && c !== 'version') };
}

/** The slices of a collection's file rows, by position: [from, to). */
function* slices(read: number): Generator<[number, number]> {
  for (let from = 0; from < read; from += APPLY_SLICE_ROWS) yield [from, Math.min(read, from + APPLY_SLICE_ROWS)];
}

/** Inserts the staged rows whose key is nowhere yet, slice by slice. Answers the rows inserted. */
async function insertMissing(
  tx: Queryable,
  id: number,
  collection: BackupCollection,
  columns: Columns,
  read: number,
  step: (done: number) => Promise<void>,
): Promise<number> {
  const t = TABLES[collection];
  const values = columns.insert.map((c) => (c === 'random_seed' ? 'coalesce(p.random_seed, random())' : `p.${c}`));
  const extra =
    collection === 'names'
      ? // a name in the trash comes back from the trash (with its swipes), never as a new row
        'AND NOT EXISTS (SELECT 1 FROM names_trash x WHERE x.id = p.id)'
      : collection === 'connections'
        ? // its users must exist (the foreign keys): one gone since the check makes the row refused, not the restore
          'AND EXISTS (SELECT 1 FROM users a WHERE a.uid = p.user_a) AND EXISTS (SELECT 1 FROM users b WHERE b.uid = p.user_b)'
        : '';
  let added = 0;
  await step(0);
  for (const [from, to] of slices(read)) {
    // ON CONFLICT DO NOTHING (every unique index): a name whose name, gender and nationality another name holds
    // is not added (counted refused by the caller), rather than failing the whole restore.
    const result = await tx.query(
      `INSERT INTO ${t.table} (${columns.insert.join(', ')})${t.identity ? ' OVERRIDING SYSTEM VALUE' : ''}
       SELECT ${values.join(', ')}
         FROM backup_restore_rows r CROSS JOIN LATERAL ${populated(t, insertBase(t))} p
        WHERE ${stagedWhere(collection)} AND ${slice()}
          AND NOT EXISTS (SELECT 1 FROM ${t.table} l WHERE ${t.liveOf('l', 'r')}) ${extra}
        ORDER BY r.row_index
       ON CONFLICT DO NOTHING`,
      [id, from, to, JSON.stringify(t.defaults)],
    );
    added += result.affectedRows;
    await step(to);
  }
  return added;
}

/**
 * Overwrites live records with their staged rows where any written column differs (an identical record is left
 * alone: it keeps its version). `onlyIds`: just these records (names brought back from the trash). Answers the
 * records overwritten.
 */
async function overwriteChanged(
  tx: Queryable,
  id: number,
  collection: BackupCollection,
  columns: Columns,
  read: number,
  step: (done: number) => Promise<void>,
  onlyIds?: readonly number[],
): Promise<number> {
  const t = TABLES[collection];
  const set = columns.update;
  const compared = (alias: string) =>
    set.map((c) => (t.millisecondColumns.includes(c) ? `date_trunc('milliseconds', ${alias}.${c})` : `${alias}.${c}`)).join(', ');
  let replaced = 0;
  await step(0);
  for (const [from, to] of slices(read)) {
    const result = await tx.query(
      `WITH src AS (
         SELECT p.* FROM backup_restore_rows r
           JOIN ${t.table} l ON ${t.liveOf('l', 'r')}
           CROSS JOIN LATERAL ${populated(t, 'to_jsonb(l)')} p
          WHERE ${stagedWhere(collection)} AND ${slice()}${onlyIds ? ' AND l.id = ANY($4::bigint[])' : ''}
       )
       UPDATE ${t.table} l SET (${set.join(', ')}) = ROW(${set.map((c) => `s.${c}`).join(', ')})
         FROM src s
        WHERE l.${t.key} = s.${t.key}
          AND (${compared('l')}) IS DISTINCT FROM (${compared('s')})`,
      onlyIds ? [id, from, to, onlyIds] : [id, from, to],
    );
    replaced += result.affectedRows;
    await step(to);
  }
  return replaced;
}

/** Raises an identity column's sequence past the largest id now used, so the next new row gets a free id. */
async function raiseSequence(tx: Queryable, table: string, alsoIn?: string): Promise<void> {
  const max = alsoIn ? `greatest((SELECT max(id) FROM ${table}), (SELECT max(id) FROM ${alsoIn}))` : `(SELECT max(id) FROM ${table})`;
  await tx.query(
    `SELECT setval(s.seq, x.m) FROM (SELECT pg_get_serial_sequence('${table}', 'id')::regclass AS seq) s, (SELECT ${max} AS m) x
      WHERE x.m IS NOT NULL AND x.m > coalesce(pg_sequence_last_value(s.seq), 0)`,
  );
}

const IDENTITY = (alias: string) => `(lower(${alias}.name), ${alias}.gender, lower(${alias}.nationality))`;
const STAGED_IDENTITY = `(lower(r.payload ->> 'name'), r.payload ->> 'gender', lower(r.payload ->> 'nationality'))`;
/** A name's stand-in while it changes to another's: unique (its id) and never a real name (no backup name has U+0001). */
const TEMPORARY = (alias: string) => `${alias}.name || E'\\u0001' || ${alias}.id`;

/** The names among the staged ones that are in the trash now: the ids restoreFromTrash can bring back in this mode. */
async function trashedToRestore(tx: Queryable, id: number, mode: RestoreMode): Promise<number[]> {
  if (mode === 'replace') {
    // Replace brings every one back (a name whose trashed name clashes was renamed for a moment: see applyNames).
    const { rows } = await tx.query<{ id: number | string }>(
      `SELECT x.id FROM names_trash x JOIN backup_restore_rows r ON ${stagedWhere('names')} AND x.id = r.key::bigint ORDER BY x.id`,
      [id],
    );
    return rows.map((r) => num(r.id));
  }
  // Add changes no live name: a trashed name whose name, gender and nationality a live name holds (or another
  // trashed one of the file, with a smaller id) stays in the trash, counted refused.
  const { rows } = await tx.query<{ id: number | string }>(
    `SELECT x.id FROM names_trash x JOIN backup_restore_rows r ON ${stagedWhere('names')} AND x.id = r.key::bigint
      WHERE NOT EXISTS (SELECT 1 FROM names n WHERE ${IDENTITY('n')} = ${IDENTITY('x')})
        AND NOT EXISTS (SELECT 1 FROM names_trash y JOIN backup_restore_rows q ON ${stagedWhere('names', 'q')} AND y.id = q.key::bigint
                         WHERE ${IDENTITY('y')} = ${IDENTITY('x')} AND y.id < x.id)
      ORDER BY x.id`,
    [id],
  );
  return rows.map((r) => num(r.id));
}

async function restoreTrashed(tx: Queryable, ids: readonly number[], step: (done: number) => Promise<void>) {
  let restored = 0;
  let swipes = 0;
  if (ids.length > 0) await step(0);
  for (let from = 0; from < ids.length; from += TRASH_SLICE) {
    const result = await restoreFromTrash(tx, { nameIds: ids.slice(from, from + TRASH_SLICE) });
    restored += result.restored.length;
    swipes += result.swipes;
    await step(Math.min(ids.length, from + TRASH_SLICE));
  }
  return { restored, swipes };
}

export interface TakenWithUsers {
  swipes: number;
  connectionRequests: number;
  connections: number;
}

/** Replace: the users not in the file go, with what hangs off them (userAdmin.ts deleteUserRows, set-based). */
async function removeUsersNotInFile(tx: Queryable, id: number): Promise<{ removed: number; taken: TakenWithUsers }> {
  const gone = `SELECT u.uid FROM users u WHERE NOT EXISTS (SELECT 1 FROM backup_restore_rows r WHERE ${stagedWhere('users')} AND r.key = u.uid)`;
  const swipes = await tx.query(`DELETE FROM swipes WHERE user_id IN (${gone})`, [id]);
  const trashed = await tx.query(`DELETE FROM swipes_trash WHERE user_id IN (${gone})`, [id]);
  const requests = await tx.query(`DELETE FROM connection_requests WHERE from_user_id IN (${gone}) OR to_user_id IN (${gone})`, [id]);
  const connections = await tx.query(`DELETE FROM connections WHERE user_a IN (${gone}) OR user_b IN (${gone})`, [id]);
  // Their sign-in accounts (not part of a backup) stay: without a users record they cannot use the console.
  const users = await tx.query(`DELETE FROM users WHERE uid IN (${gone})`, [id]);
  return {
    removed: users.affectedRows,
    taken: {
      swipes: swipes.affectedRows + trashed.affectedRows,
      connectionRequests: requests.affectedRows,
      connections: connections.affectedRows,
    },
  };
}

/** Replace: live records of the collection that are not in the file are deleted. Answers how many. */
async function removeNotInFile(tx: Queryable, id: number, collection: 'connections' | 'audit_logs'): Promise<number> {
  const t = TABLES[collection];
  const result = await tx.query(
    `DELETE FROM ${t.table} l WHERE NOT EXISTS (SELECT 1 FROM backup_restore_rows r WHERE ${stagedWhere(collection)} AND ${t.stagedOf('l', 'r')})`,
    [id],
  );
  return result.affectedRows;
}

/**
 * Refuses a replace that would end the acting admin's own access (their record absent from the file, or the file
 * taking their admin right or their account away), as deleting or deactivating oneself is refused elsewhere.
 */
export async function refuseSelfLockout(db: Queryable, id: number, actor: Actor): Promise<void> {
  const { rows } = await db.query<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM backup_restore_rows WHERE restore_id = $1 AND collection = 'users' AND key = $2`,
    [id, actor.uid],
  );
  const own = rows[0]?.payload;
  const why = !own
    ? 'has no user record for you'
    : own.is_admin === false
      ? 'takes your admin right away'
      : own.account_active === false
        ? 'deactivates your account'
        : null;
  if (why) {
    throw new RestoreRefused(
      `The file ${why} (${actor.email}): replace would end your access to the console mid-way. Another admin must apply it, or use add.`,
    );
  }
}

/** The admin changes of the chosen mode, as the confirmation names them. */
export function adminChangeCount(changes: RestorePlan['adminChanges'], mode: RestoreMode): number {
  return mode === 'add' ? changes.add.granted : changes.replace.granted + changes.replace.revoked;
}

/** Refuses a restore whose admin changes in the chosen mode were not confirmed. */
export function refuseUnconfirmedAdminChanges(changes: RestorePlan['adminChanges'], mode: RestoreMode, confirmed: boolean): void {
  if (adminChangeCount(changes, mode) > 0 && !confirmed) {
    throw new RestoreRefused('This restore changes who is an admin, which was not confirmed (confirmAdminChanges)');
  }
}

/** A collection's report before anything is written: what the file holds, what it refused, nothing done yet. */
export function untouchedReport(restore: RestoreRow, c: BackupCollection): CollectionReport {
  return {
    read: restore.staged[c].read,
    added: 0,
    kept: 0,
    replaced: 0,
    removed: 0,
    restoredFromTrash: 0,
    refused: restore.staged[c].refused,
  };
}

export interface NamesOutcome {
  report: CollectionReport;
  namesSwipesToTrash: number;
  swipesBackFromTrash: number;
}

/**
 * The names of a restore, in `tx`: replace moves the names the file lacks to the trash and overwrites what changed;
 * both modes bring the file's names back from the trash and add the missing ones. Part of applyRestore; alone in
 * Firebase mode, where names are the only collection this database holds (restores/firestoreRestore.ts).
 */
export async function applyNames(
  tx: Queryable,
  request: Pick<ApplyRequest, 'restore' | 'mode' | 'actor'>,
  control: ApplyControl,
): Promise<NamesOutcome> {
  const { restore, mode, actor } = request;
  const id = Number(restore.id);
  const read = (c: BackupCollection) => restore.staged[c].read;
  const stepper = (step: string, total: number) => (done: number) => control.checkpoint(step, done, total);
  const overwriting = (c: BackupCollection) => stepper(`${c}: overwriting what changed`, read(c));
  const adding = (c: BackupCollection) => stepper(`${c}: adding what is missing`, read(c));
  const figures = { names: await stagedFigures(tx, id, 'names') };
  let namesSwipesToTrash = 0;
  let swipesBackFromTrash = 0;
  const c = 'names';
  const r = untouchedReport(restore, c);
  const columns = await columnsOf(tx, c);
  await control.checkpoint(c, 0, read(c));
  if (mode === 'replace') {
    const { rows: extra } = await tx.query<{ id: number | string }>(
      `SELECT n.id FROM names n WHERE NOT EXISTS (SELECT 1 FROM backup_restore_rows r WHERE ${stagedWhere(c)} AND r.key = n.id::text) ORDER BY n.id`,
      [id],
    );
    if (extra.length > 0) {
      await control.checkpoint(`${c}: moving what the file lacks to the trash`, 0, extra.length);
      const move = await moveNamesToTrash(
        tx,
        actor,
        extra.map((e) => num(e.id)),
        { kind: 'restore_replace' },
      );
      r.removed = move.moved.length;
      namesSwipesToTrash = move.swipes;
    }
    // Names are unique by name, gender and nationality: a name that takes another's (names swapped, a trashed
    // name coming back beside a live one renamed since) would collide half-way. Each name whose three change
    // takes a stand-in first; the writes below give every name the file's own, which are unique (the check).
    await tx.query(
      `UPDATE names n SET name = ${TEMPORARY('n')} FROM backup_restore_rows r
        WHERE ${stagedWhere(c)} AND n.id = r.key::bigint AND ${IDENTITY('n')} IS DISTINCT FROM ${STAGED_IDENTITY}`,
      [id],
    );
    await tx.query(
      `UPDATE names_trash x SET name = ${TEMPORARY('x')}, record = jsonb_set(x.record, '{name}', to_jsonb(${TEMPORARY('x')}))
         FROM backup_restore_rows r
        WHERE ${stagedWhere(c)} AND x.id = r.key::bigint AND ${IDENTITY('x')} IS DISTINCT FROM ${STAGED_IDENTITY}`,
      [id],
    );
    r.replaced = await overwriteChanged(tx, id, c, columns, read(c), overwriting(c));
  }
  const trashed = await trashedToRestore(tx, id, mode);
  const back = await restoreTrashed(tx, trashed, (done) => control.checkpoint(`${c}: from the trash`, done, trashed.length));
  r.restoredFromTrash = back.restored;
  swipesBackFromTrash = back.swipes;
  // Replace: the names back from the trash take the file's values too (counted as restored, not replaced).
  if (mode === 'replace' && trashed.length > 0) await overwriteChanged(tx, id, c, columns, read(c), overwriting(c), trashed);
  r.added = await insertMissing(tx, id, c, columns, read(c), adding(c));
  r.kept = figures[c].existing - r.replaced;
  r.refused += figures[c].inTrash - r.restoredFromTrash + (figures[c].missing - r.added);
  await raiseSequence(tx, 'names', 'names_trash');
  return { report: r, namesSwipesToTrash, swipesBackFromTrash };
}

export interface ApplyOutcome {
  report: RestoreReport;
  takenWithUsers: TakenWithUsers;
  namesSwipesToTrash: number;
  swipesBackFromTrash: number;
  adminChanges: RestorePlan['adminChanges'];
}

/**
 * The apply itself, in `tx` (the caller's transaction, which it commits when this returns and rolls back when it
 * throws). Ends by recording the restore on the console-action trail and marking it done, in the same transaction.
 */
export async function applyRestore(tx: Transaction, request: ApplyRequest, control: ApplyControl): Promise<ApplyOutcome> {
  const { restore, mode, actor } = request;
  const id = Number(restore.id);
  // Held to the end: a server that starts meanwhile sees the restore is being applied (restoreSessions.ts).
  await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [RESTORE_LOCK_CLASS, id]);
  // A million names go in a few set-based statements of tens of seconds each: the request-sized statement_timeout
  // (DB_STATEMENT_TIMEOUT_MS) would cancel the restore, which runs in the background and checks for Cancel itself.
  // (PGlite accepts the setting and enforces none: the same line is harmless there, as in migrate.ts.)
  await tx.query('SET LOCAL statement_timeout = 0');
  await analyzeStaging(tx);
  if (mode === 'replace') {
    // The four collections become the file: no other write may land in them meanwhile (reads go on).
    await tx.query('LOCK TABLE users, names, connections, audit_logs IN SHARE ROW EXCLUSIVE MODE');
    await refuseSelfLockout(tx, id, actor);
    const outside = await connectionsOutsideFile(tx, id);
    if (outside > 0) throw new RestoreRefused(`${outside} connections in the file name users who are not in it`);
  }
  const changes = await adminChanges(tx, id);
  refuseUnconfirmedAdminChanges(changes, mode, request.confirmAdminChanges);

  const figures = {} as Record<BackupCollection, StagedFigures>;
  for (const collection of BACKUP_COLLECTIONS) figures[collection] = await stagedFigures(tx, id, collection);
  const read = (c: BackupCollection) => restore.staged[c].read;
  const report = {} as RestoreReport['collections'];
  const base = (c: BackupCollection) => untouchedReport(restore, c);
  const stepper = (step: string, total: number) => (done: number) => control.checkpoint(step, done, total);
  const overwriting = (c: BackupCollection) => stepper(`${c}: overwriting what changed`, read(c));
  const adding = (c: BackupCollection) => stepper(`${c}: adding what is missing`, read(c));

  if (mode === 'replace') {
    const total = BACKUP_COLLECTIONS.reduce((sum, c) => sum + figures[c].existing + figures[c].extra, 0);
    await control.checkpoint(STEP_SAVING, 0, total);
    await writeBeforeBackup(tx, request.beforeBackupPath, stepper(STEP_SAVING, total));
  }

  // users
  let takenWithUsers: TakenWithUsers = { swipes: 0, connectionRequests: 0, connections: 0 };
  {
    const c = 'users';
    const r = (report[c] = base(c));
    const columns = await columnsOf(tx, c);
    await control.checkpoint(c, 0, read(c));
    if (mode === 'replace') {
      const removal = await removeUsersNotInFile(tx, id);
      r.removed = removal.removed;
      takenWithUsers = removal.taken;
      r.replaced = await overwriteChanged(tx, id, c, columns, read(c), overwriting(c));
    }
    r.added = await insertMissing(tx, id, c, columns, read(c), adding(c));
    r.kept = figures[c].existing - r.replaced;
    r.refused += figures[c].missing - r.added;
  }

  // names
  const names = await applyNames(tx, request, control);
  report.names = names.report;
  const { namesSwipesToTrash, swipesBackFromTrash } = names;

  for (const c of ['connections', 'audit_logs'] as const) {
    const r = (report[c] = base(c));
    const columns = await columnsOf(tx, c);
    await control.checkpoint(c, 0, read(c));
    if (mode === 'replace') {
      // Connections of the users removed above went with them: all were outside the file (checked first).
      await removeNotInFile(tx, id, c);
      r.removed = figures[c].extra;
      r.replaced = await overwriteChanged(tx, id, c, columns, read(c), overwriting(c));
    }
    r.added = await insertMissing(tx, id, c, columns, read(c), adding(c));
    r.kept = figures[c].existing - r.replaced;
    r.refused += figures[c].missing - r.added;
    await raiseSequence(tx, c);
  }

  const outcome: ApplyOutcome = {
    report: { collections: report, beforeBackupFile: mode === 'replace' ? restore.before_backup_file : null },
    takenWithUsers,
    namesSwipesToTrash,
    swipesBackFromTrash,
    adminChanges: changes,
  };
  await recordConsoleAction(tx, actor, {
    action: 'backup.restore',
    targetType: 'backup_restore',
    targetId: id,
    details: {
      fileName: restore.file_name,
      fileSize: Number(restore.file_size),
      mode,
      collections: report,
      beforeBackupFile: outcome.report.beforeBackupFile,
      takenWithUsers,
      namesSwipesToTrash,
      swipesBackFromTrash,
      adminChanges: mode === 'add' ? changes.add : changes.replace,
    },
  });
  await tx.query(
    `UPDATE backup_restores SET state = 'done', report = $2::jsonb, progress = NULL, failure = NULL, finished_at = now(), last_activity_at = now()
      WHERE id = $1`,
    [id, JSON.stringify(outcome.report)],
  );
  return outcome;
}
