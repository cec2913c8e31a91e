// The restore jobs under runSaga: the real stream reader over a Blob, the real local adapter over the msw routes
// of the reference backend (mocks/restores.handlers.ts), the jobs and restore slices in a store.
import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { runSaga, stdChannel } from 'redux-saga';
import { delay } from 'redux-saga/effects';
import { BACKUP_COLLECTIONS } from '../../../../contract/exports';
import { createFakeBackend, type FakeBackend } from '../../../../mocks/fakeBackend';
import { restoreServer } from '../../../../mocks/restores.handlers';
import { server } from '../../../../mocks/server';
import { HttpError } from '../../../api/errors';
import { createJsonArrayWriter } from '../../../lib/export';
import { jobCancelRequested, jobProgressed, jobsReducer, type ExportOutcome } from '../../jobs';
import { backupClosing, backupOpening, backupSectionOpening } from '../backupDocument';
import { readBackup } from './backupReader';
import { restoreSaga, type RestoreDeps } from './restoreSaga';
import {
  restoreApplyRequested,
  restoreFileChosen,
  restoreReducer,
  restoresListRequested,
  restoreDiscardRequested,
  type RestoreState,
} from './restoreSlice';

function writeBackup(sections: Partial<Record<string, unknown[]>>): string {
  let text = backupOpening('2026-11-22T20:00:00.000Z');
  const counts = { users: 0, names: 0, connections: 0, audit_logs: 0 };
  BACKUP_COLLECTIONS.forEach((section, index) => {
    const writer = createJsonArrayWriter();
    const rows = sections[section] ?? [];
    text += backupSectionOpening(section, index) + writer.open() + writer.rows(rows) + writer.close();
    counts[section] = rows.length;
  });
  return text + backupClosing(counts);
}

const user = (uid: string, extra: Record<string, unknown> = {}) => ({ uid, email: `${uid}@example.com`, isAdmin: false, ...extra });
const name = (id: number) => ({
  id,
  name_id: id,
  name: `Name ${id}`,
  gender: 'male',
  nationality: 'irish',
  created_at: '2026-01-01T00:00:00.000Z',
});

function harness({ backend = createFakeBackend() as FakeBackend | (Omit<FakeBackend, 'restores'> & { restores?: undefined }) } = {}) {
  const store = configureStore({ reducer: combineReducers({ jobs: jobsReducer, restore: restoreReducer }) });
  const channel = stdChannel();
  const files = new Map<string, Blob>();
  const notify = jest.fn();
  const savedBackups: string[] = [];
  let saveOutcome: ExportOutcome | null = { state: 'done', rows: 3 };
  let onAction: (action: UnknownAction) => void = () => {};
  const deps: RestoreDeps = {
    takeFile: (jobId) => files.get(jobId),
    loadReader: async () => readBackup,
    pollMs: 1,
    maxPollFailures: 3,
    now: () => '2026-11-27T10:00:00.000Z',
    notify,
    *saveFullBackup(fileStem) {
      yield delay(1);
      savedBackups.push(fileStem);
      restoreServer.calls.push(`saved ${fileStem}`);
      return saveOutcome;
    },
  };
  const dispatch = (action: UnknownAction) => {
    store.dispatch(action);
    channel.put(action);
    onAction(action);
  };
  const task = runSaga({ channel, context: { backend }, dispatch, getState: store.getState }, restoreSaga, deps);
  const state = () => store.getState() as { restore: RestoreState; jobs: ReturnType<typeof jobsReducer> };
  const job = (id: string) => state().jobs.byId[id];
  /** Chooses the file and waits for its check to end. */
  const check = async (text: string, fileName = 'backup-2026-11-22.json') => {
    const jobId = `restore-check-${files.size + 1}`;
    files.set(jobId, new Blob([text]));
    dispatch(restoreFileChosen({ jobId, fileName, fileSize: new Blob([text]).size }));
    await until(() => job(jobId) && job(jobId)!.state !== 'running');
    return job(jobId)!;
  };
  const whenAction = (fn: (action: UnknownAction) => void) => {
    onAction = fn;
  };
  const whenSaving = (outcome: ExportOutcome | null) => {
    saveOutcome = outcome;
  };
  return { store, state, job, dispatch, check, notify, whenAction, savedBackups, whenSaving, stop: () => task.cancel() };
}

