import { DEFAULT_NOTIFICATION_SETTINGS, USER_RECORD_DEFAULTS } from '../../contract/usersAudit';
import type { RestoreSession } from '../../contract/schemas/backupRestore';
import { BACKUP_VERSION } from '../../contract/exports';
import { emulatorsUnavailableReason, startEmulators, type RunningEmulators } from '../../scripts/firebase/emulators';
import { buildApp } from '../src/app';
import { FIREBASE_REFUSALS, openFirebaseIdentity, type FirebaseAccount, type FirebaseIdentity } from '../src/auth/firebaseIdentity';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import type { Db } from '../src/db/types';
import { unauthorized } from '../src/http/errors';
import { FIRESTORE_WRITE_NOTE } from '../src/restores/firestoreRestore';
import { settleRestoresAtStart, STOPPED_DURING_FIRESTORE_APPLY } from '../src/restores/restoreSessions';
import { seedDemoData } from '../src/seed/seed';
import { api, newBackupDir, type Backup } from './restoreHelpers';
import { TEST_SESSION_SECRET, type TestApp } from './testApp';

// A restore in Firebase mode against the real Firestore emulator: users, connections and audit_logs are compared with
// and written to Firestore by the hosted API (server/src/restores/firestoreRestore.ts), names to its database. The
// backup is read as the console's Firebase export reads it (src/backend/firebase/firestoreExports.ts and
// src/backend/shared/userRecord.ts: the same shapes, written out here: a server test may not import the console),
// damaged, restored, and read back field by field. Runs in the `emulators` Jest project (npm run test:emulators); it
// starts its own Firestore emulator unless one is given (EMULATOR_FIRESTORE_HOST), and uses a project of its own there
// (replace deletes what the file lacks: other test files' documents must not be in its collections).
jest.setTimeout(240_000);

const skipReason = process.env.EMULATORS_SKIP_REASON || (process.env.EMULATOR_FIRESTORE_HOST ? null : emulatorsUnavailableReason());
if (skipReason) process.stdout.write(`restore.firebase.emulator.test.ts SKIPPED: ${skipReason}\n`);
const describeWithEmulators = skipReason ? describe.skip : describe;

const projectId = `demo-restore-${process.pid}`;
const ADMIN: FirebaseAccount = {
  uid: 'fb-admin',
  email: 'fb-admin@firebase.test',
  displayName: 'FB Admin',
  isAdmin: true,
  accountActive: true,
};

let ownEmulators: RunningEmulators | undefined;
let db: Db;
let real: FirebaseIdentity;
let t: TestApp;
let admin: Awaited<ReturnType<typeof openAdmin>>;
const commitSizes: number[] = [];

async function openAdmin() {
  const [{ initializeApp, deleteApp }, { getFirestore, Timestamp }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
  ]);
  const app = initializeApp({ projectId }, `restore-test-admin-${process.pid}`);
  const firestore = getFirestore(app);
  return {
    firestore,
    Timestamp,
    close: async () => {
      await firestore.terminate();
      await deleteApp(app);
    },
  };
}

