// What a restore refuses, and how: a bad row is refused and named where it lands (its batch goes on), a bad batch
// is refused whole, a file with refused rows cannot replace, rows that never arrived refuse both modes, and sign-in
// rights change only when confirmed. Each refusal leaves the data as it was.
import { rmSync } from 'node:fs';
import { notSentProblem, notSentRow, NOT_SENT_ROW_KEY, RESTORE_ROW_MAX_BYTES } from '../../contract/backupRestore';
import type { RestoreSession } from '../../contract/schemas/backupRestore';
import { storableDate, stageRow } from '../src/restores/stagedRows';
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

const user = (uid: string, extra: Record<string, unknown> = {}) => ({ uid, email: `${uid}@example.com`, displayName: uid, ...extra });
const name = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Name${id}`,
  gender: 'female',
  nationality: 'testish',
  ...extra,
});
const empty = (): Backup['data'] => ({ users: [], names: [], connections: [], audit_logs: [] });

async function rows(id: number, collection: string, firstIndex: number, batch: unknown[]) {
  return a.call<{ staged: number; refused: number }>('POST', `/admin/restores/${id}/rows`, { collection, firstIndex, rows: batch });
}
async function session(id: number) {
  return (await a.call<RestoreSession>('GET', `/admin/restores/${id}`)).body;
}
const staged = async (id: number) =>
  (
    await t.db.query<{ key: string }>('SELECT key FROM backup_restore_rows WHERE restore_id = $1 ORDER BY collection, row_index', [id])
  ).rows.map((r) => r.key);

describe('rows refused where they land', () => {
  test('a duplicated id is refused naming the first, in file order whichever batch came first', async () => {
    const opened = await a.open();
    // The second batch arrives first: its name 5 (index 4) is later in the file than the first batch's (index 1).
    expect((await rows(opened.id, 'names', 3, [name(7), name(5)])).body).toEqual({ staged: 2, refused: 0 });
    expect((await rows(opened.id, 'names', 0, [name(6), name(5), name(6)])).body).toEqual({ staged: 2, refused: 1 });
    const s = await session(opened.id);
    expect(s.staged.names).toEqual({ read: 5, refused: 2 });
    expect(s.problems).toEqual([
      { collection: 'names', index: 2, problem: 'duplicated id (first at index 0)' },
      { collection: 'names', index: 4, problem: 'duplicated id (first at index 1)' },
    ]);
    expect(
      (
        await t.db.query<{ key: string; row_index: number }>(
          'SELECT key, row_index FROM backup_restore_rows WHERE restore_id = $1 ORDER BY row_index',
          [opened.id],
        )
      ).rows,
    ).toEqual([
      { key: '6', row_index: 0 },
      { key: '5', row_index: 1 },
      { key: '7', row_index: 3 },
    ]);
  });

  test('__proto__ keys, isAdmin "true", control characters, oversized rows and stand-ins are refused one by one', async () => {
    const opened = await a.open();
    const big = user('big-one', { displayName: 'x'.repeat(RESTORE_ROW_MAX_BYTES) });
    // A raw body: JSON.stringify of an object literal would not carry a __proto__ key.
    const body = `{"collection":"users","firstIndex":0,"rows":[
      ${JSON.stringify(user('ok-1'))},
      {"uid":"proto-1","__proto__":{"isAdmin":true}},
      {"uid":"nested-1","notificationSettings":{"constructor":{"prototype":{"polluted":true}}}},
      ${JSON.stringify(user('str-admin', { isAdmin: 'true' }))},
      ${JSON.stringify(user('ctl-1', { displayName: 'Bell\u0007' }))},
      ${JSON.stringify(big)},
      ${JSON.stringify(notSentRow('larger than 16384 bytes as JSON (52428800 bytes), not sent'))},
      ${JSON.stringify(user('ok-2'))}]}`;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/restores/${opened.id}/rows`,
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ staged: 2, refused: 6 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect((await session(opened.id)).problems.map((p) => [p.index, p.problem])).toEqual([
      [1, 'the key __proto__ is not allowed'],
      [2, 'the key constructor is not allowed'],
      [3, 'isAdmin must be true or false (found "true")'],
      [4, 'displayName contains control characters'],
      [5, `the row is larger than ${RESTORE_ROW_MAX_BYTES} bytes as JSON`],
      [6, 'larger than 16384 bytes as JSON (52428800 bytes), not sent'],
    ]);
    expect(await staged(opened.id)).toEqual(['ok-1', 'ok-2']);
  });

  test("a stand-in is the console's reason for a row it did not send, never more", () => {
    expect(notSentProblem(notSentRow('x'.repeat(500)))).toBe('x'.repeat(200));
    expect(notSentProblem({ [NOT_SENT_ROW_KEY]: 'bell \u0007' })).toBe('refused by the console without being sent');
    expect(notSentProblem({ [NOT_SENT_ROW_KEY]: 'too large', uid: 'u-1' })).toBeNull();
    expect(notSentProblem(user('u-1'))).toBeNull();
    // A stand-in is refused whatever it says: it never becomes a row.
    expect(stageRow('users', { [NOT_SENT_ROW_KEY]: 'uid' })).toEqual({ ok: false, problem: 'uid' });
  });

  test('dates PostgreSQL would read otherwise than meant are refused', () => {
    expect(storableDate('createdAt', '2026-03-04T10:00:00.123456+00:00')).toEqual({ text: '2026-03-04T10:00:00.123456+00:00' });
    expect(storableDate('createdAt', '2026-03-04')).toEqual({ text: '2026-03-04T00:00:00Z' });
    expect(storableDate('createdAt', 'Tue, 04 Mar 2026 10:00:00 GMT')).toEqual({ text: '2026-03-04T10:00:00.000Z' });
    for (const bad of ['2026-02-31', '2026-03-04T24:00:00Z', '0000-01-01', '2026-03-04T10:00:00+99:00', '1', '2026/03/04']) {
      expect({ bad, stored: storableDate('createdAt', bad) }).toEqual({ bad, stored: { problem: expect.stringContaining('createdAt') } });
    }
    expect(stageRow('names', name(1, { created_at: '2026-02-30T00:00:00Z' }))).toEqual({
      ok: false,
      problem: expect.stringContaining('not a valid date'),
    });
    expect(stageRow('users', user('u', { dailySwipeCount: 3_000_000_000 }))).toEqual({
      ok: false,
      problem: 'dailySwipeCount is too large',
    });
  });

  test('a batch sent again at its place is answered as the first time; one overlapping it is refused', async () => {
    const opened = await a.open();
    const batch = [user('r-1'), user('r-2'), { uid: 'bad uid' }];
    const first = await rows(opened.id, 'users', 0, batch);
    expect((await rows(opened.id, 'users', 0, batch)).body).toEqual(first.body);
    expect((await session(opened.id)).staged.users).toEqual({ read: 3, refused: 1 });
    const overlapping = await rows(opened.id, 'users', 2, [user('r-3')]);
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toMatchObject({ message: 'Rows 2-2 of users overlap rows 0-2 sent before', field: 'firstIndex' });
  });
});

