// Operators made or repaired from the command line (scripts/admin.ts), where there may be no console to sign in to
// yet: the first admin of a database started with SEED_DEMO=0, or an admin who lost their password. The same rules
// as the console's (one account per email, the trail in the change's transaction), with the CLI as the actor.
import { OPERATOR_ACTIONS } from '../../../contract/operators';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import { resetMfaIn } from '../auth/mfa/mfaStore';
import { hashPassword } from '../auth/password';
import type { Db, Queryable } from '../db/types';
import { conflict, notFound } from '../http/errors';
import { newUid } from '../users/userRecord';
import { emailKey, makeLink, type MadeLink } from './links';

export const CLI_ACTOR: Actor = { uid: 'cli', email: 'npm run admin (CLI)' };

export interface OperatorMade {
  uid: string;
  email: string;
  /** the one-time link to set the password, when none was given */
  link?: MadeLink;
}

/** User records and accounts that use this email (compared without case). */
async function holdersOf(
  tx: Queryable,
  email: string,
): Promise<{ uid: string; is_admin: boolean | null; account_active: boolean | null }[]> {
  const { rows } = await tx.query<{ uid: string; is_admin: boolean | null; account_active: boolean | null }>(
    `SELECT u.uid, u.is_admin, u.account_active FROM users u WHERE lower(u.email) = $1
     UNION
     SELECT a.uid, u.is_admin, u.account_active FROM accounts a LEFT JOIN users u ON u.uid = a.uid WHERE lower(a.email) = $1
     ORDER BY 1`,
    [email],
  );
  return rows;
}

type Holder = Awaited<ReturnType<typeof holdersOf>>[number];

/** Why `email` cannot be a new operator's, or nothing. */
function refuseTaken(email: string, holders: Holder[]): void {
  const admin = holders.find((holder) => holder.is_admin === true);
  if (admin)
    throw conflict(`${email} is an admin already (user ${admin.uid}). To give it a new password: npm run admin -- reset --email ${email}`);
  if (holders.length > 0) {
    throw conflict(
      `${email} belongs to user ${holders[0]!.uid}, who is not an admin: grant admin to that user in the console (Operators), or choose another email`,
    );
  }
}

/** The operator who signs in as `email`, or why there is none to reset. */
function operatorAmong(email: string, holders: Holder[]): Holder {
  const admin = holders.find((holder) => holder.is_admin === true);
  if (!admin) {
    throw notFound(
      holders.length > 0
        ? `${email} belongs to user ${holders[0]!.uid}, who is not an admin`
        : `No operator has the email ${email}: npm run admin -- create --email ${email} makes one`,
    );
  }
  if (holders.some((holder) => holder.uid !== admin.uid)) {
    throw conflict(`${email} is used by several users (${holders.map((h) => h.uid).join(', ')}): change the others' email first`);
  }
  return admin;
}

/**
 * The same checks as createOperator / resetOperatorPassword make in their transaction, made before the CLI asks for
 * a password, so nobody types one twice to be told the email was wrong.
 */
export async function checkOperatorEmail(db: Queryable, command: 'create' | 'reset', email: string): Promise<void> {
  const key = emailKey(email);
  const holders = await holdersOf(db, key);
  if (command === 'create') refuseTaken(key, holders);
  else operatorAmong(key, holders);
}

async function recordLink(tx: Queryable, actor: Actor, uid: string, email: string, link: MadeLink): Promise<void> {
  await recordConsoleAction(tx, actor, {
    action: OPERATOR_ACTIONS.resetPassword,
    targetType: 'user',
    targetId: uid,
    details: { linkId: link.id, email, expiresAt: link.expiresAt },
  });
}

/**
 * A new operator: an admin user record and, with a password, its account; without one, a one-time link (kind
 * 'reset': redeeming it creates the account). Refused when the email is an admin's already or another user's.
 */
export async function createOperator(
  db: Db,
  actor: Actor,
  input: { email: string; displayName: string | null; password?: string },
): Promise<OperatorMade> {
  const email = emailKey(input.email);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    refuseTaken(email, await holdersOf(tx, email));
    const uid = newUid();
    await tx.query('INSERT INTO users (uid, email, display_name, is_admin, account_active) VALUES ($1, $2, $3, true, true)', [
      uid,
      email,
      input.displayName,
    ]);
    if (passwordHash) await tx.query('INSERT INTO accounts (uid, email, password_hash) VALUES ($1, $2, $3)', [uid, email, passwordHash]);
    await recordConsoleAction(tx, actor, {
      action: OPERATOR_ACTIONS.grant,
      targetType: 'user',
      targetId: uid,
      after: { isAdmin: true, email, displayName: input.displayName },
      details: { created: true, password: passwordHash ? 'set' : 'link' },
    });
    if (passwordHash) return { uid, email };
    const link = await makeLink(tx, actor, { kind: 'reset', email, uid });
    await recordLink(tx, actor, uid, email, link);
    return { uid, email, link };
  });
}

/**
 * A new password for an existing operator (every session of theirs ends: migration 020's trigger), or a one-time link
 * to set one. Creates the account when the admin record has none. Does not re-activate a deactivated record.
 */
export async function resetOperatorPassword(
  db: Db,
  actor: Actor,
  input: { email: string; password?: string },
): Promise<OperatorMade & { accountActive: boolean }> {
  const email = emailKey(input.email);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const admin = operatorAmong(email, await holdersOf(tx, email));
    const accountActive = admin.account_active !== false;
    if (!passwordHash) {
      const link = await makeLink(tx, actor, { kind: 'reset', email, uid: admin.uid });
      await recordLink(tx, actor, admin.uid, email, link);
      return { uid: admin.uid, email, link, accountActive };
    }
    await tx.query(
      `INSERT INTO accounts (uid, email, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (uid) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
      [admin.uid, email, passwordHash],
    );
    await recordConsoleAction(tx, actor, {
      action: OPERATOR_ACTIONS.resetPassword,
      targetType: 'user',
      targetId: admin.uid,
      details: { email, passwordSet: true },
    });
    return { uid: admin.uid, email, accountActive };
  });
}

/**
 * An operator's two-factor sign-in off (their secret and recovery codes gone, their sessions ended), for the only admin
 * who lost both their phone and their recovery codes: nobody is left to reset it in the console. `reset` is false when
 * the operator had none.
 */
export async function resetOperatorMfa(db: Db, actor: Actor, emailText: string): Promise<{ uid: string; email: string; reset: boolean }> {
  const email = emailKey(emailText);
  return db.transaction(async (tx) => {
    const admin = operatorAmong(email, await holdersOf(tx, email));
    return { uid: admin.uid, email, reset: await resetMfaIn(tx, actor, admin.uid) };
  });
}
