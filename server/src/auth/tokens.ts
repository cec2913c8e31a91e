import { SignJWT, jwtVerify } from 'jose';

/** How long a session token is valid. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'baby-names-admin';

export interface SessionClaims {
  uid: string;
  email: string;
}

export interface SessionTokens {
  sign(claims: SessionClaims, ttlSeconds?: number): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token, or null when the token is malformed, forged or expired. */
  verify(token: string): Promise<SessionClaims | null>;
}

export function createSessionTokens(secret: string): SessionTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, ttlSeconds = SESSION_TTL_SECONDS) {
      const issuedAt = Math.floor(Date.now() / 1000);
      const expiresAtSeconds = issuedAt + ttlSeconds;
      const token = await new SignJWT({ email: claims.email })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.uid)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(key);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return { uid: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
