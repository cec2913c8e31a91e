// Operators on the reference backend (contract/operators.ts): invitations and password links (single use, expiry,
// withdrawal, one answer for every dead link), resets and password changes ending sessions, grant and revoke, the
// last active admin kept, and the trail of all of it (sign-ins included) holding no password, token or hash.
import type { OperatorLink, OperatorsPage, PasswordLinkInfo } from '../../contract/schemas/operators';
import { LINK_TOKEN_LENGTH, OPERATOR_ACTIONS } from '../../contract/operators';
import type { RenewResponse, SignInSession } from '../../contract/schemas/auth';
import { SESSION_ENDED } from '../src/auth/sessions';
import { INVALID_LINK_MESSAGE, linkTokenHash } from '../src/operators/links';
import { createReferenceDirectory } from '../src/operators/referenceDirectory';
import { WRONG_CURRENT_PASSWORD } from '../src/operators/ownPassword';
import { DEMO_ADMIN, DEMO_USER } from '../src/seed/demoAccounts';
import { deleteUser, updateUserFlags } from '../src/users/userAdmin';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
/** The demo admin's token (signed in again after a test that ends its sessions on purpose). */
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
  adminToken = t.adminToken;
});
afterAll(async () => t?.close());

/** Every password and token this file uses: none may appear on the trail (last test). */
const secrets = new Set<string>([DEMO_ADMIN.password, DEMO_USER.password]);
const remember = <T extends string>(secret: T): T => {
  secrets.add(secret);
  return secret;
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object, remoteAddress?: string) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const signIn = (email: string, password: string, remoteAddress?: string) =>
  call('POST', '/auth/sign-in', null, { email, password: remember(password) }, remoteAddress);
async function signedIn(email: string, password: string): Promise<SignInSession> {
  const response = await signIn(email, password);
  expect(response.statusCode).toBe(200);
  return response.json() as SignInSession;
}
const page = async (token = adminToken) => {
  const response = await call('GET', '/api/admin/operators', token);
  expect(response.statusCode).toBe(200);
  return response.json() as OperatorsPage;
};
async function invite(email: string): Promise<OperatorLink & { token: string }> {
  const response = await call('POST', '/api/admin/operators/invites', adminToken, { email });
  expect(response.statusCode).toBe(201);
  const link = response.json() as OperatorLink;
  remember(link.token!);
  return link as OperatorLink & { token: string };
}
const inspect = (token: string, remoteAddress?: string) => call('POST', '/auth/links/inspect', null, { token }, remoteAddress);
const redeem = (token: string, password: string, displayName?: string) =>
  call('POST', '/auth/links/redeem', null, { token, password: remember(password), ...(displayName ? { displayName } : {}) });
const stats = (token: string) => call('GET', '/api/swipes/stats', token);

let serial = 0;
/** A new operator made the way the console makes one (invite, redeem), signed in. */
async function newOperator(): Promise<{ uid: string; email: string; password: string; token: string }> {
  serial += 1;
  const email = `operator-${serial}@example.test`;
  const password = `correct horse ${serial} battery`;
  const link = await invite(email);
  expect((await redeem(link.token, password, `Operator ${serial}`)).statusCode).toBe(200);
  const session = await signedIn(email, password);
  return { uid: session.account.uid, email, password, token: session.token };
}

function expectDeadLink(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ error: 'invalid_link', message: INVALID_LINK_MESSAGE });
}

