// A record's history and revert over the API's /api/history routes (contract/dataSafety.ts). The local backend
// serves them; in Firebase mode the hosted API does, for the records it keeps (names, and the console's actions).
import type { RecordHistory, RevertResponse } from '../../../contract/schemas/dataSafety';
import type { HistoryPort, HistoryTarget } from '../ports';
import { joinUrl, requestJson } from '../../api/http';
import { toQueryString, type LocalUsersAuditOptions } from './localUsersAudit';

export type HistorySource = 'all' | 'console';

/** GET /api/history/{type}/{id}: `source` 'console' leaves out the app's events (Firebase mode reads those itself). */
export async function fetchRecordHistory(
  { apiBaseUrl, timeoutMs, getToken }: LocalUsersAuditOptions,
  target: HistoryTarget,
  query: { limit?: number; before?: string; source?: HistorySource },
): Promise<RecordHistory> {
  const path = `history/${target.type}/${encodeURIComponent(target.id)}`;
  return requestJson<RecordHistory>(joinUrl(apiBaseUrl, path) + toQueryString(query), { token: await getToken(), timeoutMs });
}

/** POST /api/history/revert with the record's version as If-Match. */
export async function postRevert(
  { apiBaseUrl, timeoutMs, getToken }: LocalUsersAuditOptions,
  request: { actionId: number; targetId?: string },
  basis: { version?: number },
): Promise<RevertResponse> {
  return requestJson<RevertResponse>(joinUrl(apiBaseUrl, 'history/revert'), {
    method: 'POST',
    body: request,
    token: await getToken(),
    timeoutMs,
    ifMatch: basis.version,
  });
}

export function createLocalHistory(options: LocalUsersAuditOptions): HistoryPort {
  return {
    readHistory: (target, query) => fetchRecordHistory(options, target, query),
    revert: (request, basis) => postRevert(options, request, basis),
  };
}
