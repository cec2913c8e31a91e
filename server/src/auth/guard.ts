import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Queryable } from '../db/types';
import { forbidden, unauthorized } from '../http/errors';
import { findAccount, type AccountWithRole } from './accounts';
import type { SessionTokens } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by the guards. */
    account: AccountWithRole | null;
  }
}

/** The session token: `Authorization: Bearer <token>` only (never the query string, which gets logged). */
function tokenOf(request: FastifyRequest): string | null {
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
}

export function createGuards(db: Queryable, tokens: SessionTokens): Guards {
  async function authenticate(request: FastifyRequest): Promise<AccountWithRole> {
    const token = tokenOf(request);
    if (!token) throw unauthorized('Sign-in required');
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized('Invalid or expired session');
    // The account may have been removed since the token was issued.
    const account = await findAccount(db, claims.uid);
    if (!account) throw unauthorized('Invalid or expired session');
    request.account = account;
    return account;
  }
  return {
    async requireAccount(request: FastifyRequest, _reply: FastifyReply) {
      await authenticate(request);
    },
    async requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
      const account = await authenticate(request);
      if (account.isAdmin !== true) throw forbidden('Admin access required');
    },
  };
}
