import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Session lifetimes. A token lives 30 minutes; the console renews it quietly while the operator is
 * active (POST /auth/renew once half of it has passed), so an idle console signs out after at most
 * 30 minutes and a busy one after SESSION_MAX_SECONDS from the password sign-in, when renewal stops.
 */
export const SESSION_TTL_SECONDS = 30 * 60;
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'baby-names-admin';
// Claims every token must carry: one without exp would never expire, one without sid/sv could not be revoked.
const REQUIRED_CLAIMS = ['sub', 'exp', 'iat', 'sid', 'sv', 'auth_time'];

/** What a session token says: whose it is, which sign-in it belongs to, and the account version it saw. */
export interface SessionClaims {
  uid: string;
  email: string;
  /** the sign-in this token belongs to; renewal keeps it, sign-out revokes it */
  sid: string;
  /** accounts.session_version at issue: a trigger bumps it on demotion, deactivation and password change */
  sessionVersion: number;
  /** when the password sign-in happened (unix seconds): renewal never goes past SESSION_MAX_SECONDS from it */
  startedAt: number;
}

export interface VerifiedSession extends SessionClaims {
  /** unix seconds */
  issuedAt: number;
  /** unix seconds */
  expiresAt: number;
}

export interface SessionTokens {
  /** A token for the claims, valid for ttlSeconds but never past the session's maximum length. */
  sign(claims: SessionClaims, ttlSeconds?: number): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token, or null when the token is malformed, forged, expired or lacks a required claim. */
  verify(token: string): Promise<VerifiedSession | null>;
}

/** A new session id for a password sign-in. */
export const newSessionId = (): string => randomUUID();

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** When a session started at `startedAt` must end at the latest (unix seconds). */
export const sessionHardEnd = (startedAt: number): number => startedAt + SESSION_MAX_SECONDS;

export function createSessionTokens(secret: string): SessionTokens {
  // Given the raw secret, jose imports it into a CryptoKey on every call: jose was ~18 % of the server's
  // CPU under bench:api-load (a --cpu-prof profile). Imported once here, every request reuses it.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const verified = new RecentlyVerified();
  return {
    async sign(claims, ttlSeconds = SESSION_TTL_SECONDS) {
      const issuedAt = nowSeconds();
      const expiresAtSeconds = Math.min(issuedAt + ttlSeconds, sessionHardEnd(claims.startedAt));
      const token = await new SignJWT({ email: claims.email, sid: claims.sid, sv: claims.sessionVersion, auth_time: claims.startedAt })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.uid)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(await key);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // The signature and claims of this exact text were checked already; only time can have changed.
        if (stillInTime(known)) return { ...known };
        verified.delete(token);
      }
      const session = await verifyWithJose(token);
      if (session) {
        verified.set(token, session);
      }
      return session && { ...session };
    },
  };

  async function verifyWithJose(token: string): Promise<VerifiedSession | null> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, await key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: REQUIRED_CLAIMS,
        // A token issued with a longer life than ours (or dated in the future) was not issued by this server's rules.
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      });
      // A token typed or addressed as something else (the second step's challenge, auth/mfa/challenges.ts) is not a
      // session, whatever else it carries.
      if ((protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') || payload.aud !== undefined) return null;
      const { sub, email, sid, sv, auth_time: startedAt, iat, exp } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null;
      if (!Number.isSafeInteger(sv) || typeof startedAt !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') return null;
      if (exp - iat > SESSION_TTL_SECONDS || exp > sessionHardEnd(startedAt)) return null;
      return { uid: sub, email, sid, sessionVersion: sv as number, startedAt, issuedAt: iat, expiresAt: exp };
    } catch {
      return null;
    }
  }
}

/**
 * Tokens verified lately, by their exact text. The console sends one token with every request for 15
 * minutes, and an HMAC check through WebCrypto was the largest part of a guarded request's CPU after the
 * database (bench:api-load profile). Whether the session still holds is checked per request regardless
 * (sessions.ts); this saves only re-checking a signature already found good. Oldest entries go first.
 */
export class RecentlyVerified {
  private readonly sessions = new Map<string, VerifiedSession>();
  private readonly kept = 1_000;
  get size(): number {
    return this.sessions.size;
  }
  get(token: string): VerifiedSession | undefined {
    return this.sessions.get(token);
  }
  delete(token: string): void {
    this.sessions.delete(token);
  }
  /** Keeps the newest `kept`: a Map iterates in insertion order, so its first key is the oldest. */
  set(token: string, session: VerifiedSession): void {
    if (this.sessions.size >= this.kept) this.sessions.delete(this.sessions.keys().next().value!);
    this.sessions.set(token, session);
  }
}

const MAX_TOKEN_AGE_SECONDS = SESSION_TTL_SECONDS + 60;

/** jose's own time rules (exp strictly in the future, iat at most maxTokenAge ago), for a token it accepted earlier. */
function stillInTime(session: VerifiedSession): boolean {
  const now = nowSeconds();
  return now < session.expiresAt && now - session.issuedAt <= MAX_TOKEN_AGE_SECONDS;
}