describe('batches refused whole', () => {
  test('an unknown collection, more than 1,000 rows, a NUL character: 400, nothing staged', async () => {
    const opened = await a.open();
    const unknown = await rows(opened.id, 'swipes', 0, [user('x')]);
    expect(unknown).toMatchObject({ status: 400, body: { field: 'collection' } });
    const many = await rows(
      opened.id,
      'users',
      0,
      Array.from({ length: 1001 }, (_, i) => user(`m-${i}`)),
    );
    expect(many).toMatchObject({ status: 400, body: { field: 'rows' } });
    const nul = await rows(opened.id, 'users', 0, [user('n-1', { displayName: 'a\u0000b' })]);
    expect(nul.status).toBe(400);
    expect(await staged(opened.id)).toEqual([]);
    expect((await session(opened.id)).staged.users).toEqual({ read: 0, refused: 0 });
  });

  test('rows after the check are refused (409), as is a second check', async () => {
    const opened = await a.open();
    await a.check(opened.id, empty());
    const late = await rows(opened.id, 'users', 0, [user('late')]);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: expect.stringContaining('is ready: rows are taken only while the file is being read') });
    expect((await a.call('POST', `/admin/restores/${opened.id}/check`, { rowsRead: a.rowsRead(empty()), fileProblems: [] })).status).toBe(
      409,
    );
  });

  test('a non-admin gets 403 and opens nothing', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM backup_restores');
    const refused = await a.call('POST', '/admin/restores', { fileName: 'x.json', fileSize: 1 }, t.userToken);
    expect(refused.status).toBe(403);
    expect((await t.db.query('SELECT count(*)::int AS n FROM backup_restores')).rows).toEqual(before.rows);
  });
});

