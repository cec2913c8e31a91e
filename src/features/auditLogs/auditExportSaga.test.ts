// The audit export job under runSaga: a fake audit port (pages on demand) and an in-memory file sink.
import type { UnknownAction } from '@reduxjs/toolkit';
import Papa from 'papaparse';
import { runSaga, stdChannel } from 'redux-saga';
import type { AuditLogsPage, AuditEntry, AuditLogsQuery } from '../../../contract/schemas/usersAudit';
import type { AuditLogsPort } from '../../backend/ports';
import type { FileSink } from '../../lib/export';
import { jobCancelRequested, jobsReducer, type JobsState } from '../jobs';
import { AUDIT_EXPORT_FAILED, auditExportRequested, runAuditExport, type AuditExportDeps } from './auditExportSaga';

const appEntry = (i: number): AuditEntry => ({
  source: 'app',
  id: String(i),
  timestamp: new Date(Date.UTC(2026, 2, 10, 12, 0, 0) - i * 60_000).toISOString(),
  event: i % 2 ? 'USER_CREATED' : 'CANCELLATION',
  userId: `u${i}`,
  lastSwipeDate: null,
  totalActiveTimeFormatted: '1h 2m 3s',
});

const consoleEntry: AuditEntry = {
  source: 'console',
  id: '77',
  timestamp: '2026-03-10T12:30:00.000Z',
  event: 'user.update',
  userId: 'u5',
  actor: { uid: 'admin-1', email: 'admin@example.com' },
  targetType: 'user',
  targetId: 'u5',
  before: { isPremium: false },
  after: { isPremium: true },
  details: null,
};

