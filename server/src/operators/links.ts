// One-time password links (contract/operators.ts, migration 080): made for an invitation or a password reset, shown
// once to the admin who made it, opened by the new or forgetful operator on the console's set-password page.
//
// The token is 32 random bytes; the table keeps its SHA-256 only, so neither a backup nor a replica of the table can
// be used to open a link. (A fast hash is enough: the token has 256 bits of entropy, nothing to guess.) No token,
// hash or password ever goes to the trail or a log line.
import { createHash, randomBytes } from 'node:crypto';
import { LINK_TOKEN_LENGTH, LINK_VALID_HOURS, OPERATOR_ACTIONS, OPERATOR_ERRORS, type PasswordLinkKind } from '../../../contract/operators';
import type { PasswordLinkInfo } from '../../../contract/schemas/operators';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import { hashPassword } from '../auth/password';
import type { Db, Queryable } from '../db/types';
import { conflict, HttpError } from '../http/errors';
import { newUid } from '../users/userRecord';

/** One answer for a link that is unknown, used, withdrawn or expired: which of them it was is nobody's business. */
export const INVALID_LINK_MESSAGE = 'This link is not valid: it has expired, was already used or was withdrawn.';
export const invalidLink = (): HttpError => new HttpError(404, OPERATOR_ERRORS.invalidLink, INVALID_LINK_MESSAGE);

export function newLinkToken(): string {
  const token = randomBytes(32).toString('base64url');
  if (token.length !== LINK_TOKEN_LENGTH) throw new Error(`a link token must be ${LINK_TOKEN_LENGTH} characters`);
  return token;
}

/** What the table keeps of a token (hex SHA-256). */
export const linkTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Emails are compared without case everywhere (accounts_email_key is on lower(email)); kept as typed, trimmed. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** A unique index refused the row (PostgreSQL's and PGlite's errors both carry SQLSTATE in `code`). */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

export interface MadeLink {
  id: number;
  token: string;
  expiresAt: string;
  /** open links of the same email (invitation) or account (reset) that this one replaced */
  replaced: number[];
}

/**
 * Makes a link in the caller's transaction: an invitation for `email`, or a reset for the operator `uid`. An open
 * link of the same kind for the same email / account is withdrawn first: the newest is the one that works.
 */
export async function makeLink(
  tx: Queryable,
  actor: Actor,
  link: { kind: PasswordLinkKind; email: string; uid: string | null },
): Promise<MadeLink> {
  const { rows: replaced } = await tx.query<{ id: number }>(
    link.kind === 'invite'
      ? `UPDATE operator_links SET withdrawn_at = now()
          WHERE kind = 'invite' AND lower(email) = lower($1) AND used_at IS NULL AND withdrawn_at IS NULL RETURNING id`
      : `UPDATE operator_links SET withdrawn_at = now()
          WHERE kind = 'reset' AND uid = $1 AND used_at IS NULL AND withdrawn_at IS NULL RETURNING id`,
    [link.kind === 'invite' ? link.email : link.uid],
  );
  const token = newLinkToken();
  const { rows } = await tx.query<{ id: number; expires_at: Date }>(
    `INSERT INTO operator_links (kind, email, uid, token_hash, created_by_uid, created_by_email, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + $7 * interval '1 hour')
     RETURNING id, expires_at`,
    [link.kind, link.email, link.uid, linkTokenHash(token), actor.uid, actor.email, LINK_VALID_HOURS],
  );
  return {
    id: Number(rows[0]!.id),
    token,
    expiresAt: rows[0]!.expires_at.toISOString(),
    replaced: replaced.map((row) => Number(row.id)),
  };
}

interface LinkRow {
  id: number;
  kind: PasswordLinkKind;
  email: string;
  uid: string | null;
  created_by_email: string;
  expires_at: Date;
}

// Open: neither used nor withdrawn nor expired; a reset also needs its operator still to be one (a revoke withdraws
// their links, a deleted record takes the operator away).
const OPEN_LINK = `l.token_hash = $1 AND l.used_at IS NULL AND l.withdrawn_at IS NULL AND l.expires_at > now()
  AND (l.kind = 'invite' OR EXISTS (SELECT 1 FROM users u WHERE u.uid = l.uid AND u.is_admin))`;

