// The reference backend's operators: user records with is_admin, their sign-in accounts (accounts), and the
// password links of migration 080. Every change is recorded on the console-action trail in its own transaction.
import { OPERATOR_ACTIONS } from '../../../contract/operators';
import type { Operator, OperatorInvite, OperatorLink, OperatorsPage } from '../../../contract/schemas/operators';
import { recordConsoleAction } from '../audit/consoleActions';
import { resetMfaIn } from '../auth/mfa/mfaStore';
import type { Db, Queryable } from '../db/types';
import { conflict, notFound } from '../http/errors';
import { refuseLastActiveAdmin, USABLE_PASSWORD_SQL } from './activeAdmins';
import type { OperatorDirectory } from './directory';
import { emailKey, isUniqueViolation, makeLink } from './links';

interface OperatorRow {
  uid: string;
  email: string | null;
  display_name: string | null;
  account_active: boolean;
  last_login: Date | null;
  created_at: Date | null;
  has_password: boolean;
  is_admin: boolean;
  mfa_enabled: boolean;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const OPERATOR_COLUMNS = `u.uid, coalesce(a.email, u.email) AS email, u.display_name, u.account_active, u.last_login, u.created_at,
  u.is_admin, coalesce(${USABLE_PASSWORD_SQL}, false) AS has_password,
  EXISTS (SELECT 1 FROM account_mfa m WHERE m.uid = u.uid AND m.confirmed_at IS NOT NULL) AS mfa_enabled`;

function toOperator(row: OperatorRow): Operator {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    accountActive: row.account_active,
    lastSignInAt: iso(row.last_login),
    mfaEnabled: row.mfa_enabled,
    hasPassword: row.has_password,
    createdAt: iso(row.created_at),
  };
}

async function operatorOf(db: Queryable, uid: string): Promise<OperatorRow | null> {
  const { rows } = await db.query<OperatorRow>(
    `SELECT ${OPERATOR_COLUMNS} FROM users u LEFT JOIN accounts a ON a.uid = u.uid WHERE u.uid = $1`,
    [uid],
  );
  return rows[0] ?? null;
}

/** Two links for one operator made at the same instant: the unique indexes of migration 080 let one through. */
async function oneLinkAtATime<T>(make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Another link for this operator was made at the same moment: reload and try again.');
    throw error;
  }
}

