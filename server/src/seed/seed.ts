import { createAccount } from '../auth/accounts';
import type { Db, Transaction } from '../db/types';
import { firstLetter } from '../../../contract/nameRules';
import { buildDemoData, type SeedPlan } from './demoData';
import { DEMO_ADMIN, DEMO_USER } from './demoAccounts';

const SEED_MARKER_KEY = 'demo_seed';
const SEED_VERSION = '1';
// Serialises two processes seeding one real server at the same moment (see migrate.ts).
const SEED_LOCK_KEY = 7_341_902_114;

export interface SeedOptions {
  /** 'full' (default): demo accounts and demo data. 'accounts': only the two demo accounts and their records. */
  content?: 'full' | 'accounts';
  now?: Date;
}

export interface SeedResult {
  seeded: boolean;
  counts?: Record<'names' | 'users' | 'swipes' | 'connectionRequests' | 'connections' | 'auditLogs', number>;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Seeds the demo data once per database: the marker row in server_settings, written in the same
 * transaction, makes every later call (each server start) a no-op.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const content = options.content ?? 'full';
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      // Like the migrations: a second process waits here for the first one's seed, which is no slow request.
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    }
    const marker = await tx.query('SELECT 1 FROM server_settings WHERE key = $1', [SEED_MARKER_KEY]);
    if (marker.rows.length > 0) return { seeded: false };
    // Built only now: on every start but the first, the marker above ends the call cheaply.
    const plan = buildDemoData(options.now ?? new Date());

    const demoRecords = plan.users.filter((user) => user.uid === DEMO_ADMIN.uid || user.uid === DEMO_USER.uid);
    const data: SeedPlan =
      content === 'full' ? plan : { names: [], users: demoRecords, swipes: [], connectionRequests: [], connections: [], auditLogs: [] };

    const nameIds = await insertNames(tx, data);
    await insertUsers(tx, data);
    await insertSwipes(tx, data, nameIds);
    await insertConnections(tx, data);
    await insertAuditLogs(tx, data);
    for (const account of [DEMO_ADMIN, DEMO_USER]) {
      await createAccount(tx, { uid: account.uid, email: account.email, password: account.password });
    }
    await tx.query('INSERT INTO server_settings (key, value) VALUES ($1, $2)', [SEED_MARKER_KEY, `${SEED_VERSION}:${content}`]);
    return {
      seeded: true,
      counts: {
        names: data.names.length,
        users: data.users.length,
        swipes: data.swipes.length,
        connectionRequests: data.connectionRequests.length,
        connections: data.connections.length,
        auditLogs: data.auditLogs.length,
      },
    };
  });
}

