// The reference backend's two-factor routes (contract/mfa.ts) for the console's tests, over fakeMfa.ts's state: every
// request checked by its schema (mocks/contract.ts), and the server's refusals with their error codes (MFA_ERRORS): a
// wrong code 401 invalid_mfa_code, an unknown or expired challenge 401 invalid_mfa_challenge, the 409s, a 429 with
// Retry-After while `mfaDb.lockedForSeconds` is set.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { MFA_ERRORS, normalizeRecoveryCode } from '../contract/mfa';
import type { MfaEnrolment, MfaRecoveryCodes, MfaStatus } from '../contract/schemas/mfa';
import type { ApiErrorBody } from '../contract/schemas/parts';
import type { MfaConfirmed } from '../src/backend/ports';
import { checkedRequest } from './contract';
import { CURRENT_CODE, FAKE_OTPAUTH_URL, FAKE_SECRET, mfaDb, type FakeMfaAccount } from './fakeMfa';
import { operatorsDb } from './operators.handlers';
import { authUrl, FIXTURE_EXPIRES_AT } from './session.handlers';

const refusal = (status: number, error: string, message: string, headers?: Record<string, string>) =>
  HttpResponse.json<ApiErrorBody>({ error, message }, { status, headers });

export const WRONG_CODE_MESSAGE = 'The code is not valid';
export const CHALLENGE_MESSAGE = 'The sign-in step has expired: sign in again';

const wrongCode = () => refusal(401, MFA_ERRORS.invalidCode, WRONG_CODE_MESSAGE);
const badChallenge = () => refusal(401, MFA_ERRORS.invalidChallenge, CHALLENGE_MESSAGE);
const locked = () =>
  refusal(429, 'rate_limited', `Too many code attempts. Try again in ${mfaDb.lockedForSeconds} seconds.`, {
    'Retry-After': String(mfaDb.lockedForSeconds),
  });
const unauthorized = () => refusal(401, 'unauthorized', 'Sign in first');

function record(route: string, request: Request, body: unknown) {
  mfaDb.calls.push({ route, body, authorization: request.headers.get('Authorization') });
}

/** The account a Bearer token belongs to, or undefined. */
function bySession(request: Request): FakeMfaAccount | undefined {
  const header = request.headers.get('Authorization') ?? '';
  const uid = header.startsWith('Bearer ') ? mfaDb.sessions.get(header.slice(7)) : undefined;
  return uid ? mfaDb.accounts.get(uid) : undefined;
}

/** Whose a call is: its challenge's account (of `step`), else its session's; a Response when neither holds. */
function caller(request: Request, challenge: string | undefined, step: 'verify' | 'enrol'): FakeMfaAccount | Response {
  if (challenge !== undefined) {
    const found = mfaDb.challenges.get(challenge);
    if (!found || found.step !== step) return badChallenge();
    return mfaDb.accounts.get(found.uid)!;
  }
  return bySession(request) ?? unauthorized();
}

const status = (entry: FakeMfaAccount): MfaStatus => ({
  enabled: entry.enabled,
  recoveryCodesLeft: entry.enabled ? entry.recoveryCodes.length : 0,
  required: mfaDb.required,
});

const session = (entry: FakeMfaAccount) => ({
  token: mfaDb.newToken(entry.account.uid),
  expiresAt: FIXTURE_EXPIRES_AT,
  account: entry.account,
});

export const mfaHandlers: HttpHandler[] = [
  http.post(authUrl('mfa/verify'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/mfa/verify', { request });
    if (checked instanceof Response) return checked;
    record('POST /auth/mfa/verify', request, checked.body);
    const entry = caller(request, checked.body.challenge, 'verify');
    if (entry instanceof Response) return entry;
    if (mfaDb.lockedForSeconds > 0) return locked();
    if ('code' in checked.body) {
      if (checked.body.code !== CURRENT_CODE) return wrongCode();
    } else {
      const typed = normalizeRecoveryCode(checked.body.recoveryCode);
      if (!entry.recoveryCodes.includes(typed)) return wrongCode();
      entry.recoveryCodes = entry.recoveryCodes.filter((code) => code !== typed);
    }
    mfaDb.challenges.delete(checked.body.challenge);
    return HttpResponse.json(session(entry));
  }),

  http.get(authUrl('mfa'), async ({ request }) => {
    const checked = await checkedRequest('GET /auth/mfa', { request });
    if (checked instanceof Response) return checked;
    const entry = bySession(request);
    return entry ? HttpResponse.json<MfaStatus>(status(entry)) : unauthorized();
  }),

  http.post(authUrl('mfa/enrolment'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/mfa/enrolment', { request });
    if (checked instanceof Response) return checked;
    record('POST /auth/mfa/enrolment', request, checked.body);
    const entry = caller(request, checked.body.challenge, 'enrol');
    if (entry instanceof Response) return entry;
    if (entry.enabled) return refusal(409, MFA_ERRORS.alreadyOn, 'Two-factor sign-in is on already: turn it off first');
    entry.pending = FAKE_SECRET;
    return HttpResponse.json<MfaEnrolment>({ secret: FAKE_SECRET, otpauthUrl: FAKE_OTPAUTH_URL });
  }),

  http.post(authUrl('mfa/enrolment/confirm'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/mfa/enrolment/confirm', { request });
    if (checked instanceof Response) return checked;
    record('POST /auth/mfa/enrolment/confirm', request, checked.body);
    const entry = caller(request, checked.body.challenge, 'enrol');
    if (entry instanceof Response) return entry;
    if (!entry.pending) return refusal(409, MFA_ERRORS.notOn, 'No enrolment is pending: start again');
    if (mfaDb.lockedForSeconds > 0) return locked();
    if (checked.body.code !== CURRENT_CODE) return wrongCode();
    const recoveryCodes = mfaDb.turnOn(entry.account);
    if (checked.body.challenge !== undefined) mfaDb.challenges.delete(checked.body.challenge);
    return HttpResponse.json<MfaConfirmed>({ recoveryCodes, session: session(entry) });
  }),

  http.post(authUrl('mfa/recovery-codes'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/mfa/recovery-codes', { request });
    if (checked instanceof Response) return checked;
    record('POST /auth/mfa/recovery-codes', request, checked.body);
    const entry = bySession(request);
    if (!entry) return unauthorized();
    if (!entry.enabled) return refusal(409, MFA_ERRORS.notOn, 'Two-factor sign-in is off');
    if (checked.body.code !== CURRENT_CODE) return wrongCode();
    entry.recoveryCodes = mfaDb.turnOn(entry.account);
    return HttpResponse.json<MfaRecoveryCodes>({ recoveryCodes: [...entry.recoveryCodes] });
  }),

  http.post(authUrl('mfa/disable'), async ({ request }) => {
    const checked = await checkedRequest('POST /auth/mfa/disable', { request });
    if (checked instanceof Response) return checked;
    record('POST /auth/mfa/disable', request, checked.body);
    const entry = bySession(request);
    if (!entry) return unauthorized();
    if (mfaDb.required) return refusal(409, MFA_ERRORS.required, 'Two-factor sign-in is required on this server');
    if (!entry.enabled) return refusal(409, MFA_ERRORS.notOn, 'Two-factor sign-in is off');
    if (checked.body.currentPassword !== operatorsDb.currentPassword) {
      return refusal(401, 'invalid_credentials', 'The current password is not correct');
    }
    entry.enabled = false;
    entry.recoveryCodes = [];
    return HttpResponse.json<MfaStatus>(status(entry));
  }),
];
