// POST /api/history/revert: takes one change of the trail back as a new write, version-checked like any other and
// recorded as a revert of it. An edit is reverted by writing back the values it replaced, only while the record
// still holds what the edit wrote (a later change to those fields answers 409: revert that one first). A move to
// the trash is reverted by restoring the name. Nothing is written on any refusal.
import type { RevertResponse } from '../../../contract/schemas/dataSafety';
import type { UserRecord, UserFlagsUpdate } from '../../../contract/schemas/usersAudit';
import type { NameRecord } from '../../../contract/schemas/names';
import { nameValuesOf } from '../../../contract/namesInput';
import type { Actor } from '../audit/consoleActions';
import type { Db, Queryable } from '../db/types';
import { badRequest, conflict, gone, notFound } from '../http/errors';
import { checkVersion } from '../http/versions';
import { restoreNamesRecorded, updateNameRecorded } from '../names/nameWrites';
import { updateUserFlags } from '../users/userAdmin';
import { changedFields, fieldsOf, isTrashAction, isUpdateAction, readNameState, readUserState, stillAsChanged } from './recordHistory';

interface ActionRow {
  id: string | number;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  details: Record<string, unknown> | null;
}

async function loadAction(db: Queryable, actionId: number): Promise<ActionRow> {
  const { rows } = await db.query<ActionRow>(
    'SELECT id, action, target_type, target_id, before, after, details FROM console_actions WHERE id = $1',
    [actionId],
  );
  if (!rows[0]) throw notFound(`No console action ${actionId}`);
  return rows[0];
}

/** The record the revert is about: the action's own target, or (for an action on several) the one named. */
async function targetOf(db: Queryable, action: ActionRow, targetId: string | undefined): Promise<{ type: 'name' | 'user'; id: string }> {
  const type = action.action === 'import.undo' ? 'name' : action.target_type;
  if (type !== 'name' && type !== 'user')
    throw badRequest(`Action ${action.id} (${action.action}) changed no name or user record`, 'actionId');
  if (action.target_id !== null && action.action !== 'import.undo') {
    if (targetId !== undefined && targetId !== action.target_id) {
      throw badRequest(`Action ${action.id} changed ${type} ${action.target_id}, not ${targetId}`, 'targetId');
    }
    return { type, id: action.target_id };
  }
  if (targetId === undefined) throw badRequest(`Action ${action.id} touched several records: say which one (targetId)`, 'targetId');
  const { rows } = await db.query('SELECT 1 FROM console_action_targets WHERE action_id = $1 AND target_type = $2 AND target_id = $3', [
    action.id,
    type,
    targetId,
  ]);
  if (rows.length === 0) throw badRequest(`Action ${action.id} did not touch ${type} ${targetId}`, 'targetId');
  return { type, id: targetId };
}

const describe = (value: unknown) => (typeof value === 'string' ? `“${value}”` : String(value));

function refuseIfChangedSince(changes: ReturnType<typeof changedFields>, current: unknown): void {
  if (stillAsChanged(changes, current)) return;
  const now = (current ?? {}) as Record<string, unknown>;
  const moved = changes
    .filter((c) => now[c.field] !== c.after)
    .map((c) => `${c.field} is now ${describe(now[c.field])}, not ${describe(c.after)}`);
  throw conflict(
    `The record changed after this change (${moved.join('; ')}): revert the later change first. Nothing was written.`,
    'actionId',
  );
}

export async function revertChange(
  db: Db,
  actor: Actor,
  request: { actionId: number; targetId?: string; expectedVersion?: number },
  retentionDays: number,
): Promise<RevertResponse> {
  const action = await loadAction(db, request.actionId);
  const target = await targetOf(db, action, request.targetId);
  const details = { revertOf: Number(action.id), revertedAction: action.action };

  if (isTrashAction(action.action)) {
    if (target.type !== 'name') throw badRequest(`Action ${action.id} cannot be reverted`, 'actionId');
    return db.transaction(async (tx) => {
      const state = await readNameState(tx, Number(target.id));
      if (state.state === 'gone') throw gone(`Name ${target.id} was deleted forever: there is nothing to restore. Nothing was written.`);
      if (state.state === 'live') throw conflict(`Name ${target.id} is not in the trash (it was restored): nothing to revert`, 'actionId');
      if (state.deletionId !== Number(action.details?.deletionId)) {
        throw conflict(`Name ${target.id} is in the trash from a later deletion: revert that one`, 'actionId');
      }
      await checkVersion(tx, 'name', target.id, state.current, request.expectedVersion);
      const result = await restoreNamesRecorded(tx, actor, { nameIds: [Number(target.id)] }, details);
      return { state: 'live', current: result.restored[0] ?? null };
    });
  }

  if (!isUpdateAction(action.action)) throw badRequest(`A ${action.action} cannot be reverted from the history`, 'actionId');
  const changes = changedFields(action.before, action.after, fieldsOf(target.type));
  if (changes.length === 0) throw badRequest(`Action ${action.id} changed no field: nothing to revert`, 'actionId');
  const state = target.type === 'name' ? await readNameState(db, Number(target.id)) : await readUserState(db, target.id);
  if (state.state === 'gone') {
    throw gone(
      `${target.type === 'name' ? 'Name' : 'User'} ${target.id} was deleted${target.type === 'name' ? ' forever' : ''}: nothing to revert. Nothing was written.`,
    );
  }
  if (state.state === 'trash') throw conflict(`Name ${target.id} is in the trash: restore it first`, 'actionId');
  const guard = (before: NameRecord | UserRecord) => refuseIfChangedSince(changes, before);

  if (target.type === 'name') {
    const current = state.current as NameRecord;
    const restored = { ...current, ...Object.fromEntries(changes.map((c) => [c.field, c.before])) } as NameRecord;
    const parsed = nameValuesOf({ name: restored.name, gender: restored.gender, nationality: restored.nationality });
    if (!parsed.ok) throw badRequest(`The earlier values are no longer valid: ${parsed.error.message}`, parsed.error.field);
    const saved = await updateNameRecorded(db, actor, current.id, parsed.value, {
      expectedVersion: request.expectedVersion,
      retentionDays,
      action: 'name.revert',
      details,
      guard,
    });
    return { state: 'live', current: saved };
  }
  const update = Object.fromEntries(changes.map((c) => [c.field, c.before])) as UserFlagsUpdate;
  const saved = await updateUserFlags(db, actor, target.id, update, {
    expectedVersion: request.expectedVersion,
    action: 'user.revert',
    details,
    guard,
  });
  return { state: 'live', current: saved };
}
