// Version-checked writes (If-Match -> 409 with the record as it is now and who changed it), a record's history
// (console actions, the app's events, the import that created it) and revert, on the demo data.
import type { UserRecord } from '../../contract/schemas/usersAudit';
import type { NameRecord } from '../../contract/schemas/names';
import type { RecordHistory, RevertResponse, VersionConflict } from '../../contract/schemas/dataSafety';
import { DEMO_ADMIN, DEMO_USER } from '../src/seed/demoAccounts';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
let secondAdminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  // A second operator: the demo user made admin for this file.
  await t.db.query('UPDATE users SET is_admin = true WHERE uid = $1', [DEMO_USER.uid]);
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    payload: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  secondAdminToken = (signedIn.json() as { token: string }).token;
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
async function call<T = unknown>(
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  token = t.adminToken,
) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { status: response.statusCode, body: (response.body === '' ? undefined : response.json()) as T };
}
type Conflict = { error: string; message: string; conflict: VersionConflict };

async function freshName(name: string): Promise<NameRecord> {
  const { status, body } = await call<NameRecord>('POST', '/names', { name, gender: 'female', nationality: 'english' });
  expect(status).toBe(201);
  return body;
}

describe('two operators editing the same name', () => {
  it('the second save based on the same version gets 409 with the first one’s values, who and when', async () => {
    const name = await freshName('Versiona');
    expect(name.version).toBe(1);
    const first = await call<NameRecord>(
      'PUT',
      `/names/${name.id}`,
      { name: 'Versionb', gender: 'female', nationality: 'english' },
      { 'if-match': '"1"' },
    );
    expect(first.body.version).toBe(2);
    const second = await call<Conflict>(
      'PUT',
      `/names/${name.id}`,
      { name: 'Versionc', gender: 'male', nationality: 'english' },
      { 'if-match': '"1"' },
      secondAdminToken,
    );
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: 'version_conflict',
      conflict: {
        current: { id: name.id, name: 'Versionb', version: 2 },
        changedBy: { email: DEMO_ADMIN.email },
        changedAt: expect.any(String),
      },
    });
    expect((await call<{ names: NameRecord[] }>('GET', '/names?alphabetFilter=V&limit=500')).body.names).toContainEqual(first.body);
    // Without If-Match (another client of the API) the write goes ahead.
    expect((await call('PUT', `/names/${name.id}`, { name: 'Versiond', gender: 'female', nationality: 'english' })).status).toBe(200);
  });

  it('a delete based on an old version is refused; a bulk delete carries each id’s version', async () => {
    const a = await freshName('Stalea');
    const b = await freshName('Staleb');
    await call('PUT', `/names/${b.id}`, { name: 'Staleb', gender: 'unisex', nationality: 'english' });
    const single = await call<Conflict>('DELETE', `/names/${b.id}`, undefined, { 'if-match': '"1"' });
    expect(single.status).toBe(409);
    expect(single.body.conflict.current).toMatchObject({ id: b.id, gender: 'unisex', version: 2 });
    const bulk = await call<{ error: string; conflicts: VersionConflict[] }>('POST', '/names/bulk-delete', {
      nameIds: [a.id, b.id],
      versions: [1, 1],
    });
    expect(bulk.status).toBe(409);
    expect(bulk.body.conflicts.map((c) => (c.current as NameRecord).id)).toEqual([b.id]);
    expect((await call('POST', '/names/delete-preview', { nameIds: [a.id, b.id] })).body).toEqual({ names: 2, swipes: 0, matches: 0 });
    expect((await call('POST', '/names/bulk-delete', { nameIds: [a.id, b.id], versions: [1] })).status).toBe(400);
    expect((await call('POST', '/names/bulk-delete', { nameIds: [a.id, b.id], versions: [1, 2] })).body).toMatchObject({ deletedCount: 2 });
  });
});

