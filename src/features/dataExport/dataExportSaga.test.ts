import { configureStore } from '@reduxjs/toolkit';
import Papa from 'papaparse';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { fakeCsvStream } from '../../../mocks/fakeExports';
import { memorySink } from '../../lib/export/testing/memorySink';
import { jobCancelRequested, jobsReducer, type JobsState } from '../jobs';
import { exportRequested } from './dataExportActions';
import { dataExportSaga, runDataExport, type ExportDeps } from './dataExportSaga';

function harness() {
  const backend = createFakeBackend();
  const store = configureStore({ reducer: { jobs: jobsReducer } });
  const channel = stdChannel();
  const sinks: ReturnType<typeof memorySink>[] = [];
  const notify = jest.fn();
  const deps: ExportDeps = {
    openSink: async ({ fileName }) => {
      const s = memorySink(fileName);
      sinks.push(s);
      return s.sink;
    },
    pageSizes: { names: 2, 'name-analytics': 2, users: 2, connections: 2, 'audit-logs': 2 },
    now: () => new Date(2026, 10, 22, 12, 0),
    notify,
  };
  const io = {
    channel,
    context: { backend },
    dispatch: (action: { type: string }) => {
      store.dispatch(action);
      channel.put(action);
    },
    getState: () => store.getState() as { jobs: JobsState },
  };
  const run = <A extends unknown[]>(saga: Saga<A>, ...args: A) => runSaga(io, saga, ...args);
  return { backend, store, io, run, deps, sinks, notify, job: (id: string) => store.getState().jobs.byId[id] };
}

const names = [
  { id: 1, name_id: 1, name: 'Anna', gender: 'female', nationality: 'swedish', created_at: '2026-01-01T00:00:00.000Z' },
  { id: 2, name_id: 2, name: 'O"Hara, Jr.', gender: 'male', nationality: 'irish', created_at: '2026-01-01T00:00:00.000Z' },
  { id: 3, name_id: 3, name: '=HYPERLINK("x")', gender: 'unisex', nationality: 'english', created_at: '2026-01-01T00:00:00.000Z' },
];