async function until(condition: () => unknown, timeoutMs = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let h: ReturnType<typeof harness>;
beforeEach(() => restoreServer.reset());
afterEach(() => h?.stop());

describe('checking', () => {
  it('opens a restore, stages every row in batches with its position, checks it and shows the plan; nothing is applied', async () => {
    h = harness();
    restoreServer.world.existing.names = new Set(['1', '2']);
    restoreServer.world.existing.users = new Set(['u1', 'u9']);
    const names = Array.from({ length: 1_500 }, (_, i) => name(i + 1));
    const job = await h.check(writeBackup({ users: [user('u1'), user('u2')], names }));

    expect(job).toMatchObject({
      state: 'done',
      kind: 'restore',
      message: 'backup-2026-11-22.json checked: 1,502 rows read, 0 refused. Nothing was written yet: choose how to restore it below.',
    });
    expect(restoreServer.rowBatches.map((b) => [b.collection, b.firstIndex, b.rows.length])).toEqual([
      ['users', 0, 2],
      ['names', 0, 1_000],
      ['names', 1_000, 500],
    ]);
    expect(restoreServer.rowBatches.flatMap((b) => (b.collection === 'names' ? b.rows : []))).toEqual(names);
    expect(restoreServer.checks).toEqual([
      { id: 1, body: { rowsRead: { users: 2, names: 1_500, connections: 0, audit_logs: 0 }, fileProblems: [] } },
    ]);
    expect(restoreServer.applies).toEqual([]);
    const { current } = h.state().restore;
    expect(current).toMatchObject({ id: 1, state: 'ready' });
    expect(current!.plan!.collections.names).toMatchObject({ read: 1_500, existing: 2, missing: 1_498, extra: 0 });
    expect(current!.plan!.collections.users).toMatchObject({ existing: 1, missing: 1, extra: 1 });
    // progress was bytes of the file
    expect(job.workDone).toBe(job.workTotal);
  });

  it('sends a stand-in with the reason for a row too large to send; the server counts it refused, add stays possible', async () => {
    h = harness();
    const big = { ...name(2), nationality: 'x'.repeat(20_000) };
    await h.check(writeBackup({ names: [name(1), big, name(3)] }));
    expect(restoreServer.rowBatches).toEqual([
      {
        id: 1,
        collection: 'names',
        firstIndex: 0,
        rows: [name(1), { $notSent: 'the row is larger than 16,384 bytes as JSON (not sent)' }, name(3)],
      },
    ]);
    expect(restoreServer.checks[0]!.body).toEqual({ rowsRead: { users: 0, names: 3, connections: 0, audit_logs: 0 }, fileProblems: [] });
    const { plan, problems } = h.state().restore.current!;
    expect(plan!.collections.names).toMatchObject({ read: 3, refused: 1, missing: 2 });
    expect(problems).toEqual([{ collection: 'names', index: 1, problem: 'the row is larger than 16,384 bytes as JSON (not sent)' }]);
    expect(plan!.replaceRefusal).not.toBeNull();
    expect(plan!.applyRefusal).toBeNull();
  });

  it('a file that cannot be restored: named, nothing more sent, the restore cancelled on the server', async () => {
    h = harness();
    const text = writeBackup({ names: [name(1)] }).replace('"version":"1.0"', '"version":"2.0"');
    const job = await h.check(text, 'old.json');
    expect(job).toMatchObject({
      state: 'failed',
      message: 'Failed to check old.json: the file\'s version is "2.0"; this console restores version "1.0" backups',
      detail: 'Nothing was written.',
    });
    expect(restoreServer.calls).toEqual(['POST /api/admin/restores', 'POST /api/admin/restores/1/cancel']);
    expect(h.state().restore.current).toMatchObject({ state: 'cancelled' });
    expect(h.notify).toHaveBeenCalledWith('Failed to check backup', 'error');
  });

  it('a file cut off after some rows were sent: the restore is cancelled (its staged rows dropped)', async () => {
    h = harness();
    const text = writeBackup({ names: Array.from({ length: 1_200 }, (_, i) => name(i + 1)) });
    const job = await h.check(text.slice(0, text.length - 200), 'cut.json');
    expect(job.message).toMatch(/^Failed to check cut\.json: the file ends before its JSON document does/);
    expect(restoreServer.calls).toEqual([
      'POST /api/admin/restores',
      'POST /api/admin/restores/1/rows',
      'POST /api/admin/restores/1/cancel',
    ]);
  });

  it('Cancel stops reading the file and cancels the restore on the server', async () => {
    h = harness();
    h.whenAction((action) => {
      if (jobProgressed.match(action) && action.payload.id.startsWith('restore-check-'))
        h.dispatch(jobCancelRequested({ id: action.payload.id }));
    });
    const names = Array.from({ length: 5_000 }, (_, i) => name(i + 1));
    const job = await h.check(writeBackup({ names }), 'big.json');
    expect(job).toMatchObject({ state: 'cancelled', message: 'Check cancelled: big.json was not read to its end. Nothing was written.' });
    const sent = restoreServer.rowBatches.reduce((n, b) => n + b.rows.length, 0);
    expect(sent).toBeLessThan(names.length);
    expect(restoreServer.calls).not.toContain('POST /api/admin/restores/1/check');
    expect(restoreServer.calls[restoreServer.calls.length - 1]).toBe('POST /api/admin/restores/1/cancel');
  });

  it('a batch the server refuses fails the check with its reason and cancels the restore', async () => {
    h = harness();
    server.use(
      http.post('*/api/admin/restores/:id/rows', () => HttpResponse.json({ error: 'error', message: 'Disk full' }, { status: 507 })),
    );
    const job = await h.check(writeBackup({ names: [name(1)] }), 'b.json');
    expect(job.message).toBe('Failed to check b.json: the server did not take the rows (Disk full)');
    expect(restoreServer.calls).toContain('POST /api/admin/restores/1/cancel');
  });

  it('choosing another file drops the restore shown and not applied', async () => {
    h = harness();
    await h.check(writeBackup({ names: [name(1)] }), 'first.json');
    await h.check(writeBackup({ names: [name(2)] }), 'second.json');
    expect(restoreServer.restores.get(1)!.session.state).toBe('cancelled');
    expect(h.state().restore.current).toMatchObject({ id: 2, state: 'ready', fileName: 'second.json' });
  });
});

describe('applying', () => {
  async function checked() {
    h = harness();
    restoreServer.world.existing.names = new Set(['1']);
    await h.check(writeBackup({ users: [user('u1', { isAdmin: true, email: 'a@x.com' })], names: [name(1), name(2)] }));
    return h.state().restore.current!;
  }

  it('add: applies, follows the progress once a second, and reports per collection', async () => {
    const session = await checked();
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'add', confirmAdminChanges: true }));
    const jobId = () => h.state().restore.jobId!;
    await until(() => jobId().startsWith('restore-apply-') && h.job(jobId())!.state !== 'running');
    expect(h.job(jobId())).toMatchObject({
      state: 'done',
      message: 'Restored backup-2026-11-22.json (added what was missing): 2 added, 1 kept.',
      detail: null,
    });
    expect(restoreServer.applies).toEqual([{ id: 1, mode: 'add', confirmAdminChanges: true }]);
    expect(h.state().restore.current!.report!.collections.names).toMatchObject({ read: 2, added: 1, kept: 1 });
    expect(h.notify).toHaveBeenCalledWith('Backup restored', 'success');
  });

  it('replace where the console keeps the copy (Firebase mode): a full backup is saved first, then applied', async () => {
    restoreServer.beforeBackup = 'console';
    const session = await checked();
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'replace', confirmAdminChanges: true }));
    await until(() => h.state().restore.jobId?.startsWith('restore-apply-') && h.job(h.state().restore.jobId!)!.state !== 'running');
    expect(h.savedBackups).toEqual(['backup-before-restore']);
    expect(restoreServer.calls.filter((c) => c.startsWith('saved') || c.endsWith('/apply'))).toEqual([
      'saved backup-before-restore',
      'POST /api/admin/restores/1/apply',
    ]);
    expect(h.job(h.state().restore.jobId!)!.state).toBe('done');
  });

  it('replace where the console keeps the copy: a copy that is not saved applies nothing', async () => {
    restoreServer.beforeBackup = 'console';
    const session = await checked();
    h.whenSaving({ state: 'failed', reason: 'Failed to fetch' });
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'replace', confirmAdminChanges: true }));
    await until(() => h.state().restore.jobId?.startsWith('restore-apply-') && h.job(h.state().restore.jobId!)!.state !== 'running');
    expect(h.job(h.state().restore.jobId!)).toMatchObject({
      state: 'failed',
      message: 'Failed to restore backup-2026-11-22.json: the backup of the current state was not saved (Failed to fetch)',
      detail: 'Nothing was written.',
    });
    expect(restoreServer.applies).toEqual([]);
    expect(h.state().restore.current).toMatchObject({ state: 'ready' });
  });

  it('add, or a server that keeps the copy itself: nothing is saved by the console', async () => {
    const session = await checked();
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'replace', confirmAdminChanges: true }));
    await until(() => h.state().restore.jobId?.startsWith('restore-apply-') && h.job(h.state().restore.jobId!)!.state !== 'running');
    expect(h.savedBackups).toEqual([]);
    expect(restoreServer.applies).toHaveLength(1);
  });

  it('refused by the server (admin changes not confirmed): the reason is shown, the restore stays ready', async () => {
    const session = await checked();
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'add', confirmAdminChanges: false }));
    await until(() => h.state().restore.jobId?.startsWith('restore-apply-') && h.job(h.state().restore.jobId!)!.state === 'failed');
    expect(h.job(h.state().restore.jobId!)!.message).toBe(
      'Failed to restore backup-2026-11-22.json: This restore changes who may sign in as an admin: confirm it to apply',
    );
    expect(h.state().restore.current).toMatchObject({ state: 'ready' });
    expect(h.notify).toHaveBeenCalledWith('Failed to restore backup', 'error');
  });

  it('Cancel while applying asks the server and waits for it to say cancelled: nothing was written', async () => {
    const session = await checked();
    restoreServer.applyPolls = 1_000;
    h.whenAction((action) => {
      if (jobProgressed.match(action) && action.payload.id.startsWith('restore-apply-'))
        h.dispatch(jobCancelRequested({ id: action.payload.id }));
    });
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'add', confirmAdminChanges: true }));
    await until(() => h.state().restore.current?.state === 'cancelled');
    await until(() => h.job(h.state().restore.jobId!)!.state !== 'running');
    expect(h.job(h.state().restore.jobId!)).toMatchObject({
      state: 'cancelled',
      message: 'Restore of backup-2026-11-22.json cancelled: nothing was written.',
    });
    expect(restoreServer.calls.filter((c) => c.endsWith('/cancel'))).toHaveLength(1);
  });

  it('a cancel that stops a batched apply part-way (Firebase mode) says what was written stays, and what landed', async () => {
    const session = await checked();
    restoreServer.applyPolls = 1_000;
    restoreServer.partialOnCancel = 'Names were restored in full. In Firestore the batches written before it stopped stay: users: 1 added.';
    h.whenAction((action) => {
      if (jobProgressed.match(action) && action.payload.id.startsWith('restore-apply-'))
        h.dispatch(jobCancelRequested({ id: action.payload.id }));
    });
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'add', confirmAdminChanges: true }));
    await until(() => h.state().restore.current?.state === 'cancelled');
    await until(() => h.job(h.state().restore.jobId!)!.state !== 'running');
    expect(h.job(h.state().restore.jobId!)).toMatchObject({
      state: 'cancelled',
      message: 'Restore of backup-2026-11-22.json cancelled part-way: what was written before it stopped stays.',
      detail:
        'Cancelled by admin@example.com while it was being applied. Names were restored in full. In Firestore the batches written before it stopped stay: users: 1 added.',
    });
  });

  it('a restore the server fails: its reason, and that nothing was written', async () => {
    const session = await checked();
    restoreServer.failApply = 'duplicate key value violates unique constraint "names_pkey"';
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'add', confirmAdminChanges: true }));
    await until(() => h.state().restore.current?.state === 'failed');
    await until(() => h.job(h.state().restore.jobId!)!.state !== 'running');
    expect(h.job(h.state().restore.jobId!)).toMatchObject({
      state: 'failed',
      message: 'Failed to restore backup-2026-11-22.json: duplicate key value violates unique constraint "names_pkey"',
      detail: 'Nothing was written. The restore is one transaction.',
    });
  });

  it('keeps following through reads that time out (the embedded database answers nothing while it applies)', async () => {
    const backend = createFakeBackend();
    const restores = backend.restores!;
    // More timed-out reads in a row than maxPollFailures (3): none of them counts as a failure.
    let timeouts = 0;
    const read = restores.read.bind(restores);
    restores.read = async (id) => {
      if (h.state().restore.current?.state === 'applying' && timeouts < 6) {
        timeouts += 1;
        throw new HttpError('TIMEOUT', 'The server did not answer within 10 seconds.');
      }
      return read(id);
    };
    h = harness({ backend });
    restoreServer.world.existing.names = new Set(['1']);
    await h.check(writeBackup({ users: [user('u1', { isAdmin: true, email: 'a@x.com' })], names: [name(1), name(2)] }));
    const session = h.state().restore.current!;
    restoreServer.applyPolls = 2;
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'add', confirmAdminChanges: true }));
    await until(() => h.job(h.state().restore.jobId!)?.state === 'done');
    expect(timeouts).toBe(6);
    expect(h.state().restore.current?.state).toBe('done');
  });

  it('stops following after GETs fail in a row, saying the server goes on', async () => {
    const session = await checked();
    restoreServer.applyPolls = 1_000;
    h.dispatch(restoreApplyRequested({ id: session.id, mode: 'add', confirmAdminChanges: true }));
    await until(() => h.state().restore.current?.state === 'applying');
    server.use(http.get('*/api/admin/restores/:id', () => HttpResponse.error()));
    await until(() => h.job(h.state().restore.jobId!)!.state !== 'running');
    expect(h.job(h.state().restore.jobId!)).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/^Lost track of the restore of backup-2026-11-22\.json: Could not reach the server/),
      detail: 'The server goes on with it: reload the page to follow it again.',
    });
  });
});