/** Pages served by hand: each pageAuditLogs waits until the test answers it. */
function fakePort(entries: AuditEntry[], options: { failOnPage?: number } = {}) {
  const queries: AuditLogsQuery[] = [];
  const waiting: (() => void)[] = [];
  const port: AuditLogsPort = {
    async pageAuditLogs(query) {
      queries.push(query);
      const pageIndex = queries.length - 1;
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (pageIndex === options.failOnPage) throw new Error('The server did not answer within 10 seconds.');
      const start = query.cursor ? Number(query.cursor) : 0;
      const end = start + (query.limit ?? 100);
      return { entries: entries.slice(start, end), nextCursor: end < entries.length ? String(end) : null } satisfies AuditLogsPage;
    },
    async auditStats() {
      return { since: null, source: 'all', total: entries.length, byEvent: [{ source: 'app', event: 'USER_CREATED', count: 3 }] };
    },
  };
  return {
    port,
    queries,
    async answer() {
      await tick();
      waiting.shift()?.();
      await tick();
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function memorySink() {
  const sink = {
    kind: 'download' as const,
    fileName: 'audit-logs-2026-03-10.csv',
    text: '',
    closed: false,
    aborted: false,
    async write(text: string) {
      sink.text += text;
    },
    async close() {
      sink.closed = true;
    },
    async abort() {
      sink.aborted = true;
    },
  };
  return sink satisfies FileSink;
}

function start(
  port: AuditLogsPort,
  view = { since: '2026-03-03T12:00:00.000Z', event: undefined as string | undefined, source: 'all' as const },
  onRecordRun?: () => Promise<void>,
) {
  let state: { jobs: JobsState } = { jobs: jobsReducer(undefined, { type: 'init' }) };
  const channel = stdChannel();
  const toasts: [string, string][] = [];
  const sink = memorySink();
  const fileNames: string[] = [];
  const deps: AuditExportDeps = {
    openSink: async (fileName) => {
      fileNames.push(fileName);
      return sink;
    },
    pageSize: 2,
    now: () => new Date(2026, 2, 10, 9, 30),
    notify: (message, kind) => toasts.push([message, kind]),
  };
  const dispatch = (action: UnknownAction) => {
    state = { jobs: jobsReducer(state.jobs, action) };
    channel.put(action);
  };
  const runs: unknown[] = [];
  const exports = {
    recordRun: async (run: unknown) => {
      runs.push(run);
      await onRecordRun?.();
    },
  };
  const task = runSaga(
    { channel, dispatch, getState: () => state, context: { backend: { auditLogs: port, exports } } },
    runAuditExport,
    deps,
    auditExportRequested({ jobId: 'x1', view }),
  );
  return { task, sink, toasts, fileNames, runs, dispatch, job: () => state.jobs.byId.x1 };
}

describe('audit log export job', () => {
  it('reads every page with the cursor, reports progress against the total, and writes one CSV dated by day', async () => {
    const entries = [consoleEntry, ...[1, 2, 3, 4].map(appEntry)];
    const fake = fakePort(entries);
    const run = start(fake.port, { since: '2026-03-03T12:00:00.000Z', event: undefined, source: 'all' });
    await fake.answer();
    expect(run.job()).toMatchObject({ state: 'running', kind: 'export', workTotal: 5, workDone: 2, label: 'audit-logs-2026-03-10.csv' });
    await fake.answer();
    expect(run.job().workDone).toBe(4);
    await fake.answer();
    await run.task.toPromise();

    expect(fake.queries).toEqual([
      { since: '2026-03-03T12:00:00.000Z', source: 'all', limit: 2 },
      { since: '2026-03-03T12:00:00.000Z', source: 'all', limit: 2, cursor: '2' },
      { since: '2026-03-03T12:00:00.000Z', source: 'all', limit: 2, cursor: '4' },
    ]);
    expect(run.fileNames).toEqual(['audit-logs-2026-03-10.csv']);
    // announced to the server (which records the export on the console-action trail) after the first page
    expect(run.runs).toEqual([{ kind: 'audit-logs', format: 'csv', from: '2026-03-03T12:00:00.000Z' }]);
    expect(run.sink.closed).toBe(true);
    expect(run.job()).toMatchObject({ state: 'done', message: 'Exported 5 rows: audit-logs-2026-03-10.csv downloaded.' });

    expect(run.sink.text.startsWith('\uFEFFid,timestamp,event,userId,lastSwipeDate,totalActiveTimeFormatted,source,actorEmail')).toBe(true);
    const rows = Papa.parse<string[]>(run.sink.text.slice(1).trim()).data;
    expect(rows).toHaveLength(6);
    expect(rows[1].slice(0, 3)).toEqual(['77', '2026-03-10T12:30:00.000Z', 'user.update']);
    expect(rows[1]).toContain('admin@example.com');
    expect(rows[1]).toContain('{"isPremium":true}');
    expect(rows[2].slice(0, 7)).toEqual(['1', appEntry(1).timestamp, 'USER_CREATED', 'u1', '', '1h 2m 3s', 'app']);
  });

  it("does not count its own export: the trail entry the server adds for it is newer than the file's first page", async () => {
    // Keyset pages newest first, as the server serves them; recordRun adds the export's own console entry on top.
    const entries = [consoleEntry, ...[1, 2, 3].map(appEntry)];
    const queries: AuditLogsQuery[] = [];
    const port: AuditLogsPort = {
      async pageAuditLogs(query) {
        queries.push(query);
        const older = query.cursor ? entries.filter((e) => e.timestamp < query.cursor!) : entries;
        const page = older.slice(0, query.limit ?? 100);
        const more = older.length > page.length;
        return { entries: page, nextCursor: more ? page[page.length - 1]!.timestamp : null } satisfies AuditLogsPage;
      },
      async auditStats() {
        return { since: null, source: 'all', total: entries.length, byEvent: [] };
      },
    };
    const exportEntry: AuditEntry = { ...consoleEntry, id: '78', timestamp: '2026-03-10T13:00:00.000Z', event: 'export.run' };
    const run = start(port, undefined, async () => void entries.unshift(exportEntry));
    await run.task.toPromise();
    expect(run.runs).toHaveLength(1);
    expect(entries[0]).toBe(exportEntry); // the trail did get the export's entry...
    expect(run.job()).toMatchObject({ state: 'done', message: 'Exported 4 rows: audit-logs-2026-03-10.csv downloaded.' });
    expect(run.sink.text).not.toContain('export.run'); // ...but the file does not hold it
    expect(queries.length).toBeGreaterThan(1);
  });

  it('passes the event filter and counts only that event', async () => {
    const fake = fakePort([appEntry(1)]);
    const run = start(fake.port, { since: undefined as never, event: 'USER_CREATED', source: 'app' as never });
    await fake.answer();
    await run.task.toPromise();
    expect(fake.queries[0]).toEqual({ event: 'USER_CREATED', source: 'app', limit: 2 });
    expect(run.job()).toMatchObject({ state: 'done', workTotal: 3 });
  });

  it('Cancel stops reading and leaves no file', async () => {
    const fake = fakePort([1, 2, 3, 4, 5, 6].map(appEntry));
    const run = start(fake.port);
    await fake.answer();
    run.dispatch(jobCancelRequested({ id: 'x1' }));
    await run.task.toPromise();
    expect(fake.queries).toHaveLength(2);
    expect(run.sink.aborted).toBe(true);
    expect(run.sink.closed).toBe(false);
    expect(run.job()).toMatchObject({ state: 'cancelled', message: 'Export cancelled after 2 rows. No file was saved.' });
    expect(run.toasts).toEqual([]);
  });

  it('a failing page fails the job with the reason and the catalogue toast', async () => {
    const fake = fakePort([1, 2, 3, 4, 5, 6].map(appEntry), { failOnPage: 1 });
    const run = start(fake.port);
    await fake.answer();
    await fake.answer();
    await run.task.toPromise();
    expect(run.sink.aborted).toBe(true);
    expect(run.job()).toMatchObject({ state: 'failed', message: 'Export failed: The server did not answer within 10 seconds.' });
    expect(run.toasts).toEqual([[AUDIT_EXPORT_FAILED, 'error']]);
    expect(AUDIT_EXPORT_FAILED).toBe('Failed to export audit logs');
  });
});
