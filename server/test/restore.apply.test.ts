// The apply as one transaction: cancelled half-way (through the API on PostgreSQL, where the apply's transaction
// leaves the database free; in the process on PGlite, whose one connection the transaction holds) or failing, it
// leaves every record and figure as it was; a server that starts finds a restore it was applying and says so.
// And what one transaction must get right: names that swap their names, a trashed name whose name is live again.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import type { RestoreSession } from '../../contract/schemas/backupRestore';
import { settleRestoresAtStart, STOPPED_DURING_APPLY } from '../src/restores/restoreSessions';
import { api, newBackupDir, type Backup } from './restoreHelpers';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
let a: ReturnType<typeof api>;
const backupDir = newBackupDir();
let original: Backup;
beforeAll(async () => {
  t = await createTestApp({ backupDir });
  a = api(t);
  original = await a.readBackup();
});
afterAll(async () => {
  await t?.close();
  rmSync(backupDir, { recursive: true, force: true });
});
afterEach(() => {
  t.app.restoreRunner.checkpointHook = null;
});

const postgres = () => t.db.kind === 'postgres';

async function figures() {
  const answers: Record<string, unknown> = {};
  for (const url of [
    '/swipes/stats',
    '/names?limit=1',
    '/users?limit=1',
    '/analytics/user-stats',
    '/analytics/match-conversion-rate',
    '/names/trash',
  ]) {
    const { body } = await a.call<Record<string, unknown>>('GET', url);
    answers[url] = url.includes('limit=1') ? body.total : body;
  }
  return answers;
}

/** Records the file lacks, so that a replace has users, names, connections and audit events to remove. */
async function addExtraRecords(tag: string) {
  const created = await a.call<{ id: number }>('POST', '/names', { name: `Extra${tag}`, gender: 'male', nationality: 'testish' });
  expect(created.status).toBe(201);
  await t.db.query(`INSERT INTO users (uid, email) VALUES ($1, $2)`, [`u-extra-${tag}`, `extra-${tag}@example.com`]);
  await t.db.query(`INSERT INTO swipes (user_id, name_id, liked) VALUES ($1, $2, true)`, [`u-extra-${tag}`, created.body.id]);
  await t.db.query(`INSERT INTO audit_logs (event, user_id) VALUES ('USER_CREATED', $1)`, [`u-extra-${tag}`]);
}

async function checkedReplace(): Promise<RestoreSession> {
  const opened = await a.open();
  await a.sendRows(opened.id, original.data);
  return a.check(opened.id, original.data);
}

describe('cancel during the apply', () => {
  test('rolls back: every record and figure is as it was, the state cancelled, no before file left', async () => {
    await addExtraRecords('c');
    const before = await a.readBackup();
    const figuresBefore = await figures();
    const checked = await checkedReplace();
    let seenAt: string | null = null;
    t.app.restoreRunner.checkpointHook = async (id, progress) => {
      // After the users not in the file were deleted and the state saved: the names step has begun.
      if (id !== checked.id || seenAt !== null || progress.step !== 'names') return;
      seenAt = progress.step;
      if (postgres()) {
        // The operator's cancel, through the API, while the apply's transaction is open.
        const { status, body } = await a.call<RestoreSession>('GET', `/admin/restores/${checked.id}`);
        expect({ status, state: body.state, progress: body.progress }).toEqual({ status: 200, state: 'applying', progress });
        const cancelled = await a.call<RestoreSession>('POST', `/admin/restores/${checked.id}/cancel`);
        expect(cancelled).toMatchObject({ status: 200, body: { state: 'applying' } });
      } else {
        t.app.restoreRunner.requestCancel(checked.id, 'admin@babynames.test');
      }
    };
    const applied = await a.call('POST', `/admin/restores/${checked.id}/apply`, { mode: 'replace', confirmAdminChanges: false });
    expect(applied.status).toBe(202);
    const ended = await a.waitForEnd(checked.id);
    expect(seenAt).toBe('names');
    expect(ended).toMatchObject({
      state: 'cancelled',
      failure: 'Cancelled by admin@babynames.test while it was being applied: nothing was written.',
      report: null,
      progress: null,
    });
    expect(await a.readBackup()).toEqual({ ...before, createdAt: expect.any(String) });
    expect(await figures()).toEqual(figuresBefore);
    expect(readdirSync(backupDir).filter((f) => f.startsWith(`before-restore-${checked.id}-`))).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM backup_restore_rows WHERE restore_id = $1', [checked.id])).rows).toEqual([]);
    expect(
      (await t.db.query(`SELECT 1 FROM console_actions WHERE action = 'backup.restore' AND target_id = $1`, [String(checked.id)])).rows,
    ).toEqual([]);
  });

  test('a failure half-way rolls back too, and says why', async () => {
    const before = await a.readBackup();
    const checked = await checkedReplace();
    t.app.restoreRunner.checkpointHook = async (id, progress) => {
      if (id === checked.id && progress.step === 'connections') throw new Error('disk on fire');
    };
    await a.call('POST', `/admin/restores/${checked.id}/apply`, { mode: 'replace', confirmAdminChanges: false });
    const ended = await a.waitForEnd(checked.id);
    expect(ended).toMatchObject({ state: 'failed', failure: 'The restore failed and nothing was written: disk on fire' });
    expect(await a.readBackup()).toEqual({ ...before, createdAt: expect.any(String) });
    expect(existsSync(`${backupDir}/${ended.beforeBackupFile}`)).toBe(false);
  });
});

