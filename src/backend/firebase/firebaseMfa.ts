// Two-factor sign-in in Firebase mode: not offered. Firebase Auth's TOTP second factor needs Google Cloud Identity
// Platform, which the Firebase emulators do not provide (contract/mfa.ts); the console hides what would need it, and a
// call that reaches here anyway is refused with the reason.
import { HttpError } from '../../api/errors';
import type { AccountMfaPort } from '../ports';

export const MFA_NOT_AVAILABLE =
  "Two-factor sign-in is not available with Firebase Auth here: its TOTP second factor needs Google Cloud Identity Platform, which this project's Firebase setup does not have.";

export function firebaseMfa(): AccountMfaPort {
  const refuse = () => Promise.reject(new HttpError(501, MFA_NOT_AVAILABLE));
  return {
    available: false,
    status: refuse,
    startEnrolment: refuse,
    confirmEnrolment: refuse,
    verify: refuse,
    openSession: refuse,
    renewRecoveryCodes: refuse,
    disable: refuse,
  };
}
