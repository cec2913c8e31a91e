// POST /auth/password: an operator changes their own password. The current one is required (a session left open on
// someone else's screen must not be enough to take the account over); the change ends every session of the account
// (migration 020's password trigger bumps session_version), and the route signs a fresh token for the caller's own.
import { OPERATOR_ACTIONS, OPERATOR_ERRORS } from '../../../contract/operators';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Db, Queryable } from '../db/types';
import { badRequest, conflict, HttpError } from '../http/errors';

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

async function storedHash(db: Queryable, uid: string): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE uid = $1', [uid]);
  return rows[0]?.password_hash;
}

/** Whether `password` is the account's current one (POST /auth/mfa/disable asks it too). */
export async function checkCurrentPassword(db: Queryable, uid: string, password: string): Promise<boolean> {
  const stored = await storedHash(db, uid);
  return stored !== undefined && (await verifyPassword(password, stored));
}

/** Sets the new password; answers the account's new session version (for the caller's fresh token). */
export async function changeOwnPassword(db: Db, self: Actor, change: PasswordChange, address: string): Promise<{ sessionVersion: number }> {
  const stored = await storedHash(db, self.uid);
  // 401 as the contract says; its own error code lets the console tell it from a session that ended.
  if (!stored || !(await verifyPassword(change.currentPassword, stored)))
    throw new HttpError(401, OPERATOR_ERRORS.wrongCurrentPassword, WRONG_CURRENT_PASSWORD);
  // verifyPassword compares NFKC forms: the same comparison here.
  if (change.currentPassword.normalize('NFKC') === change.newPassword.normalize('NFKC')) {
    throw badRequest('The new password must differ from the current one', 'newPassword');
  }
  const passwordHash = await hashPassword(change.newPassword);
  return db.transaction(async (tx) => {
    // Only over the hash just checked: a reset link redeemed meanwhile wins, and this session has ended with it.
    const { rows: updated } = await tx.query<{ session_version: number }>(
      'UPDATE accounts SET password_hash = $2 WHERE uid = $1 AND password_hash = $3 RETURNING session_version',
      [self.uid, passwordHash, stored],
    );
    if (!updated[0]) throw conflict('The password was changed meanwhile: sign in again with the new one');
    await recordConsoleAction(tx, self, {
      action: OPERATOR_ACTIONS.passwordChange,
      targetType: 'user',
      targetId: self.uid,
      details: { address },
    });
    return { sessionVersion: updated[0].session_version };
  });
}