describe('what a start finds', () => {
  test("a restore left 'applying' failed (nothing was written); one left staging for over a day is cancelled", async () => {
    const stopped = await checkedReplace();
    await t.db.query(`UPDATE backup_restores SET state = 'applying', mode = 'add' WHERE id = $1`, [stopped.id]);
    const stale = await a.open();
    await a.sendRows(stale.id, { ...original.data, names: original.data.names.slice(0, 10) });
    await t.db.query(`UPDATE backup_restores SET last_activity_at = now() - interval '25 hours' WHERE id = $1`, [stale.id]);
    const fresh = await a.open();
    const warnings: string[] = [];
    expect(await settleRestoresAtStart(t.db, { warn: (m) => warnings.push(m) })).toEqual({ failed: 1, cancelled: 1 });
    expect(await a.call<RestoreSession>('GET', `/admin/restores/${stopped.id}`)).toMatchObject({
      body: { state: 'failed', failure: STOPPED_DURING_APPLY },
    });
    expect(await a.call<RestoreSession>('GET', `/admin/restores/${stale.id}`)).toMatchObject({
      body: { state: 'cancelled', failure: expect.stringContaining('Left unfinished for more than 1 day') },
    });
    expect((await a.call<RestoreSession>('GET', `/admin/restores/${fresh.id}`)).body.state).toBe('staging');
    expect(
      (await t.db.query('SELECT 1 FROM backup_restore_rows WHERE restore_id = ANY($1::bigint[])', [[stopped.id, stale.id]])).rows,
    ).toEqual([]);
    expect(warnings).toHaveLength(2);
    const listed = await a.call<{ restores: RestoreSession[] }>('GET', '/admin/restores');
    expect(listed.body.restores.slice(0, 3).map((r) => r.id)).toEqual([fresh.id, stale.id, stopped.id]);
  });

  test('on PostgreSQL, a restore another process is applying is left alone', async () => {
    if (!postgres()) return; // PGlite is one process's database: a restore left applying was always this one's
    const running = await checkedReplace();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atUsers = new Promise<void>((resolve) => (reached = resolve));
    t.app.restoreRunner.checkpointHook = async (id, progress) => {
      if (id === running.id && progress.step === 'users' && progress.done === 0) {
        reached();
        await held;
      }
    };
    await a.call('POST', `/admin/restores/${running.id}/apply`, { mode: 'add', confirmAdminChanges: false });
    await atUsers;
    expect(await settleRestoresAtStart(t.db, { warn: () => undefined })).toMatchObject({ failed: 0 });
    release();
    expect((await a.waitForEnd(running.id)).state).toBe('done');
  });
});

describe('names in one transaction', () => {
  test('replace swaps two names, and brings back a trashed name whose name another name holds now', async () => {
    const [x, y, z] = original.data.names.slice(20, 23) as { id: number; name: string; gender: string; nationality: string }[];
    // The database swaps x's and y's names (through a stand-in), and z goes to the trash, its name given to a new name.
    await t.db.query(`UPDATE names SET name = name || ' (old)' WHERE id = $1`, [x!.id]);
    await t.db.query(`UPDATE names SET name = $2 WHERE id = $1`, [y!.id, x!.name]);
    await t.db.query(`UPDATE names SET name = $2 WHERE id = $1`, [x!.id, y!.name]);
    expect((await a.call('POST', '/names/bulk-delete', { nameIds: [z!.id] })).status).toBe(200);
    // (The console would offer to restore z instead: the app's own writes do not ask.)
    const { rows: created } = await t.db.query<{ id: number }>(
      `INSERT INTO names (name, gender, nationality, first_letter) VALUES ($1, $2, $3, $4) RETURNING id::int`,
      [z!.name, z!.gender, z!.nationality, z!.name[0]!.toUpperCase()],
    );
    const newcomer = { body: created[0]! };

    // Add changes no live name: z stays in the trash (its name is taken), counted refused.
    const added = await a.restore(original, 'add');
    expect(added.ended.report!.collections.names).toMatchObject({ restoredFromTrash: 0, refused: 1, added: 0 });

    const { checked, ended } = await a.restore(original, 'replace');
    expect(ended.state).toBe('done');
    // Removed: the newcomer, and what earlier tests left (the cancelled replace's extra name).
    expect(checked.plan!.collections.names).toMatchObject({ inTrash: 1, extra: 2 });
    expect(ended.report!.collections.names).toMatchObject({ replaced: 2, restoredFromTrash: 1, removed: 2, refused: 0 });
    const after = await a.readBackup();
    expect(after.data.names).toEqual(original.data.names);
    const trash = await a.call<{ names: { id: number; deletionKind: string }[] }>('GET', '/names/trash');
    expect(trash.body.names.find((n) => n.id === newcomer.body.id)).toMatchObject({ deletionKind: 'restore_replace' });
  });
});
