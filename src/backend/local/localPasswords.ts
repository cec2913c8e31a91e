// The reference backend's password links and one's own password change (/auth/links/*, /auth/password:
// contract/operators.ts). Loaded on first use (deferredPort): the login route needs none of it.
import type { ChangePasswordRequest, PasswordLinkInfo, RedeemLinkRequest } from '../../../contract/schemas/operators';
import type { RenewResponse } from '../../../contract/schemas/auth';
import { HttpError } from '../../api/errors';
import type { AccountPasswordsPort } from '../ports';
import { joinUrl, requestJson } from '../../api/http';
import type { LocalAuth } from './localAuth';

export interface LocalPasswordsOptions {
  authBaseUrl: string;
  timeoutMs: number;
  /** the session the password change is made in, and which keeps the token it answers */
  auth: Pick<LocalAuth, 'getIdToken' | 'adoptToken'>;
}

export const NOT_SIGNED_IN_REASON = 'You are not signed in: sign in again to change your password.';

export function createLocalPasswords({ authBaseUrl, timeoutMs, auth }: LocalPasswordsOptions): AccountPasswordsPort {
  const url = (path: string) => joinUrl(authBaseUrl, path);
  // The links carry no session: their token is the proof, sent in the body (never in the address).
  const post = <T>(path: string, body: unknown) => requestJson<T>(url(path), { method: 'POST', body, timeoutMs });
  return {
    inspectLink: (token) => post<PasswordLinkInfo>('links/inspect', { token }),
    redeemLink: (request: RedeemLinkRequest) => post<PasswordLinkInfo>('links/redeem', request),
    async changePassword(request: ChangePasswordRequest) {
      const token = await auth.getIdToken();
      if (!token) throw new HttpError(401, NOT_SIGNED_IN_REASON);
      // The server answers a wrong current password with 401: that must not read as the session's end.
      const renewed = await requestJson<RenewResponse>(url('password'), {
        method: 'POST',
        body: request,
        token,
        timeoutMs,
        checksCredentials: true,
      });
      auth.adoptToken(renewed);
    },
  };
}
