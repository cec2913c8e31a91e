// A record's history (contract/dataSafety.ts): every console action on a name or a user (as its target, or as one
// of the records a bulk action touched), a user's app audit events, and the import that created a name, newest
// first, paged by a keyset cursor like the Audit Logs (audit/auditTrail.ts). Each console change is told field by
// field, and says whether POST /api/history/revert can take it back now.
import type { HistoryTargetType } from '../../../contract/dataSafety';
import type { HistoryChange, HistoryEntry, RecordHistory } from '../../../contract/schemas/dataSafety';
import { impactText } from '../../../contract/dataSafety';
import { OPERATOR_ACTIONS } from '../../../contract/operators';
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import type { NameRecord } from '../../../contract/schemas/names';
import { EXACT_TIMESTAMP, exactTimestampSql } from '../db/exactTimestamp';
import type { Queryable } from '../db/types';
import { badRequest } from '../http/errors';
import { NAME_COLUMNS, toNameRecord } from '../names/repository';
import { toUserRecord, type UserRow } from '../users/userRecord';

type Source = HistoryEntry['source'];
/** Among entries of one instant: the import first, then the app's events, then the console's actions. */
const RANK: Record<Source, number> = { import: 2, app: 1, console: 0 };

interface Cursor {
  timestamp: string;
  rank: number;
  id: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.timestamp, c.rank, c.id])).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [timestamp, rank, id] = parsed as unknown[];
      if (
        typeof timestamp === 'string' &&
        EXACT_TIMESTAMP.test(timestamp) &&
        !Number.isNaN(Date.parse(timestamp)) &&
        (rank === 0 || rank === 1 || rank === 2) &&
        typeof id === 'number' &&
        Number.isSafeInteger(id) &&
        id >= 1
      ) {
        return { timestamp, rank, id };
      }
    }
  } catch {
    // fall through
  }
  throw badRequest('before is not a cursor this server gave out', 'before');
}

/** The record as it is now: live, in the trash (a name), or gone. */
export type RecordState =
  | { state: 'live'; current: NameRecord | UserRecord }
  | { state: 'trash'; current: NameRecord; deletionId: number }
  | { state: 'gone'; current: null };

export async function readNameState(db: Queryable, id: number): Promise<RecordState> {
  const { rows } = await db.query<Parameters<typeof toNameRecord>[0]>(`SELECT ${NAME_COLUMNS} FROM names WHERE id = $1`, [id]);
  if (rows[0]) return { state: 'live', current: toNameRecord(rows[0]) };
  const { rows: trashed } = await db.query<{ record: Record<string, unknown>; deletion_id: string | number }>(
    'SELECT record, deletion_id FROM names_trash WHERE id = $1',
    [id],
  );
  if (trashed[0]) {
    const r = trashed[0].record;
    const current = toNameRecord({
      id: r.id as number,
      name: r.name as string,
      gender: r.gender as NameRecord['gender'],
      nationality: r.nationality as string,
      created_at: r.created_at as string,
      random_seed: (r.random_seed as number | undefined) ?? null,
      version: (r.version as number | undefined) ?? null,
    });
    return { state: 'trash', current, deletionId: Number(trashed[0].deletion_id) };
  }
  return { state: 'gone', current: null };
}

export async function readUserState(db: Queryable, uid: string): Promise<RecordState> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE uid = $1', [uid]);
  return rows[0] ? { state: 'live', current: toUserRecord(rows[0]) } : { state: 'gone', current: null };
}

interface HistoryRow {
  source: Source;
  rank: number;
  id: string | number;
  ts: string;
  actor_uid: string | null;
  actor_email: string | null;
  action: string;
  before: unknown;
  after: unknown;
  details: Record<string, unknown> | null;
}

const COLUMNS = (source: Source, t: string) => `'${source}'::text AS source, ${RANK[source]} AS rank, ${t}.id, ${t}.timestamp`;

/**
 * One branch of the union, newest first and bounded on its own (the union then merges at most limit + 1 rows per
 * branch): `where` selects the record's rows, the cursor condition continues after the last row shown.
 */
function branch(select: string, from: string, where: string, order: string, cursorTerm: string | null, limitParam: string): string {
  return `(SELECT ${select} FROM ${from} WHERE ${where}${cursorTerm ? ` AND ${cursorTerm}` : ''} ORDER BY ${order} LIMIT ${limitParam})`;
}

