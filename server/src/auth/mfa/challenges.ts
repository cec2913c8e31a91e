// The second step's challenge (contract/mfa.ts): after the right password, a signed token that proves it for
// MFA_CHALLENGE_MINUTES and opens nothing but the second step. A jose JWT like the session tokens (auth/tokens.ts),
// kept apart from them three ways, so neither is ever taken for the other:
// - its own key: HKDF-SHA256 of the session secret with an info string of its own (secretBox.ts deriveKey);
// - its own header type and audience ('mfa-challenge+jwt', AUDIENCE), which the session check refuses (tokens.ts) and
//   this check requires;
// - its own claims: no session id or sign-in time, which every session token must carry.
// It names the account and the account's session version when it was made: a password change, a deactivation, a
// reset of the second factor or turning it on (which bump the version) makes every challenge of the account void.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { MFA_CHALLENGE_MINUTES } from '../../../../contract/mfa';
import { nowSeconds } from '../tokens';
import { deriveKey } from './secretBox';

export type ChallengeStep = 'verify' | 'enrol';

export interface ChallengeClaims {
  uid: string;
  /** accounts.session_version when the password was checked */
  sessionVersion: number;
  step: ChallengeStep;
}

export interface MfaChallenges {
  /** A challenge for the claims, valid MFA_CHALLENGE_MINUTES from `issuedAt` (unix seconds, default now). */
  sign(claims: ChallengeClaims, issuedAt?: number): Promise<{ challenge: string; expiresAt: Date }>;
  /** The claims of a valid, unexpired challenge of this step; null otherwise (forged, expired, another step, a session token). */
  verify(challenge: string, step: ChallengeStep): Promise<ChallengeClaims | null>;
}

const ALGORITHM = 'HS256';
const ISSUER = 'baby-names-admin';
export const CHALLENGE_TYPE = 'mfa-challenge+jwt';
export const CHALLENGE_AUDIENCE = 'baby-names-admin/mfa-challenge';
const KEY_INFO = 'baby-names-admin/mfa-challenge/hs256/v1';
const TTL_SECONDS = MFA_CHALLENGE_MINUTES * 60;

export function createMfaChallenges(sessionSecret: string): MfaChallenges {
  const key = new Uint8Array(deriveKey(sessionSecret, KEY_INFO));
  return {
    async sign(claims, issuedAt = nowSeconds()) {
      const expiresAt = issuedAt + TTL_SECONDS;
      const challenge = await new SignJWT({ sv: claims.sessionVersion, step: claims.step })
        .setProtectedHeader({ alg: ALGORITHM, typ: CHALLENGE_TYPE })
        .setSubject(claims.uid)
        .setIssuer(ISSUER)
        .setAudience(CHALLENGE_AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { challenge, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(challenge, step) {
      try {
        const { payload } = await jwtVerify(challenge, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: CHALLENGE_AUDIENCE,
          typ: CHALLENGE_TYPE,
          requiredClaims: ['sub', 'exp', 'iat', 'sv', 'step'],
          maxTokenAge: TTL_SECONDS + 60,
        });
        const { sub, sv, exp, iat } = payload;
        if (typeof sub !== 'string' || !Number.isSafeInteger(sv) || payload.step !== step) return null;
        if (typeof exp !== 'number' || typeof iat !== 'number' || exp - iat > TTL_SECONDS) return null;
        return { uid: sub, sessionVersion: sv as number, step };
      } catch {
        return null;
      }
    },
  };
}
