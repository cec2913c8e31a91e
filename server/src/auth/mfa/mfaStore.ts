// Two-factor sign-in in the database (migration 090): an account's secret (sealed, secretBox.ts), pending or confirmed,
// its replay guard and its recovery codes. Every change is recorded on the console-action trail in the transaction
// that makes it (never a code or the secret), a refused code too: the functions that check a code answer 'refused'
// rather than throw, so the trail entry commits, and the route answers 401 after.
import { MFA_ACTIONS } from '../../../../contract/mfa';
import { recordConsoleAction, type Actor } from '../../audit/consoleActions';
import type { Db, Queryable, Transaction } from '../../db/types';
import { alreadyOn, nothingPending, unreadable } from './mfaErrors';
import { newRecoveryCodes, recoveryCodeHash } from './recoveryCodes';
import type { SecretBox } from './secretBox';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';

export interface MfaState {
  /** a confirmed secret: sign-in asks for a code */
  enabled: boolean;
  /** a secret made and not yet confirmed */
  pending: boolean;
  /** unused recovery codes (0 when two-factor is off) */
  recoveryCodesLeft: number;
}

interface SecretRow {
  sealed_secret: string;
  confirmed_at: Date | null;
  last_used_step: string | number | null;
}

/** Where the code was typed, for the trail. */
export type CodeUse = 'sign_in' | 'enrolment' | 'recovery_codes';

export async function mfaStateOf(db: Queryable, uid: string): Promise<MfaState> {
  const { rows } = await db.query<{ confirmed: boolean; codes_left: number }>(
    `SELECT m.confirmed_at IS NOT NULL AS confirmed,
            (SELECT count(*)::int FROM account_mfa_recovery_codes c WHERE c.uid = m.uid AND c.used_at IS NULL) AS codes_left
       FROM account_mfa m WHERE m.uid = $1`,
    [uid],
  );
  const row = rows[0];
  if (!row) return { enabled: false, pending: false, recoveryCodesLeft: 0 };
  return { enabled: row.confirmed, pending: !row.confirmed, recoveryCodesLeft: row.confirmed ? row.codes_left : 0 };
}

async function lockedSecret(tx: Queryable, uid: string): Promise<SecretRow | null> {
  const { rows } = await tx.query<SecretRow>(
    'SELECT sealed_secret, confirmed_at, last_used_step FROM account_mfa WHERE uid = $1 FOR UPDATE',
    [uid],
  );
  return rows[0] ?? null;
}

const stepOf = (row: SecretRow): number | null => (row.last_used_step === null ? null : Number(row.last_used_step));

async function refusedCode(
  tx: Queryable,
  actor: Actor,
  address: string,
  during: CodeUse,
  kind: 'code' | 'recovery_code',
): Promise<'refused'> {
  await recordConsoleAction(tx, actor, {
    action: MFA_ACTIONS.codeRefused,
    targetType: 'account',
    targetId: actor.uid,
    details: { address, during, kind },
  });
  return 'refused';
}

/** Replaces the account's recovery codes with a new set; answers the codes (shown once: only their hashes stay). */
async function replaceRecoveryCodes(tx: Queryable, uid: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.query('DELETE FROM account_mfa_recovery_codes WHERE uid = $1', [uid]);
  await tx.query(`INSERT INTO account_mfa_recovery_codes (uid, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h`, [
    uid,
    codes.map(recoveryCodeHash),
  ]);
  return codes;
}

/**
 * A new pending secret for the account (replacing a pending one); 409 alreadyOn when two-factor is on. Answers the
 * secret in base32 and the otpauth:// URL, which only this answer carries.
 */