export async function readHistory(
  db: Queryable,
  targetType: HistoryTargetType,
  targetId: string,
  query: { limit: number; before?: string; appEvents: boolean },
): Promise<RecordHistory> {
  const cursor = query.before === undefined ? undefined : decodeCursor(query.before);
  const state = targetType === 'name' ? await readNameState(db, Number(targetId)) : await readUserState(db, targetId);
  const params: unknown[] = [targetType, targetId, query.limit + 1];
  let cursorIndex = 0;
  if (cursor) {
    params.push(cursor.timestamp, cursor.rank, cursor.id);
    cursorIndex = params.length - 2;
  }
  const after = (source: Source, column: string, id: string) =>
    cursor
      ? `(${column}, ${RANK[source]}, ${id}) < ($${cursorIndex}::timestamptz, $${cursorIndex + 1}::int, $${cursorIndex + 2}::bigint)`
      : null;
  const consoleSelect = `${COLUMNS('console', 'a')}, ${exactTimestampSql('a.timestamp')} AS ts, a.actor_uid, a.actor_email, a.action, a.before, a.after, a.details`;
  const branches = [
    branch(
      consoleSelect,
      'console_actions a',
      'a.target_type = $1 AND a.target_id = $2',
      'a.timestamp DESC, a.id DESC',
      after('console', 'a.timestamp', 'a.id'),
      '$3',
    ),
    branch(
      consoleSelect,
      'console_action_targets t JOIN console_actions a ON a.id = t.action_id',
      't.target_type = $1 AND t.target_id = $2',
      'a.timestamp DESC, a.id DESC',
      after('console', 'a.timestamp', 'a.id'),
      '$3',
    ),
  ];
  if (targetType === 'user' && query.appEvents) {
    branches.push(
      branch(
        `${COLUMNS('app', 'l')}, ${exactTimestampSql('l.timestamp')} AS ts, NULL AS actor_uid, NULL AS actor_email, l.event AS action,
         NULL::jsonb AS before, NULL::jsonb AS after,
         jsonb_build_object('lastSwipeDate', l.last_swipe_date, 'totalActiveTimeFormatted', l.total_active_time_formatted) AS details`,
        'audit_logs l',
        'l.user_id = $2',
        'l.timestamp DESC, l.id DESC',
        after('app', 'l.timestamp', 'l.id'),
        '$3',
      ),
    );
  } else if (targetType === 'name') {
    // The import that created the name (its run id is in the row, live or in the trash).
    branches.push(
      branch(
        `'import'::text AS source, ${RANK.import} AS rank, r.id, r.started_at AS timestamp, ${exactTimestampSql('r.started_at')} AS ts,
         r.actor_uid, r.actor_email, 'import' AS action, NULL::jsonb AS before, NULL::jsonb AS after,
         jsonb_build_object('fileName', r.file_name, 'runId', r.id) AS details`,
        'import_runs r',
        `r.id = (SELECT coalesce((SELECT n.import_run_id FROM names n WHERE n.id = $2::bigint),
                                 (SELECT (t.record ->> 'import_run_id')::bigint FROM names_trash t WHERE t.id = $2::bigint)))`,
        'r.started_at DESC',
        after('import', 'r.started_at', 'r.id'),
        '$3',
      ),
    );
  }
  const { rows } = await db.query<HistoryRow>(
    `SELECT source, rank, id, ts, actor_uid, actor_email, action, before, after, details FROM (${branches.join(' UNION ALL ')}) h
      ORDER BY timestamp DESC, rank DESC, id DESC LIMIT $3`,
    params,
  );
  const shown = rows.slice(0, query.limit);
  const last = shown[shown.length - 1];
  return {
    state: state.state,
    current: state.current,
    entries: shown.map((row) => toEntry(row, targetType, targetId, state)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ timestamp: last.ts, rank: Number(last.rank), id: Number(last.id) }) : null,
  };
}

const NAME_FIELDS = ['name', 'gender', 'nationality'] as const;
const USER_FIELDS = ['isPremium', 'accountActive'] as const;

/** The fields a change set, before -> after (only those it changed). */
export function changedFields(before: unknown, after: unknown, fields: readonly string[]): HistoryChange[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  return fields.filter((f) => f in a && b[f] !== a[f]).map((field) => ({ field, before: b[field] ?? null, after: a[field] }));
}

/** The element of a bulk action's list that is this record. */
function pickRecord(list: unknown, idKey: string, targetId: string): Record<string, unknown> | null {
  if (!Array.isArray(list)) return (list as Record<string, unknown> | null) ?? null;
  return (list.find((r) => String((r as Record<string, unknown>)[idKey]) === targetId) as Record<string, unknown>) ?? null;
}

const UPDATE_ACTIONS = new Set(['name.update', 'name.revert', 'user.update', 'user.revert']);
const TRASH_ACTIONS = new Set(['name.delete', 'names.bulk_delete', 'import.undo', 'names.filter_delete']);

export const isUpdateAction = (action: string) => UPDATE_ACTIONS.has(action);
export const isTrashAction = (action: string) => TRASH_ACTIONS.has(action);
export const fieldsOf = (targetType: HistoryTargetType) => (targetType === 'name' ? NAME_FIELDS : USER_FIELDS);

/** Whether the change's fields still hold what it wrote: then reverting it undoes exactly it. */
export function stillAsChanged(changes: readonly HistoryChange[], current: unknown): boolean {
  const now = (current ?? {}) as Record<string, unknown>;
  return changes.length > 0 && changes.every((c) => now[c.field] === c.after);
}