describe('two operators on the same user', () => {
  const someone = async () =>
    (await t.db.query<{ uid: string }>(`SELECT uid FROM users WHERE NOT is_admin AND uid NOT LIKE 'demo-%' ORDER BY uid LIMIT 1 OFFSET 3`))
      .rows[0]!.uid;

  it('a flag change based on an old version gets 409 with the record and who changed it', async () => {
    const uid = await someone();
    const user = (await call<UserRecord>('GET', `/users/${uid}`)).body;
    expect(user.version).toEqual(expect.any(Number));
    const first = await call<UserRecord>('PATCH', `/users/${uid}`, { isPremium: !user.isPremium }, { 'if-match': `"${user.version}"` });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(user.version! + 1);
    const second = await call<Conflict>(
      'PATCH',
      `/users/${uid}`,
      { accountActive: false },
      { 'if-match': `"${user.version}"` },
      secondAdminToken,
    );
    expect(second.status).toBe(409);
    expect(second.body.conflict).toMatchObject({ current: { uid, isPremium: !user.isPremium }, changedBy: { email: DEMO_ADMIN.email } });
    // A write by the app (not the console) moves the version too; the conflict then names no operator.
    await t.db.query(`UPDATE users SET last_active_date = now(), updated_at = now() + interval '5 seconds' WHERE uid = $1`, [uid]);
    const third = await call<Conflict>('PATCH', `/users/${uid}`, { accountActive: false }, { 'if-match': `"${first.body.version}"` });
    expect(third.body.conflict).toMatchObject({ changedBy: null, changedAt: expect.any(String) });
    const deleted = await call('DELETE', `/users/${uid}`, undefined, { 'if-match': `"${first.body.version}"` });
    expect(deleted.status).toBe(409);
  });
});

