// Export reads over the reference backend's keyset routes (GET /api/export/{collection}), and its CSV files
// of the large collections (GET /api/export/{collection}/csv).
import type { ExportPageResponse } from '../../../contract/exports';
import type { ExportCountResponse } from '../../../contract/schemas/exports';
import type { ExportPort } from '../ports';
import { joinUrl, requestJson } from '../../api/http';
import { requestChunks } from './httpChunks';

export interface LocalExportsOptions {
  apiBaseUrl: string;
  timeoutMs: number;
  getToken: () => Promise<string | null>;
}

function query(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createLocalExports({ apiBaseUrl, timeoutMs, getToken }: LocalExportsOptions): ExportPort {
  return {
    async readPage(collection, { after, limit, from, to }) {
      const url = joinUrl(apiBaseUrl, `export/${collection}${query({ after, limit, from, to })}`);
      return requestJson<ExportPageResponse<never>>(url, { token: await getToken(), timeoutMs });
    },
    async count(collection, { from, to }) {
      const url = joinUrl(apiBaseUrl, `export/${collection}/count${query({ from, to })}`);
      return (await requestJson<ExportCountResponse>(url, { token: await getToken(), timeoutMs })).total;
    },
    async recordRun(run) {
      await requestJson(joinUrl(apiBaseUrl, 'export/runs'), { method: 'POST', body: run, token: await getToken(), timeoutMs });
    },
    async streamCsv(collection, signal) {
      return requestChunks(joinUrl(apiBaseUrl, `export/${collection}/csv`), {
        accept: 'text/csv',
        token: await getToken(),
        timeoutMs,
        signal,
      });
    },
  };
}