function toEntry(row: HistoryRow, targetType: HistoryTargetType, targetId: string, state: RecordState): HistoryEntry {
  const details = row.details ?? {};
  const actor = row.actor_uid ? { uid: row.actor_uid, email: row.actor_email ?? row.actor_uid } : null;
  const base = { id: `${row.source}:${row.id}`, source: row.source, at: new Date(row.ts).toISOString(), actor, action: row.action };
  if (row.source === 'app') {
    return { ...base, summary: `The app recorded ${row.action}`, changes: [], revertActionId: null };
  }
  if (row.source === 'import') {
    return {
      ...base,
      summary: `Created by importing ${String(details.fileName)} (import run ${Number(row.id)})`,
      changes: [],
      revertActionId: null,
    };
  }
  const fields = fieldsOf(targetType);
  const idKey = targetType === 'name' ? 'id' : 'uid';
  const actionId = Number(row.id);
  let changes: HistoryChange[] = [];
  let revertable = false;
  let summary: string;
  switch (row.action) {
    case 'name.create':
    case 'user.create':
      changes = changedFields(null, row.after, fields);
      summary = 'Added';
      break;
    case 'name.update':
    case 'user.update':
    case 'name.revert':
    case 'user.revert':
      changes = changedFields(row.before, row.after, fields);
      summary = row.action.endsWith('revert') ? 'Reverted an earlier change' : 'Edited';
      revertable = state.state === 'live' && stillAsChanged(changes, state.current);
      break;
    case 'name.delete':
    case 'names.bulk_delete':
    case 'import.undo': {
      const carried = row.action === 'name.delete' ? pickRecord(row.before, idKey, targetId) : null;
      const how =
        row.action === 'import.undo'
          ? 'by undoing its import'
          : row.action === 'names.bulk_delete'
            ? `with ${Number(details.deleted ?? 1) - 1} other selected names`
            : '';
      summary = `Moved to the trash${how ? ` ${how}` : ''}`;
      if (carried && typeof details.swipes === 'number') {
        summary = `Moved to the trash with ${impactText({ names: 1, swipes: details.swipes, matches: Number(details.matches ?? 0) }).replace(/^1 name with /, '')}`;
      }
      revertable = state.state === 'trash' && Number(details.deletionId) === state.deletionId;
      break;
    }
    // A job over every name matching a filter (names/bulkJobs.ts): one action for all its names.
    case 'names.filter_delete':
      summary = `Moved to the trash with the other names matching ${String(details.filterText ?? 'a filter')} (${Number(details.applied ?? 0).toLocaleString('en-US')} in all)`;
      revertable = state.state === 'trash' && Number(details.deletionId) === state.deletionId;
      break;
    case 'names.filter_edit': {
      const set = (details.set ?? {}) as Record<string, unknown>;
      const change = Object.entries(set)
        .map(([field, value]) => `${field} set to ${String(value)}`)
        .join(', ');
      summary = `Edited with the other names matching ${String(details.filterText ?? 'a filter')}: ${change}`;
      break;
    }
    case 'names.restore':
      summary = 'Restored from the trash';
      break;
    case 'names.purge':
      summary = 'Deleted forever from the trash';
      break;
    case 'names.purge_expired':
      summary = `Deleted forever: ${Number(details.retentionDays)} days in the trash`;
      break;
    case 'user.delete':
      summary = 'Deleted with their swipes and connections';
      break;
    case 'account.delete': {
      // Firebase mode: the hosted API's part (users/accountDeletion.ts), after the console deleted the Firestore record.
      const outcome = (details.authAccount as { outcome?: unknown } | undefined)?.outcome;
      summary =
        outcome === 'deleted'
          ? "Firebase Auth account and the hosted API's rows deleted"
          : outcome === 'not_found'
            ? "The hosted API's rows deleted (there was no Firebase Auth account)"
            : "The hosted API's rows deleted; the Firebase Auth account was not";
      break;
    }
    // Operators (contract/operators.ts): the user record's admin flag and its sign-in account.
    case OPERATOR_ACTIONS.grant:
      summary = details.created ? 'Created as an operator (admin)' : 'Made an operator (admin)';
      break;
    case OPERATOR_ACTIONS.revoke:
      summary = 'No longer an operator (admin); their sessions ended';
      break;
    case OPERATOR_ACTIONS.resetPassword:
      summary = details.passwordSet ? 'Password set from the command line; their sessions ended' : 'A one-time password link was made';
      break;
    case OPERATOR_ACTIONS.linkRedeemed:
      summary = details.kind === 'invite' ? 'Joined as an operator through an invitation' : 'Set a new password through a one-time link';
      break;
    case OPERATOR_ACTIONS.passwordChange:
      summary = 'Changed their own password; their other sessions ended';
      break;
    default:
      summary = row.action;
  }
  return { ...base, summary, changes, revertActionId: revertable ? actionId : null };
}
