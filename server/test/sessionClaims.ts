import { newSessionId, nowSeconds, type SessionClaims } from '../src/auth/tokens';

/** Claims of a fresh sign-in for an account at session version 1 (a new account's), for minting test tokens. */
export function freshClaims(uid: string, email: string, overrides: Partial<SessionClaims> = {}): SessionClaims {
  return { uid, email, sid: newSessionId(), sessionVersion: 1, startedAt: nowSeconds(), ...overrides };
}
