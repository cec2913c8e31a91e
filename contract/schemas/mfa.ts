// Two-factor sign-in: enrolment, recovery codes, status. Constants and what they mean: mfa.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { described } from './parts';
import { MFA_RECOVERY_CODE_COUNT, TOTP_DIGITS } from '../mfa';
import { SignInSessionSchema } from './auth';

// Two-factor sign-in (contract/mfa.ts).
export const mfaChallenge = Type.String({ minLength: 1, maxLength: 2048, description: "the second step's signed challenge" });
export const totpCode = Type.String({ pattern: `^[0-9]{${TOTP_DIGITS}}$`, description: 'the code an authenticator app shows now' });

export const MfaEnrolmentSchema = Type.Object({
  secret: described(Type.String(), 'base32, to type into an authenticator app by hand'),
  otpauthUrl: described(Type.String(), 'otpauth://totp/...: what the QR code carries'),
});
export const MfaRecoveryCodesSchema = Type.Object({
  recoveryCodes: described(
    Type.Array(Type.String(), { minItems: MFA_RECOVERY_CODE_COUNT, maxItems: MFA_RECOVERY_CODE_COUNT }),
    'shown once: the server keeps only their hashes',
  ),
});
export const MfaConfirmedSchema = Type.Object({
  recoveryCodes: Type.Array(Type.String(), { minItems: MFA_RECOVERY_CODE_COUNT, maxItems: MFA_RECOVERY_CODE_COUNT }),
  session: described(
    SignInSessionSchema,
    'a session for this sign-in (a fresh token when enrolling while signed in: the other sessions have ended)',
  ),
});
export const MfaStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
  required: described(Type.Boolean(), 'REQUIRE_MFA is set: two-factor cannot be turned off'),
});

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire
export type MfaEnrolment = Static<typeof MfaEnrolmentSchema>;
export type MfaRecoveryCodes = Static<typeof MfaRecoveryCodesSchema>;
export type MfaStatus = Static<typeof MfaStatusSchema>;
