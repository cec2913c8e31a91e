// RFC 6238 codes with otplib: a new secret, the otpauth:// URL an authenticator app scans, and the check of a code
// that answers the time step it matched, so the caller can refuse that step and every earlier one next time (replay).
import { generateSecret, generateURI, verify } from 'otplib';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '../../../../contract/mfa';

const ALGORITHM = 'sha1';

/** 20 random bytes (160 bits, RFC 4226's recommendation), base32 as authenticator apps take it. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** What the enrolment's QR code carries: issuer, the account's email, the secret and the contract's parameters. */
export const otpauthUrl = (email: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret, algorithm: ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

export const timeStepAt = (unixSeconds: number): number => Math.floor(unixSeconds / TOTP_PERIOD_SECONDS);

/**
 * The time step whose code `code` is, within TOTP_WINDOW_STEPS of now and after `lastUsedStep`; null when none.
 * One answer for a wrong code, a code used already (its step or an earlier one) and a code out of the window.
 */
export async function matchTotp(
  secret: string,
  code: string,
  { lastUsedStep, nowSeconds = Date.now() / 1000 }: { lastUsedStep: number | null; nowSeconds?: number },
): Promise<number | null> {
  // otplib refuses (throws on) an afterTimeStep past the window's last step: no code could be accepted then anyway.
  if (lastUsedStep !== null && lastUsedStep >= timeStepAt(nowSeconds) + TOTP_WINDOW_STEPS) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: nowSeconds,
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    ...(lastUsedStep !== null ? { afterTimeStep: lastUsedStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