describe('after a reload', () => {
  it('follows a restore still applying, and lists the open ones to cancel or review', async () => {
    h = harness();
    const ready = restoreServer.seed({ state: 'ready', fileName: 'left.json' });
    restoreServer.seed({ state: 'staging', fileName: 'half-read.json' });
    const applying = restoreServer.seed({ state: 'applying', fileName: 'running.json', mode: 'replace' });
    restoreServer.restores.get(applying.id)!.session.plan = {
      collections: Object.fromEntries(
        BACKUP_COLLECTIONS.map((c) => [c, { read: 1, refused: 0, existing: 1, missing: 0, inTrash: 0, extra: 0 }]),
      ),
      replaceTakes: { swipes: 0, connectionRequests: 0, namesSwipes: 0 },
      adminChanges: { add: { granted: 0 }, replace: { granted: 0, revoked: 0 }, examples: [] },
      replaceRefusal: null,
    } as never;
    h.dispatch(restoresListRequested());
    await until(() => h.state().restore.current?.state === 'done');
    const { restore } = h.state();
    expect(restore.available).toBe(true);
    expect(restore.current).toMatchObject({ id: applying.id, fileName: 'running.json' });
    expect(h.job(restore.jobId!)).toMatchObject({ state: 'done', label: 'running.json' });
    expect(h.job(restore.jobId!)!.detail).toBe(
      `The state before was saved on the server as before-restore-${applying.id}-20261127T100000Z.json.`,
    );
    expect(restore.leftOpen.map((s) => s.fileName)).toEqual(['half-read.json', 'left.json']);

    h.dispatch(restoreDiscardRequested({ id: ready.id }));
    await until(() => h.state().restore.leftOpen.length === 1);
    expect(restoreServer.restores.get(ready.id)!.session.state).toBe('cancelled');
  });

  it('a backend without a restore port: the card is told, and a file is checked in the browser only', async () => {
    const backend = createFakeBackend();
    delete (backend as Partial<FakeBackend>).restores;
    backend.exportData.rows.names = [name(1), name(2), name(3)];
    h = harness({ backend });
    h.dispatch(restoresListRequested());
    await until(() => h.state().restore.available === false);
    const job = await h.check(writeBackup({ names: [name(1), { id: 2, name: 'X', gender: 'other', nationality: 'y' }] }), 'fb.json');
    expect(job).toMatchObject({
      state: 'done',
      message: 'fb.json is a backup of version 1.0, made 22 Nov 2026, 20:00:00 UTC. Nothing was changed.',
    });
    expect(job.detail).toBe(
      [
        'users: 0 in the file, 0 now.',
        'names: 2 in the file (1 refused), 3 now.',
        'connections: 0 in the file, 0 now.',
        'audit_logs: 0 in the file, 0 now.',
        'First problems:',
        'names[1]: gender must be male, female or unisex',
      ].join('\n'),
    );
    expect(restoreServer.calls).toEqual([]);
  });
});
