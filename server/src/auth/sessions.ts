// Session state kept in the database (migration 020): signed-out sessions and the account version
// every token must match. One query per guarded request reads both.
import type { Queryable } from '../db/types';
import { ACCOUNT_WITH_ROLE_COLUMNS, accountWithRole, type AccountWithRole, type AccountWithRoleRow } from './accounts';
import { sessionHardEnd, type VerifiedSession } from './tokens';

export type SessionCheck = { ok: true; account: AccountWithRole } | { ok: false; reason: string };

/** Why a signed, unexpired token no longer opens a session, worded for the operator who sees it. */
export const SESSION_ENDED = {
  unknownAccount: 'Invalid or expired session',
  signedOut: 'This session was signed out. Please sign in again.',
  accountChanged: 'This session has ended because the account changed (role, status or password). Please sign in again.',
  inactive: 'This account is deactivated.',
  maxLength: 'This session has reached its maximum length. Please sign in again.',
} as const;

/**
 * Is the session of a verified token still live? The account must exist, be active (when it has a
 * record), carry the token's session version, and the session must not have been signed out.
 */
export async function checkSession(db: Queryable, session: VerifiedSession): Promise<SessionCheck> {
  const { rows } = await db.query<AccountWithRoleRow & { revoked: boolean }>(
    `SELECT ${ACCOUNT_WITH_ROLE_COLUMNS},
            EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.sid = $2) AS revoked
       FROM accounts a LEFT JOIN users u ON u.uid = a.uid
      WHERE a.uid = $1`,
    [session.uid, session.sid],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: SESSION_ENDED.unknownAccount };
  if (row.revoked) return { ok: false, reason: SESSION_ENDED.signedOut };
  if (row.session_version !== session.sessionVersion) return { ok: false, reason: SESSION_ENDED.accountChanged };
  if (row.account_active === false) return { ok: false, reason: SESSION_ENDED.inactive };
  return { ok: true, account: accountWithRole(row) };
}

/** Signs a session out for good (all its renewals too), and forgets sessions that have ended anyway. */
export async function revokeSession(db: Queryable, session: VerifiedSession): Promise<void> {
  await db.query(`INSERT INTO revoked_sessions (sid, uid, expires_at) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT (sid) DO NOTHING`, [
    session.sid,
    session.uid,
    sessionHardEnd(session.startedAt),
  ]);
  await db.query('DELETE FROM revoked_sessions WHERE expires_at < now()');
}
