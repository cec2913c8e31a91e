import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { AuthAccount, RenewResponse, SignInRequest, SignInResponse } from '../../../contract/wire';
import { checkCredentials, findAccount, recordSignIn } from '../auth/accounts';
import { tokenOf, type Guards } from '../auth/guard';
import { revokeSession, SESSION_ENDED } from '../auth/sessions';
import { SignInAttempts } from '../auth/signInAttempts';
import { newSessionId, nowSeconds, type SessionTokens } from '../auth/tokens';
import type { Db } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import { findUserRecord } from '../users/userRecord';

export interface SignInRateLimit {
  /** sign-in attempts allowed per window per client IP and email (a success clears the count) */
  max: number;
  timeWindowMs: number;
  /**
   * attempts allowed per window per client IP across all emails, against password spraying (a
   * success gives its attempt back). Default: the larger of 50 and `max`.
   */
  maxPerIp?: number;
}

export const DEFAULT_SIGN_IN_RATE_LIMIT: SignInRateLimit = { max: 10, timeWindowMs: 60_000 };
const DEFAULT_MAX_PER_IP = 50;

export interface AuthRoutesOptions {
  db: Db;
  tokens: SessionTokens;
  guards: Guards;
  signInRateLimit: SignInRateLimit;
}

/** One answer for an unknown email and a wrong password alike: it must not reveal which it was. */
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid email or password');

const emailKey = (email: string) => email.trim().toLowerCase();

/** The account endpoints of the reference backend (the "authentication service"), outside /api. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { db, tokens, guards, signInRateLimit }) => {
  // Every attempt counts, up front, per client IP and email (`max`) and per client IP alone
  // (`maxPerIp`); over either limit the attempt gets 429 until the window passes. A success clears
  // its IP + email count and gives its attempt back to the IP count, so an operator (or a test
  // suite) signing in often is never locked out by its own successes.
  // The counts live in the database, shared by every server process on it (signInAttempts.ts).
  const { max, timeWindowMs } = signInRateLimit;
  const attempts = new SignInAttempts(db, {
    perAccount: max,
    perIp: signInRateLimit.maxPerIp ?? Math.max(DEFAULT_MAX_PER_IP, max),
    windowMs: timeWindowMs,
  });

  app.post<{ Body: SignInRequest }>(
    '/sign-in',
    { schema: ENDPOINTS['POST /auth/sign-in'] },
    async (request, reply): Promise<SignInResponse> => {
      const email = emailKey(request.body.email);
      const retryAfter = await attempts.hit(request.ip, email);
      if (retryAfter > 0) {
        reply.header('retry-after', retryAfter);
        throw new HttpError(429, 'rate_limited', `Too many sign-in attempts. Try again in ${retryAfter} seconds.`);
      }
      const credentials = await checkCredentials(db, request.body.email, request.body.password);
      const account = credentials ? await findAccount(db, credentials.uid) : null;
      if (!credentials || !account) throw invalidCredentials();
      // The right password of a deactivated account still opens nothing; saying so is safe after the password check.
      if (account.accountActive === false) throw new HttpError(403, 'account_inactive', SESSION_ENDED.inactive);
      await attempts.succeeded(request.ip, email);
      await recordSignIn(db, account.uid);
      const { token, expiresAt } = await tokens.sign({
        uid: account.uid,
        email: account.email ?? credentials.email,
        sid: newSessionId(),
        sessionVersion: account.sessionVersion,
        startedAt: nowSeconds(),
      });
      return {
        token,
        expiresAt: expiresAt.toISOString(),
        account: { uid: account.uid, email: account.email, displayName: account.displayName },
      };
    },
  );

  app.get(
    '/account',
    { schema: ENDPOINTS['GET /auth/account'], onRequest: guards.requireAccount },
    async (request): Promise<AuthAccount> => {
      const account = request.account!;
      return { uid: account.uid, email: account.email, displayName: account.displayName };
    },
  );

  app.get('/record', { schema: ENDPOINTS['GET /auth/record'], onRequest: guards.requireAccount }, async (request) => {
    const record = await findUserRecord(db, request.account!.uid);
    if (!record) throw notFound('No user record for this account');
    return record;
  });

  // Quiet renewal: a fresh token for the same session (same sid, so signing out ends every renewal
  // too), never past the session's maximum length. The guard has just re-checked the session.
  app.post(
    '/renew',
    { schema: ENDPOINTS['POST /auth/renew'], onRequest: guards.requireAccount },
    async (request): Promise<RenewResponse> => {
      const session = request.session!;
      const account = request.account!;
      const { token, expiresAt } = await tokens.sign({
        uid: account.uid,
        email: account.email ?? session.email,
        sid: session.sid,
        sessionVersion: account.sessionVersion,
        startedAt: session.startedAt,
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );

  // Sign-out revokes the session on the server: the token (and any renewal of it) answers 401 from now on.
  // Without a valid token there is nothing to revoke, and the answer is the same 204 (signing out twice is fine).
  app.post('/sign-out', { schema: ENDPOINTS['POST /auth/sign-out'] }, async (request, reply) => {
    const token = tokenOf(request);
    const session = token ? await tokens.verify(token) : null;
    if (session) await revokeSession(db, session);
    return reply.code(204).send();
  });
};
