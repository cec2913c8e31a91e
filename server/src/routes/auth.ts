import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { AuthAccount, RenewResponse, SignInRequest, SignInResponse } from '../../../contract/wire';
import { checkCredentials, findAccount, recordSignIn } from '../auth/accounts';
import { tokenOf, type Guards } from '../auth/guard';
import { revokeSession, SESSION_ENDED } from '../auth/sessions';
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

/**
 * Fixed-window attempt counters in memory (one process). An attempt is counted BEFORE the password
 * is checked, so parallel requests cannot all slip in under the limit while the slow hash runs.
 */
class AttemptCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one attempt; the seconds until the key may try again when it is over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.prune(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.max ? Math.max(1, Math.ceil((window.endsAt - now) / 1000)) : 0;
  }

  /** Gives one attempt back (a sign-in that succeeded). */
  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Bounds memory: drops ended windows, then the oldest ones, once there are too many keys. */
  private prune(now: number): void {
    if (this.windows.size < this.maxKeys) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
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
  const { max, timeWindowMs } = signInRateLimit;
  const perAccount = new AttemptCounter(max, timeWindowMs);
  const perIp = new AttemptCounter(signInRateLimit.maxPerIp ?? Math.max(DEFAULT_MAX_PER_IP, max), timeWindowMs);

  app.post<{ Body: SignInRequest }>(
    '/sign-in',
    { schema: ENDPOINTS['POST /auth/sign-in'] },
    async (request, reply): Promise<SignInResponse> => {
      const accountKey = `${request.ip}|${emailKey(request.body.email)}`;
      const ipKey = request.ip;
      const retryAfter = Math.max(perAccount.hit(accountKey), perIp.hit(ipKey));
      if (retryAfter > 0) {
        reply.header('retry-after', retryAfter);
        throw new HttpError(429, 'rate_limited', `Too many sign-in attempts. Try again in ${retryAfter} seconds.`);
      }
      const credentials = await checkCredentials(db, request.body.email, request.body.password);
      const account = credentials ? await findAccount(db, credentials.uid) : null;
      if (!credentials || !account) throw invalidCredentials();
      // The right password of a deactivated account still opens nothing; saying so is safe after the password check.
      if (account.accountActive === false) throw new HttpError(403, 'account_inactive', SESSION_ENDED.inactive);
      perAccount.reset(accountKey);
      perIp.refund(ipKey);
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
