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
  /** SIGN_IN_RATE_LIMIT: attempts allowed per window per client address and email (a success clears the count) */
  max: number;
  timeWindowMs: number;
  /**
   * SIGN_IN_IP_RATE_LIMIT: attempts allowed per window per client address across all emails, against password
   * spraying (a success gives its attempt back). Default: the larger of 50 and `max`.
   */
  maxPerIp?: number;
  /**
   * SIGN_IN_EMAIL_RATE_LIMIT: attempts allowed per window per email across all client addresses, against one
   * account attacked from many (a success gives its attempt back). Default: the larger of 30 and `max`.
   */
  maxPerEmail?: number;
  /** SIGN_IN_MAX_LOCKOUT_MINUTES: the longest a limit's growing back-off locks (default 15 minutes) */
  maxLockoutMs?: number;
}

export const DEFAULT_SIGN_IN_RATE_LIMIT: SignInRateLimit = { max: 10, timeWindowMs: 60_000 };
const DEFAULT_MAX_PER_IP = 50;
const DEFAULT_MAX_PER_EMAIL = 30;
export const DEFAULT_MAX_LOCKOUT_MS = 15 * 60_000;

/**
 * What the /auth routes take in a body: an email and a password (sign-in), or nothing. A few kilobytes is
 * plenty, and a larger body is refused (413) before it is read, so nobody makes the server parse or hash
 * megabytes on a route anyone may call.
 */
export const AUTH_BODY_LIMIT_BYTES = 4 * 1024;

/** Why a sign-in was refused, as the metrics count it. */
export type SignInFailure = 'invalid_credentials' | 'rate_limited' | 'account_inactive';

export interface AuthRoutesOptions {
  db: Db;
  tokens: SessionTokens;
  guards: Guards;
  signInRateLimit: SignInRateLimit;
  /** Hears every refused sign-in (the metrics count them). */
  onSignInFailure?: (reason: SignInFailure) => void;
}

/** "Try again in 45 seconds." / "Try again in 8 minutes.": the wait as a person reads it (Retry-After has the seconds). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const wait = retryAfterSeconds < 120 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return `Too many sign-in attempts. Try again in ${wait}.`;
}

/** One answer for an unknown email and a wrong password alike: it must not reveal which it was. */
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid email or password');

const emailKey = (email: string) => email.trim().toLowerCase();

/** The account endpoints of the reference backend (the "authentication service"), outside /api. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { db, tokens, guards, signInRateLimit, onSignInFailure }) => {
  // Every attempt counts, up front, per client address and email (`max`), per client address alone (`maxPerIp`)
  // and per email alone (`maxPerEmail`); over a limit the attempt gets 429, for longer each time the same key
  // goes over again (signInAttempts.ts). A success clears its address + email count and gives its attempt back
  // to the other two, so an operator (or a test suite) signing in often is never locked out by its own
  // successes. The client address is request.ip: the connection's, or X-Forwarded-For's from a proxy that
  // TRUST_PROXY names (http/clientAddress.ts). The counts live in the database, shared by every server process.
  const { max, timeWindowMs } = signInRateLimit;
  const attempts = new SignInAttempts(db, {
    perPair: max,
    perClient: signInRateLimit.maxPerIp ?? Math.max(DEFAULT_MAX_PER_IP, max),
    perEmail: signInRateLimit.maxPerEmail ?? Math.max(DEFAULT_MAX_PER_EMAIL, max),
    windowMs: timeWindowMs,
    maxLockoutMs: Math.max(timeWindowMs, signInRateLimit.maxLockoutMs ?? DEFAULT_MAX_LOCKOUT_MS),
  });
  const failed = (reason: SignInFailure) => onSignInFailure?.(reason);
  // Every /auth route: a body of a few kilobytes at most (413 otherwise, with the limit in the message).
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= AUTH_BODY_LIMIT_BYTES;
  });

  app.post<{ Body: SignInRequest }>(
    '/sign-in',
    { schema: ENDPOINTS['POST /auth/sign-in'] },
    async (request, reply): Promise<SignInResponse> => {
      const email = emailKey(request.body.email);
      const { retryAfter } = await attempts.hit(request.ip, email);
      if (retryAfter > 0) {
        failed('rate_limited');
        reply.header('retry-after', retryAfter);
        throw new HttpError(429, 'rate_limited', tooManyAttemptsMessage(retryAfter));
      }
      const credentials = await checkCredentials(db, request.body.email, request.body.password);
      const account = credentials ? await findAccount(db, credentials.uid) : null;
      if (!credentials || !account) {
        failed('invalid_credentials');
        throw invalidCredentials();
      }
      // The right password of a deactivated account still opens nothing; saying so is safe after the password check.
      if (account.accountActive === false) {
        failed('account_inactive');
        throw new HttpError(403, 'account_inactive', SESSION_ENDED.inactive);
      }
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