type Data = Record<string, unknown>;
/** src/backend/shared/userRecord.ts toIsoDate, for what the Admin SDK reads (Timestamps). */
const iso = (value: unknown): string | null => {
  if (value == null) return null;
  if (typeof value === 'string') return value;
  const withToDate = value as { toDate?: () => Date };
  return typeof withToDate.toDate === 'function' ? withToDate.toDate().toISOString() : null;
};
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** A users document as the console's export writes it (toUserRecord without version). */
function userRow(uid: string, d: Data): Data {
  const given = (d.notificationSettings && typeof d.notificationSettings === 'object' ? d.notificationSettings : {}) as Data;
  const notifications = Object.fromEntries(
    Object.entries(DEFAULT_NOTIFICATION_SETTINGS).map(([key, fallback]) => [key, flag(given[key], fallback)]),
  );
  return {
    uid: text(d.uid) || uid,
    email: text(d.email),
    username: text(d.username),
    displayName: text(d.displayName),
    accountActive: flag(d.accountActive, USER_RECORD_DEFAULTS.accountActive),
    isPremium: flag(d.isPremium, USER_RECORD_DEFAULTS.isPremium),
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
    lastLogin: iso(d.lastLogin),
    lastActiveDate: iso(d.lastActiveDate),
    preferredGender: text(d.preferredGender) ?? USER_RECORD_DEFAULTS.preferredGender,
    preferredNationality: text(d.preferredNationality) ?? USER_RECORD_DEFAULTS.preferredNationality,
    preferredLanguage: text(d.preferredLanguage) ?? USER_RECORD_DEFAULTS.preferredLanguage,
    connectedUserId: text(d.connectedUserId),
    connectionStatus: text(d.connectionStatus),
    connectionRequestSent: flag(d.connectionRequestSent, USER_RECORD_DEFAULTS.connectionRequestSent),
    dailySwipeCount: typeof d.dailySwipeCount === 'number' ? d.dailySwipeCount : USER_RECORD_DEFAULTS.dailySwipeCount,
    lastSwipeDate: iso(d.lastSwipeDate),
    isAdmin: d.isAdmin === true,
    notificationSettings: notifications,
    totalActiveTimeFormatted: text(d.totalActiveTimeFormatted) ?? USER_RECORD_DEFAULTS.totalActiveTimeFormatted,
  };
}
/** firestoreExports.ts toConnectionRow / toAuditLogRow. */
const connectionRow = (id: string, d: Data): Data => ({
  id,
  userA: text(d.userA) ?? '',
  userB: text(d.userB) ?? '',
  status: text(d.status) ?? '',
  createdAt: iso(d.createdAt) ?? '',
});
const auditRow = (id: string, d: Data): Data => ({
  id,
  timestamp: iso(d.timestamp) ?? '',
  event: text(d.event) ?? '',
  userId: typeof d.userId === 'string' ? d.userId : null,
  lastSwipeDate: iso(d.lastSwipeDate),
  totalActiveTimeFormatted: typeof d.totalActiveTimeFormatted === 'string' ? d.totalActiveTimeFormatted : null,
});

/** A Firestore collection as the console's export reads it, in document-id order. */
async function readCollection(name: 'users' | 'connections' | 'audit_logs'): Promise<Data[]> {
  const snapshot = await admin.firestore.collection(name).orderBy('__name__').get();
  const map = name === 'users' ? userRow : name === 'connections' ? connectionRow : auditRow;
  return snapshot.docs.map((d) => map(d.id, d.data()));
}

/** The full backup in Firebase mode: three collections from Firestore, names from the hosted API. */
async function readBackup(): Promise<Backup> {
  const fromApi = await api(t).readBackup();
  return {
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    data: {
      users: await readCollection('users'),
      names: fromApi.data.names,
      connections: await readCollection('connections'),
      audit_logs: await readCollection('audit_logs'),
    },
  };
}

const ts = (isoText: string) => admin.Timestamp.fromDate(new Date(isoText));

