// The refusals of two-factor sign-in, worded for the operator who reads them (contract/mfa.ts MFA_ERRORS names them).
import { MFA_ERRORS } from '../../../../contract/mfa';
import { HttpError } from '../../http/errors';

/** 409 when a stored secret does not open with this server's key (secretBox.ts): never a code accepted without it. */
export const MFA_UNREADABLE = 'mfa_secret_unreadable';

export const MFA_MESSAGES = {
  invalidCode: 'That code is not valid. Enter the current code from your authenticator app.',
  invalidRecoveryCode: 'That recovery code is not valid, or it was used already.',
  invalidChallenge: 'This sign-in has expired. Enter your password again.',
  alreadyOn: 'Two-factor sign-in is on already. Turn it off before setting it up again.',
  nothingPending: 'No two-factor setup is waiting for a code. Start the setup again.',
  notOn: 'Two-factor sign-in is not on for this account.',
  required: 'Two-factor sign-in is required on this server: it cannot be turned off.',
  unreadable:
    "Your two-factor secret cannot be read: this server's session secret changed since it was set up. " +
    'Sign in with a recovery code, or ask an admin to reset your two-factor sign-in.',
  unreadablePending: "The two-factor setup cannot be read: this server's session secret changed since it began. Start the setup again.",
} as const;

export const invalidCode = () => new HttpError(401, MFA_ERRORS.invalidCode, MFA_MESSAGES.invalidCode);
export const invalidRecoveryCode = () => new HttpError(401, MFA_ERRORS.invalidCode, MFA_MESSAGES.invalidRecoveryCode);
export const invalidChallenge = () => new HttpError(401, MFA_ERRORS.invalidChallenge, MFA_MESSAGES.invalidChallenge);
export const alreadyOn = () => new HttpError(409, MFA_ERRORS.alreadyOn, MFA_MESSAGES.alreadyOn);
export const nothingPending = () => new HttpError(409, MFA_ERRORS.notOn, MFA_MESSAGES.nothingPending);
export const notOn = () => new HttpError(409, MFA_ERRORS.notOn, MFA_MESSAGES.notOn);
export const mfaRequired = () => new HttpError(409, MFA_ERRORS.required, MFA_MESSAGES.required);
export const unreadable = (pending = false) =>
  new HttpError(409, MFA_UNREADABLE, pending ? MFA_MESSAGES.unreadablePending : MFA_MESSAGES.unreadable);