describe('what the check finds', () => {
  test('two names that are one, and connections whose users are nowhere, are refused', async () => {
    const opened = await a.open();
    const data = empty();
    data.users = [user('c-user')];
    data.names = [name(900_001, { name: 'Twin' }), name(900_002, { name: 'twin' }), name(900_003, { name: 'Other' })];
    data.connections = [
      { id: 900_001, userA: 'c-user', userB: 'demo-admin', status: 'confirmed' },
      { id: 900_002, userA: 'c-user', userB: 'nobody-here', status: 'confirmed' },
    ];
    await a.sendRows(opened.id, data);
    const checked = await a.check(opened.id, data);
    expect(checked.staged).toMatchObject({ names: { read: 3, refused: 1 }, connections: { read: 2, refused: 1 } });
    expect(checked.problems).toEqual([
      { collection: 'names', index: 1, problem: 'the same name, gender and nationality as names[0] (a name is stored once)' },
      { collection: 'connections', index: 1, problem: 'userB nobody-here is neither in the file nor in the database' },
    ]);
    expect(checked.plan!.collections.names).toMatchObject({ read: 3, refused: 1, missing: 2 });
    // The connection to demo-admin is fine for add; replace would delete demo-admin (not in this file).
    expect(checked.plan!.replaceRefusal).toBe(
      '2 rows of the file were refused: replace would remove what they stand for; 1 connection in the file name users who are not in it',
    );
    expect(checked.plan!.applyRefusal).toBeNull();
  });

  test('replace with refused rows is refused (409) and writes nothing; add goes on', async () => {
    const opened = await a.open();
    const data = structuredClone(original.data);
    data.names = data.names.slice(0, 100);
    data.names.push({ ...data.names[0]!, id: 999_999, gender: 'other' });
    await a.sendRows(opened.id, data);
    const checked = await a.check(opened.id, data);
    expect(checked.plan!.replaceRefusal).toMatch(/^1 row of the file was refused/);
    const before = await a.readBackup();
    const replace = await a.call('POST', `/admin/restores/${opened.id}/apply`, { mode: 'replace', confirmAdminChanges: true });
    expect(replace.status).toBe(409);
    expect(replace.body).toMatchObject({
      message: expect.stringContaining('Replace cannot be applied: 1 row of the file was refused'),
      field: 'mode',
    });
    expect((await session(opened.id)).state).toBe('ready');
    expect(await a.readBackup()).toEqual({ ...before, createdAt: expect.any(String) });
    const add = await a.call('POST', `/admin/restores/${opened.id}/apply`, { mode: 'add', confirmAdminChanges: false });
    expect(add.status).toBe(202);
    const ended = await a.waitForEnd(opened.id);
    expect(ended.report!.collections.names).toMatchObject({ read: 101, kept: 100, added: 0, refused: 1 });
    expect(await a.readBackup()).toEqual({ ...before, createdAt: expect.any(String) });
  });

  test('rows that never arrived and problems of the file itself refuse both modes', async () => {
    const opened = await a.open();
    const data = empty();
    data.users = [user('l-1'), user('l-2'), user('l-3')];
    await rows(opened.id, 'users', 0, [user('l-1')]);
    await rows(opened.id, 'users', 2, [user('l-3')]);
    const checked = await a.check(opened.id, data, [{ collection: 'audit_logs', problem: 'audit_logs is not an array' }]);
    expect(checked.problems).toEqual([
      { collection: 'users', index: null, problem: 'The file has 3 rows here but 2 arrived: rows 1-1 never did (a lost batch)' },
      { collection: 'audit_logs', index: null, problem: 'audit_logs is not an array' },
    ]);
    expect(checked.plan!.applyRefusal).toBe(
      'the file itself has 1 problem (audit_logs is not an array); rows of the file are missing on the server (users: The file has 3 rows here but 2 arrived: rows 1-1 never did (a lost batch))',
    );
    expect(checked.plan!.replaceRefusal).toBe(checked.plan!.applyRefusal);
    for (const mode of ['add', 'replace']) {
      const refused = await a.call('POST', `/admin/restores/${opened.id}/apply`, { mode, confirmAdminChanges: true });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: expect.stringContaining('cannot be applied') });
    }
    expect(await t.db.query(`SELECT 1 FROM users WHERE uid LIKE 'l-%'`)).toMatchObject({ rows: [] });
  });
});

