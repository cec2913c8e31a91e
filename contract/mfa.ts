// Wire contract of two-factor sign-in (TOTP, RFC 6238) for the console's operators on the reference backend. The
// schemas are in endpoints.ts; this file holds the types and the constants both ends obey.
//
// Signing in:
//   - POST /auth/sign-in with the right password answers a session (SignInSession) as before when the account has no
//     second factor and none is required. Otherwise it answers a second step (SignInSecondStep): `step: 'verify'` when
//     the account has two-factor on, `step: 'enrol'` when REQUIRE_MFA=1 and it has none yet. The step carries a
//     `challenge`: a signed token, valid MFA_CHALLENGE_MINUTES, that proves the password was right and opens nothing
//     else (the guard of /api refuses it).
//   - POST /auth/mfa/verify { challenge, code } or { challenge, recoveryCode } answers the session. A code is accepted
//     in its 30-second step and one step either side (clock drift); a code used once is refused in the same step and
//     every earlier one (replay); a recovery code is single use. Wrong codes count per account (and per client
//     address), like wrong passwords, with the same growing back-off (429 with Retry-After).
// Enrolling (signed in, or with an 'enrol' challenge when REQUIRE_MFA=1 makes it the first thing after the password):
//   - POST /auth/mfa/enrolment { challenge? } makes a new secret, kept pending: { secret, otpauthUrl } (the console
//     draws the URL as a QR code and shows the secret to type in by hand). A new call replaces a pending secret.
//   - POST /auth/mfa/enrolment/confirm { challenge?, code } turns two-factor on with a code from the pending secret and
//     answers MFA_RECOVERY_CODE_COUNT recovery codes, shown once (the server keeps their hashes only). Turning it on
//     ends the account's other sessions; the answer carries a session for this one (a fresh token when signed in, the
//     first one after an 'enrol' challenge).
// Managing:
//   - GET /auth/mfa: whether two-factor is on, how many recovery codes are left, whether REQUIRE_MFA is set.
//   - POST /auth/mfa/recovery-codes { code }: a new set of recovery codes (the old ones stop working).
//   - POST /auth/mfa/disable { currentPassword }: two-factor off (refused with 409 'mfa_required' under REQUIRE_MFA).
//   - POST /api/admin/operators/:uid/reset-mfa: an admin turns another operator's two-factor off (that operator
//     enrols again at the next sign-in when it is required) and ends their sessions.
// The secret is stored encrypted with a key derived from the session secret; every enrolment, confirmation, reset,
// disable, recovery-code use and refused code is on the console-action trail (never a code or the secret).
// Firebase mode: Firebase Auth's TOTP second factor needs Google Cloud Identity Platform, which the emulators do not
// provide; the console there offers none of these (its capabilities say so) and lists the factors Firebase Auth has.

/** How long the challenge of a second step stays valid after the password was right. */
import type { SignInSecondStep, SignInSession } from './schemas/auth';
export const MFA_CHALLENGE_MINUTES = 5;
/** RFC 6238's defaults, which every authenticator app reads: 6 digits, 30-second steps, SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of one step before and after the server's own are accepted (a phone's clock a little off). */
export const TOTP_WINDOW_STEPS = 1;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Baby Names Admin';
export const MFA_RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: two groups of five from an alphabet without look-alikes, e.g. "7KQ2M-XH4TC". */
export const RECOVERY_CODE_PATTERN = '^[0-9A-HJ-NP-Z]{5}-?[0-9A-HJ-NP-Z]{5}$';

/** A recovery code as typed (lower case, spaces, no dash) in the form the server hashes. */
export const normalizeRecoveryCode = (typed: string): string => {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  return plain.length === 10 ? `${plain.slice(0, 5)}-${plain.slice(5)}` : plain;
};

/** The `error` of refusals the console treats apart. */
export const MFA_ERRORS = {
  /** 401: the code (or recovery code) is wrong, used already, or from a step outside the window */
  invalidCode: 'invalid_mfa_code',
  /** 401: the challenge is expired, forged or of an account changed since: start again with the password */
  invalidChallenge: 'invalid_mfa_challenge',
  /** 409: two-factor is on already (turn it off before enrolling again) */
  alreadyOn: 'mfa_already_on',
  /** 409: no secret pending (confirm without enrolment first) or two-factor off (recovery codes, disable) */
  notOn: 'mfa_not_on',
  /** 409: REQUIRE_MFA forbids turning it off */
  required: 'mfa_required',
} as const;

/** The console-action trail's names for what this contract does. */
export const MFA_ACTIONS = {
  /** a new secret made, pending until a code from it confirms it */
  enrolmentStarted: 'account.mfa_enrolment_started',
  /** confirmed: two-factor is on */
  enrolled: 'account.mfa_enrolled',
  disabled: 'account.mfa_disabled',
  recoveryCodesRenewed: 'account.mfa_recovery_codes_renewed',
  recoveryCodeUsed: 'account.mfa_recovery_code_used',
  codeRefused: 'account.mfa_code_refused',
  reset: 'operator.reset_mfa',
} as const;

/** Whether POST /auth/sign-in answered a second step rather than a session. */
// The sign-in's answers are auth's (schemas/auth.ts); two-factor decides which one it is.
export const isSecondStep = (answer: SignInSession | SignInSecondStep): answer is SignInSecondStep => 'step' in answer;