/** What an open link is for (POST /auth/links/inspect); 404 invalidLink otherwise. */
export async function inspectLink(db: Queryable, token: string): Promise<PasswordLinkInfo> {
  const { rows } = await db.query<LinkRow>(`SELECT l.kind, l.email, l.expires_at FROM operator_links l WHERE ${OPEN_LINK}`, [
    linkTokenHash(token),
  ]);
  const link = rows[0];
  if (!link) throw invalidLink();
  return { kind: link.kind, email: link.email, expiresAt: link.expires_at.toISOString() };
}

export interface Redemption {
  token: string;
  password: string;
  displayName?: string;
  /** the client's address, for the trail */
  address?: string;
}

/**
 * Redeems a link (POST /auth/links/redeem): an invitation creates the operator's account and admin record, a reset
 * sets the password (creating the account when the admin record had none); either way every session of the account
 * ends (the password trigger of migration 020 bumps session_version). The link is marked used in the same
 * transaction by an UPDATE that only an open link passes, so of two redeems at once exactly one succeeds.
 */
export async function redeemLink(db: Db, redemption: Redemption): Promise<PasswordLinkInfo & { uid: string }> {
  const tokenHash = linkTokenHash(redemption.token);
  // Checked before the slow hash, so a dead link costs no scrypt; the UPDATE below decides for real.
  await inspectLink(db, redemption.token);
  const passwordHash = await hashPassword(redemption.password);
  const displayName = redemption.displayName?.trim() || null;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<LinkRow>(
      `UPDATE operator_links l SET used_at = now() WHERE ${OPEN_LINK}
       RETURNING l.id, l.kind, l.email, l.uid, l.created_by_email, l.expires_at`,
      [tokenHash],
    );
    const link = rows[0];
    if (!link) throw invalidLink();
    const { rows: taken } = await tx.query<{ uid: string }>('SELECT uid FROM accounts WHERE lower(email) = lower($1)', [link.email]);
    let uid: string;
    if (link.kind === 'invite' && link.uid === null) {
      if (taken.length > 0) throw conflict('An account with this email exists already: ask an admin for a password link for it instead.');
      uid = newUid();
      await tx.query(`INSERT INTO users (uid, email, display_name, is_admin, account_active) VALUES ($1, $2, $3, true, true)`, [
        uid,
        link.email,
        displayName,
      ]);
      await tx.query('INSERT INTO accounts (uid, email, password_hash) VALUES ($1, $2, $3)', [uid, link.email, passwordHash]);
    } else {
      uid = link.uid!;
      const { rows: record } = await tx.query<{ is_admin: boolean }>('SELECT is_admin FROM users WHERE uid = $1 FOR UPDATE', [uid]);
      if (!record[0]?.is_admin) throw invalidLink();
      if (taken.some((account) => account.uid !== uid)) {
        throw conflict('Another account uses this email: an admin must change the email of one of them first.');
      }
      // Creates the account of an admin record that had none (made by `npm run admin -- create --link`, or granted).
      await tx.query(
        `INSERT INTO accounts (uid, email, password_hash) VALUES ($1, $2, $3)
         ON CONFLICT (uid) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
        [uid, link.email, passwordHash],
      );
      if (displayName)
        await tx.query('UPDATE users SET display_name = $2, updated_at = now() WHERE uid = $1 AND display_name IS NULL', [
          uid,
          displayName,
        ]);
    }
    await recordConsoleAction(
      tx,
      { uid, email: link.email },
      {
        action: OPERATOR_ACTIONS.linkRedeemed,
        targetType: 'user',
        targetId: uid,
        after: link.kind === 'invite' ? { isAdmin: true, email: link.email, displayName } : undefined,
        details: { kind: link.kind, linkId: Number(link.id), madeBy: link.created_by_email, address: redemption.address ?? null },
      },
    );
    return { uid, kind: link.kind, email: link.email, expiresAt: link.expires_at.toISOString() };
  });
}