describe('sign-in rights', () => {
  test('a file that makes a user an admin is applied only when confirmed', async () => {
    const opened = await a.open();
    const data = empty();
    data.users = [user('new-admin', { isAdmin: true })];
    await a.sendRows(opened.id, data);
    const checked = await a.check(opened.id, data);
    expect(checked.plan!.adminChanges).toMatchObject({
      add: { granted: 1 },
      examples: [
        { uid: 'new-admin', email: 'new-admin@example.com', change: 'granted', modes: ['add', 'replace'] },
        { uid: 'demo-admin', email: 'admin@babynames.test', change: 'revoked', modes: ['replace'] },
      ],
    });
    // Replace would also take away demo-admin's rights (not in this file): counted, and refused for its actor.
    expect(checked.plan!.adminChanges.replace).toEqual({ granted: 1, revoked: 1 });
    const unconfirmed = await a.call('POST', `/admin/restores/${opened.id}/apply`, { mode: 'add', confirmAdminChanges: false });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({
      message:
        'This restore changes who may sign in to the console: 1 would become admins (new-admin@example.com). Confirm it (confirmAdminChanges: true)',
      field: 'confirmAdminChanges',
    });
    const replace = await a.call('POST', `/admin/restores/${opened.id}/apply`, { mode: 'replace', confirmAdminChanges: true });
    expect(replace.status).toBe(409);
    expect(replace.body).toMatchObject({ message: expect.stringContaining('The file has no user record for you (admin@babynames.test)') });
    expect((await a.call('POST', `/admin/restores/${opened.id}/apply`, { mode: 'add', confirmAdminChanges: true })).status).toBe(202);
    expect((await a.waitForEnd(opened.id)).state).toBe('done');
    expect((await t.db.query<{ is_admin: boolean }>(`SELECT is_admin FROM users WHERE uid = 'new-admin'`)).rows).toEqual([
      { is_admin: true },
    ]);
  });
});

describe('cancel before apply', () => {
  test('a restore being read or checked ends at once, its staged rows dropped', async () => {
    for (const checkFirst of [false, true]) {
      const opened = await a.open();
      await a.sendRows(opened.id, original.data);
      if (checkFirst) await a.check(opened.id, original.data);
      expect((await staged(opened.id)).length).toBeGreaterThan(1000);
      const cancelled = await a.call<RestoreSession>('POST', `/admin/restores/${opened.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ state: 'cancelled', failure: 'Cancelled by admin@babynames.test. Nothing was written.' });
      expect(cancelled.body.finishedAt).not.toBeNull();
      expect(await staged(opened.id)).toEqual([]);
      expect((await a.call('POST', `/admin/restores/${opened.id}/cancel`)).status).toBe(409);
      expect((await a.call('POST', `/admin/restores/${opened.id}/apply`, { mode: 'add', confirmAdminChanges: false })).status).toBe(409);
    }
  });
});

describe('the check plans with the staged rows as they are', () => {
  test('statistics last taken of an empty staging table are renewed before the check joins the staged rows', async () => {
    // Left alone, the planner takes the thousands of staged rows for none and joins them row by row: a check of a
    // 14 MB backup then ran past the statement timeout on PostgreSQL (restorePlan.ts analyzeStaging).
    await t.db.query('DELETE FROM backup_restore_rows');
    await t.db.query('ANALYZE backup_restore_rows');
    const tuples = async () =>
      Number((await t.db.query<{ n: number }>(`SELECT reltuples AS n FROM pg_class WHERE relname = 'backup_restore_rows'`)).rows[0]!.n);
    expect(await tuples()).toBeLessThanOrEqual(0);
    const opened = await a.open();
    await a.sendRows(opened.id, original.data);
    await a.check(opened.id, original.data);
    const stagedRows = (await staged(opened.id)).length;
    expect(stagedRows).toBeGreaterThan(1000);
    expect(await tuples()).toBe(stagedRows);
    await a.call('POST', `/admin/restores/${opened.id}/cancel`);
  });
});
