// The reference backend's two-factor sign-in (/auth/mfa/*: contract/mfa.ts). Loaded on first use (deferredPort): the
// login route loads it only when the server answers a second step.
import { normalizeRecoveryCode } from '../../../contract/mfa';
import type { MfaEnrolment, MfaRecoveryCodes, MfaStatus } from '../../../contract/schemas/mfa';
import type { SignInSession } from '../../../contract/schemas/auth';
import { HttpError } from '../../api/errors';
import type { AccountMfaPort, MfaConfirmed } from '../ports';
import { joinUrl, requestJson } from '../../api/http';
import type { LocalAuth } from './localAuth';

export interface LocalMfaOptions {
  authBaseUrl: string;
  timeoutMs: number;
  /** the session signed-in calls are made in; it keeps the fresh token an enrolment answers, and opens a second step's */
  auth: Pick<LocalAuth, 'getIdToken' | 'adoptToken' | 'adoptSession'>;
}

export const MFA_NOT_SIGNED_IN = 'You are not signed in: sign in again to change your two-factor sign-in.';

export function createLocalMfa({ authBaseUrl, timeoutMs, auth }: LocalMfaOptions): AccountMfaPort {
  const url = (path: string) => joinUrl(authBaseUrl, path ? `mfa/${path}` : 'mfa');

  /** A call of the signed-in operator: their token. A 401 refusing a code or password must not end the session. */
  async function signedIn<T>(path: string, body?: unknown): Promise<T> {
    const token = await auth.getIdToken();
    if (!token) throw new HttpError(401, MFA_NOT_SIGNED_IN);
    return requestJson<T>(url(path), { method: body === undefined ? 'GET' : 'POST', body, token, timeoutMs, checksCredentials: true });
  }

  /** A call of a second step: the challenge in the body is the proof, there is no session yet. */
  const withChallenge = <T>(path: string, body: unknown) => requestJson<T>(url(path), { method: 'POST', body, timeoutMs });

  return {
    available: true,
    status: () => signedIn<MfaStatus>(''),
    startEnrolment: ({ challenge }) =>
      challenge === undefined ? signedIn<MfaEnrolment>('enrolment', {}) : withChallenge<MfaEnrolment>('enrolment', { challenge }),
    async confirmEnrolment({ challenge, code }) {
      if (challenge !== undefined) return withChallenge<MfaConfirmed>('enrolment/confirm', { challenge, code });
      const confirmed = await signedIn<MfaConfirmed>('enrolment/confirm', { code });
      // Two-factor on ended every session of the account: this one goes on with the token the answer carries.
      auth.adoptToken({ token: confirmed.session.token, expiresAt: confirmed.session.expiresAt });
      return confirmed;
    },
    verify: (request) =>
      withChallenge<SignInSession>(
        'verify',
        'recoveryCode' in request
          ? { challenge: request.challenge, recoveryCode: normalizeRecoveryCode(request.recoveryCode) }
          : { challenge: request.challenge, code: request.code.trim() },
      ),
    async openSession(session) {
      auth.adoptSession(session);
    },
    renewRecoveryCodes: (code) => signedIn<MfaRecoveryCodes>('recovery-codes', { code }),
    disable: (currentPassword) => signedIn<MfaStatus>('disable', { currentPassword }),
  };
}
