// Puts the demo data into the Firebase emulators: the demo admin and non-admin accounts into Auth, and
// the reference backend's demo rows (server/src/seed, already written to its database) into Firestore as
// the app's collections: users, connectionRequests, connections, names (with each name's swipes as its
// swipedBy map) and audit_logs. Copied from the database rather than generated again, so the hosted API
// (names, analytics) and Firestore (users, counts, audit logs) describe the same people and names.
// Uses firebase-admin (the Admin SDK bypasses security rules, as a seeding tool must).
import type { Db } from '../../server/src/db/types';
import { DEMO_ADMIN, DEMO_USER } from '../../server/src/seed/demoAccounts';
import { toUserRecord, type UserRow } from '../../server/src/users/userRecord';

export interface FirebaseSeedCounts {
  accounts: number;
  users: number;
  connectionRequests: number;
  connections: number;
  names: number;
  auditLogs: number;
}

/** The demo accounts in Auth, with the same uids as their users records (DEMO_ADMIN is an admin, DEMO_USER not). */
export const FIREBASE_DEMO_ACCOUNTS = [DEMO_ADMIN, DEMO_USER] as const;

type Admin = Awaited<ReturnType<typeof openAdmin>>;

/** firebase-admin on the emulators of `projectId` (FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST must be set). */
export async function openAdmin(projectId: string) {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('Seeding writes to the emulators only: FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must be set.');
  }
  const [{ initializeApp, deleteApp }, { getAuth }, { getFirestore, Timestamp }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
    import('firebase-admin/firestore'),
  ]);
  const app = initializeApp({ projectId }, `seed-${projectId}-${Date.now()}-${Math.random()}`);
  const firestore = getFirestore(app);
  return {
    auth: getAuth(app),
    firestore,
    Timestamp,
    async close() {
      await firestore.terminate().catch(() => undefined);
      await deleteApp(app).catch(() => undefined);
    },
  };
}

/** Seeds Auth and Firestore from the backend's database (seeded with the demo data). */
export async function seedFirebaseFromDatabase(db: Db, projectId: string): Promise<FirebaseSeedCounts> {
  const admin = await openAdmin(projectId);
  try {
    const accounts = await seedDemoAccounts(admin);
    const counts = await copyCollections(admin, db);
    return { accounts, ...counts };
  } finally {
    await admin.close();
  }
}

async function seedDemoAccounts({ auth }: Admin): Promise<number> {
  for (const account of FIREBASE_DEMO_ACCOUNTS) {
    await auth.createUser({ uid: account.uid, email: account.email, password: account.password, displayName: account.displayName });
  }
  return FIREBASE_DEMO_ACCOUNTS.length;
}

async function copyCollections({ firestore, Timestamp }: Admin, db: Db): Promise<Omit<FirebaseSeedCounts, 'accounts'>> {
  const when = (value: Date | null) => (value ? Timestamp.fromDate(value) : null);
  // Timestamps where the app stores dates: the ISO text of the wire record becomes a Firestore Timestamp.
  const whenIso = (value: string | null) => (value ? Timestamp.fromDate(new Date(value)) : null);
  const writer = firestore.bulkWriter();
  const failures: Error[] = [];
  writer.onWriteError((error) => {
    if (error.failedAttempts < 3) return true;
    failures.push(error);
    return false;
  });

  const users = await db.query<UserRow>('SELECT * FROM users ORDER BY uid');
  for (const row of users.rows) {
    // Firestore keeps no record version (the reference backend's trigger-bumped one would go stale there).
    const { version: _notKept, ...record } = toUserRecord(row);
    void writer.set(firestore.doc(`users/${record.uid}`), {
      ...record,
      createdAt: whenIso(record.createdAt),
      updatedAt: whenIso(record.updatedAt),
      lastLogin: whenIso(record.lastLogin),
      lastActiveDate: whenIso(record.lastActiveDate),
      lastSwipeDate: whenIso(record.lastSwipeDate),
    });
  }

  const requests = await db.query<{
    id: string;
    from_user_id: string;
    to_user_id: string;
    status: string;
    created_at: Date;
    updated_at: Date;
  }>('SELECT id::text, from_user_id, to_user_id, status, created_at, updated_at FROM connection_requests ORDER BY id');
  for (const r of requests.rows) {
    void writer.set(firestore.doc(`connectionRequests/${r.id}`), {
      fromUserId: r.from_user_id,
      toUserId: r.to_user_id,
      status: r.status,
      createdAt: when(r.created_at),
      updatedAt: when(r.updated_at),
    });
  }

  const connections = await db.query<{ id: string; user_a: string; user_b: string; status: string; created_at: Date }>(
    'SELECT id::text, user_a, user_b, status, created_at FROM connections ORDER BY id',
  );
  for (const c of connections.rows) {
    void writer.set(firestore.doc(`connections/${c.id}`), {
      userA: c.user_a,
      userB: c.user_b,
      status: c.status,
      createdAt: when(c.created_at),
    });
  }

  // One document per name, its swipes folded into swipedBy (user id -> the user's latest swipe of it), as the app keeps them.
  const names = await db.query<{
    id: number;
    name: string;
    gender: string;
    nationality: string;
    created_at: Date;
    swiped_by: Record<string, { liked: boolean; decisionTimeMs: number | null; swipedAt: string }> | null;
  }>(
    `SELECT n.id::int AS id, n.name, n.gender, n.nationality, n.created_at,
            (SELECT jsonb_object_agg(s.user_id, jsonb_build_object('liked', s.liked, 'decisionTimeMs', s.decision_time_ms, 'swipedAt', s.created_at)
                                     ORDER BY s.created_at)
               FROM swipes s WHERE s.name_id = n.id) AS swiped_by
       FROM names n ORDER BY n.id`,
  );
  for (const n of names.rows) {
    const swipedBy = Object.fromEntries(
      Object.entries(n.swiped_by ?? {}).map(([uid, swipe]) => [uid, { ...swipe, swipedAt: whenIso(swipe.swipedAt) }]),
    );
    void writer.set(firestore.doc(`names/${n.id}`), {
      name_id: n.id,
      name: n.name,
      gender: n.gender,
      nationality: n.nationality,
      createdAt: when(n.created_at),
      swipedBy,
    });
  }

  const logs = await db.query<{
    id: string;
    timestamp: Date;
    event: string;
    user_id: string | null;
    last_swipe_date: Date | null;
    total_active_time_formatted: string | null;
  }>('SELECT id::text, timestamp, event, user_id, last_swipe_date, total_active_time_formatted FROM audit_logs ORDER BY id');
  for (const l of logs.rows) {
    void writer.set(firestore.doc(`audit_logs/${l.id}`), {
      timestamp: when(l.timestamp),
      event: l.event,
      userId: l.user_id,
      lastSwipeDate: when(l.last_swipe_date),
      totalActiveTimeFormatted: l.total_active_time_formatted,
    });
  }

  await writer.close();
  if (failures.length > 0) throw new Error(`${failures.length} Firestore writes failed; the first: ${failures[0]!.message}`);
  return {
    users: users.rows.length,
    connectionRequests: requests.rows.length,
    connections: connections.rows.length,
    names: names.rows.length,
    auditLogs: logs.rows.length,
  };
}
