import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Queryable } from '../db/types';
import { forbidden, unauthorized } from '../http/errors';
import type { AccountWithRole } from './accounts';
import { checkSession, SESSION_ENDED, type SessionCheck } from './sessions';
import { sessionHardEnd, type SessionTokens, type VerifiedSession } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by the guards. */
    account: AccountWithRole | null;
    /** The verified token's session, set by the guards. */
    session: VerifiedSession | null;
  }
}

/** The session token: `Authorization: Bearer <token>` only (never the query string, which gets logged). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export interface Guards {
  /** Any signed-in account (the /auth endpoints). 401 otherwise. */
  requireAccount: onRequestAsyncHookHandler;
  /** A signed-in account whose end-user record has isAdmin true (every /api route). 401 / 403 otherwise. */
  requireAdmin: onRequestAsyncHookHandler;
  /** Re-checks a session that passed requireAdmin earlier (long-lived streams): null while it holds, else why it ended. */
  recheckAdmin(session: VerifiedSession): Promise<string | null>;
}

export function createGuards(db: Queryable, tokens: SessionTokens): Guards {
  async function authenticate(request: FastifyRequest): Promise<AccountWithRole> {
    const token = tokenOf(request);
    if (!token) throw unauthorized('Sign-in required');
    const session = await tokens.verify(token);
    if (!session) throw unauthorized('Invalid or expired session');
    // Signed out, demoted, deactivated, password changed or removed since the token was issued: 401.
    const check: SessionCheck = await checkSession(db, session);
    if (!check.ok) throw unauthorized(check.reason);
    request.account = check.account;
    request.session = session;
    return check.account;
  }
  return {
    async requireAccount(request: FastifyRequest, _reply: FastifyReply) {
      await authenticate(request);
    },
    async requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
      const account = await authenticate(request);
      if (account.isAdmin !== true) throw forbidden('Admin access required');
    },
    async recheckAdmin(session) {
      // A stream outlives its token (the console renews tokens, not streams) but never its session.
      if (Date.now() >= sessionHardEnd(session.startedAt) * 1000) return SESSION_ENDED.maxLength;
      const check = await checkSession(db, session);
      if (!check.ok) return check.reason;
      return check.account.isAdmin === true ? null : 'Admin access required';
    },
  };
}