export function createReferenceDirectory(db: Db): OperatorDirectory {
  const capabilities = { invite: true, resetPassword: true, grant: true, resetMfa: true };
  return {
    capabilities,

    async list(): Promise<OperatorsPage> {
      const { rows } = await db.query<OperatorRow>(
        `SELECT ${OPERATOR_COLUMNS} FROM users u LEFT JOIN accounts a ON a.uid = u.uid
          WHERE u.is_admin ORDER BY lower(coalesce(a.email, u.email)) NULLS LAST, u.uid`,
      );
      const { rows: invites } = await db.query<{ id: number; email: string; created_at: Date; expires_at: Date; created_by_email: string }>(
        `SELECT id, email, created_at, expires_at, created_by_email FROM operator_links
          WHERE kind = 'invite' AND used_at IS NULL AND withdrawn_at IS NULL AND expires_at > now()
          ORDER BY created_at DESC, id DESC`,
      );
      return {
        operators: rows.map(toOperator),
        invites: invites.map((invite): OperatorInvite => ({
          id: Number(invite.id),
          email: invite.email,
          createdAt: invite.created_at.toISOString(),
          expiresAt: invite.expires_at.toISOString(),
          createdBy: invite.created_by_email,
        })),
        capabilities,
      };
    },

    async invite(actor, emailText): Promise<OperatorLink> {
      const email = emailKey(emailText);
      return oneLinkAtATime(() =>
        db.transaction(async (tx) => {
          const { rows: known } = await tx.query<{ uid: string; is_admin: boolean | null }>(
            `SELECT u.uid, u.is_admin FROM users u WHERE lower(u.email) = $1
             UNION
             SELECT a.uid, u.is_admin FROM accounts a LEFT JOIN users u ON u.uid = a.uid WHERE lower(a.email) = $1`,
            [email],
          );
          if (known.some((row) => row.is_admin === true)) throw conflict(`${email} is an operator already`, 'email');
          if (known.length > 0) {
            throw conflict(
              `${email} already has an account that is not an admin: use Grant admin on that user (${known[0]!.uid}) instead of an invitation`,
              'email',
            );
          }
          const link = await makeLink(tx, actor, { kind: 'invite', email, uid: null });
          await recordConsoleAction(tx, actor, {
            action: OPERATOR_ACTIONS.invite,
            targetType: 'operator_invite',
            targetId: link.id,
            after: { email, expiresAt: link.expiresAt },
            ...(link.replaced.length > 0 ? { details: { replaced: link.replaced } } : {}),
          });
          return { kind: 'invite', email, token: link.token, url: null, expiresAt: link.expiresAt };
        }),
      );
    },

    async withdrawInvite(actor, id): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ email: string }>(
          `UPDATE operator_links SET withdrawn_at = now()
            WHERE id = $1 AND kind = 'invite' AND used_at IS NULL AND withdrawn_at IS NULL RETURNING email`,
          [id],
        );
        if (!rows[0]) throw notFound(`No open invitation ${id} (it was used or withdrawn already, or never existed)`);
        await recordConsoleAction(tx, actor, {
          action: OPERATOR_ACTIONS.withdrawInvite,
          targetType: 'operator_invite',
          targetId: id,
          before: { email: rows[0].email },
        });
      });
    },

    async grant(actor, uid): Promise<Operator> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ is_admin: boolean }>('SELECT is_admin FROM users WHERE uid = $1 FOR UPDATE', [uid]);
        if (!rows[0]) throw notFound(`No user record ${uid}`);
        if (!rows[0].is_admin) {
          await tx.query('UPDATE users SET is_admin = true, updated_at = now() WHERE uid = $1', [uid]);
          await recordConsoleAction(tx, actor, {
            action: OPERATOR_ACTIONS.grant,
            targetType: 'user',
            targetId: uid,
            before: { isAdmin: false },
            after: { isAdmin: true },
          });
        }
        return toOperator((await operatorOf(tx, uid))!);
      });
    },

    async revoke(actor, uid): Promise<Operator> {
      return db.transaction(async (tx) => {
        // The active admins first, then the target (activeAdmins.ts: the order two concurrent revokes must share).
        await refuseLastActiveAdmin(tx, uid, 'revoke');
        const { rows } = await tx.query<{ is_admin: boolean }>('SELECT is_admin FROM users WHERE uid = $1 FOR UPDATE', [uid]);
        if (!rows[0]) throw notFound(`No user record ${uid}`);
        if (rows[0].is_admin) {
          // The users trigger of migration 020 bumps the account's session_version: every session of theirs ends.
          await tx.query('UPDATE users SET is_admin = false, updated_at = now() WHERE uid = $1', [uid]);
          // A password link made for them as an operator must not outlive the role.
          const { rows: withdrawn } = await tx.query<{ id: number }>(
            `UPDATE operator_links SET withdrawn_at = now() WHERE uid = $1 AND used_at IS NULL AND withdrawn_at IS NULL RETURNING id`,
            [uid],
          );
          await recordConsoleAction(tx, actor, {
            action: OPERATOR_ACTIONS.revoke,
            targetType: 'user',
            targetId: uid,
            before: { isAdmin: true },
            after: { isAdmin: false },
            ...(withdrawn.length > 0 ? { details: { linksWithdrawn: withdrawn.map((row) => Number(row.id)) } } : {}),
          });
        }
        return toOperator((await operatorOf(tx, uid))!);
      });
    },

    async resetLink(actor, uid): Promise<OperatorLink> {
      return oneLinkAtATime(() =>
        db.transaction(async (tx) => {
          await tx.query('SELECT 1 FROM users WHERE uid = $1 FOR UPDATE', [uid]);
          const operator = await operatorOf(tx, uid);
          if (!operator) throw notFound(`No user record ${uid}`);
          if (!operator.is_admin) throw conflict(`${uid} is not an operator: grant admin first`, 'uid');
          const email = operator.email;
          if (!email) throw conflict(`Operator ${uid} has no email address to sign in with: set one on the user record first`, 'uid');
          const { rows: others } = await tx.query('SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND uid <> $2', [email, uid]);
          if (others.length > 0) throw conflict(`Another account signs in as ${email}: its email must change first`, 'uid');
          const link = await makeLink(tx, actor, { kind: 'reset', email, uid });
          await recordConsoleAction(tx, actor, {
            action: OPERATOR_ACTIONS.resetPassword,
            targetType: 'user',
            targetId: uid,
            details: {
              linkId: link.id,
              email,
              expiresAt: link.expiresAt,
              ...(link.replaced.length > 0 ? { replaced: link.replaced } : {}),
            },
          });
          return { kind: 'reset', email, token: link.token, url: null, expiresAt: link.expiresAt };
        }),
      );
    },

    // For an operator who lost their phone and their recovery codes: they sign in with the password alone next time
    // (and set two-factor up again then, under REQUIRE_MFA). Not one's own: turning one's own off asks the password
    // (POST /auth/mfa/disable), which a session left open must not be enough to skip.
    async resetMfa(actor, uid): Promise<Operator> {
      if (uid === actor.uid)
        throw conflict('Turn off your own two-factor sign-in from your account settings, which ask your password.', 'uid');
      return db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM users WHERE uid = $1 FOR UPDATE', [uid]);
        if (!(await operatorOf(tx, uid))) throw notFound(`No user record ${uid}`);
        await resetMfaIn(tx, actor, uid);
        return toOperator((await operatorOf(tx, uid))!);
      });
    },
  };
}
