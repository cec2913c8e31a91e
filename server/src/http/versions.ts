// Version-checked writes (contract/dataSafety.ts): a write that says which version of a record it was based on
// (If-Match) is refused with 409 when the record has moved on, and the answer carries the record as it is now and
// who changed it last, so the console can show both sides instead of overwriting silently.
import type { VersionConflict } from '../../../contract/schemas/dataSafety';
import { VERSION_CONFLICT } from '../../../contract/dataSafety';
import type { Queryable } from '../db/types';
import { HttpError } from './errors';

/** The version an If-Match header names (the contract's pattern let only "<digits>" through), or undefined. */
export function expectedVersion(headers: { 'if-match'?: string | string[] }): number | undefined {
  const value = headers['if-match'];
  if (typeof value !== 'string') return undefined;
  return Number(value.replace(/"/g, ''));
}

export interface LastChange {
  changedBy: { uid: string; email: string } | null;
  changedAt: string | null;
}

/**
 * The newest console action on a record: as its target, or as one of the records a bulk action touched
 * (console_action_targets, migration 060). Both reads are index ranges of one record's actions.
 */
export async function lastConsoleChange(db: Queryable, targetType: string, targetId: string | number): Promise<LastChange> {
  const { rows } = await db.query<{ actor_uid: string; actor_email: string; timestamp: Date | string }>(
    `SELECT actor_uid, actor_email, timestamp FROM (
       SELECT id, actor_uid, actor_email, timestamp FROM console_actions WHERE target_type = $1 AND target_id = $2
       UNION ALL
       SELECT a.id, a.actor_uid, a.actor_email, a.timestamp
         FROM console_action_targets t JOIN console_actions a ON a.id = t.action_id
        WHERE t.target_type = $1 AND t.target_id = $2
     ) changes ORDER BY timestamp DESC, id DESC LIMIT 1`,
    [targetType, String(targetId)],
  );
  const row = rows[0];
  if (!row) return { changedBy: null, changedAt: null };
  return { changedBy: { uid: row.actor_uid, email: row.actor_email }, changedAt: new Date(row.timestamp).toISOString() };
}

/**
 * Who changed a record last: the console's trail, unless the record says it was written later than that (a users
 * record's updatedAt, written by the app too): then nobody the console knows, at that time.
 */
export async function lastChange(
  db: Queryable,
  targetType: 'name' | 'user',
  targetId: string | number,
  recordUpdatedAt?: string | null,
): Promise<LastChange> {
  const trail = await lastConsoleChange(db, targetType, targetId);
  if (recordUpdatedAt && (!trail.changedAt || Date.parse(recordUpdatedAt) > Date.parse(trail.changedAt) + 1000)) {
    return { changedBy: null, changedAt: recordUpdatedAt };
  }
  return trail;
}

const versionWord = (kind: string) => (kind === 'name' ? 'name' : 'user record');

export function versionConflict(kind: 'name' | 'user', expected: number, conflict: VersionConflict): HttpError {
  const current = conflict.current as { version?: number } | null;
  const who = conflict.changedBy ? ` by ${conflict.changedBy.email}` : '';
  const when = conflict.changedAt ? ` at ${conflict.changedAt}` : '';
  return new HttpError(
    409,
    VERSION_CONFLICT,
    `The ${versionWord(kind)} was changed${who}${when} since you loaded it (your version ${expected}, now ${current?.version ?? '?'}): nothing was saved`,
    'if-match',
    { conflict },
  );
}

/** Refuses the write when the caller's version is not the record's (a write without one goes ahead). */
export async function checkVersion<R extends { version?: number; updatedAt?: string | null }>(
  db: Queryable,
  kind: 'name' | 'user',
  id: string | number,
  record: R,
  expected: number | undefined,
): Promise<void> {
  if (expected === undefined || record.version === expected) return;
  const last = await lastChange(db, kind, id, record.updatedAt);
  throw versionConflict(kind, expected, { current: record, ...last });
}
