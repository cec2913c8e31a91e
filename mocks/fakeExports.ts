// The export port of the fake backend: collections held in memory, served in pages after an index
// cursor, with a switch to fail a chosen page (what a test drives).
import type { ExportCollection, ExportRunRequest } from '../contract/exports';
import type { ExportPort } from '../src/backend/ports';

export interface FakeExportData {
  rows: Record<ExportCollection, unknown[]>;
  runs: ExportRunRequest[];
  /** the n-th page read (1-based, across collections) rejects with this reason */
  failPage: { at: number; reason: string } | null;
  pagesRead: number;
}

export function createFakeExports(): { port: ExportPort; data: FakeExportData } {
  const data: FakeExportData = {
    rows: { users: [], names: [], connections: [], 'audit-logs': [], 'name-analytics': [] },
    runs: [],
    failPage: null,
    pagesRead: 0,
  };
  const inRange = (row: unknown, from?: string, to?: string) => {
    const ts = (row as { timestamp?: string }).timestamp ?? '';
    return (!from || ts >= from) && (!to || ts < to);
  };
  const port: ExportPort = {
    async readPage(collection, { after, limit, from, to }) {
      data.pagesRead += 1;
      if (data.failPage && data.failPage.at === data.pagesRead) throw new Error(data.failPage.reason);
      const all = data.rows[collection].filter((row) => collection !== 'audit-logs' || inRange(row, from, to));
      const start = after === null ? 0 : Number(after);
      const rows = all.slice(start, start + limit);
      const end = start + rows.length;
      return { rows: rows as never[], next: rows.length === limit ? String(end) : null };
    },
    async count(collection, { from, to }) {
      return data.rows[collection].filter((row) => collection !== 'audit-logs' || inRange(row, from, to)).length;
    },
    async recordRun(run) {
      data.runs.push(run);
    },
  };
  return { port, data };
}
