// Operators: the console's admin accounts, invitations and one-time password links. Constants: operators.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { closed, freeText, isoText, nullable, described } from './parts';
import { LINK_TOKEN_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_LINK_KINDS } from '../operators';

export const linkToken = Type.String({ minLength: LINK_TOKEN_LENGTH, maxLength: LINK_TOKEN_LENGTH, pattern: '^[A-Za-z0-9_-]+$' });
export const newPassword = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });
export const OperatorSchema = Type.Object({
  uid: Type.String(),
  email: nullable(Type.String()),
  displayName: nullable(Type.String()),
  accountActive: described(Type.Boolean(), "the user record's accountActive: a deactivated operator cannot sign in"),
  lastSignInAt: described(nullable(isoText), 'the last successful sign-in, null when never'),
  mfaEnabled: described(Type.Boolean(), 'a second factor is enrolled'),
  hasPassword: described(Type.Boolean(), 'the account has a password (an invited operator who has not yet opened the link has none)'),
  createdAt: nullable(isoText),
});
export const OperatorInviteSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  createdAt: isoText,
  expiresAt: isoText,
  createdBy: Type.String({ description: "the inviting operator's email" }),
});
export const OperatorsPageSchema = Type.Object({
  operators: Type.Array(OperatorSchema),
  invites: described(Type.Array(OperatorInviteSchema), 'invitations neither used, withdrawn nor expired, newest first'),
  capabilities: described(
    Type.Object({ invite: Type.Boolean(), resetPassword: Type.Boolean(), grant: Type.Boolean(), resetMfa: Type.Boolean() }),
    'what this stack can do: Firebase mode has no invitations of its own',
  ),
});
/** A one-time link just made: the token is in this answer only (the server keeps its hash). */
export const OperatorLinkSchema = Type.Object({
  kind: Type.Enum(PASSWORD_LINK_KINDS),
  email: Type.String(),
  token: described(nullable(Type.String()), "the link's token (reference backend): the console builds passwordLinkUrl(origin, token)"),
  url: described(nullable(Type.String()), "a whole link made elsewhere (Firebase Auth's password-reset link in Firebase mode)"),
  expiresAt: nullable(isoText),
});
export const PasswordLinkInfoSchema = Type.Object({
  kind: Type.Enum(PASSWORD_LINK_KINDS),
  email: Type.String(),
  expiresAt: isoText,
});
export const OperatorEmailBody = closed({ email: Type.String({ format: 'email', maxLength: 254 }) });
/** POST /auth/links/redeem: the link's token is the proof (no session). */
export const RedeemLinkBodySchema = closed({ token: linkToken, password: newPassword, displayName: Type.Optional(freeText(100)) });
/** POST /auth/password: one's own password, the current one required. */
export const ChangePasswordBodySchema = closed({
  currentPassword: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
  newPassword,
});

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire
export type Operator = Static<typeof OperatorSchema>;
export type OperatorInvite = Static<typeof OperatorInviteSchema>;
export type OperatorsPage = Static<typeof OperatorsPageSchema>;
export type OperatorLink = Static<typeof OperatorLinkSchema>;
export type PasswordLinkInfo = Static<typeof PasswordLinkInfoSchema>;
export type InviteRequest = Static<typeof OperatorEmailBody>;
export type RedeemLinkRequest = Static<typeof RedeemLinkBodySchema>;
export type ChangePasswordRequest = Static<typeof ChangePasswordBodySchema>;
