// Wire contract of the console's own admin accounts ("operators"): who may sign in to the console, invitations and
// password links, and each operator's own password. The schemas are in endpoints.ts; this file holds the types and
// the constants both ends obey.
//
// Reference backend:
//   - An operator is an account (accounts) whose user record says is_admin. GET /api/admin/operators lists them with
//     their last sign-in and whether two-factor is on, and the invitations not yet used.
//   - POST /api/admin/operators/invites { email } makes a one-time link (valid LINK_VALID_HOURS, single use) for a new
//     operator; POST /api/admin/operators/:uid/reset-password makes one for an existing operator. There is no mail
//     server: the answer carries the link's token once, and the console shows the link to copy. The server keeps only
//     a hash of the token.
//   - The link is `${origin}${SET_PASSWORD_PATH}#token=...`: the token travels in the fragment, which browsers never
//     send to a server, so it is in no access log. The page posts it to POST /auth/links/inspect (what the link is for)
//     and POST /auth/links/redeem { token, password, displayName? } (sets the password; an invitation also creates the
//     account and its admin record). A redeemed password ends every session of that account.
//   - POST /api/admin/operators/:uid/grant and .../revoke give and take the admin flag of an existing user record;
//     the last active admin can be neither revoked nor deactivated nor deleted (409). Revoking ends the operator's
//     sessions.
//   - POST /auth/password { currentPassword, newPassword } changes one's own password: the current one is required,
//     every other session of the account ends, and the answer is a fresh token for this one.
//   - Every one of these, and every sign-in (successful or not, with its client address), is on the console-action
//     trail.
// Firebase mode: the hosted API lists the Firestore users whose record has isAdmin true (with Firebase Auth's last
// sign-in and second factors), and grants and revokes with the Admin SDK, since the rules forbid the browser to write
// isAdmin. Invitations and password links there are Firebase Auth's own (capabilities say which exist).

/** How long an invitation or a password-reset link may be used, from when it was made. */
export const LINK_VALID_HOURS = 24;
/** The console's page that opens a link (the token follows in the fragment: `#token=...`). */
export const SET_PASSWORD_PATH = '/set-password';
/** The shortest password an operator may choose (NIST SP 800-63B asks for at least 8; an admin console asks more). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;
/** A link's token: 32 random bytes, base64url (43 characters). */
export const LINK_TOKEN_LENGTH = 43;

export const PASSWORD_LINK_KINDS = ['invite', 'reset'] as const;
export type PasswordLinkKind = (typeof PASSWORD_LINK_KINDS)[number];

/** The console-action trail's names for what this contract does. */
export const OPERATOR_ACTIONS = {
  invite: 'operator.invite',
  withdrawInvite: 'operator.invite_withdraw',
  grant: 'operator.grant',
  revoke: 'operator.revoke',
  resetPassword: 'operator.reset_password',
  linkRedeemed: 'account.link_redeemed',
  passwordChange: 'account.password_change',
  signIn: 'account.sign_in',
  signInFailed: 'account.sign_in_failed',
} as const;

/**
 * The `error` of refusals the console treats apart. A wrong current password on POST /auth/password is a 401, like an
 * ended session; its own code says the session still holds (the console must not sign the operator out for it).
 * Every dead link (unknown, used, withdrawn, expired) is the same 404 'invalid_link'. Revoking, deactivating or
 * deleting the last active admin is a 409 'last_admin'.
 */
export const OPERATOR_ERRORS = {
  wrongCurrentPassword: 'wrong_current_password',
  invalidLink: 'invalid_link',
  lastAdmin: 'last_admin',
} as const;

/** The link an operator copies, from a link answer and the console's origin. */
export const passwordLinkUrl = (origin: string, token: string): string => `${origin}${SET_PASSWORD_PATH}#token=${token}`;