export async function startEnrolment(
  db: Db,
  box: SecretBox,
  actor: Actor,
  address: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  return db.transaction(async (tx) => {
    const existing = await lockedSecret(tx, actor.uid);
    if (existing?.confirmed_at) throw alreadyOn();
    const secret = newTotpSecret();
    await tx.query(
      `INSERT INTO account_mfa (uid, sealed_secret) VALUES ($1, $2)
       ON CONFLICT (uid) DO UPDATE SET sealed_secret = excluded.sealed_secret, created_at = now(), confirmed_at = NULL, last_used_step = NULL`,
      [actor.uid, box.seal(actor.uid, secret)],
    );
    await recordConsoleAction(tx, actor, {
      action: MFA_ACTIONS.enrolmentStarted,
      targetType: 'account',
      targetId: actor.uid,
      details: { address, replacedPending: existing !== null },
    });
    return { secret, otpauthUrl: otpauthUrl(actor.email, secret) };
  });
}

export type Confirmation = { outcome: 'confirmed'; recoveryCodes: string[]; sessionVersion: number } | { outcome: 'refused' };

/**
 * Turns two-factor on with a code of the pending secret: recovery codes made, and the account's session version
 * bumped, so every session of the account ends (the caller gets a new one at `sessionVersion`).
 */
export async function confirmEnrolment(db: Db, box: SecretBox, actor: Actor, code: string, address: string): Promise<Confirmation> {
  return db.transaction(async (tx): Promise<Confirmation> => {
    const row = await lockedSecret(tx, actor.uid);
    if (!row) throw nothingPending();
    if (row.confirmed_at) throw alreadyOn();
    const secret = box.open(actor.uid, row.sealed_secret);
    if (secret === null) throw unreadable(true);
    const step = await matchTotp(secret, code, { lastUsedStep: stepOf(row) });
    if (step === null) {
      await refusedCode(tx, actor, address, 'enrolment', 'code');
      return { outcome: 'refused' };
    }
    // Only over the pending row read above (the lock makes it so; the condition says it again).
    const { rows: turnedOn } = await tx.query(
      'UPDATE account_mfa SET confirmed_at = now(), last_used_step = $2 WHERE uid = $1 AND confirmed_at IS NULL RETURNING 1',
      [actor.uid, step],
    );
    if (turnedOn.length === 0) throw alreadyOn();
    const recoveryCodes = await replaceRecoveryCodes(tx, actor.uid);
    const { rows } = await tx.query<{ session_version: number }>(
      'UPDATE accounts SET session_version = session_version + 1 WHERE uid = $1 RETURNING session_version',
      [actor.uid],
    );
    await recordConsoleAction(tx, actor, {
      action: MFA_ACTIONS.enrolled,
      targetType: 'account',
      targetId: actor.uid,
      details: { address, recoveryCodes: recoveryCodes.length },
    });
    return { outcome: 'confirmed', recoveryCodes, sessionVersion: rows[0]!.session_version };
  });
}

/**
 * Checks a code of the confirmed secret in `tx` (its row locked until the transaction ends, so two requests with
 * the same code cannot both pass): 'ok' moves the replay guard to the code's step; 'off' when two-factor is not on.
 */
export async function checkCodeIn(
  tx: Transaction,
  box: SecretBox,
  actor: Actor,
  code: string,
  { address, during }: { address: string; during: CodeUse },
): Promise<'ok' | 'refused' | 'off'> {
  const row = await lockedSecret(tx, actor.uid);
  if (!row?.confirmed_at) return 'off';
  const secret = box.open(actor.uid, row.sealed_secret);
  if (secret === null) throw unreadable();
  const step = await matchTotp(secret, code, { lastUsedStep: stepOf(row) });
  if (step === null) return refusedCode(tx, actor, address, during, 'code');
  // Compare-and-set besides the row lock: the step moves only forward, so of two checks of one code exactly one wins.
  const { rows: moved } = await tx.query(
    'UPDATE account_mfa SET last_used_step = $2 WHERE uid = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING 1',
    [actor.uid, step],
  );
  if (moved.length === 0) return refusedCode(tx, actor, address, during, 'code');
  return 'ok';
}

