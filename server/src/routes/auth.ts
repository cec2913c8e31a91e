import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PasswordLinkInfo } from '../../../contract/schemas/operators';
import type { AuthAccount, RenewResponse, SignInResponse, SignInSession } from '../../../contract/schemas/auth';
import { checkCredentials, findAccount, recordSignIn, type AccountWithRole } from '../auth/accounts';
import { tokenOf, type Guards } from '../auth/guard';
import type { MfaChallenges } from '../auth/mfa/challenges';
import { mfaStateOf } from '../auth/mfa/mfaStore';
import type { SecretBox } from '../auth/mfa/secretBox';
import { revokeSession, SESSION_ENDED } from '../auth/sessions';
import { SignInAttempts } from '../auth/signInAttempts';
import { recordSignInFailed, recordSignInSucceeded, type SignInFailure } from '../auth/signInTrail';
import { newSessionId, nowSeconds, type SessionTokens } from '../auth/tokens';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { HttpError, notFound } from '../http/errors';
import { emailKey, inspectLink, linkTokenHash, redeemLink } from '../operators/links';
import { changeOwnPassword } from '../operators/ownPassword';
import { findUserRecord } from '../users/userRecord';
import { mfaRoutes, type AttemptGate, type SecondFactor } from './mfa';

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

export type { SignInFailure } from '../auth/signInTrail';

export interface AuthRoutesOptions {
  db: Db;
  tokens: SessionTokens;
  guards: Guards;
  signInRateLimit: SignInRateLimit;
  /** Two-factor sign-in (routes/mfa.ts): the second step's challenges and the sealing of the secrets. */
  challenges: MfaChallenges;
  secretBox: SecretBox;
  /** REQUIRE_MFA: an operator without two-factor sign-in sets it up right after the password, and cannot turn it off. */
  requireMfa?: boolean;
  /** Hears every refused sign-in, a refused second-step code included (the metrics count them). */
  onSignInFailure?: (reason: SignInFailure | 'invalid_mfa_code') => void;
}

/** "Try again in 45 seconds." / "Try again in 8 minutes.": the wait as a person reads it (Retry-After has the seconds). */
export function tooManyAttemptsMessage(retryAfterSeconds: number, what = 'sign-in attempts'): string {
  const wait = retryAfterSeconds < 120 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return `Too many ${what}. Try again in ${wait}.`;
}

/** One answer for an unknown email and a wrong password alike: it must not reveal which it was. */
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid email or password');

