// Two-factor sign-in's routes under /auth/mfa (contract/mfa.ts), registered by routes/auth.ts, which lends them its
// attempt counting and its way of opening a session. A route whose body carries a challenge (the second step after
// the password) takes it instead of a session: 'verify' for POST /verify, 'enrol' for the enrolment when REQUIRE_MFA
// makes it the first thing after the password; an invalid or expired one is 401 invalid_mfa_challenge.
//
// Codes count like passwords (auth/signInAttempts.ts): per account (its uid) with the client's address, per account
// across addresses, per address across everything, with the same growing back-off and 429 + Retry-After. A refused
// code is on the console-action trail with the client's address; a wrong, reused or out-of-window code all get the
// same 401 invalid_mfa_code.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MFA_ACTIONS } from '../../../contract/mfa';
import type { MfaStatus } from '../../../contract/schemas/mfa';
import type { SignInSession } from '../../../contract/schemas/auth';
import { OPERATOR_ERRORS } from '../../../contract/operators';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import { findAccount, type AccountWithRole } from '../auth/accounts';
import type { Guards } from '../auth/guard';
import type { ChallengeStep, MfaChallenges } from '../auth/mfa/challenges';
import { invalidChallenge, invalidCode, invalidRecoveryCode, mfaRequired, notOn } from '../auth/mfa/mfaErrors';
import {
  checkCodeIn,
  confirmEnrolment,
  disableOwnMfa,
  mfaStateOf,
  renewRecoveryCodes,
  startEnrolment,
  useRecoveryCode,
} from '../auth/mfa/mfaStore';
import type { SecretBox } from '../auth/mfa/secretBox';
import type { SessionTokens, VerifiedSession } from '../auth/tokens';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import { emailKey } from '../operators/links';
import { checkCurrentPassword, WRONG_CURRENT_PASSWORD } from '../operators/ownPassword';

/** How the account got past its second step, for the sign-in's trail entry. */
export type SecondFactor = 'totp' | 'recovery_code' | 'enrolment';

/** Counts one attempt under `key` from the client's address (429 when over a limit); answers the call that gives it back. */
export type AttemptGate = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  what: string,
  onLimited?: () => Promise<void>,
) => Promise<() => Promise<void>>;

/** A new session for the account, with the sign-in's bookkeeping and trail entry. */
export type OpenSession = (
  account: AccountWithRole,
  address: string,
  how: { secondFactor: SecondFactor; sessionVersion?: number },
) => Promise<SignInSession>;

export interface MfaRoutesOptions {
  db: Db;
  tokens: SessionTokens;
  guards: Guards;
  challenges: MfaChallenges;
  secretBox: SecretBox;
  /** REQUIRE_MFA: two-factor cannot be turned off, and an operator without it enrols after the password */
  required: boolean;
  attempt: AttemptGate;
  openSession: OpenSession;
  /** Hears every refused code, and every code attempt refused over a limit (the metrics count them). */
  onCodeRefused?: (reason: 'invalid_mfa_code' | 'rate_limited') => void;
}

/** The attempt key of an account's codes: apart from its email's password attempts. */
const codeKey = (uid: string) => `mfa:${uid}`;
const actorOf = (account: AccountWithRole): Actor => ({ uid: account.uid, email: account.email ?? account.uid });