/** Signs in with a recovery code: used once (the update that marks it is the check). */
export async function useRecoveryCode(db: Db, actor: Actor, typed: string, address: string): Promise<'ok' | 'refused' | 'off'> {
  return db.transaction(async (tx) => {
    const row = await lockedSecret(tx, actor.uid);
    if (!row?.confirmed_at) return 'off';
    const { rows } = await tx.query(
      'UPDATE account_mfa_recovery_codes SET used_at = now() WHERE uid = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1',
      [actor.uid, recoveryCodeHash(typed)],
    );
    if (rows.length === 0) return refusedCode(tx, actor, address, 'sign_in', 'recovery_code');
    const { rows: left } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM account_mfa_recovery_codes WHERE uid = $1 AND used_at IS NULL',
      [actor.uid],
    );
    await recordConsoleAction(tx, actor, {
      action: MFA_ACTIONS.recoveryCodeUsed,
      targetType: 'account',
      targetId: actor.uid,
      details: { address, left: left[0]!.n },
    });
    return 'ok';
  });
}

export type Renewal = { outcome: 'renewed'; recoveryCodes: string[] } | { outcome: 'refused' } | { outcome: 'off' };

/** A new set of recovery codes, for a code of the confirmed secret; the old set stops working. */
export async function renewRecoveryCodes(db: Db, box: SecretBox, actor: Actor, code: string, address: string): Promise<Renewal> {
  return db.transaction(async (tx): Promise<Renewal> => {
    const checked = await checkCodeIn(tx, box, actor, code, { address, during: 'recovery_codes' });
    if (checked === 'refused' || checked === 'off') return { outcome: checked };
    const recoveryCodes = await replaceRecoveryCodes(tx, actor.uid);
    await recordConsoleAction(tx, actor, {
      action: MFA_ACTIONS.recoveryCodesRenewed,
      targetType: 'account',
      targetId: actor.uid,
      details: { address, recoveryCodes: recoveryCodes.length },
    });
    return { outcome: 'renewed', recoveryCodes };
  });
}

/** Removes the account's secret (pending or confirmed) and recovery codes; whether there was one. */
async function removeSecret(tx: Queryable, uid: string): Promise<{ removed: boolean; wasOn: boolean }> {
  const { rows } = await tx.query<{ confirmed: boolean }>(
    'DELETE FROM account_mfa WHERE uid = $1 RETURNING confirmed_at IS NOT NULL AS confirmed',
    [uid],
  );
  await tx.query('DELETE FROM account_mfa_recovery_codes WHERE uid = $1', [uid]);
  return { removed: rows.length > 0, wasOn: rows[0]?.confirmed === true };
}

/** The operator turns their own two-factor off (the route has checked the password and REQUIRE_MFA); false when it was not on. */
export async function disableOwnMfa(db: Db, actor: Actor, address: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockedSecret(tx, actor.uid);
    if (!row?.confirmed_at) return false;
    await removeSecret(tx, actor.uid);
    await recordConsoleAction(tx, actor, {
      action: MFA_ACTIONS.disabled,
      targetType: 'account',
      targetId: actor.uid,
      details: { address },
    });
    return true;
  });
}

/**
 * Another's two-factor off (an admin in the console, or the CLI for the only admin who lost their phone): the secret
 * and recovery codes go, and the account's sessions end (its version bumped). Nothing happens, and nothing is
 * recorded, when the account has no secret at all. `tx`: the caller's transaction.
 */
export async function resetMfaIn(tx: Queryable, actor: Actor, uid: string): Promise<boolean> {
  const { removed, wasOn } = await removeSecret(tx, uid);
  if (!removed) return false;
  await tx.query('UPDATE accounts SET session_version = session_version + 1 WHERE uid = $1', [uid]);
  await recordConsoleAction(tx, actor, {
    action: MFA_ACTIONS.reset,
    targetType: 'user',
    targetId: uid,
    before: { mfaEnabled: wasOn },
    after: { mfaEnabled: false },
  });
  return true;
}
