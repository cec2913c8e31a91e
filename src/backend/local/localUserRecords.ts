// Users-collection reads over the reference backend. The signed-in account's own record comes from
// /auth/record (open to any account, so a non-admin can be told apart); other records need admin /api.
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import type { UserRecordsPort } from '../ports';
import { HttpError } from '../../api/errors';
import { joinUrl, requestJson } from '../../api/http';
import type { LocalAuth } from './localAuth';

export interface LocalUserRecordsOptions {
  apiBaseUrl: string;
  authBaseUrl: string;
  timeoutMs: number;
  auth: LocalAuth;
}

export function createLocalUserRecords({ apiBaseUrl, authBaseUrl, timeoutMs, auth }: LocalUserRecordsOptions): UserRecordsPort {
  return {
    async readUserRecord(uid) {
      const token = await auth.getIdToken();
      const own = auth.currentAccount()?.uid === uid;
      const url = own ? joinUrl(authBaseUrl, 'record') : joinUrl(apiBaseUrl, `users/${encodeURIComponent(uid)}`);
      try {
        return await requestJson<UserRecord>(url, { token, timeoutMs });
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
