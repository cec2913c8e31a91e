// The restore of the console's full backup on the demo data, end to end through the API: a backup read through the
// export pages, damage (names deleted to the trash and for good, users, connections and audit events deleted,
// a name and a user edited), then add, add again, and replace; each time every collection is compared field by
// field with the backup, and every figure the console shows (counters and analytics summaries kept by triggers)
// with the figures before the damage. On PGlite; on PostgreSQL with DATABASE_URL.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { RestoreSession } from '../../contract/schemas/backupRestore';
import type { TrashPage } from '../../contract/schemas/dataSafety';
import { BACKUP_COLLECTIONS, type BackupCollection } from '../../contract/exports';
import { incrementalAndRebuilt } from './analytics.fixture';
import { api, newBackupDir, type Backup } from './restoreHelpers';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
let a: ReturnType<typeof api>;
const backupDir = newBackupDir();
beforeAll(async () => {
  t = await createTestApp({ backupDir });
  a = api(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(backupDir, { recursive: true, force: true });
});

const keyOf = (collection: BackupCollection, row: Record<string, unknown>) => String(collection === 'users' ? row.uid : row.id);
/** A collection as a map from its key to its row, without the fields named in `without`. */
function byKey(backup: Backup, collection: BackupCollection, without: string[] = []) {
  return new Map(
    backup.data[collection].map((row) => [
      keyOf(collection, row),
      Object.fromEntries(Object.entries(row).filter(([field]) => !without.includes(field))),
    ]),
  );
}

/** Every figure the console reads that a restore could move, through the API. */
async function figures() {
  const urls = [
    '/swipes/stats',
    '/names?limit=1',
    '/users?limit=1',
    '/names/nationalities-with-counts',
    '/admin/database-overview',
    '/analytics/user-stats',
    '/analytics/decision-time-stats',
    '/analytics/match-conversion-rate',
    '/analytics/top-ranked-names?limit=500',
    '/analytics/name-analytics?limit=500',
    '/analytics/top-names-by-gender',
    '/analytics/top-names-by-nationality',
  ];
  const answers: Record<string, unknown> = {};
  for (const url of urls) {
    const { status, body } = await a.call<Record<string, unknown>>('GET', url);
    expect({ url, status }).toEqual({ url, status: 200 });
    // The page's rows are compared through the backup; here the totals.
    answers[url] = url.includes('limit=1') ? { total: body.total } : body;
  }
  return answers;
}

const one = async <T>(sql: string, params?: unknown[]) => (await t.db.query<T>(sql, params)).rows;

let original: Backup;
let originalFigures: Record<string, unknown>;
let damage: {
  trashedNames: number[];
  goneNames: number[];
  goneUsers: string[];
  goneConnections: number[];
  goneAuditLogs: number[];
  editedName: number;
  editedUser: string;
};

describe('a backup restored after damage', () => {
  test('the demo data is backed up and damaged', async () => {
    original = await a.readBackup();
    originalFigures = await figures();
    expect(original.data.names.length).toBeGreaterThan(1000);
    expect(original.data.connections.length).toBeGreaterThan(5);

    // Names with swipes go to the trash (their swipes with them); names without any go for good.
    const swiped = await one<{ id: number }>(
      `SELECT name_id::int AS id FROM analytics_name_stats WHERE swipes > 0 ORDER BY matches DESC, swipes DESC, name_id LIMIT 6`,
    );
    const trashedNames = swiped.map((r) => r.id);
    const moved = await a.call<{ deletedCount: number }>('POST', '/names/bulk-delete', { nameIds: trashedNames });
    expect(moved.body.deletedCount).toBe(6);
    const unswiped = await one<{ id: number }>(
      `SELECT id::int FROM names n WHERE NOT EXISTS (SELECT 1 FROM swipes s WHERE s.name_id = n.id) ORDER BY id LIMIT 4`,
    );
    const goneNames = unswiped.map((r) => r.id);
    await t.db.query('DELETE FROM names WHERE id = ANY($1::bigint[])', [goneNames]);

    // Users whose deletion takes nothing the backup lacks (swipes, connection requests): their connections go too.
    const quiet = await one<{ uid: string }>(
      `SELECT u.uid FROM users u
        WHERE NOT u.is_admin AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.user_id = u.uid)
          AND NOT EXISTS (SELECT 1 FROM swipes_trash s WHERE s.user_id = u.uid)
          AND NOT EXISTS (SELECT 1 FROM connection_requests c WHERE u.uid IN (c.from_user_id, c.to_user_id))
        ORDER BY (SELECT count(*) FROM connections c WHERE u.uid IN (c.user_a, c.user_b)) DESC, u.uid LIMIT 3`,
    );
    expect(quiet).toHaveLength(3);
    const goneUsers = quiet.map((r) => r.uid);
    const cascaded = await one<{ id: number }>('SELECT id::int FROM connections WHERE user_a = ANY($1) OR user_b = ANY($1)', [goneUsers]);
    await t.db.query('DELETE FROM users WHERE uid = ANY($1)', [goneUsers]);
    const moreConnections = await one<{ id: number }>('SELECT id::int FROM connections ORDER BY id LIMIT 2');
    await t.db.query('DELETE FROM connections WHERE id = ANY($1::bigint[])', [moreConnections.map((r) => r.id)]);
    const goneAuditLogs = (await one<{ id: number }>('SELECT id::int FROM audit_logs ORDER BY id DESC LIMIT 5')).map((r) => r.id);
    await t.db.query('DELETE FROM audit_logs WHERE id = ANY($1::bigint[])', [goneAuditLogs]);

    // Two records edited through the console.
    const [editedName] = await one<{ id: number; name: string; gender: string; nationality: string }>(
      `SELECT id::int, name, gender, nationality FROM names WHERE id <> ALL($1::bigint[]) ORDER BY id LIMIT 1 OFFSET 10`,
      [[...trashedNames, ...goneNames]],
    );
    const edit = await a.call('PUT', `/names/${editedName!.id}`, { ...editedName, id: undefined, name: `${editedName!.name}x` });
    expect(edit.status).toBe(200);
    const [editedUser] = await one<{ uid: string; is_premium: boolean }>(
      `SELECT uid, is_premium FROM users WHERE uid <> ALL($1) AND NOT is_admin ORDER BY uid LIMIT 1`,
      [goneUsers],
    );
    expect((await a.call('PATCH', `/users/${editedUser!.uid}`, { isPremium: !editedUser!.is_premium })).status).toBe(200);

    damage = {
      trashedNames,
      goneNames,
      goneUsers,
      goneConnections: [...new Set([...cascaded.map((r) => r.id), ...moreConnections.map((r) => r.id)])],
      goneAuditLogs,
      editedName: editedName!.id,
      editedUser: editedUser!.uid,
    };
    expect(damage.goneConnections.length).toBeGreaterThanOrEqual(2);
    expect(await figures()).not.toEqual(originalFigures);
  });

  test('add brings every deleted record back as it was, keeps the edited ones, and every figure is as before', async () => {
    const { checked, ended } = await a.restore(original, 'add');
    const plan = checked.plan!;
    expect(plan.collections.names).toMatchObject({
      refused: 0,
      inTrash: damage.trashedNames.length,
      missing: damage.goneNames.length,
      extra: 0,
    });
    expect(plan.collections.users).toMatchObject({ missing: damage.goneUsers.length, extra: 0 });
    expect(plan.collections.connections.missing).toBe(damage.goneConnections.length);
    expect(plan.collections.audit_logs.missing).toBe(damage.goneAuditLogs.length);
    expect(plan.replaceRefusal).toBeNull();
    expect(plan.applyRefusal).toBeNull();

    expect(ended.state).toBe('done');
    const report = ended.report!;
    expect(report.beforeBackupFile).toBeNull();
    expect(report.collections.names).toEqual({
      read: original.data.names.length,
      added: damage.goneNames.length,
      kept: original.data.names.length - damage.goneNames.length - damage.trashedNames.length,
      replaced: 0,
      removed: 0,
      restoredFromTrash: damage.trashedNames.length,
      refused: 0,
    });
    expect(report.collections.users).toMatchObject({
      added: damage.goneUsers.length,
      kept: original.data.users.length - damage.goneUsers.length,
    });
    expect(report.collections.connections).toMatchObject({ added: damage.goneConnections.length, refused: 0 });
    expect(report.collections.audit_logs).toMatchObject({ added: damage.goneAuditLogs.length, refused: 0 });
    // Its staged rows are gone with it.
    expect(await one('SELECT 1 FROM backup_restore_rows WHERE restore_id = $1', [ended.id])).toEqual([]);

    const after = await a.readBackup();
    for (const collection of BACKUP_COLLECTIONS) {
      const expected = byKey(original, collection);
      const actual = byKey(after, collection);
      // The edits stay: add never overwrites.
      if (collection === 'names') expected.set(String(damage.editedName), actual.get(String(damage.editedName))!);
      if (collection === 'users') expected.set(damage.editedUser, actual.get(damage.editedUser)!);
      expect({ collection, rows: actual }).toEqual({ collection, rows: expected });
    }
    expect(after.data.names.find((n) => n.id === damage.editedName)!.name).toMatch(/x$/);

    const now = await figures();
    // The edited user's premium flag moves the premium share of user-stats, and the renamed name its name in the
    // rankings: those aside, every figure is back.
    for (const url of Object.keys(originalFigures).filter((u) => !u.startsWith('/analytics/'))) {
      expect({ url, figure: now[url] }).toEqual({ url, figure: originalFigures[url] });
    }
    const { incremental, rebuilt } = await incrementalAndRebuilt(t.db);
    expect(incremental).toEqual(rebuilt);
  });

  test('add a second time adds nothing', async () => {
    const before = await a.readBackup();
    const { ended } = await a.restore(original, 'add');
    for (const collection of BACKUP_COLLECTIONS) {
      expect({ collection, ...ended.report!.collections[collection] }).toEqual({
        collection,
        read: original.data[collection].length,
        added: 0,
        kept: original.data[collection].length,
        replaced: 0,
        removed: 0,
        restoredFromTrash: 0,
        refused: 0,
      });
    }
    expect(await a.readBackup()).toEqual({ ...before, createdAt: expect.any(String) });
  });

  test('replace overwrites the edited records: the data is the backup again, every figure as before', async () => {
    const versionBefore = (await one<{ version: number }>('SELECT version FROM users WHERE uid = $1', [damage.editedUser]))[0]!.version;
    const { ended } = await a.restore(original, 'replace');
    expect(ended.state).toBe('done');
    expect(ended.report!.collections.names).toMatchObject({ replaced: 1, kept: original.data.names.length - 1, removed: 0, added: 0 });
    expect(ended.report!.collections.users).toMatchObject({ replaced: 1, kept: original.data.users.length - 1, removed: 0 });
    const after = await a.readBackup();
    for (const collection of BACKUP_COLLECTIONS) {
      // An overwritten record's version grows (migration 061), whatever the file says.
      const without = collection === 'users' ? ['version'] : [];
      expect({ collection, rows: byKey(after, collection, without) }).toEqual({ collection, rows: byKey(original, collection, without) });
    }
    expect((await one<{ version: number }>('SELECT version FROM users WHERE uid = $1', [damage.editedUser]))[0]!.version).toBe(
      versionBefore + 1,
    );
    expect(await figures()).toEqual(originalFigures);
    const { incremental, rebuilt } = await incrementalAndRebuilt(t.db);
    expect(incremental).toEqual(rebuilt);
  });
});

describe('replace on a database with records the file lacks', () => {
  test('removes them (names to the trash, users with their swipes), after saving the state in BACKUP_DIR', async () => {
    const added = await a.call<{ id: number }>('POST', '/names', { name: 'Zephyrine', gender: 'female', nationality: 'french' });
    expect(added.status).toBe(201);
    await t.db.query(`INSERT INTO users (uid, email, display_name) VALUES ('u-extra-1', 'extra1@example.com', 'Extra One')`);
    const [someName] = await one<{ id: number }>('SELECT id::int FROM names ORDER BY id LIMIT 1');
    await t.db.query(`INSERT INTO swipes (user_id, name_id, liked) VALUES ('u-extra-1', $1, true), ('u-extra-1', $2, false)`, [
      someName!.id,
      added.body.id,
    ]);
    const [partner] = await one<{ uid: string }>(`SELECT uid FROM users WHERE NOT is_admin AND uid <> 'u-extra-1' ORDER BY uid LIMIT 1`);
    await t.db.query(`INSERT INTO connection_requests (from_user_id, to_user_id, status) VALUES ('u-extra-1', $1, 'pending')`, [
      partner!.uid,
    ]);
    await t.db.query(`INSERT INTO connections (user_a, user_b) VALUES ('u-extra-1', $1)`, [partner!.uid]);
    await t.db.query(`INSERT INTO audit_logs (event, user_id) VALUES ('USER_CREATED', 'u-extra-1')`);

    const opened = await a.open('original.json', 999);
    await a.sendRows(opened.id, original.data);
    const checked = await a.check(opened.id, original.data);
    expect(checked.state).toBe('ready');
    const plan = checked.plan!;
    expect(plan.collections.names.extra).toBe(1);
    expect(plan.collections.users.extra).toBe(1);
    expect(plan.collections.connections.extra).toBe(1);
    expect(plan.collections.audit_logs.extra).toBe(1);
    // The extra user's two swipes and one connection request go with them; the extra name's swipe by a user who
    // stays goes to the trash with it (the other one is the extra user's own, counted with the user).
    expect(plan.replaceTakes).toEqual({ swipes: 2, connectionRequests: 1, namesSwipes: 0 });
    expect(checked.beforeBackupFile).toMatch(new RegExp(`^before-restore-${opened.id}-\\d{8}T\\d{6}Z\\.json$`));

    const applied = await a.call<RestoreSession>('POST', `/admin/restores/${opened.id}/apply`, {
      mode: 'replace',
      confirmAdminChanges: false,
    });
    expect(applied.status).toBe(202);
    expect(applied.body.state).toBe('applying');
    const ended = await a.waitForEnd(opened.id);
    expect(ended.state).toBe('done');
    for (const collection of BACKUP_COLLECTIONS) expect(ended.report!.collections[collection].removed).toBe(1);

    const after = await a.readBackup();
    for (const collection of BACKUP_COLLECTIONS) {
      const without = collection === 'users' ? ['version'] : [];
      expect({ collection, rows: byKey(after, collection, without) }).toEqual({ collection, rows: byKey(original, collection, without) });
    }
    expect(await figures()).toEqual(originalFigures);

    // The name is in the trash, as one deletion of its own kind; the user's rows are gone.
    const trash = await a.call<TrashPage>('GET', '/names/trash');
    const trashed = trash.body.names.find((n) => n.id === added.body.id)!;
    expect(trashed).toMatchObject({ name: 'Zephyrine', deletionKind: 'restore_replace', deletedBy: { email: 'admin@babynames.test' } });
    expect(
      await one(
        `SELECT 1 FROM swipes WHERE user_id = 'u-extra-1' UNION ALL SELECT 1 FROM connection_requests WHERE from_user_id = 'u-extra-1'`,
      ),
    ).toEqual([]);

    // The state before the replace, saved as a backup of the console's own layout, holds the extra records.
    const file = path.join(backupDir, ended.report!.beforeBackupFile!);
    expect(ended.report!.beforeBackupFile).toBe(checked.beforeBackupFile);
    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Backup & { counts: Record<BackupCollection, number> };
    expect(saved.version).toBe('1.0');
    expect(Object.keys(saved.data)).toEqual([...BACKUP_COLLECTIONS]);
    expect(saved.counts).toEqual(Object.fromEntries(BACKUP_COLLECTIONS.map((c) => [c, original.data[c].length + 1])));
    expect(saved.data.names.find((n) => n.id === added.body.id)).toMatchObject({ name: 'Zephyrine', name_id: added.body.id });
    expect(saved.data.users.find((u) => u.uid === 'u-extra-1')).toMatchObject({ email: 'extra1@example.com', displayName: 'Extra One' });

    // On the console-action trail, in the transaction that wrote it: who, the file, the mode and the counts.
    const [entry] = await one<{ actor_email: string; target_id: string; details: Record<string, unknown> }>(
      `SELECT actor_email, target_id, details FROM console_actions WHERE action = 'backup.restore' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toMatchObject({
      actor_email: 'admin@babynames.test',
      target_id: String(opened.id),
      details: {
        fileName: 'original.json',
        fileSize: 999,
        mode: 'replace',
        beforeBackupFile: ended.report!.beforeBackupFile,
        collections: ended.report!.collections,
        takenWithUsers: { swipes: 2, connectionRequests: 1, connections: 1 },
      },
    });
  });

  test('an add then brings the extra name back from the trash of a file that has it (the saved one)', async () => {
    const saved = JSON.parse(readFileSync(path.join(backupDir, (await latestDone()).report!.beforeBackupFile!), 'utf8')) as Backup;
    const { ended } = await a.restore(saved, 'add');
    expect(ended.report!.collections.names).toMatchObject({ restoredFromTrash: 1, added: 0 });
    expect(ended.report!.collections.users).toMatchObject({ added: 1 });
    const names = await a.call<{ names: { name: string }[] }>('GET', '/names?alphabetFilter=Z&limit=500');
    expect(names.body.names.map((n) => n.name)).toContain('Zephyrine');
  });
});

async function latestDone(): Promise<RestoreSession> {
  const { body } = await a.call<{ restores: RestoreSession[] }>('GET', '/admin/restores');
  return body.restores.find((r) => r.state === 'done' && r.mode === 'replace')!;
}
