import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AuthAccount, SignInRequest, SignInResponse } from '../../../src/api/contract';
import { checkCredentials, findAccount, recordSignIn } from '../auth/accounts';
import type { Guards } from '../auth/guard';
import type { SessionTokens } from '../auth/tokens';
import type { Db } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import { findUserRecord } from '../users/userRecord';

export interface SignInRateLimit {
  /** failed attempts allowed per window per client IP and email */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_SIGN_IN_RATE_LIMIT: SignInRateLimit = { max: 10, timeWindowMs: 60_000 };

export interface AuthRoutesOptions {
  db: Db;
  tokens: SessionTokens;
  guards: Guards;
  signInRateLimit: SignInRateLimit;
}

/** One answer for an unknown email and a wrong password alike: it must not reveal which it was. */
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid email or password');

const signInBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

function signInKey(request: FastifyRequest): string {
  const email = (request.body as Partial<SignInRequest> | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

/** The account endpoints of the reference backend (the "authentication service"), outside /api. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { db, tokens, guards, signInRateLimit }) => {
  // Failed attempts are counted per client IP and email; once `max` have failed within the window,
  // further attempts for that pair get 429 until it passes. Successful sign-ins are not counted, so
  // an operator (or a test suite) signing in often is never locked out by its own successes.
  const failedAttempts = app.createRateLimit({
    max: signInRateLimit.max,
    timeWindow: signInRateLimit.timeWindowMs,
    keyGenerator: signInKey,
  });

  app.post<{ Body: SignInRequest }>('/sign-in', { schema: { body: signInBody } }, async (request, reply): Promise<SignInResponse> => {
    const limit = await failedAttempts(request, { increment: false });
    if (!limit.isAllowed && limit.remaining === 0) {
      const retryAfter = Math.max(1, limit.ttlInSeconds);
      reply.header('retry-after', retryAfter);
      throw new HttpError(429, 'rate_limited', `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`);
    }
    const credentials = await checkCredentials(db, request.body.email, request.body.password);
    const account = credentials ? await findAccount(db, credentials.uid) : null;
    if (!credentials || !account) {
      await failedAttempts(request);
      throw invalidCredentials();
    }
    await recordSignIn(db, account.uid);
    const { token, expiresAt } = await tokens.sign({ uid: account.uid, email: account.email ?? credentials.email });
    return { token, expiresAt: expiresAt.toISOString(), account: { uid: account.uid, email: account.email, displayName: account.displayName } };
  });

  app.get('/account', { onRequest: guards.requireAccount }, async (request): Promise<AuthAccount> => {
    const account = request.account!;
    return { uid: account.uid, email: account.email, displayName: account.displayName };
  });

  app.get('/record', { onRequest: guards.requireAccount }, async (request) => {
    const record = await findUserRecord(db, request.account!.uid);
    if (!record) throw notFound('No user record for this account');
    return record;
  });

  // Tokens are stateless and expire on their own; signing out is the client dropping its token.
  app.post('/sign-out', async (_request, reply) => reply.code(204).send());
};