async function seedFirestore() {
  const users: [string, Data][] = [
    [
      ADMIN.uid,
      {
        uid: ADMIN.uid,
        email: ADMIN.email,
        displayName: 'FB Admin',
        isAdmin: true,
        accountActive: true,
        createdAt: ts('2026-01-02T03:04:05.678Z'),
      },
    ],
    ...Array.from({ length: 12 }, (_, i): [string, Data] => [
      `app-user-${i}`,
      {
        uid: `app-user-${i}`,
        email: `user${i}@app.test`,
        username: `user_${i}`,
        isPremium: i % 3 === 0,
        createdAt: ts(`2026-02-${String(i + 1).padStart(2, '0')}T10:00:00.123Z`),
        lastLogin: ts('2026-03-01T00:00:00.000Z'),
        dailySwipeCount: i,
        preferredGender: i % 2 ? 'female' : 'male',
        notificationSettings: { matches: i % 2 === 0 },
        ...(i === 1 ? { connectedUserId: 'app-user-2', connectionStatus: 'connected' } : {}),
      },
    ]),
  ];
  const batch = admin.firestore.batch();
  for (const [uid, data] of users) batch.set(admin.firestore.doc(`users/${uid}`), data);
  for (let i = 1; i <= 5; i++) {
    batch.set(admin.firestore.doc(`connections/${i}`), {
      userA: `app-user-${i}`,
      userB: `app-user-${i + 1}`,
      status: 'confirmed',
      createdAt: ts(`2026-04-0${i}T08:00:00.000Z`),
    });
  }
  for (let i = 1; i <= 8; i++) {
    batch.set(admin.firestore.doc(`audit_logs/${100 + i}`), {
      event: i % 2 ? 'SUBSCRIPTION_START' : 'ACCOUNT_DELETED',
      timestamp: ts(`2026-05-0${i}T12:00:00.500Z`),
      userId: `app-user-${i}`,
      ...(i === 3 ? { lastSwipeDate: ts('2026-05-02T00:00:00.000Z'), totalActiveTimeFormatted: '1h 2m 3s' } : {}),
    });
  }
  await batch.commit();
}

async function restore(backup: Backup, mode: 'add' | 'replace') {
  return api(t).restore(backup, mode);
}

