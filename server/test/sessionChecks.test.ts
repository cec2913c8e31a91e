// checkSession, revokeSession and the live stream's recheckAdmin, called directly. Through HTTP a demotion or
// a deactivation bumps the account's session version first (migration 020), so the version check answers
// before the later checks get a say; these tests give each check a session that passes every earlier one.
import { createAccount } from '../src/auth/accounts';
import { createGuards } from '../src/auth/guard';
import { checkSession, revokeSession, SESSION_ENDED } from '../src/auth/sessions';
import { createSessionTokens, nowSeconds, SESSION_MAX_SECONDS, type VerifiedSession } from '../src/auth/tokens';
import { freshClaims } from './sessionClaims';
import { createTestApp, TEST_SESSION_SECRET, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
});
afterAll(async () => t?.close());

let serial = 0;
/** A fresh admin account with its end-user record; the session carries the account's current version. */
async function newAdmin(): Promise<VerifiedSession> {
  serial += 1;
  const uid = `check-admin-${serial}`;
  const email = `${uid}@babynames.test`;
  await createAccount(t.db, { uid, email, password: `pw-${uid}` });
  await t.db.query('INSERT INTO users (uid, email, is_admin) VALUES ($1, $2, true)', [uid, email]);
  return currentSession({ ...freshClaims(uid, email), issuedAt: nowSeconds(), expiresAt: nowSeconds() + 60 });
}

/** The same session, at the version the account holds now (as a token signed after the change would). */
async function currentSession(session: VerifiedSession): Promise<VerifiedSession> {
  const { rows } = await t.db.query<{ v: number }>('SELECT session_version AS v FROM accounts WHERE uid = $1', [session.uid]);
  return { ...session, sessionVersion: rows[0]!.v };
}

const guards = () => createGuards(t.db, createSessionTokens(TEST_SESSION_SECRET));

describe('checkSession', () => {
  it('holds for an active admin at the current version (the control)', async () => {
    const session = await newAdmin();
    expect(await checkSession(t.db, session)).toEqual({
      ok: true,
      account: {
        uid: session.uid,
        email: session.email,
        displayName: null,
        isAdmin: true,
        accountActive: true,
        sessionVersion: session.sessionVersion,
      },
    });
  });

  it('an account that does not exist: "Invalid or expired session"', async () => {
    const session = { ...(await newAdmin()), uid: 'no-such-account' };
    expect(await checkSession(t.db, session)).toEqual({ ok: false, reason: SESSION_ENDED.unknownAccount });
  });

  it('a deactivated account, even at its current version: "This account is deactivated."', async () => {
    const session = await newAdmin();
    await t.db.query('UPDATE users SET account_active = false WHERE uid = $1', [session.uid]);
    expect(await checkSession(t.db, session)).toEqual({ ok: false, reason: SESSION_ENDED.accountChanged });
    expect(await checkSession(t.db, await currentSession(session))).toEqual({ ok: false, reason: SESSION_ENDED.inactive });
  });

  it('a signed-out session: its own reason, before the version is compared', async () => {
    const session = await newAdmin();
    await revokeSession(t.db, session);
    expect(await checkSession(t.db, session)).toEqual({ ok: false, reason: SESSION_ENDED.signedOut });
    expect(await checkSession(t.db, { ...session, sessionVersion: session.sessionVersion + 1 })).toEqual({
      ok: false,
      reason: SESSION_ENDED.signedOut,
    });
  });
});

describe('revokeSession', () => {
  it('keeps the signed-out session until its 12-hour end and forgets sessions that have ended anyway', async () => {
    const stale = `stale-${Date.now()}`;
    await t.db.query(`INSERT INTO revoked_sessions (sid, uid, expires_at) VALUES ($1, 'someone', now() - interval '1 second')`, [stale]);
    const session = await newAdmin();
    await revokeSession(t.db, session);
    const { rows } = await t.db.query<{ sid: string; end: number }>(
      'SELECT sid, extract(epoch FROM expires_at)::float8 AS end FROM revoked_sessions WHERE sid = ANY($1::text[])',
      [[stale, session.sid]],
    );
    expect(rows).toEqual([{ sid: session.sid, end: session.startedAt + SESSION_MAX_SECONDS }]);
  });
});

describe('recheckAdmin (open live-count streams)', () => {
  it('holds for an admin whose session holds (the control)', async () => {
    expect(await guards().recheckAdmin(await newAdmin())).toBeNull();
  });

  it('ends the stream at the 12-hour mark, whatever the account says', async () => {
    const session = await newAdmin();
    const now = nowSeconds();
    expect(await guards().recheckAdmin({ ...session, startedAt: now - SESSION_MAX_SECONDS + 30 })).toBeNull();
    expect(await guards().recheckAdmin({ ...session, startedAt: now - SESSION_MAX_SECONDS })).toBe(SESSION_ENDED.maxLength);
  });

  it('ends it at the 12-hour millisecond itself, not one after', async () => {
    const session = await newAdmin();
    const clock = jest.spyOn(Date, 'now').mockReturnValue((session.startedAt + SESSION_MAX_SECONDS) * 1000);
    try {
      expect(await guards().recheckAdmin(session)).toBe(SESSION_ENDED.maxLength);
    } finally {
      clock.mockRestore();
    }
  });

  it('ends it for an account that is no longer an admin, even at its current version', async () => {
    const session = await newAdmin();
    await t.db.query('UPDATE users SET is_admin = false WHERE uid = $1', [session.uid]);
    expect(await guards().recheckAdmin(session)).toBe(SESSION_ENDED.accountChanged);
    expect(await guards().recheckAdmin(await currentSession(session))).toBe('Admin access required');
  });

  it('ends it with the session check’s own reason: signed out', async () => {
    const session = await newAdmin();
    await revokeSession(t.db, session);
    expect(await guards().recheckAdmin(session)).toBe(SESSION_ENDED.signedOut);
  });
});
