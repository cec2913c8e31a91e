// User Management and Audit Logs over the reference backend's /api/users and /api/audit-logs routes.
import type { UserRecord, AuditLogsPage, AuditStats, DeleteUserResponse, UsersPage } from '../../../contract/schemas/usersAudit';
import type { AuditLogsPort, UserManagementPort } from '../ports';
import { checkUserRow } from '../shared/userRecord';
import { joinUrl, requestJson } from '../../api/http';

export interface LocalUsersAuditOptions {
  apiBaseUrl: string;
  timeoutMs: number;
  getToken: () => Promise<string | null>;
}

type QueryValue = string | number | boolean | null | undefined;

/** '?a=1&b=x' from the defined values of a query object (booleans as 'true' / 'false'); '' when none. */
export function toQueryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, QueryValue][]) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createLocalUserManagement({ apiBaseUrl, timeoutMs, getToken }: LocalUsersAuditOptions): UserManagementPort {
  const userUrl = (uid: string) => joinUrl(apiBaseUrl, `users/${encodeURIComponent(uid)}`);
  return {
    async listUsers(query) {
      const page = await requestJson<UsersPage>(joinUrl(apiBaseUrl, 'users') + toQueryString(query), {
        token: await getToken(),
        timeoutMs,
      });
      // Checked at the edge: a malformed row stays that row (flagged), it does not take the table down.
      return { ...page, users: Array.isArray(page.users) ? page.users.map((row, index) => checkUserRow(row, index)) : [] };
    },
    // The reference backend versions its records: the version the write is based on goes as If-Match, and a
    // record changed since answers 409 version_conflict with the record as it is now (contract/dataSafety.ts).
    async updateUserFlags(uid, update, basis) {
      return requestJson<UserRecord>(userUrl(uid), {
        method: 'PATCH',
        body: update,
        token: await getToken(),
        timeoutMs,
        ifMatch: basis?.version,
      });
    },
    async deleteUser(uid, basis) {
      return requestJson<DeleteUserResponse>(userUrl(uid), {
        method: 'DELETE',
        token: await getToken(),
        timeoutMs,
        ifMatch: basis?.version,
      });
    },
  };
}

export function createLocalAuditLogs({ apiBaseUrl, timeoutMs, getToken }: LocalUsersAuditOptions): AuditLogsPort {
  return {
    async pageAuditLogs(query) {
      return requestJson<AuditLogsPage>(joinUrl(apiBaseUrl, 'audit-logs') + toQueryString(query), { token: await getToken(), timeoutMs });
    },
    async auditStats(query) {
      return requestJson<AuditStats>(joinUrl(apiBaseUrl, 'audit-logs/stats') + toQueryString(query), {
        token: await getToken(),
        timeoutMs,
      });
    },
  };
}
