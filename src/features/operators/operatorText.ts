// What the Operators page says: names, toasts and the one-time link's words, in one place. The toasts are called from
// the mutations' onQueryStarted (RTK Query's side-effect hook), as User Management's are, not from components.
import { LINK_VALID_HOURS, passwordLinkUrl } from '../../../contract/operators';
import type { Operator, OperatorLink } from '../../../contract/schemas/operators';
import { errorReason } from '../../api/errors';
import { notify } from '../../lib/notify';

/** How the page names an operator: display name, else email, else the uid. */
export function operatorLabel(operator: Pick<Operator, 'uid' | 'email' | 'displayName'>): string {
  return operator.displayName?.trim() || operator.email?.trim() || operator.uid;
}

export const operatorToastTexts = {
  inviteFailed: (email: string, reason: string) => `Failed to invite ${email}: ${reason}`,
  withdrawn: (email: string) => `The invitation for ${email} was withdrawn.`,
  withdrawFailed: (email: string, reason: string) => `Failed to withdraw the invitation for ${email}: ${reason}`,
  granted: (label: string) => `Admin granted to ${label}.`,
  grantFailed: (label: string, reason: string) => `Failed to grant admin to ${label}: ${reason}`,
  revoked: (label: string) => `Admin revoked from ${label}: they are signed out everywhere.`,
  revokeFailed: (label: string, reason: string) => `Failed to revoke admin from ${label}: ${reason}`,
  resetFailed: (label: string, reason: string) => `Failed to make a password-reset link for ${label}: ${reason}`,
  mfaReset: (label: string) => `Two-factor sign-in reset for ${label}: their sessions ended.`,
  mfaResetFailed: (label: string, reason: string) => `Failed to reset two-factor sign-in for ${label}: ${reason}`,
  copied: 'Link copied.',
};

export const LAST_ACTIVE_ADMIN_REASON =
  'The last active admin cannot be revoked: the console would have no one left to sign in. Grant admin to someone else first.';
export const NO_PASSWORD_YET = 'Invited, link not yet used';
/** What resetting an operator's two-factor sign-in does (contract/mfa.ts), said before it is done. */
export const resetMfaText = (label: string) =>
  `${label}'s two-factor sign-in is turned off and their recovery codes stop working: ${label} signs in with the password alone until they set it up again (at once, at the next sign-in, where the server requires it); their sessions end.`;
/** The action's name, on the grid's button (an icon: the Two-factor column is narrow) and the confirmation's. */
export const RESET_MFA_LABEL = 'Reset two-factor';
export const NO_PASSWORD_YET_HINT =
  'No password yet: they set one with the invitation or a password-reset link. Make a reset link if theirs was lost or has expired.';

/** The link to hand over: a whole one made elsewhere (Firebase Auth's), else the console's page with the token. */
export function oneTimeLinkUrl(link: OperatorLink, origin: string): string | null {
  if (link.url) return link.url;
  return link.token ? passwordLinkUrl(origin, link.token) : null;
}

/** How long the link works: the contract's hours for the console's own links; another's (Firebase Auth) sets its own. */
export function linkValidityText(link: OperatorLink, expiresAt: string | null): string {
  if (link.token) return `It works once and is valid for ${LINK_VALID_HOURS} hours${expiresAt ? `, until ${expiresAt}` : ''}.`;
  return expiresAt ? `It works once, until ${expiresAt}.` : 'It works once; Firebase Auth decides how long it stays valid.';
}

/** queryFulfilled rejects with { error } (the ApiError) for a failed request. */
function errorOf(rejection: unknown): unknown {
  return (rejection as { error?: unknown } | null)?.error ?? rejection;
}

/** Waits for a mutation and says how it went (nothing on success when `success` gives null). */
export async function operatorLifecycle<T>(
  queryFulfilled: Promise<{ data: T }>,
  success: (data: T) => string | null,
  failure: (reason: string) => string,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    const text = success(data);
    if (text) notify(text, 'success');
  } catch (error) {
    notify(failure(errorReason(errorOf(error))), 'error');
  }
}