describe('history and revert', () => {
  it('a name’s history: added, edited field by field, moved to the trash, restored; the newest edit can be reverted', async () => {
    const name = await freshName('Historya');
    await call('PUT', `/names/${name.id}`, { name: 'Historyb', gender: 'male', nationality: 'english' });
    await call('DELETE', `/names/${name.id}`);
    await call('POST', '/names/restore', { nameIds: [name.id] });
    const history = (await call<RecordHistory>('GET', `/history/name/${name.id}`)).body;
    expect(history.state).toBe('live');
    expect(history.entries.map((e) => [e.action, e.summary])).toEqual([
      ['names.restore', 'Restored from the trash'],
      ['name.delete', 'Moved to the trash with no swipes'],
      ['name.update', 'Edited'],
      ['name.create', 'Added'],
    ]);
    const edit = history.entries[2]!;
    expect(edit.changes).toEqual([
      { field: 'name', before: 'Historya', after: 'Historyb' },
      { field: 'gender', before: 'female', after: 'male' },
    ]);
    expect(edit.actor).toEqual({ uid: DEMO_ADMIN.uid, email: DEMO_ADMIN.email });
    expect(edit.revertActionId).toEqual(expect.any(Number));

    const current = history.current as NameRecord;
    const stale = await call<Conflict>(
      'POST',
      '/history/revert',
      { actionId: edit.revertActionId },
      { 'if-match': `"${current.version! - 1}"` },
    );
    expect(stale.status).toBe(409);
    const reverted = await call<RevertResponse>(
      'POST',
      '/history/revert',
      { actionId: edit.revertActionId },
      { 'if-match': `"${current.version}"` },
    );
    expect(reverted.status).toBe(200);
    expect(reverted.body.current).toMatchObject({ name: 'Historya', gender: 'female', version: current.version! + 1 });
    const after = (await call<RecordHistory>('GET', `/history/name/${name.id}`)).body;
    expect(after.entries[0]).toMatchObject({ action: 'name.revert', summary: 'Reverted an earlier change' });
    // The edit no longer holds: reverting it again is refused, and says why.
    const again = await call<{ message: string }>('POST', '/history/revert', { actionId: edit.revertActionId });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('name is now “Historya”, not “Historyb”');
  });

  it('reverting a delete is a restore; a change whose name was deleted forever answers 410 and writes nothing', async () => {
    const name = await freshName('Historyc');
    await call('PUT', `/names/${name.id}`, { name: 'Historyd', gender: 'female', nationality: 'english' });
    await call('DELETE', `/names/${name.id}`);
    const history = (await call<RecordHistory>('GET', `/history/name/${name.id}`)).body;
    expect(history.state).toBe('trash');
    const deletion = history.entries.find((e) => e.action === 'name.delete')!;
    expect(deletion.revertActionId).toEqual(expect.any(Number));
    expect(history.entries.find((e) => e.action === 'name.update')!.revertActionId).toBeNull();
    const restored = await call<RevertResponse>('POST', '/history/revert', { actionId: deletion.revertActionId });
    expect(restored.body).toMatchObject({ state: 'live', current: { id: name.id, name: 'Historyd' } });

    await call('DELETE', `/names/${name.id}`);
    await call('POST', '/names/trash/purge', { nameIds: [name.id] });
    const edit = history.entries.find((e) => e.action === 'name.update')!;
    const actions = (await t.db.query('SELECT count(*)::int AS n FROM console_actions')).rows[0];
    const goneRevert = await call<{ error: string; message: string }>('POST', '/history/revert', {
      actionId: Number(edit.id.split(':')[1]),
    });
    expect(goneRevert.status).toBe(410);
    expect(goneRevert.body.message).toContain('deleted forever');
    expect((await t.db.query('SELECT count(*)::int AS n FROM console_actions')).rows[0]).toEqual(actions);
    expect((await call<RecordHistory>('GET', `/history/name/${name.id}`)).body.state).toBe('gone');
  });

  it('a name created by an import says which import', async () => {
    const run = (await call<{ id: number }>('POST', '/admin/import-runs', { fileName: 'history.csv' })).body;
    await call('POST', '/admin/names/bulk-import', {
      runId: run.id,
      names: [{ name: 'Imported', gender: 'male', nationality: 'english', createdAt: '2026-01-01T00:00:00.000Z' }],
    });
    const id = (await t.db.query<{ id: number }>(`SELECT id::int FROM names WHERE name = 'Imported'`)).rows[0]!.id;
    const history = (await call<RecordHistory>('GET', `/history/name/${id}`)).body;
    expect(history.entries).toEqual([
      expect.objectContaining({
        source: 'import',
        summary: `Created by importing history.csv (import run ${run.id})`,
        actor: expect.objectContaining({ email: DEMO_ADMIN.email }),
      }),
    ]);
  });

  it('a user’s history holds the app’s events and the console’s changes, pages by cursor, and reverts a flag', async () => {
    const { uid, n } = (
      await t.db.query<{ uid: string; n: number }>(
        `SELECT user_id AS uid, count(*)::int AS n FROM audit_logs WHERE user_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      )
    ).rows[0]!;
    expect(n).toBeGreaterThan(1);
    const user = (await call<UserRecord>('GET', `/users/${uid}`)).body;
    await call('PATCH', `/users/${uid}`, { isPremium: !user.isPremium });
    const firstPage = (await call<RecordHistory>('GET', `/history/user/${uid}?limit=1`)).body;
    expect(firstPage.entries).toHaveLength(1);
    expect(firstPage.entries[0]).toMatchObject({
      source: 'console',
      action: 'user.update',
      changes: [{ field: 'isPremium', before: user.isPremium, after: !user.isPremium }],
    });
    const rest = (await call<RecordHistory>('GET', `/history/user/${uid}?limit=200&before=${firstPage.nextCursor}`)).body;
    expect(rest.entries).toHaveLength(n);
    expect(rest.entries.every((e) => e.source === 'app')).toBe(true);
    expect(rest.nextCursor).toBeNull();
    // Without the app's events (Firebase mode reads those from Firestore): the console's change only.
    const consoleOnly = (await call<RecordHistory>('GET', `/history/user/${uid}?source=console`)).body;
    expect(consoleOnly.entries.map((e) => e.source)).toEqual(['console']);

    const reverted = await call<RevertResponse>(
      'POST',
      '/history/revert',
      { actionId: firstPage.entries[0]!.revertActionId },
      { 'if-match': `"${user.version! + 1}"` },
    );
    expect(reverted.status).toBe(200);
    expect(reverted.body.current).toMatchObject({ isPremium: user.isPremium });
  });

  it('refuses what it cannot read: a cursor it did not give, a name id that is not a number, an unknown action', async () => {
    expect((await call('GET', '/history/name/1?before=nonsense')).status).toBe(400);
    expect((await call('GET', '/history/name/abc')).status).toBe(400);
    expect((await call('GET', '/history/car/1')).status).toBe(400);
    expect((await call('POST', '/history/revert', { actionId: 99_999_999 })).status).toBe(404);
    expect((await call('POST', '/history/revert', { actionId: 'one' })).status).toBe(400);
  });
});
