// Every sign-in to the reference backend, successful or not, is on the console-action trail with the client's
// address (request.ip: TRUST_PROXY's rule), so an operator can see who got in and who tried. A refused attempt has
// no account to act as: its actor is 'anonymous' with the email as typed (normalised, bounded), never the password.
import { OPERATOR_ACTIONS } from '../../../contract/operators';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import type { Queryable } from '../db/types';

/** The longest email an address may have (RFC 5321), as the sign-in schema bounds it too. */
const MAX_EMAIL_LENGTH = 254;

/** Why a sign-in was refused (the trail's reason, and what the metrics count). */
export type SignInFailure = 'invalid_credentials' | 'rate_limited' | 'account_inactive';

export const ANONYMOUS_ACTOR_UID = 'anonymous';

export function attemptActor(typedEmail: string): Actor {
  return { uid: ANONYMOUS_ACTOR_UID, email: typedEmail.trim().toLowerCase().slice(0, MAX_EMAIL_LENGTH) };
}

/** `secondFactor`: how a sign-in with two-factor on (or set up just now) passed its second step. */
export async function recordSignInSucceeded(
  tx: Queryable,
  account: Actor,
  address: string,
  secondFactor?: 'totp' | 'recovery_code' | 'enrolment',
): Promise<void> {
  await recordConsoleAction(tx, account, {
    action: OPERATOR_ACTIONS.signIn,
    targetType: 'account',
    targetId: account.uid,
    details: secondFactor ? { address, secondFactor } : { address },
  });
}

/** `uid`: the account whose right password was refused (a deactivated one); unknown otherwise. */
export async function recordSignInFailed(
  db: Queryable,
  typedEmail: string,
  address: string,
  reason: SignInFailure,
  uid: string | null = null,
): Promise<void> {
  await recordConsoleAction(db, attemptActor(typedEmail), {
    action: OPERATOR_ACTIONS.signInFailed,
    targetType: 'account',
    targetId: uid,
    details: { address, reason },
  });
}