export const mfaRoutes: FastifyPluginAsyncTypebox<MfaRoutesOptions> = async (
  app,
  { db, tokens, guards, challenges, secretBox, required, attempt, openSession, onCodeRefused },
) => {
  /** The account a challenge of `step` was made for, still at the version it saw; 401 invalid_mfa_challenge otherwise. */
  async function challengeAccount(challenge: string, step: ChallengeStep): Promise<AccountWithRole> {
    const claims = await challenges.verify(challenge, step);
    const account = claims ? await findAccount(db, claims.uid) : null;
    if (!claims || !account || account.sessionVersion !== claims.sessionVersion || account.accountActive === false)
      throw invalidChallenge();
    return account;
  }

  /** The signed-in account (401 as every /auth route without a session). */
  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<{ account: AccountWithRole; session: VerifiedSession }> {
    await guards.requireAccount.call(app, request, reply);
    return { account: request.account!, session: request.session! };
  }

  /** An enrolment's caller: an 'enrol' challenge when the body has one, else a session. */
  async function enrolling(
    request: FastifyRequest,
    reply: FastifyReply,
    challenge: string | undefined,
  ): Promise<{ account: AccountWithRole; session: VerifiedSession | null }> {
    if (challenge !== undefined) return { account: await challengeAccount(challenge, 'enrol'), session: null };
    return signedIn(request, reply);
  }

  /** Counts a code attempt of the account; a refusal over the limit is on the trail too. */
  const codeAttempt = (request: FastifyRequest, reply: FastifyReply, actor: Actor, during: string) =>
    attempt(request, reply, codeKey(actor.uid), 'code attempts', async () => {
      onCodeRefused?.('rate_limited');
      await recordConsoleAction(db, actor, {
        action: MFA_ACTIONS.codeRefused,
        targetType: 'account',
        targetId: actor.uid,
        details: { address: request.ip, during, reason: 'rate_limited' },
      });
    });

  /** A refused code's answer (counted for the metrics first). */
  const refusal = (error: HttpError): HttpError => {
    onCodeRefused?.('invalid_mfa_code');
    return error;
  };

  onEndpoint(app, 'POST /auth/mfa/verify', async (request, reply): Promise<SignInSession> => {
    const account = await challengeAccount(request.body.challenge, 'verify');
    const actor = actorOf(account);
    const done = await codeAttempt(request, reply, actor, 'sign_in');
    const body = request.body;
    let secondFactor: SecondFactor;
    if ('code' in body) {
      const outcome = await db.transaction((tx) =>
        checkCodeIn(tx, secretBox, actor, body.code, { address: request.ip, during: 'sign_in' }),
      );
      // Turned off since the password was checked (the account's own disable): this second step is void.
      if (outcome === 'off') throw invalidChallenge();
      if (outcome === 'refused') throw refusal(invalidCode());
      secondFactor = 'totp';
    } else {
      const outcome = await useRecoveryCode(db, actor, body.recoveryCode, request.ip);
      if (outcome === 'off') throw invalidChallenge();
      if (outcome === 'refused') throw refusal(invalidRecoveryCode());
      secondFactor = 'recovery_code';
    }
    await done();
    return openSession(account, request.ip, { secondFactor });
  });

  onEndpoint(app, 'GET /auth/mfa', { prefixTrailingSlash: 'no-slash' }, async (request, reply): Promise<MfaStatus> => {
    const { account } = await signedIn(request, reply);
    const state = await mfaStateOf(db, account.uid);
    return { enabled: state.enabled, recoveryCodesLeft: state.recoveryCodesLeft, required };
  });

  onEndpoint(app, 'POST /auth/mfa/enrolment', async (request, reply) => {
    const { account } = await enrolling(request, reply, request.body.challenge);
    return startEnrolment(db, secretBox, actorOf(account), request.ip);
  });

  onEndpoint(app, 'POST /auth/mfa/enrolment/confirm', async (request, reply) => {
    const { account, session } = await enrolling(request, reply, request.body.challenge);
    const actor = actorOf(account);
    const done = await codeAttempt(request, reply, actor, 'enrolment');
    const confirmation = await confirmEnrolment(db, secretBox, actor, request.body.code, request.ip);
    if (confirmation.outcome === 'refused') throw refusal(invalidCode());
    await done();
    const { recoveryCodes, sessionVersion } = confirmation;
    if (!session) return { recoveryCodes, session: await openSession(account, request.ip, { secondFactor: 'enrolment', sessionVersion }) };
    // Signed in already: the same session (its id and start) at the account's new version; every other one has ended.
    const { token, expiresAt } = await tokens.sign({
      uid: account.uid,
      email: actor.email,
      sid: session.sid,
      sessionVersion,
      startedAt: session.startedAt,
    });
    return {
      recoveryCodes,
      session: {
        token,
        expiresAt: expiresAt.toISOString(),
        account: { uid: account.uid, email: account.email, displayName: account.displayName },
      },
    };
  });

  onEndpoint(app, 'POST /auth/mfa/recovery-codes', async (request, reply) => {
    const { account } = await signedIn(request, reply);
    const actor = actorOf(account);
    const done = await codeAttempt(request, reply, actor, 'recovery_codes');
    const renewal = await renewRecoveryCodes(db, secretBox, actor, request.body.code, request.ip);
    if (renewal.outcome === 'off') throw notOn();
    if (renewal.outcome === 'refused') throw refusal(invalidCode());
    await done();
    return { recoveryCodes: renewal.recoveryCodes };
  });

  // The current password, not a code: whoever lost the phone can still turn it off from a session they have. Wrong
  // passwords count as POST /auth/password's do (the same address + email keys) and get its 401.
  onEndpoint(app, 'POST /auth/mfa/disable', async (request, reply): Promise<MfaStatus> => {
    const { account } = await signedIn(request, reply);
    if (required) throw mfaRequired();
    if (!(await mfaStateOf(db, account.uid)).enabled) throw notOn();
    const actor = actorOf(account);
    const done = await attempt(request, reply, emailKey(actor.email), 'password attempts');
    if (!(await checkCurrentPassword(db, account.uid, request.body.currentPassword)))
      throw new HttpError(401, OPERATOR_ERRORS.wrongCurrentPassword, WRONG_CURRENT_PASSWORD);
    await done();
    if (!(await disableOwnMfa(db, actor, request.ip))) throw notOn();
    return { enabled: false, recoveryCodesLeft: 0, required };
  });
};