describe('runDataExport', () => {
  it('writes the names CSV page by page with a dated name, progress of the total, and records the run', async () => {
    const h = harness();
    h.backend.exportData.rows.names = names;
    await h.run(runDataExport, h.deps, { jobId: 'export-names-1', kind: 'names', format: 'csv' }).toPromise();
    const [{ sink, text }] = h.sinks;
    expect(sink.fileName).toBe('names-2026-11-22.csv');
    expect(sink.closed).toBe(true);
    expect(h.backend.exportData.runs).toEqual([{ kind: 'names', format: 'csv' }]);
    expect(h.backend.exportData.pagesRead).toBe(2);
    const parsed = Papa.parse<Record<string, string>>(text().replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(parsed.map((r) => r.name)).toEqual(['Anna', 'O"Hara, Jr.', `'=HYPERLINK("x")`]);
    expect(h.job('export-names-1')).toMatchObject({ state: 'done', workTotal: 3, workDone: 3, progress: { rowsRead: 3 } });
    expect(h.notify).toHaveBeenCalledWith('Exported 3 rows: names-2026-11-22.csv downloaded.', 'success');
  });

  it('writes analytics as a JSON array when asked for JSON', async () => {
    const h = harness();
    const rows = [1, 2, 3].map((n) => ({ name_id: n, name: `N${n}`, total_swipes: n }));
    h.backend.exportData.rows['name-analytics'] = rows;
    await h.run(runDataExport, h.deps, { jobId: 'export-analytics-1', kind: 'analytics', format: 'json' }).toPromise();
    expect(h.sinks[0]!.sink.fileName).toBe('analytics-2026-11-22.json');
    expect(JSON.parse(h.sinks[0]!.text())).toEqual(rows);
  });

  it('writes the backup with the four collections, version 1.0 and progress across them', async () => {
    const h = harness();
    h.backend.exportData.rows.users = [{ uid: 'u1' }, { uid: 'u2' }, { uid: 'u3' }];
    h.backend.exportData.rows.names = names;
    h.backend.exportData.rows['audit-logs'] = [{ id: 1, event: 'USER_CREATED', timestamp: '2026-01-01T00:00:00.000Z' }];
    await h.run(runDataExport, h.deps, { jobId: 'export-backup-1', kind: 'backup', format: 'json' }).toPromise();
    const doc = JSON.parse(h.sinks[0]!.text());
    expect(h.sinks[0]!.sink.fileName).toBe('backup-2026-11-22.json');
    expect(doc.version).toBe('1.0');
    expect(Object.keys(doc.data)).toEqual(['users', 'names', 'connections', 'audit_logs']);
    expect(doc.counts).toEqual({ users: 3, names: 3, connections: 0, audit_logs: 1 });
    expect(doc.data.names[1].name).toBe('O"Hara, Jr.');
    expect(h.job('export-backup-1')).toMatchObject({ state: 'done', workTotal: 7, progress: { rowsRead: 7 } });
  });

  it('exports audit logs of the chosen range only, and records the range', async () => {
    const h = harness();
    h.backend.exportData.rows['audit-logs'] = [
      { id: 1, event: 'A', timestamp: '2026-11-01T00:00:00.000Z' },
      { id: 2, event: 'B', timestamp: '2026-11-20T00:00:00.000Z' },
    ];
    const range = { from: '2026-11-15T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' };
    await h.run(runDataExport, h.deps, { jobId: 'export-audit-logs-1', kind: 'audit-logs', format: 'csv', ...range }).toPromise();
    const rows = Papa.parse<Record<string, string>>(h.sinks[0]!.text().slice(1), { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r.event)).toEqual(['B']);
    expect(h.backend.exportData.runs).toEqual([{ kind: 'audit-logs', format: 'csv', ...range }]);
  });

  it('fails with the reason and the card toast when a page fails, and saves nothing', async () => {
    const h = harness();
    h.backend.exportData.rows.users = [{ uid: 'u1' }, { uid: 'u2' }, { uid: 'u3' }];
    h.backend.exportData.failPage = { at: 2, reason: 'HTTP 503: the database is restarting' };
    await h.run(runDataExport, h.deps, { jobId: 'export-users-1', kind: 'users', format: 'csv' }).toPromise();
    expect(h.sinks[0]!.sink.aborted).toBe(true);
    expect(h.job('export-users-1')).toMatchObject({ state: 'failed', message: 'Export failed: HTTP 503: the database is restarting' });
    expect(h.notify).toHaveBeenCalledWith('Failed to export users', 'error');
  });

  it.each([
    ['names', 'Failed to create backup', 'backup', 'json'],
    ['names', 'Failed to export analytics', 'analytics', 'csv'],
    ['audit-logs', 'Failed to export audit logs', 'audit-logs', 'csv'],
  ] as const)('a failing %s read toasts %j for the %s export', async (_collection, toast, kind, format) => {
    const h = harness();
    h.backend.exportData.failPage = { at: 1, reason: 'offline' };
    await h.run(runDataExport, h.deps, { jobId: 'j', kind, format }).toPromise();
    expect(h.notify).toHaveBeenCalledWith(toast, 'error');
  });

  it('says Failed to export CSV / JSON when the file cannot be written', async () => {
    for (const [kind, format, toast] of [
      ['names', 'csv', 'Failed to export CSV'],
      ['analytics', 'json', 'Failed to export JSON'],
    ] as const) {
      const h = harness();
      h.deps.openSink = async ({ fileName }) => {
        const s = memorySink(fileName);
        s.sink.failWrites = true;
        return s.sink;
      };
      await h.run(runDataExport, h.deps, { jobId: 'j', kind, format }).toPromise();
      expect(h.notify).toHaveBeenCalledWith(toast, 'error');
      expect(h.job('j')).toMatchObject({ state: 'failed', message: 'Export failed: The disk is full' });
    }
  });

  it('refuses an unknown export type with the catalogue text', async () => {
    const h = harness();
    await h.run(runDataExport, h.deps, { jobId: 'j', kind: 'passwords' as never, format: 'csv' }).toPromise();
    expect(h.notify).toHaveBeenCalledWith('Unknown export type', 'error');
    expect(h.job('j')).toMatchObject({ state: 'failed', message: 'Export failed: Unknown export type' });
    expect(h.sinks).toHaveLength(0);
  });
});

describe('runDataExport with a backend that writes the CSV files itself', () => {
  const file =
    '\uFEFFid,name,gender,nationality,created_at,random_seed\r\n1,Anna,female,swedish,2026-01-01T00:00:00+00:00,\r\n2,"O""Hara, Jr.",male,irish,2026-01-01T00:00:00+00:00,\r\n';

  it('copies the names CSV the backend streams, reads no page, counts its rows and records the run', async () => {
    const h = harness();
    const stream = fakeCsvStream(file, { chunkBytes: 9 });
    h.backend.exports.streamCsv = stream.streamCsv;
    await h.run(runDataExport, h.deps, { jobId: 'export-names-1', kind: 'names', format: 'csv' }).toPromise();
    const [{ sink, text }] = h.sinks;
    expect(text()).toBe(file);
    expect(sink.closed).toBe(true);
    expect(h.backend.exportData.pagesRead).toBe(0);
    expect(h.backend.exportData.runs).toEqual([{ kind: 'names', format: 'csv' }]);
    expect(h.job('export-names-1')).toMatchObject({ state: 'done', progress: { rowsRead: 2 } });
    expect(h.notify).toHaveBeenCalledWith('Exported 2 rows: names-2026-11-22.csv downloaded.', 'success');
  });

  it('still writes from pages what the backend does not stream: users CSV, analytics JSON', async () => {
    const h = harness();
    const stream = fakeCsvStream(file);
    h.backend.exports.streamCsv = stream.streamCsv;
    h.backend.exportData.rows.users = [makeUserRecord({ uid: 'u1' })];
    h.backend.exportData.rows['name-analytics'] = [{ name_id: 1, name: 'Anna', total_swipes: 0 }];
    await h.run(runDataExport, h.deps, { jobId: 'export-users-1', kind: 'users', format: 'csv' }).toPromise();
    await h.run(runDataExport, h.deps, { jobId: 'export-analytics-1', kind: 'analytics', format: 'json' }).toPromise();
    expect(stream.state.opened).toBe(0);
    expect(h.job('export-users-1')).toMatchObject({ state: 'done', progress: { rowsRead: 1 } });
    expect(JSON.parse(h.sinks[1]!.text())).toEqual([{ name_id: 1, name: 'Anna', total_swipes: 0 }]);
  });

  it('fails with the reason when the transfer breaks off, and saves nothing', async () => {
    const h = harness();
    h.backend.exports.streamCsv = fakeCsvStream(file, {
      chunkBytes: 9,
      breakAfter: { chunks: 2, reason: 'HTTP 503: the database is restarting' },
    }).streamCsv;
    await h.run(runDataExport, h.deps, { jobId: 'export-names-1', kind: 'names', format: 'csv' }).toPromise();
    expect(h.job('export-names-1')).toMatchObject({ state: 'failed', message: 'Export failed: HTTP 503: the database is restarting' });
    expect(h.sinks[0]!.sink.aborted).toBe(true);
    expect(h.notify).toHaveBeenCalledWith('Failed to export names', 'error');
  });
});

describe('dataExportSaga', () => {
  it('runs one export per kind at a time and stops one on Cancel', async () => {
    const h = harness();
    h.backend.exportData.rows.names = names;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const readPage = h.backend.exports.readPage.bind(h.backend.exports);
    h.backend.exports.readPage = async (collection, request) => {
      if (request.after !== null) await gate;
      return readPage(collection, request);
    };
    const task = h.run(dataExportSaga, h.deps);
    h.io.dispatch(exportRequested({ jobId: 'export-names-1', kind: 'names', format: 'csv' }));
    h.io.dispatch(exportRequested({ jobId: 'export-names-2', kind: 'names', format: 'csv' }));
    await new Promise((r) => setTimeout(r, 10));
    expect(h.job('export-names-1')?.state).toBe('running');
    expect(h.job('export-names-2')).toBeUndefined();
    expect(h.job('export-names-1')!.progress.rowsRead).toBe(2);

    h.io.dispatch(jobCancelRequested({ id: 'export-names-1' }));
    await new Promise((r) => setTimeout(r, 10));
    release();
    expect(h.job('export-names-1')).toMatchObject({ state: 'cancelled', message: 'Export cancelled after 2 rows. No file was saved.' });
    expect(h.sinks[0]!.sink.aborted).toBe(true);

    // the kind is free again
    h.io.dispatch(exportRequested({ jobId: 'export-names-3', kind: 'names', format: 'csv' }));
    await new Promise((r) => setTimeout(r, 10));
    expect(h.job('export-names-3')?.state).toBe('done');
    task.cancel();
  });
});