describe('the last active admin', () => {
  // First in the file: the demo admin is the only active admin here (the demo user is no admin).
  it('cannot be revoked, deactivated or deleted', async () => {
    const revoke = await call('POST', `/api/admin/operators/${DEMO_ADMIN.uid}/revoke`, adminToken);
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json()).toMatchObject({
      error: 'last_admin',
      message: expect.stringContaining('The last active admin cannot be revoked'),
    });
    // Through the API one may not deactivate or delete oneself anyway; the rule holds for any other caller too.
    expect((await call('PATCH', `/api/users/${DEMO_ADMIN.uid}`, adminToken, { accountActive: false })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/users/${DEMO_ADMIN.uid}`, adminToken)).statusCode).toBe(409);
    const cli = { uid: 'cli', email: 'npm run admin (CLI)' };
    await expect(updateUserFlags(t.db, cli, DEMO_ADMIN.uid, { accountActive: false })).rejects.toMatchObject({
      statusCode: 409,
      code: 'last_admin',
      message: expect.stringContaining('The last active admin cannot be deactivated'),
    });
    await expect(deleteUser(t.db, cli, DEMO_ADMIN.uid)).rejects.toMatchObject({
      statusCode: 409,
      code: 'last_admin',
      message: expect.stringContaining('The last active admin cannot be deleted'),
    });
    // Nothing changed, and the admin is still signed in.
    expect((await stats(adminToken)).statusCode).toBe(200);
    expect((await page()).operators.map((o) => o.uid)).toEqual([DEMO_ADMIN.uid]);
  });

  it('counts only admins who can sign in: an admin record without a password does not make the demo admin revocable', async () => {
    await t.db.query(`INSERT INTO users (uid, email, is_admin) VALUES ('no-password-admin', 'no-password@example.test', true)`);
    try {
      expect((await call('POST', `/api/admin/operators/${DEMO_ADMIN.uid}/revoke`, adminToken)).statusCode).toBe(409);
    } finally {
      await t.db.query(`DELETE FROM users WHERE uid = 'no-password-admin'`);
    }
  });
});

describe('the operators page', () => {
  it('lists the admins with what the console shows, and only to admins', async () => {
    const { operators, invites, capabilities } = await page();
    expect(capabilities).toEqual({ invite: true, resetPassword: true, grant: true, resetMfa: true });
    expect(invites).toEqual([]);
    expect(operators).toEqual([
      {
        uid: DEMO_ADMIN.uid,
        email: DEMO_ADMIN.email,
        displayName: DEMO_ADMIN.displayName,
        accountActive: true,
        lastSignInAt: expect.any(String),
        mfaEnabled: false,
        hasPassword: true,
        createdAt: expect.any(String),
      },
    ]);
    expect((await call('GET', '/api/admin/operators', t.userToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/operators', null)).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  it('invite -> inspect -> redeem -> sign in: the new operator is an admin with a password', async () => {
    const link = await invite('New.Operator@Example.test');
    expect(link).toEqual({
      kind: 'invite',
      email: 'new.operator@example.test',
      token: expect.any(String),
      url: null,
      expiresAt: expect.any(String),
    });
    expect(link.token).toHaveLength(LINK_TOKEN_LENGTH);
    const hoursValid = (Date.parse(link.expiresAt!) - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(23.9);
    expect(hoursValid).toBeLessThanOrEqual(24);
    // The table keeps the hash, never the token.
    const { rows } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM operator_links WHERE email = $1', [
      'new.operator@example.test',
    ]);
    expect(rows).toEqual([{ token_hash: linkTokenHash(link.token) }]);

    const listed = (await page()).invites;
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        email: 'new.operator@example.test',
        createdAt: expect.any(String),
        expiresAt: link.expiresAt,
        createdBy: DEMO_ADMIN.email,
      },
    ]);

    const info = await inspect(link.token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      kind: 'invite',
      email: 'new.operator@example.test',
      expiresAt: link.expiresAt!,
    } satisfies PasswordLinkInfo);

    const redeemed = await redeem(link.token, 'a long new password 1', 'New Operator');
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual(info.json());

    const session = await signedIn('new.operator@example.test', 'a long new password 1');
    expect(session.account).toEqual({
      uid: expect.stringMatching(/^[A-Za-z0-9]{28}$/),
      email: 'new.operator@example.test',
      displayName: 'New Operator',
    });
    expect((await stats(session.token)).statusCode).toBe(200);

    const after = await page();
    expect(after.invites).toEqual([]);
    expect(after.operators.find((o) => o.uid === session.account.uid)).toMatchObject({
      email: 'new.operator@example.test',
      displayName: 'New Operator',
      accountActive: true,
      hasPassword: true,
      lastSignInAt: expect.any(String),
    });
  });

  it('a link opens once: a second redeem (and an inspect) answers the one dead-link 404', async () => {
    const link = await invite('single.use@example.test');
    const [first, second] = await Promise.all([redeem(link.token, 'first password here'), redeem(link.token, 'second password here')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    expectDeadLink(first.statusCode === 404 ? first : second);
    expectDeadLink(await redeem(link.token, 'third password here'));
    expectDeadLink(await inspect(link.token));
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE email = 'single.use@example.test'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('an expired link answers the same 404, and is no longer listed', async () => {
    const link = await invite('expired@example.test');
    await t.db.query(`UPDATE operator_links SET expires_at = now() - interval '1 second' WHERE email = 'expired@example.test'`);
    expectDeadLink(await inspect(link.token));
    expectDeadLink(await redeem(link.token, 'too late password'));
    expect((await page()).invites.map((i) => i.email)).not.toContain('expired@example.test');
  });

  it('a withdrawn invitation answers the same 404; withdrawing it again is 404', async () => {
    const link = await invite('withdrawn@example.test');
    const { id } = (await page()).invites.find((i) => i.email === 'withdrawn@example.test')!;
    expect((await call('DELETE', `/api/admin/operators/invites/${id}`, adminToken)).statusCode).toBe(204);
    expectDeadLink(await inspect(link.token));
    expectDeadLink(await redeem(link.token, 'withdrawn password'));
    expect((await page()).invites).toEqual([]);
    expect((await call('DELETE', `/api/admin/operators/invites/${id}`, adminToken)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/operators/invites/999999', adminToken)).statusCode).toBe(404);
  });

  it('an unknown token answers the same 404; a malformed one is refused by the schema', async () => {
    expectDeadLink(await inspect('A'.repeat(LINK_TOKEN_LENGTH)));
    expectDeadLink(await redeem('B'.repeat(LINK_TOKEN_LENGTH), 'whatever password'));
    expect((await inspect('short')).statusCode).toBe(400);
    expect((await redeem('C'.repeat(LINK_TOKEN_LENGTH), 'short')).statusCode).toBe(400);
  });

  it('a new invitation for the same email replaces the open one', async () => {
    const older = await invite('twice@example.test');
    const newer = await invite('twice@example.test');
    expectDeadLink(await inspect(older.token));
    expect((await inspect(newer.token)).statusCode).toBe(200);
    expect((await page()).invites.filter((i) => i.email === 'twice@example.test')).toHaveLength(1);
  });

  it('refuses an operator’s email (409) and a non-admin’s account, pointing at Grant admin', async () => {
    const operator = await call('POST', '/api/admin/operators/invites', adminToken, { email: DEMO_ADMIN.email.toUpperCase() });
    expect(operator.statusCode).toBe(409);
    expect(operator.json().message).toMatch(/is an operator already/);
    const user = await call('POST', '/api/admin/operators/invites', adminToken, { email: DEMO_USER.email });
    expect(user.statusCode).toBe(409);
    expect(user.json().message).toMatch(/Grant admin/);
  });

  it('is rate-limited per client address like sign-in', async () => {
    const token = 'D'.repeat(LINK_TOKEN_LENGTH);
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) answers.push((await inspect(token, '198.51.100.5')).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(answers.at(-1)).toBe(429);
    // Another address is not held back.
    expect((await inspect(token, '198.51.100.6')).statusCode).toBe(404);
  });
});

describe('password reset links', () => {
  it('end every session of the operator; the new password works and the old one not', async () => {
    const operator = await newOperator();
    const response = await call('POST', `/api/admin/operators/${operator.uid}/reset-password`, adminToken);
    expect(response.statusCode).toBe(201);
    const link = response.json() as OperatorLink;
    expect(link).toEqual({ kind: 'reset', email: operator.email, token: expect.any(String), url: null, expiresAt: expect.any(String) });
    remember(link.token!);
    // A reset is no invitation: not listed as one.
    expect((await page()).invites).toEqual(expect.not.arrayContaining([expect.objectContaining({ email: operator.email })]));
    expect((await inspect(link.token!)).json()).toMatchObject({ kind: 'reset', email: operator.email });
    expect((await stats(operator.token)).statusCode).toBe(200);

    expect((await redeem(link.token!, 'the reset password 2')).statusCode).toBe(200);
    const old = await stats(operator.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(SESSION_ENDED.accountChanged);
    expect((await signIn(operator.email, operator.password)).statusCode).toBe(401);
    expect((await stats((await signedIn(operator.email, 'the reset password 2')).token)).statusCode).toBe(200);
  });

  it('works for an admin record without an account: redeeming creates it with the record’s email', async () => {
    await t.db.query(
      `INSERT INTO users (uid, email, display_name, is_admin) VALUES ('record-only', 'Record.Only@example.test', 'Record Only', true)`,
    );
    expect((await page()).operators.find((o) => o.uid === 'record-only')).toMatchObject({ hasPassword: false, lastSignInAt: null });
    const response = await call('POST', '/api/admin/operators/record-only/reset-password', adminToken);
    expect(response.statusCode).toBe(201);
    const link = response.json() as OperatorLink;
    remember(link.token!);
    expect((await redeem(link.token!, 'record only password')).statusCode).toBe(200);
    const session = await signedIn('record.only@example.test', 'record only password');
    expect(session.account.uid).toBe('record-only');
    expect((await page()).operators.find((o) => o.uid === 'record-only')).toMatchObject({
      hasPassword: true,
      lastSignInAt: expect.any(String),
    });
  });

  it('only for an operator: 404 without a record, 409 for a non-admin', async () => {
    expect((await call('POST', '/api/admin/operators/nobody-here/reset-password', adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/operators/${DEMO_USER.uid}/reset-password`, adminToken)).statusCode).toBe(409);
  });
});

