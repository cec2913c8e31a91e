import type { FastifyInstance } from 'fastify';
import type { AccountDeletionResponse } from '../../contract/schemas/usersAudit';
import type { RecordHistory } from '../../contract/schemas/dataSafety';
import type { SignInSession } from '../../contract/schemas/auth';
import { buildApp } from '../src/app';
import { FIREBASE_REFUSALS, type AccountDeletion, type FirebaseAccount, type FirebaseIdentity } from '../src/auth/firebaseIdentity';
import { readCounters } from '../src/counters/rowCounters';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { unauthorized } from '../src/http/errors';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { seedDemoData } from '../src/seed/seed';
import { incrementalAndRebuilt, loadFixture } from './analytics.fixture';
import { templateFor } from './jest/pgliteTemplates';
import { TEST_SESSION_SECRET } from './testApp';

// DELETE /api/accounts/:uid, the hosted API's part of deleting a user in Firebase mode, on the real database with the
// Firebase identity replaced by a table of tokens and a recorder of the Auth deletions it is asked for. That the
// Auth account really goes is firebaseIdentity.emulator.test.ts's (against the Auth emulator).
jest.setTimeout(120_000);

const account = (uid: string, isAdmin: boolean): FirebaseAccount => ({
  uid,
  email: `${uid}@firebase.test`,
  displayName: null,
  isAdmin,
  accountActive: true,
});
const TOKENS: Record<string, FirebaseAccount> = { admin: account('fb-admin', true), user: account('fb-user', false) };
const authDeletions: string[] = [];
/** What the fake Auth answers a deletion with; 'deleted' once per uid, then 'not_found', unless set here. */
let nextAuthAnswer: AccountDeletion | null = null;
const identity: FirebaseIdentity = {
  settings: { projectId: 'demo-test' },
  async authenticate(token) {
    const found = TOKENS[token];
    if (!found) throw unauthorized(FIREBASE_REFUSALS.invalid);
    return found;
  },
  async deleteAccount(uid) {
    const answer = nextAuthAnswer ?? (authDeletions.includes(uid) ? { outcome: 'not_found' as const } : { outcome: 'deleted' as const });
    nextAuthAnswer = null;
    authDeletions.push(uid);
    return answer;
  },
  async close() {},
};

let db: Db;
let app: FastifyInstance;
beforeAll(async () => {
  const template = process.env.DATABASE_URL ? undefined : templateFor('accounts');
  if (template) {
    db = await openPglite('memory://', { loadDataDir: template });
  } else {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    await seedDemoData(db, { content: 'accounts' });
  }
  // The analytics fixture: alice and bob connected, carol's request to dave pending, eleven swipes with two matches.
  await loadFixture(db);
  app = await buildApp({ db, sessionSecret: TEST_SESSION_SECRET, firebaseIdentity: identity });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const erase = async (uid: string, token = 'admin') => {
  const response = await app.inject({ method: 'DELETE', url: `/api/accounts/${uid}`, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() as AccountDeletionResponse & { message?: string } };
};
const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: number }>(sql, params)).rows[0]!.n);
const consoleActions = async (uid: string) =>
  (
    await db.query<{ action: string; actor_uid: string; before: unknown; details: unknown }>(
      `SELECT action, actor_uid, before, details FROM console_actions WHERE target_id = $1 ORDER BY id`,
      [uid],
    )
  ).rows;