describeWithEmulators('restoring a full backup in Firebase mode (real Firestore emulator)', () => {
  let backup: Backup;

  beforeAll(async () => {
    if (!process.env.EMULATOR_FIRESTORE_HOST) {
      ownEmulators = await startEmulators({ firestoreOnly: true, installFirebaseTools: false });
      process.env.EMULATOR_FIRESTORE_HOST = ownEmulators.firestoreHost;
    }
    process.env.FIRESTORE_EMULATOR_HOST = process.env.EMULATOR_FIRESTORE_HOST;
    admin = await openAdmin();
    // The real Admin SDK writes Firestore; who is signed in is this file's stand-in (no Auth emulator needed).
    real = await openFirebaseIdentity({ projectId, firestoreEmulatorHost: process.env.FIRESTORE_EMULATOR_HOST });
    const identity: FirebaseIdentity = {
      ...real,
      settings: real.settings,
      // Every batch the apply commits, by its size (Firestore takes at most 500 writes in one).
      restoreTarget: {
        ...real.restoreTarget!,
        commit: async (writes) => {
          commitSizes.push(writes.length);
          return real.restoreTarget!.commit(writes);
        },
      },
      async authenticate(token) {
        if (token !== 'fb-admin-token') throw unauthorized(FIREBASE_REFUSALS.invalid);
        return ADMIN;
      },
    };
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    await seedDemoData(db, { content: 'accounts' });
    const app = await buildApp({
      db,
      sessionSecret: TEST_SESSION_SECRET,
      firebaseIdentity: identity,
      backupDir: newBackupDir(),
      logger: false,
    });
    await app.ready();
    t = { app, db, adminToken: 'fb-admin-token', userToken: 'none', close: async () => undefined };
    for (const [name, gender, nationality] of [
      ['Ada', 'female', 'english'],
      ['Bruno', 'male', 'italian'],
      ['Camille', 'unisex', 'french'],
      ['Dara', 'unisex', 'irish'],
    ]) {
      const created = await api(t).call('POST', '/names', { name, gender, nationality });
      expect(created.status).toBe(201);
    }
    await seedFirestore();
    backup = await readBackup();
  });
  afterAll(async () => {
    await t?.app.close();
    await db?.close();
    // app.close() closed the identity (app.ts's onClose hook).
    await admin?.close();
    await ownEmulators?.stop();
  });

  it('the backup holds what was seeded', () => {
    expect(backup.data.users).toHaveLength(13);
    expect(backup.data.connections).toHaveLength(5);
    expect(backup.data.audit_logs).toHaveLength(8);
    expect(backup.data.names).toHaveLength(4);
  });

  it('add brings back deleted documents and names field for field, keeps a changed one, and says how it writes', async () => {
    await admin.firestore.doc('users/app-user-3').delete();
    await admin.firestore.doc('users/app-user-7').delete();
    await admin.firestore.doc('connections/2').delete();
    await admin.firestore.doc('audit_logs/104').delete();
    await admin.firestore.doc('users/app-user-5').update({ displayName: 'Changed since' });
    const nameId = (backup.data.names[1] as { id: number | string }).id;
    await db.query('DELETE FROM names WHERE id = $1', [nameId]);

    const { checked, ended } = await restore(backup, 'add');
    expect(checked.plan!.writeNote).toBe(FIRESTORE_WRITE_NOTE);
    expect(checked.plan!.beforeBackup).toBe('console');
    expect(checked.plan!.collections.users).toMatchObject({ read: 13, existing: 11, missing: 2, extra: 0 });
    expect(checked.plan!.collections.connections).toMatchObject({ existing: 4, missing: 1, extra: 0 });
    expect(checked.plan!.collections.audit_logs).toMatchObject({ existing: 7, missing: 1 });
    expect(checked.plan!.collections.names).toMatchObject({ existing: 3, missing: 1 });
    expect(ended.state).toBe('done');
    expect(ended.report!.collections.users).toMatchObject({ added: 2, kept: 11, replaced: 0, removed: 0 });
    expect(ended.report!.collections.connections).toMatchObject({ added: 1, kept: 4 });
    expect(ended.report!.collections.audit_logs).toMatchObject({ added: 1, kept: 7 });
    expect(ended.report!.collections.names).toMatchObject({ added: 1, kept: 3 });

    const after = await readBackup();
    const changed = (rows: Data[]) => rows.find((u) => u.uid === 'app-user-5');
    expect(changed(after.data.users)!.displayName).toBe('Changed since');
    const without5 = (rows: Data[]) => rows.filter((u) => u.uid !== 'app-user-5');
    expect(without5(after.data.users)).toEqual(without5(backup.data.users));
    expect(after.data.connections).toEqual(backup.data.connections);
    expect(after.data.audit_logs).toEqual(backup.data.audit_logs);
    expect(after.data.names).toEqual(backup.data.names);

    // On both trails: this database's console actions and Firestore's console_actions (the Firebase console's History).
    const { rows } = await db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM console_actions WHERE action = 'backup.restore' AND target_id = $1`,
      [String(ended.id)],
    );
    expect(Number(rows[0]!.n)).toBe(1);
    const trail = await admin.firestore.collection('console_actions').where('targetId', '==', String(ended.id)).get();
    expect(trail.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ action: 'backup.restore', actorUid: ADMIN.uid, details: expect.objectContaining({ mode: 'add' }) }),
    ]);
  });

  it('add twice adds nothing', async () => {
    const { ended } = await restore(backup, 'add');
    expect(ended.state).toBe('done');
    for (const c of ['users', 'names', 'connections', 'audit_logs'] as const) expect(ended.report!.collections[c].added).toBe(0);
  });

  it('replace makes the collections exactly the file: documents it lacks are deleted, changed ones overwritten', async () => {
    await admin.firestore.doc('users/intruder').set({ uid: 'intruder', email: 'intruder@app.test' });
    await admin.firestore.doc('connections/99').set({ userA: 'app-user-1', userB: 'intruder', status: 'confirmed' });
    await admin.firestore.doc('audit_logs/999').set({ event: 'EXTRA', timestamp: ts('2026-06-01T00:00:00.000Z') });

    const { checked, ended } = await restore(backup, 'replace');
    expect(checked.plan!.collections.users.extra).toBe(1);
    expect(checked.plan!.collections.connections.extra).toBe(1);
    expect(checked.plan!.collections.audit_logs.extra).toBe(1);
    expect(ended.state).toBe('done');
    expect(ended.report!.collections.users).toMatchObject({ replaced: 13, removed: 1, added: 0 });
    expect(ended.report!.collections.connections).toMatchObject({ replaced: 5, removed: 1 });
    expect(ended.report!.collections.audit_logs).toMatchObject({ replaced: 8, removed: 1 });

    const after = await readBackup();
    expect(after.data.users).toEqual(backup.data.users);
    expect(after.data.connections).toEqual(backup.data.connections);
    expect(after.data.audit_logs).toEqual(backup.data.audit_logs);
    expect(after.data.names).toEqual(backup.data.names);
  });

  it('writes in batches of at most 500: 1,100 audit events added, then deleted by a replace', async () => {
    const many = Array.from({ length: 1100 }, (_, i) => ({
      id: 20_000 + i,
      timestamp: '2026-07-01T00:00:00.000Z',
      event: 'BULK',
      userId: null,
      lastSwipeDate: null,
      totalActiveTimeFormatted: null,
    }));
    commitSizes.length = 0;
    const added = await restore({ ...backup, data: { ...backup.data, audit_logs: [...backup.data.audit_logs, ...many] } }, 'add');
    expect(added.ended.report!.collections.audit_logs).toMatchObject({ added: 1100, kept: 8 });
    // Pages of 500 staged rows; the first page's 8 events that exist are kept, not written.
    expect(commitSizes).toEqual([492, 500, 108]);
    expect((await admin.firestore.collection('audit_logs').count().get()).data().count).toBe(1108);

    commitSizes.length = 0;
    const replaced = await restore(backup, 'replace');
    expect(replaced.ended.report!.collections.audit_logs).toMatchObject({ replaced: 8, removed: 1100 });
    expect(Math.max(...commitSizes)).toBe(500);
    expect(await readCollection('audit_logs')).toEqual(backup.data.audit_logs);
  });

  it('a cancel between batches stops there: what landed stays, and the report says so', async () => {
    await admin.firestore.doc('users/app-user-9').delete();
    await admin.firestore.doc('connections/3').delete();
    const runner = t.app.restoreRunner;
    let cancelled: Promise<unknown> | null = null;
    runner.checkpointHook = async (id, progress) => {
      if (progress.step.startsWith('connections') && !cancelled) {
        cancelled = api(t).call<RestoreSession>('POST', `/admin/restores/${id}/cancel`);
        await cancelled;
      }
    };
    try {
      const { ended } = await restore(backup, 'add');
      expect(ended.state).toBe('cancelled');
      expect(ended.report!.collections.users.added).toBe(1);
      expect(ended.report!.collections.connections.added).toBe(0);
      expect(ended.report!.partial).toMatch(
        /^Names were restored in full\. In Firestore the batches written before it stopped stay: users: 1 added/,
      );
      expect(ended.failure).toMatch(/^Cancelled by fb-admin@firebase\.test while it was being applied\. /);
    } finally {
      runner.checkpointHook = null;
    }
    expect((await admin.firestore.doc('users/app-user-9').get()).exists).toBe(true);
    expect((await admin.firestore.doc('connections/3').get()).exists).toBe(false);
  });

  it('a restore the server stopped while applying is marked failed at the next start, saying the batches written stay', async () => {
    const a = api(t);
    const opened = await a.open();
    await a.sendRows(opened.id, backup.data);
    await a.check(opened.id, backup.data);
    await db.query(`UPDATE backup_restores SET state = 'applying', mode = 'add' WHERE id = $1`, [opened.id]);
    const warnings: string[] = [];
    expect(await settleRestoresAtStart(db, { warn: (m) => warnings.push(m) }, { firebase: true })).toMatchObject({ failed: 1 });
    expect(await a.call<RestoreSession>('GET', `/admin/restores/${opened.id}`)).toMatchObject({
      body: { state: 'failed', failure: STOPPED_DURING_FIRESTORE_APPLY },
    });
    expect(warnings).toEqual([
      '1 restore(s) were being applied when the server stopped: marked failed (Firestore batches written before the stop stay)',
    ]);
  });
});
