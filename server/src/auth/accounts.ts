import type { AuthAccount } from '../../../contract/schemas/auth';
import type { Queryable } from '../db/types';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';

export interface NewAccount {
  uid: string;
  email: string;
  password: string;
}

/** Creates the sign-in account unless its uid or email already exists. True when created. */
export async function createAccount(db: Queryable, account: NewAccount): Promise<boolean> {
  const passwordHash = await hashPassword(account.password);
  const { affectedRows } = await db.query('INSERT INTO accounts (uid, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    account.uid,
    account.email,
    passwordHash,
  ]);
  return affectedRows === 1;
}

/** The account for an email and password, or null. Unknown emails cost the same scrypt time. */
export async function checkCredentials(db: Queryable, email: string, password: string): Promise<{ uid: string; email: string } | null> {
  const { rows } = await db.query<{ uid: string; email: string; password_hash: string }>(
    'SELECT uid, email, password_hash FROM accounts WHERE lower(email) = lower($1)',
    [email.trim()],
  );
  const account = rows[0];
  const ok = await verifyPassword(password, account?.password_hash ?? (await dummyPasswordHash()));
  return account && ok ? { uid: account.uid, email: account.email } : null;
}

export interface AccountWithRole extends AuthAccount {
  /** null when the account has no end-user record */
  isAdmin: boolean | null;
  /** the end-user record's accountActive; null when there is no record */
  accountActive: boolean | null;
  /** accounts.session_version: tokens carrying another version are refused (migration 020) */
  sessionVersion: number;
}

/** An account joined with its end-user record (accounts a LEFT JOIN users u), as ACCOUNT_WITH_ROLE_COLUMNS selects it. */
export interface AccountWithRoleRow {
  uid: string;
  email: string;
  display_name: string | null;
  is_admin: boolean | null;
  account_active: boolean | null;
  session_version: number;
}

/** The select list of an AccountWithRoleRow, for queries over accounts a LEFT JOIN users u (findAccount, checkSession). */
export const ACCOUNT_WITH_ROLE_COLUMNS = 'a.uid, a.email, u.display_name, u.is_admin, u.account_active, a.session_version';

export function accountWithRole(row: AccountWithRoleRow): AccountWithRole {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    isAdmin: row.is_admin,
    accountActive: row.account_active,
    sessionVersion: row.session_version,
  };
}

/** The account, whether its end-user record is an admin and active; null when the account does not exist. */
export async function findAccount(db: Queryable, uid: string): Promise<AccountWithRole | null> {
  const { rows } = await db.query<AccountWithRoleRow>(
    `SELECT ${ACCOUNT_WITH_ROLE_COLUMNS}
       FROM accounts a LEFT JOIN users u ON u.uid = a.uid
      WHERE a.uid = $1`,
    [uid],
  );
  const row = rows[0];
  return row ? accountWithRole(row) : null;
}

/** Sign-in bookkeeping on the end-user record (if any). */
export async function recordSignIn(db: Queryable, uid: string): Promise<void> {
  await db.query('UPDATE users SET last_login = now(), last_active_date = now() WHERE uid = $1', [uid]);
}
