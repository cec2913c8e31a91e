// The export port of the fake backend: collections held in memory, served in pages after an index
// cursor, with a switch to fail a chosen page (what a test drives).
import type { ExportCollection } from '../contract/exports';
import type { ExportRunRequest } from '../contract/schemas/exports';
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

export interface FakeCsvStreamOptions {
  /** bytes per chunk (small, so records and characters break across chunks) */
  chunkBytes?: number;
  /** after this many chunks the transfer breaks off with this reason */
  breakAfter?: { chunks: number; reason: string };
  /** awaited before each chunk after the first (a test holds the transfer here) */
  gate?: () => Promise<void>;
}

/**
 * A streamCsv for the fake exports port: the given file in small chunks, as a server's body arrives. Records
 * the signals it was given and whether the transfer was stopped, for the test to read.
 */
export function fakeCsvStream(file: string, options: FakeCsvStreamOptions = {}) {
  const bytes = new TextEncoder().encode(file);
  const size = options.chunkBytes ?? 7;
  const state = { opened: 0, stopped: false, signal: null as AbortSignal | null };
  const streamCsv: NonNullable<ExportPort['streamCsv']> = async (_collection, signal) => {
    state.opened += 1;
    state.signal = signal;
    let at = 0;
    let sent = 0;
    const chunks: AsyncIterableIterator<Uint8Array<ArrayBuffer>> = {
      [Symbol.asyncIterator]: () => chunks,
      async next() {
        if (sent > 0) await options.gate?.();
        if (signal.aborted) throw signal.reason;
        if (options.breakAfter && sent === options.breakAfter.chunks) throw new Error(options.breakAfter.reason);
        if (at >= bytes.length) return { done: true, value: undefined };
        const chunk = bytes.slice(at, at + size);
        at += size;
        sent += 1;
        return { done: false, value: chunk };
      },
      async return() {
        state.stopped = true;
        return { done: true, value: undefined };
      },
    };
    return chunks;
  };
  return { streamCsv, state };
}
