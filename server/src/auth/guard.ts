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
  interface FastifyContextConfig {
    /**
     * The route also accepts the token as `?access_token=`: the browser's EventSource cannot send
     * an Authorization header. Only for GET streams, whose URLs are not logged with the token.
     */
    tokenInQuery?: boolean;
  }
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ?? null;
  }
  if (request.routeOptions.config.tokenInQuery) {
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.access_token;
    return typeof fromQuery === 'string' && fromQuery.length > 0 ? fromQuery : null;
  }
  return null;
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