/** Set-based inserts: one statement per table, the rows passed as parallel arrays through unnest. */
async function insertNames(tx: Transaction, data: SeedPlan): Promise<number[]> {
  if (data.names.length === 0) return [];
  const { rows } = await tx.query<{ id: number; ord: number }>(
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
         WITH ORDINALITY AS t(name, gender, nationality, first_letter, created_at, ord)
     ), inserted AS (
       INSERT INTO names (name, gender, nationality, first_letter, created_at)
       SELECT name, gender, nationality, first_letter, created_at FROM input ORDER BY ord
       RETURNING id, name, nationality
     )
     SELECT inserted.id, input.ord::int AS ord
       FROM inserted JOIN input USING (name, nationality)`,
    [
      data.names.map((name) => name.name),
      data.names.map((name) => name.gender),
      data.names.map((name) => name.nationality),
      data.names.map((name) => firstLetter(name.name)),
      data.names.map((name) => iso(name.createdAt)),
    ],
  );
  // (name, nationality) is unique within the seed, so the join gives each input row its new id.
  const ids = new Array<number>(data.names.length);
  for (const row of rows) ids[row.ord - 1] = row.id;
  return ids;
}

async function insertUsers(tx: Transaction, data: SeedPlan): Promise<void> {
  const users = data.users;
  await tx.query(
    `INSERT INTO users (uid, email, username, display_name, account_active, is_premium, created_at, updated_at,
                        last_login, last_active_date, preferred_gender, preferred_nationality, preferred_language,
                        connected_user_id, connection_status, connection_request_sent, daily_swipe_count,
                        last_swipe_date, is_admin, notification_settings, total_active_time_formatted)
     SELECT uid, email, username, display_name, account_active, is_premium, created_at, updated_at,
            last_login, last_active_date, preferred_gender, preferred_nationality, preferred_language,
            connected_user_id, connection_status, connection_request_sent, daily_swipe_count,
            last_swipe_date, is_admin, notification_settings::jsonb, total_active_time_formatted
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::boolean[], $7::timestamptz[],
                   $8::timestamptz[], $9::timestamptz[], $10::timestamptz[], $11::text[], $12::text[], $13::text[],
                   $14::text[], $15::text[], $16::boolean[], $17::int[], $18::timestamptz[], $19::boolean[],
                   $20::text[], $21::text[])
         AS t(uid, email, username, display_name, account_active, is_premium, created_at, updated_at,
              last_login, last_active_date, preferred_gender, preferred_nationality, preferred_language,
              connected_user_id, connection_status, connection_request_sent, daily_swipe_count,
              last_swipe_date, is_admin, notification_settings, total_active_time_formatted)
     ON CONFLICT (uid) DO NOTHING`,
    [
      users.map((u) => u.uid),
      users.map((u) => u.email),
      users.map((u) => u.username),
      users.map((u) => u.displayName),
      users.map((u) => u.accountActive),
      users.map((u) => u.isPremium),
      users.map((u) => iso(u.createdAt)),
      users.map((u) => iso(u.updatedAt)),
      users.map((u) => iso(u.lastLogin)),
      users.map((u) => iso(u.lastActiveDate)),
      users.map((u) => u.preferredGender),
      users.map((u) => u.preferredNationality),
      users.map((u) => u.preferredLanguage),
      users.map((u) => u.connectedUserId),
      users.map((u) => u.connectionStatus),
      users.map((u) => u.connectionRequestSent),
      users.map((u) => u.dailySwipeCount),
      users.map((u) => iso(u.lastSwipeDate)),
      users.map((u) => u.isAdmin),
      users.map((u) => JSON.stringify(u.notificationSettings)),
      users.map((u) => u.totalActiveTimeFormatted),
    ],
  );
}

async function insertSwipes(tx: Transaction, data: SeedPlan, nameIds: number[]): Promise<void> {
  if (data.swipes.length === 0) return;
  const swipes = [...data.swipes].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await tx.query(
    `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::boolean[], $4::int[], $5::timestamptz[])`,
    [
      swipes.map((s) => s.userId),
      swipes.map((s) => nameIds[s.nameIndex]),
      swipes.map((s) => s.liked),
      swipes.map((s) => s.decisionTimeMs),
      swipes.map((s) => iso(s.createdAt)),
    ],
  );
}

async function insertConnections(tx: Transaction, data: SeedPlan): Promise<void> {
  if (data.connectionRequests.length > 0) {
    await tx.query(
      `INSERT INTO connection_requests (from_user_id, to_user_id, status, created_at, updated_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[])`,
      [
        data.connectionRequests.map((r) => r.fromUserId),
        data.connectionRequests.map((r) => r.toUserId),
        data.connectionRequests.map((r) => r.status),
        data.connectionRequests.map((r) => iso(r.createdAt)),
        data.connectionRequests.map((r) => iso(r.updatedAt)),
      ],
    );
  }
  if (data.connections.length > 0) {
    await tx.query(
      `INSERT INTO connections (user_a, user_b, status, created_at)
       SELECT user_a, user_b, 'confirmed', created_at FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS t(user_a, user_b, created_at)`,
      [data.connections.map((c) => c.userA), data.connections.map((c) => c.userB), data.connections.map((c) => iso(c.createdAt))],
    );
  }
}

async function insertAuditLogs(tx: Transaction, data: SeedPlan): Promise<void> {
  if (data.auditLogs.length === 0) return;
  await tx.query(
    `INSERT INTO audit_logs (timestamp, event, user_id, last_swipe_date, total_active_time_formatted)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::timestamptz[], $5::text[])`,
    [
      data.auditLogs.map((l) => iso(l.timestamp)),
      data.auditLogs.map((l) => l.event),
      data.auditLogs.map((l) => l.userId),
      data.auditLogs.map((l) => iso(l.lastSwipeDate)),
      data.auditLogs.map((l) => l.totalActiveTimeFormatted),
    ],
  );
}