describe('changing one’s own password', () => {
  it('needs the current password; ends every other session; the answer is a working token for this one', async () => {
    const operator = await newOperator();
    const other = (await signedIn(operator.email, operator.password)).token;
    const change = (token: string, currentPassword: string, newPassword: string) =>
      call('POST', '/auth/password', token, { currentPassword: remember(currentPassword), newPassword: remember(newPassword) });

    const wrong = await change(operator.token, 'not the password', 'a brand new password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'wrong_current_password', message: WRONG_CURRENT_PASSWORD });
    // That 401 was about the password, not the session: both sessions still hold.
    expect((await stats(operator.token)).statusCode).toBe(200);
    expect((await stats(other)).statusCode).toBe(200);

    const same = await change(operator.token, operator.password, operator.password);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ field: 'newPassword' });
    expect((await change(operator.token, operator.password, 'too short')).statusCode).toBe(400);

    const changed = await change(operator.token, operator.password, 'a brand new password');
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json() as RenewResponse;
    expect((await stats(fresh.token)).statusCode).toBe(200);
    expect((await stats(other)).statusCode).toBe(401);
    expect((await stats(operator.token)).statusCode).toBe(401);
    // The fresh token renews like any other.
    expect((await call('POST', '/auth/renew', fresh.token)).statusCode).toBe(200);
    expect((await signIn(operator.email, operator.password)).statusCode).toBe(401);
    expect((await signIn(operator.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await call('POST', '/auth/password', null, { currentPassword: 'x', newPassword: 'long enough password' })).statusCode).toBe(
      401,
    );
  });
});

