// Restoring a full backup on the reference backend (the /api/admin/restores routes, contract/backupRestore.ts).
import type { RestoreSession, RestoreSessionListSchema } from '../../../contract/schemas/backupRestore';
import type { Static } from 'typebox';
import type { RestorePort } from '../ports';
import { joinUrl, requestJson } from '../../api/http';

export interface LocalRestoresOptions {
  apiBaseUrl: string;
  timeoutMs: number;
  getToken: () => Promise<string | null>;
}

/**
 * The check works out the plan over every staged row (set-based, but over a million rows it is seconds, not
 * milliseconds), and a cancel drops them: both may take longer than the usual request deadline.
 */
export const RESTORE_CHECK_TIMEOUT_MS = 5 * 60_000;
export const RESTORE_CANCEL_TIMEOUT_MS = 60_000;

export function createLocalRestores({ apiBaseUrl, timeoutMs, getToken }: LocalRestoresOptions): RestorePort {
  const url = (path: string) => joinUrl(apiBaseUrl, `admin/restores${path}`);
  const get = async <T>(path: string) => requestJson<T>(url(path), { token: await getToken(), timeoutMs });
  const post = async <T>(path: string, body: unknown, timeout = timeoutMs) =>
    requestJson<T>(url(path), { method: 'POST', body, token: await getToken(), timeoutMs: timeout });
  return {
    async list() {
      return (await get<Static<typeof RestoreSessionListSchema>>('')).restores;
    },
    open: (request) => post<RestoreSession>('', request),
    read: (id) => get<RestoreSession>(`/${id}`),
    sendRows: (id, batch) => post(`/${id}/rows`, batch),
    check: (id, request) => post<RestoreSession>(`/${id}/check`, request, Math.max(timeoutMs, RESTORE_CHECK_TIMEOUT_MS)),
    apply: (id, request) => post<RestoreSession>(`/${id}/apply`, request),
    cancel: (id) => post<RestoreSession>(`/${id}/cancel`, undefined, Math.max(timeoutMs, RESTORE_CANCEL_TIMEOUT_MS)),
  };
}
