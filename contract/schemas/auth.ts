// Signing in to the reference backend (/auth): the account, the sign-in and its second step, renewal.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { closed, isoText, nullable } from './parts';

export const AuthAccountSchema = Type.Object({ uid: Type.String(), email: nullable(Type.String()), displayName: nullable(Type.String()) });
export const SignInRequestSchema = closed({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
// Operators (contract/operators.ts): the console's admin accounts, invitations and password links.

export const RenewResponseSchema = Type.Object({ token: Type.String(), expiresAt: isoText });
export const SignInSessionSchema = Type.Object({ token: Type.String(), expiresAt: isoText, account: AuthAccountSchema });

/** The password was right; a second step remains before a session: a code ('verify') or an enrolment ('enrol'). */
export const SignInSecondStepSchema = Type.Object({
  step: Type.Union([Type.Literal('verify'), Type.Literal('enrol')]),
  challenge: Type.String(),
  expiresAt: isoText,
  email: Type.String(),
});
export const SignInResponseSchema = Type.Union([SignInSessionSchema, SignInSecondStepSchema]);

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire

/** The authenticated account (what the authentication service knows). */
export type AuthAccount = Static<typeof AuthAccountSchema>;

/** POST /auth/sign-in (reference backend) */
export type SignInRequest = Static<typeof SignInRequestSchema>;
export type SignInResponse = Static<typeof SignInResponseSchema>;

/** POST /auth/renew: a fresh token for the same session (quiet renewal while the operator is active). */
export type RenewResponse = Static<typeof RenewResponseSchema>;
export type SignInSession = Static<typeof SignInSessionSchema>;
export type SignInSecondStep = Static<typeof SignInSecondStepSchema>;