describe('DELETE /api/accounts/:uid (Firebase mode)', () => {
  it('deletes the Auth account and the user’s swipes, requests and connections here, and answers each part', async () => {
    await db.query(`INSERT INTO connections (user_a, user_b) VALUES ('u-alice', 'u-bob')`);
    await db.query(`UPDATE users SET connected_user_id = 'u-alice', connection_status = 'connected' WHERE uid = 'u-bob'`);
    const { status, body } = await erase('u-alice');
    expect(status).toBe(200);
    expect(body).toEqual({
      uid: 'u-alice',
      authAccount: { outcome: 'deleted' },
      rows: { user: true, swipes: 5, connectionRequests: 1, connections: 1, partnersUnlinked: 1 },
    });
    expect(authDeletions).toEqual(['u-alice']);
    expect(await count(`SELECT count(*) AS n FROM swipes WHERE user_id = 'u-alice'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM connection_requests WHERE 'u-alice' IN (from_user_id, to_user_id)`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM users WHERE uid = 'u-alice'`)).toBe(0);
    // Everyone else keeps theirs.
    expect(await count(`SELECT count(*) AS n FROM swipes WHERE user_id = 'u-bob'`)).toBe(3);
    expect(await count(`SELECT count(*) AS n FROM connection_requests WHERE from_user_id = 'u-carol'`)).toBe(1);
  });

  it('leaves what the API counts and summarises in step: row_counters and the analytics summaries', async () => {
    const kept = await readCounters(db, ['swipes', 'users', 'accepted_connections']);
    expect(kept).toEqual({
      swipes: await count('SELECT count(*) AS n FROM swipes'),
      users: await count('SELECT count(*) AS n FROM users'),
      accepted_connections: await count(`SELECT count(*) AS n FROM connection_requests WHERE status = 'accepted'`),
    });
    expect(kept.swipes).toBe(6);
    const { incremental, rebuilt } = await incrementalAndRebuilt(db);
    expect(incremental).toEqual(rebuilt);
    // alice's matches with bob went with her likes.
    expect(incremental.analytics_matches).toEqual([]);
    const stats = await app.inject({ method: 'GET', url: '/api/swipes/stats', headers: { authorization: 'Bearer admin' } });
    expect(stats.json()).toMatchObject({ totalSwipes: 6 });
  });

  it('records the deletion on the console-action trail, with the counts, under the user’s history', async () => {
    expect(await consoleActions('u-alice')).toEqual([
      {
        action: 'account.delete',
        actor_uid: 'fb-admin',
        before: expect.objectContaining({ uid: 'u-alice', email: 'u-alice@example.com' }),
        details: {
          authAccount: { outcome: 'deleted' },
          rows: { user: true, swipes: 5, connectionRequests: 1, connections: 1, partnersUnlinked: 1 },
          passwordAccount: false,
        },
      },
    ]);
    const history = await app.inject({
      method: 'GET',
      url: '/api/history/user/u-alice?source=console',
      headers: { authorization: 'Bearer admin' },
    });
    expect((history.json() as RecordHistory).entries.map((e) => [e.action, e.summary])).toEqual([
      ['account.delete', "Firebase Auth account and the hosted API's rows deleted"],
    ]);
  });

  it('asked again, finds nothing left: the Auth account counts as gone, no rows, still 200', async () => {
    const { status, body } = await erase('u-alice');
    expect(status).toBe(200);
    expect(body).toEqual({
      uid: 'u-alice',
      authAccount: { outcome: 'not_found' },
      rows: { user: false, swipes: 0, connectionRequests: 0, connections: 0, partnersUnlinked: 0 },
    });
    expect(await consoleActions('u-alice')).toHaveLength(2);
  });

  it('deletes the rows even when the Auth account could not be, and says why', async () => {
    nextAuthAnswer = { outcome: 'not_done', reason: 'Firebase Auth could not be reached' };
    const { status, body } = await erase('u-carol');
    expect(status).toBe(200);
    expect(body).toEqual({
      uid: 'u-carol',
      authAccount: { outcome: 'not_done', reason: 'Firebase Auth could not be reached' },
      rows: { user: true, swipes: 2, connectionRequests: 1, connections: 0, partnersUnlinked: 0 },
    });
    expect(await count(`SELECT count(*) AS n FROM swipes WHERE user_id = 'u-carol'`)).toBe(0);
    const { incremental, rebuilt } = await incrementalAndRebuilt(db);
    expect(incremental).toEqual(rebuilt);
  });

  it('refuses the caller’s own account (409) and a non-admin (403), asking Firebase nothing', async () => {
    const before = authDeletions.length;
    expect((await erase('fb-admin')).status).toBe(409);
    expect((await erase('u-dave', 'user')).status).toBe(403);
    expect((await erase('u-dave', 'forged')).status).toBe(401);
    expect(authDeletions).toHaveLength(before);
    expect(await count(`SELECT count(*) AS n FROM swipes WHERE user_id = 'u-dave'`)).toBe(1);
  });

  it('takes only a uid-shaped path parameter', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/accounts/a%20b', headers: { authorization: 'Bearer admin' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('the local mode', () => {
  it('has no such route: its own DELETE /api/users/:uid deletes the account with the record', async () => {
    const local = await buildApp({ db, sessionSecret: TEST_SESSION_SECRET });
    try {
      await local.ready();
      const signIn = await local.inject({
        method: 'POST',
        url: '/auth/sign-in',
        payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      });
      const { token } = signIn.json() as SignInSession;
      const response = await local.inject({ method: 'DELETE', url: '/api/accounts/u-dave', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});
