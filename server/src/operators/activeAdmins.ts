// The console must always keep someone who can sign in to it. An active admin is a user record with is_admin and
// account_active whose account has a usable password (a demo account disabled by SEED_DEMO=0, or an operator who has
// not yet opened their link, cannot sign in, so they do not count). Revoking, deactivating or deleting the last one
// is refused.
//
// Two admins revoking each other at the same moment would each see the other still there and both pass; so every
// write that can remove an active admin first locks all active admins' rows (in uid order, so two of them cannot
// deadlock), and only then its target. The second one waits for the first to commit, re-reads the rows it waited
// for (READ COMMITTED re-checks the WHERE of a row changed meanwhile) and finds the true count.
import { OPERATOR_ERRORS } from '../../../contract/operators';
import type { Queryable } from '../db/types';
import { HttpError } from '../http/errors';

/** SQL: the account row `a` has a password one can sign in with (verifyPassword takes only scrypt hashes). */
export const USABLE_PASSWORD_SQL = `a.password_hash LIKE 'scrypt$%'`;

export const LAST_ADMIN_MESSAGES = {
  revoke: 'The last active admin cannot be revoked',
  deactivate: 'The last active admin cannot be deactivated',
  delete: 'The last active admin cannot be deleted',
} as const;

/** How many admins can sign in now (the start banner says how to make one when none can). */
export async function countActiveAdmins(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u
      WHERE u.is_admin AND u.account_active
        AND EXISTS (SELECT 1 FROM accounts a WHERE a.uid = u.uid AND ${USABLE_PASSWORD_SQL})`,
  );
  return rows[0]?.n ?? 0;
}

/** Locks the active admins' user rows for this transaction; answers their uids. Call it before locking a target row. */
export async function lockActiveAdmins(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ uid: string }>(
    `SELECT u.uid FROM users u
      WHERE u.is_admin AND u.account_active
        AND EXISTS (SELECT 1 FROM accounts a WHERE a.uid = u.uid AND ${USABLE_PASSWORD_SQL})
      ORDER BY u.uid
        FOR UPDATE OF u`,
  );
  return rows.map((row) => row.uid);
}

/** 409 'last_admin' when `uid` is the only active admin; locks the active admins either way (see above). */
export async function refuseLastActiveAdmin(tx: Queryable, uid: string, what: keyof typeof LAST_ADMIN_MESSAGES): Promise<void> {
  const admins = await lockActiveAdmins(tx);
  if (admins.length === 1 && admins[0] === uid) {
    throw new HttpError(409, OPERATOR_ERRORS.lastAdmin, `${LAST_ADMIN_MESSAGES[what]}: invite or grant another admin first.`);
  }
}
