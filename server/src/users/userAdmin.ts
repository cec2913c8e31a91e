// The two writes User Management makes: the premium / active flags and deleting a user with everything
// that hangs off them. Each runs in one transaction with its console-action record (and, for a deletion,
// the app's ACCOUNT_DELETED event), so all of it lands or none of it does.
import type { UserRecord, DeletedUserRows, DeleteUserResponse, UserFlagsUpdate } from '../../../contract/schemas/usersAudit';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import type { Db, Queryable } from '../db/types';
import { conflict, notFound } from '../http/errors';
import { checkVersion } from '../http/versions';
import { refuseLastActiveAdmin } from '../operators/activeAdmins';
import { createUserRecord, toUserRecord, type NewUser, type UserRow } from './userRecord';

const FLAGS = ['isPremium', 'accountActive'] as const;
type Flag = (typeof FLAGS)[number];
const COLUMN: Record<Flag, string> = { isPremium: 'is_premium', accountActive: 'account_active' };

export interface UserWriteOptions {
  /** If-Match: the version the caller was shown; a record changed since is refused (409) */
  expectedVersion?: number;
  /** the trail's name for the write (a revert is a flag update too, recorded as what it was) */
  action?: 'user.update' | 'user.revert';
  details?: unknown;
  /** a check of the locked record before the write (a revert's: the change is still what the record holds) */
  guard?: (before: UserRecord) => void;
}

export async function updateUserFlags(
  db: Db,
  actor: Actor,
  uid: string,
  update: UserFlagsUpdate,
  options: UserWriteOptions = {},
): Promise<UserRecord> {
  if (uid === actor.uid && update.accountActive === false) {
    throw conflict('You cannot deactivate your own account: another admin must do it', 'accountActive');
  }
  const flags = FLAGS.filter((flag) => update[flag] !== undefined);
  return db.transaction(async (tx) => {
    // The console must keep someone who can sign in (operators/activeAdmins.ts locks the admins before the target).
    if (update.accountActive === false) await refuseLastActiveAdmin(tx, uid, 'deactivate');
    const { rows: current } = await tx.query<UserRow>('SELECT * FROM users WHERE uid = $1 FOR UPDATE', [uid]);
    if (!current[0]) throw notFound(`No user record ${uid}`);
    const before = toUserRecord(current[0]);
    await checkVersion(tx, 'user', uid, before, options.expectedVersion);
    options.guard?.(before);
    const assignments = flags.map((flag, i) => `${COLUMN[flag]} = $${i + 2}`);
    const { rows } = await tx.query<UserRow>(`UPDATE users SET ${assignments.join(', ')}, updated_at = now() WHERE uid = $1 RETURNING *`, [
      uid,
      ...flags.map((flag) => update[flag]),
    ]);
    const after = toUserRecord(rows[0]!);
    const pick = (record: UserRecord) => Object.fromEntries(flags.map((flag) => [flag, record[flag]]));
    await recordConsoleAction(tx, actor, {
      action: options.action ?? 'user.update',
      targetType: 'user',
      targetId: uid,
      before: pick(before),
      after: pick(after),
      details: options.details,
    });
    return after;
  });
}

export async function deleteUser(db: Db, actor: Actor, uid: string, expectedVersion?: number): Promise<DeleteUserResponse> {
  if (uid === actor.uid) throw conflict('You cannot delete your own account: another admin must do it', 'uid');
  return db.transaction(async (tx) => {
    await refuseLastActiveAdmin(tx, uid, 'delete');
    const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE uid = $1 FOR UPDATE', [uid]);
    if (!rows[0]) throw notFound(`No user record ${uid}`);
    const record = toUserRecord(rows[0]);
    await checkVersion(tx, 'user', uid, record, expectedVersion);
    const deleted: DeleteUserResponse['deleted'] = await deleteUserRows(tx, uid);
    // What the mobile app writes when an account goes away.
    await tx.query(
      `INSERT INTO audit_logs (event, user_id, last_swipe_date, total_active_time_formatted) VALUES ('ACCOUNT_DELETED', $1, $2, $3)`,
      [uid, record.lastSwipeDate, record.totalActiveTimeFormatted],
    );
    await recordConsoleAction(tx, actor, { action: 'user.delete', targetType: 'user', targetId: uid, before: record, details: deleted });
    return { uid, deleted };
  });
}

/**
 * Deletes every row of one user: their swipes (on live names and on names in the trash), connection requests and
 * connections either way, partners' links to them, the users row and the sign-in account row. The one deletion
 * code, for DELETE /api/users/:uid (above) and the hosted API's DELETE /api/accounts/:uid (accountDeletion.ts).
 * The caller runs it in its transaction, with the users row locked when there is one. The tables' triggers keep
 * row_counters (migration 015), the analytics summaries (030, 032) and user_group_counts (042) right.
 */
export async function deleteUserRows(tx: Queryable, uid: string): Promise<DeletedUserRows & { account: boolean }> {
  // Explicit deletes (the foreign keys would cascade) so the caller can say how much went with the record.
  const swipes = await tx.query('DELETE FROM swipes WHERE user_id = $1', [uid]);
  // Their swipes on names in the trash go too (the foreign key would cascade): counted with the others.
  const trashedSwipes = await tx.query('DELETE FROM swipes_trash WHERE user_id = $1', [uid]);
  const requests = await tx.query('DELETE FROM connection_requests WHERE from_user_id = $1 OR to_user_id = $1', [uid]);
  const connections = await tx.query('DELETE FROM connections WHERE user_a = $1 OR user_b = $1', [uid]);
  // A partner's record must not point at a user who no longer exists.
  const partners = await tx.query(
    'UPDATE users SET connected_user_id = NULL, connection_status = NULL, updated_at = now() WHERE connected_user_id = $1 AND uid <> $1',
    [uid],
  );
  const user = await tx.query('DELETE FROM users WHERE uid = $1', [uid]);
  const account = await tx.query('DELETE FROM accounts WHERE uid = $1', [uid]);
  return {
    user: user.affectedRows > 0,
    account: account.affectedRows > 0,
    swipes: swipes.affectedRows + trashedSwipes.affectedRows,
    connectionRequests: requests.affectedRows,
    connections: connections.affectedRows,
    partnersUnlinked: partners.affectedRows,
  };
}

/**
 * POST /api/users: the record, the app's own USER_CREATED audit event (as the app writes one for a sign-up) and the
 * console action, in one transaction; null when a record with that uid exists (nothing written).
 */
export async function createUserRecorded(db: Db, actor: Actor, user: NewUser): Promise<UserRecord | null> {
  return db.transaction(async (tx) => {
    const created = await createUserRecord(tx, user);
    if (created) {
      await tx.query(`INSERT INTO audit_logs (event, user_id, total_active_time_formatted) VALUES ('USER_CREATED', $1, $2)`, [
        user.uid,
        created.totalActiveTimeFormatted,
      ]);
      await recordConsoleAction(tx, actor, { action: 'user.create', targetType: 'user', targetId: user.uid, after: created });
    }
    return created;
  });
}