describe('grant and revoke', () => {
  it('grant: 404 for an unknown uid; an existing record becomes an operator', async () => {
    expect((await call('POST', '/api/admin/operators/no-such-user/grant', adminToken)).statusCode).toBe(404);
    const granted = await call('POST', `/api/admin/operators/${DEMO_USER.uid}/grant`, adminToken);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ uid: DEMO_USER.uid, email: DEMO_USER.email, hasPassword: true });
    const session = await signedIn(DEMO_USER.email, DEMO_USER.password);
    expect((await stats(session.token)).statusCode).toBe(200);
    // Granting again changes nothing.
    expect((await call('POST', `/api/admin/operators/${DEMO_USER.uid}/grant`, adminToken)).statusCode).toBe(200);
  });

  it('revoke: the operator’s sessions end and their open password link is withdrawn', async () => {
    const operator = await newOperator();
    const reset = (await call('POST', `/api/admin/operators/${operator.uid}/reset-password`, adminToken)).json() as OperatorLink;
    remember(reset.token!);
    const revoked = await call('POST', `/api/admin/operators/${operator.uid}/revoke`, adminToken);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ uid: operator.uid, email: operator.email });
    expect((await page()).operators.map((o) => o.uid)).not.toContain(operator.uid);
    expect([401, 403]).toContain((await stats(operator.token)).statusCode);
    // Signed in again, the account is no admin.
    expect((await stats((await signedIn(operator.email, operator.password)).token)).statusCode).toBe(403);
    expectDeadLink(await inspect(reset.token!));
    // The user's history tells the story in words.
    const history = await call('GET', `/api/history/user/${operator.uid}`, adminToken);
    expect(history.statusCode).toBe(200);
    expect((history.json() as { entries: { summary: string }[] }).entries.map((entry) => entry.summary)).toEqual([
      'No longer an operator (admin); their sessions ended',
      'A one-time password link was made',
      'Joined as an operator through an invitation',
    ]);
  });

  it('two admins revoking each other at once: one wins, an active admin remains', async () => {
    const a = await newOperator();
    const b = await newOperator();
    // Only a and b are active admins for this test.
    const { rows: parked } = await t.db.query<{ uid: string }>(
      `UPDATE users SET account_active = false WHERE is_admin AND account_active AND uid <> ALL($1) RETURNING uid`,
      [[a.uid, b.uid]],
    );
    try {
      const answers = await Promise.all([
        call('POST', `/api/admin/operators/${b.uid}/revoke`, a.token),
        call('POST', `/api/admin/operators/${a.uid}/revoke`, b.token),
      ]);
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      // The loser either waited and found itself the last admin (409), or its session had ended by then (401).
      expect(codes.filter((code) => code !== 200).every((code) => code === 409 || code === 401 || code === 403)).toBe(true);
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE is_admin AND account_active AND uid = ANY($1)`,
        [[a.uid, b.uid]],
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await t.db.query('UPDATE users SET account_active = true WHERE uid = ANY($1)', [parked.map((row) => row.uid)]);
      // Deactivating ended the demo admin's sessions (migration 020's trigger).
      adminToken = (await signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).token;
    }
  });
});

describe('the last active admin, under concurrency', () => {
  it('two revokes of each other at the same moment (past the guard): exactly one passes, whatever the timing', async () => {
    const a = await newOperator();
    const b = await newOperator();
    const { rows: parked } = await t.db.query<{ uid: string }>(
      `UPDATE users SET account_active = false WHERE is_admin AND account_active AND uid <> ALL($1) RETURNING uid`,
      [[a.uid, b.uid]],
    );
    try {
      const directory = createReferenceDirectory(t.db);
      const outcomes = await Promise.allSettled([
        directory.revoke({ uid: a.uid, email: a.email }, b.uid),
        directory.revoke({ uid: b.uid, email: b.email }, a.uid),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ statusCode: 409, code: 'last_admin' });
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE is_admin AND account_active AND uid = ANY($1)`,
        [[a.uid, b.uid]],
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await t.db.query('UPDATE users SET account_active = true WHERE uid = ANY($1)', [parked.map((row) => row.uid)]);
      adminToken = (await signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).token;
    }
  });
});