/** The account endpoints of the reference backend (the "authentication service"), outside /api. */
export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (
  app,
  { db, tokens, guards, signInRateLimit, challenges, secretBox, requireMfa = false, onSignInFailure },
) => {
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
  const failed = (reason: SignInFailure | 'invalid_mfa_code') => onSignInFailure?.(reason);
  // Every /auth route: a body of a few kilobytes at most (413 otherwise, with the limit in the message).
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= AUTH_BODY_LIMIT_BYTES;
  });

  /**
   * Counts one attempt of a password, link or code route under `key` (an email, a link's token hash, an account's
   * codes) from the client's address; 429 when over a limit (`onLimited` hears it first). Answers the call that gives
   * the attempt back once it succeeded.
   */
  const attempt: AttemptGate = async (request: FastifyRequest, reply: FastifyReply, key: string, what: string, onLimited) => {
    const { retryAfter } = await attempts.hit(request.ip, key);
    if (retryAfter > 0) {
      await onLimited?.();
      reply.header('retry-after', retryAfter);
      throw new HttpError(429, 'rate_limited', tooManyAttemptsMessage(retryAfter, what));
    }
    return () => attempts.succeeded(request.ip, key);
  };

  /**
   * A session for an account past every step of its sign-in: the record's bookkeeping, the trail's
   * 'account.sign_in' (with the second factor when there was one), and a token for a new session id.
   */
  const openSession = async (
    account: AccountWithRole,
    address: string,
    how: { secondFactor?: SecondFactor; sessionVersion?: number } = {},
  ): Promise<SignInSession> => {
    const email = account.email ?? account.uid;
    await db.transaction(async (tx) => {
      await recordSignIn(tx, account.uid);
      await recordSignInSucceeded(tx, { uid: account.uid, email }, address, how.secondFactor);
    });
    const { token, expiresAt } = await tokens.sign({
      uid: account.uid,
      email,
      sid: newSessionId(),
      sessionVersion: how.sessionVersion ?? account.sessionVersion,
      startedAt: nowSeconds(),
    });
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      account: { uid: account.uid, email: account.email, displayName: account.displayName },
    };
  };

  onEndpoint(app, 'POST /auth/sign-in', async (request, reply): Promise<SignInResponse> => {
    const email = emailKey(request.body.email);
    // Every refusal is on the trail, the rate-limited ones too (signInTrail.ts).
    const refused = async (reason: SignInFailure, uid: string | null = null) => {
      failed(reason);
      await recordSignInFailed(db, request.body.email, request.ip, reason, uid);
    };
    const { retryAfter } = await attempts.hit(request.ip, email);
    if (retryAfter > 0) {
      await refused('rate_limited');
      reply.header('retry-after', retryAfter);
      throw new HttpError(429, 'rate_limited', tooManyAttemptsMessage(retryAfter));
    }
    const credentials = await checkCredentials(db, request.body.email, request.body.password);
    const account = credentials ? await findAccount(db, credentials.uid) : null;
    if (!credentials || !account) {
      await refused('invalid_credentials');
      throw invalidCredentials();
    }
    // The right password of a deactivated account still opens nothing; saying so is safe after the password check.
    if (account.accountActive === false) {
      await refused('account_inactive', account.uid);
      throw new HttpError(403, 'account_inactive', SESSION_ENDED.inactive);
    }
    await attempts.succeeded(request.ip, email);
    // A second step before any session: a code when two-factor is on, its setup when REQUIRE_MFA asks for one. The
    // trail's 'account.sign_in' waits for the session (routes/mfa.ts); a refused code is on it meanwhile.
    const { enabled } = await mfaStateOf(db, account.uid);
    if (enabled || requireMfa) {
      const step = enabled ? 'verify' : 'enrol';
      const { challenge, expiresAt } = await challenges.sign({ uid: account.uid, sessionVersion: account.sessionVersion, step });
      return { step, challenge, expiresAt: expiresAt.toISOString(), email: account.email ?? credentials.email };
    }
    return openSession({ ...account, email: account.email ?? credentials.email }, request.ip);
  });

  await app.register(mfaRoutes, {
    prefix: '/mfa',
    db,
    tokens,
    guards,
    challenges,
    secretBox,
    required: requireMfa,
    attempt,
    openSession,
    onCodeRefused: failed,
  });

  onEndpoint(app, 'GET /auth/account', { onRequest: guards.requireAccount }, async (request): Promise<AuthAccount> => {
    const account = request.account!;
    return { uid: account.uid, email: account.email, displayName: account.displayName };
  });

  onEndpoint(app, 'GET /auth/record', { onRequest: guards.requireAccount }, async (request) => {
    const record = await findUserRecord(db, request.account!.uid);
    if (!record) throw notFound('No user record for this account');
    return record;
  });

  // Quiet renewal: a fresh token for the same session (same sid, so signing out ends every renewal
  // too), never past the session's maximum length. The guard has just re-checked the session.
  onEndpoint(app, 'POST /auth/renew', { onRequest: guards.requireAccount }, async (request): Promise<RenewResponse> => {
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
  });

  // One's own password (operators/ownPassword.ts): wrong current passwords count like wrong sign-in passwords (same
  // address + email keys), so a session left open is no way to guess the password. The answer is a fresh token for
  // this session at the account's new version: the caller stays signed in, every other session has ended.
  onEndpoint(app, 'POST /auth/password', { onRequest: guards.requireAccount }, async (request, reply): Promise<RenewResponse> => {
    const session = request.session!;
    const account = request.account!;
    const self = { uid: account.uid, email: account.email ?? session.email };
    const done = await attempt(request, reply, emailKey(self.email), 'password attempts');
    const { sessionVersion } = await changeOwnPassword(db, self, request.body, request.ip);
    await done();
    const { token, expiresAt } = await tokens.sign({
      uid: account.uid,
      email: self.email,
      sid: session.sid,
      sessionVersion,
      startedAt: session.startedAt,
    });
    return { token, expiresAt: expiresAt.toISOString() };
  });

  // One-time password links (operators/links.ts): no session, the token is the proof. Each call counts as an attempt
  // from the client's address (and per link), like a sign-in, so nobody can try tokens at speed.
  const linkKey = (token: string) => `link:${linkTokenHash(token)}`;
  onEndpoint(app, 'POST /auth/links/inspect', async (request, reply): Promise<PasswordLinkInfo> => {
    const done = await attempt(request, reply, linkKey(request.body.token), 'attempts');
    const info = await inspectLink(db, request.body.token);
    await done();
    return info;
  });
  onEndpoint(app, 'POST /auth/links/redeem', async (request, reply): Promise<PasswordLinkInfo> => {
    const done = await attempt(request, reply, linkKey(request.body.token), 'attempts');
    const { kind, email, expiresAt } = await redeemLink(db, { ...request.body, address: request.ip });
    await done();
    return { kind, email, expiresAt };
  });

  // Sign-out revokes the session on the server: the token (and any renewal of it) answers 401 from now on.
  // Without a valid token there is nothing to revoke, and the answer is the same 204 (signing out twice is fine).
  onEndpoint(app, 'POST /auth/sign-out', async (request, reply) => {
    const token = tokenOf(request);
    const session = token ? await tokens.verify(token) : null;
    if (session) await revokeSession(db, session);
    return reply.code(204).send(null);
  });
};