describe('the trail', () => {
  it('records sign-ins, successful and refused, with the client address', async () => {
    await t.db.query('DELETE FROM sign_in_attempts');
    expect((await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password, '203.0.113.7')).statusCode).toBe(200);
    expect((await signIn(DEMO_ADMIN.email.toUpperCase(), 'wrong password 1', '203.0.113.7')).statusCode).toBe(401);
    expect((await signIn('nobody@example.test', 'wrong password 2', '203.0.113.7')).statusCode).toBe(401);
    const { rows } = await t.db.query<{
      actor_uid: string;
      actor_email: string;
      action: string;
      target_id: string | null;
      details: unknown;
    }>(
      `SELECT actor_uid, actor_email, action, target_id, details FROM console_actions
        WHERE action IN ($1, $2) AND details->>'address' = '203.0.113.7' ORDER BY id`,
      [OPERATOR_ACTIONS.signIn, OPERATOR_ACTIONS.signInFailed],
    );
    expect(rows).toEqual([
      {
        actor_uid: DEMO_ADMIN.uid,
        actor_email: DEMO_ADMIN.email,
        action: 'account.sign_in',
        target_id: DEMO_ADMIN.uid,
        details: { address: '203.0.113.7' },
      },
      {
        actor_uid: 'anonymous',
        actor_email: DEMO_ADMIN.email,
        action: 'account.sign_in_failed',
        target_id: null,
        details: { address: '203.0.113.7', reason: 'invalid_credentials' },
      },
      {
        actor_uid: 'anonymous',
        actor_email: 'nobody@example.test',
        action: 'account.sign_in_failed',
        target_id: null,
        details: { address: '203.0.113.7', reason: 'invalid_credentials' },
      },
    ]);
  });

  it('records rate-limited sign-ins as failures too', async () => {
    let last = 0;
    for (let i = 0; i < 11; i += 1) last = (await signIn('hammer@example.test', `hammer password ${i}`, '203.0.113.9')).statusCode;
    expect(last).toBe(429);
    const { rows } = await t.db.query<{ reason: string; n: number }>(
      `SELECT details->>'reason' AS reason, count(*)::int AS n FROM console_actions
        WHERE action = 'account.sign_in_failed' AND details->>'address' = '203.0.113.9' GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { reason: 'invalid_credentials', n: 10 },
      { reason: 'rate_limited', n: 1 },
    ]);
  });

  it('has every operator action, with the actor who did it', async () => {
    const { rows } = await t.db.query<{ action: string; actor_uid: string }>('SELECT DISTINCT action, actor_uid FROM console_actions');
    const actions = new Set(rows.map((row) => row.action));
    for (const action of Object.values(OPERATOR_ACTIONS))
      expect({ action, present: actions.has(action) }).toEqual({ action, present: true });
    const actorsOf = (action: string) => new Set(rows.filter((row) => row.action === action).map((row) => row.actor_uid));
    expect(actorsOf(OPERATOR_ACTIONS.invite)).toEqual(new Set([DEMO_ADMIN.uid]));
    // Redeeming and changing a password are the operator's own acts.
    expect(actorsOf(OPERATOR_ACTIONS.linkRedeemed).has(DEMO_ADMIN.uid)).toBe(false);
    expect(actorsOf(OPERATOR_ACTIONS.passwordChange).has(DEMO_ADMIN.uid)).toBe(false);
  });

  it('holds no password, token or token hash anywhere', async () => {
    const { rows } = await t.db.query<{ all: unknown }>("SELECT coalesce(json_agg(c), '[]'::json) AS all FROM console_actions c");
    const text = JSON.stringify(rows[0]!.all);
    expect(text.length).toBeGreaterThan(1000);
    const { rows: hashes } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM operator_links');
    expect(secrets.size).toBeGreaterThan(10);
    const found = [...secrets, ...hashes.map((row) => row.token_hash)].filter((secret) => text.includes(secret));
    expect(found).toEqual([]);
    const { rows: scrypt } = await t.db.query(
      'SELECT 1 FROM console_actions WHERE before::text LIKE $1 OR after::text LIKE $1 OR details::text LIKE $1',
      ['%scrypt$%'],
    );
    expect(scrypt).toEqual([]);
  });
});
