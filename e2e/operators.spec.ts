// A team's first day on its own database, as the README's production section has it: an EMPTY database with no demo
// accounts (SEED_DEMO=0) and two-factor sign-in required (REQUIRE_MFA=1), the first admin made with
// `npm run admin -- create`, who signs in and sets two-factor up before the console opens, invites a second operator on
// the Operators page, who opens the one-time link, sets a password, signs in and sets two-factor up too; the
// invitation, the link's use and both sign-ins are on the console-action trail. A backend of this file's own (e2e/ownBackend.ts): the suite's shared
// one carries the demo. On PostgreSQL (DATABASE_URL, as CI) a fresh database beside it; otherwise a fresh PGlite folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import pg from 'pg';
import { TOTP_PERIOD_SECONDS } from '../contract/mfa';
import type { SignInSecondStep, SignInSession } from '../contract/schemas/auth';
import type { AuditLogsPage } from '../contract/schemas/usersAudit';
import { OPERATOR_ACTIONS } from '../contract/operators';
import { startOwnBackend, type OwnBackend } from './ownBackend';

const SHOTS = process.env.E2E_SHOTS_DIR;
const FIRST = { email: 'first.operator@ops.test', password: 'first operator password 1' };
const SECOND = { email: 'second.operator@ops.test', password: 'second operator password 2', name: 'Second Operator' };

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let backend: OwnBackend;
let databaseEnv: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  if (process.env.DATABASE_URL) {
    const server = new URL(process.env.DATABASE_URL);
    const database = `operators_e2e_${process.pid}_${Date.now().toString(36)}`;
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
    const url = new URL(server);
    url.pathname = `/${database}`;
    databaseEnv = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'operators-e2e-'));
    databaseEnv = { DATABASE_URL: '', DATA_DIR: path.join(folder, 'pglite') };
    cleanup = async () => rmSync(folder, { recursive: true, force: true });
  }
  // The README's first production step, before the server starts (an embedded PGlite is one process's at a time).
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin.ts', 'create', '--email', FIRST.email, '--name', 'First Operator'],
    {
      input: `${FIRST.password}\n`,
      env: { ...process.env, SEED_DEMO: '0', ...databaseEnv },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  expect(created.status, `npm run admin -- create:\n${created.stdout}\n${created.stderr}`).toBe(0);
  backend = await startOwnBackend({
    ...databaseEnv,
    SEED_DEMO: '0',
    REQUIRE_MFA: '1',
    SESSION_SECRET: `operators-e2e-${Date.now()}-secret-of-enough-length`,
  });
});
test.afterAll(async () => {
  await backend?.stop();
  await cleanup?.();
});

/** What an operator keeps from setting two-factor up: a recovery code signs in once without the app. */
const recoveryCodesOf: Record<string, string[]> = {};

/**
 * The password, then (REQUIRE_MFA=1, first sign-in) setting two-factor up before the console opens: the key read from
 * the page, a code made from it as an authenticator app makes it, the recovery codes kept.
 */
async function signIn(page: Page, account: { email: string; password: string }, prefilled = false) {
  if (!prefilled) {
    await page.goto(`${backend.url}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  } else {
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  }
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 1 })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  const code = generate({ secret, epoch: Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) * TOTP_PERIOD_SECONDS + 1 });
  await page.getByRole('textbox', { name: /Code from your authenticator app/ }).fill(await code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  recoveryCodesOf[account.email] = await codes.allInnerTexts();
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A session for the API: the password, then one of the account's recovery codes as the second step. */
async function apiSession(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const first = await request.post(`${backend.url}/auth/sign-in`, { data: account });
  expect(first.status()).toBe(200);
  const step = (await first.json()) as SignInSecondStep;
  expect(step.step).toBe('verify');
  const recoveryCode = recoveryCodesOf[account.email]!.pop()!;
  const verified = await request.post(`${backend.url}/auth/mfa/verify`, { data: { challenge: step.challenge, recoveryCode } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as SignInSession).token;
}

test('an empty database without the demo: nobody but the admin made on the command line signs in, and only after two-factor', async ({
  request,
}) => {
  const demo = await request.post(`${backend.url}/auth/sign-in`, {
    data: { email: 'admin@babynames.test', password: 'admin-demo-password' },
  });
  expect(demo.status()).toBe(401);
  const first = await request.post(`${backend.url}/auth/sign-in`, { data: FIRST });
  expect(first.status()).toBe(200);
  // The password alone opens nothing: the answer is the step to set two-factor up, not a session.
  const answer = (await first.json()) as SignInSecondStep & { token?: string };
  expect(answer.step).toBe('enrol');
  expect(answer.token).toBeUndefined();
});

test('the first admin invites a second on the Operators page; the second sets a password from the link and signs in; all on the trail', async ({
  browser,
  request,
}) => {
  const firstContext = await browser.newContext();
  const page = await firstContext.newPage();
  await signIn(page, FIRST);
  await page.goto(`${backend.url}/operators`);
  await expect(page.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();
  const grid = page.getByRole('region', { name: 'Admin accounts' });
  await expect(grid.getByText(FIRST.email)).toBeVisible();

  await page.getByRole('button', { name: 'Invite operator' }).click();
  const inviteForm = page.getByRole('form', { name: 'Invite operator' });
  await inviteForm.getByRole('textbox', { name: 'E-mail address' }).fill(SECOND.email);
  await inviteForm.getByRole('button', { name: 'Make invitation link' }).click();
  const linkField = page.getByTestId('one-time-link');
  await expect(linkField).toHaveValue(new RegExp(`^${backend.url}/set-password#token=[A-Za-z0-9_-]{43}$`));
  const link = await linkField.inputValue();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/operators-invitation-link.png` });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('region', { name: 'Open invitations' }).getByText(SECOND.email)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/operators.png`, fullPage: true });

  // The invited operator, in a browser of their own.
  const secondContext = await browser.newContext();
  const invited = await secondContext.newPage();
  await invited.goto(link);
  // The token leaves the address bar at once (it is in no history entry or screenshot after).
  await expect(invited).toHaveURL(`${backend.url}/set-password`);
  await expect(invited.getByText('Welcome: you were invited to the admin console.')).toBeVisible();
  const form = invited.getByRole('form', { name: 'Set your password' });
  await form.getByRole('textbox', { name: 'Display name (optional)' }).fill(SECOND.name);
  await form.getByRole('textbox', { name: 'New password' }).fill(SECOND.password);
  await form.getByRole('textbox', { name: 'Confirm password' }).fill(SECOND.password);
  if (SHOTS) await invited.screenshot({ path: `${SHOTS}/set-password.png` });
  await form.getByRole('button', { name: 'Set password' }).click();
  await invited.getByRole('link', { name: 'Sign in' }).click();
  await signIn(invited, SECOND, true);

  // The link works once.
  const again = await request.post(`${backend.url}/auth/links/inspect`, { data: { token: link.split('#token=')[1] } });
  expect(again.status()).toBe(404);

  await page.reload();
  await expect(grid.getByText(SECOND.email)).toBeVisible();
  // Both set two-factor up at their first sign-in (REQUIRE_MFA=1): the list says so.
  for (const email of [FIRST.email, SECOND.email]) {
    await expect(grid.getByRole('row').filter({ hasText: email }).getByText('On', { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Open invitations' }).getByText(SECOND.email)).toHaveCount(0);

  const token = await apiSession(request, FIRST);
  const trail = await request.get(`${backend.url}/api/audit-logs?source=console&limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(trail.status()).toBe(200);
  const entries = ((await trail.json()) as AuditLogsPage).entries.map((e) => [e.event, 'actor' in e ? e.actor.email : null]);
  expect(entries).toEqual(
    expect.arrayContaining([
      [OPERATOR_ACTIONS.invite, FIRST.email],
      [OPERATOR_ACTIONS.linkRedeemed, SECOND.email],
      [OPERATOR_ACTIONS.signIn, FIRST.email],
      [OPERATOR_ACTIONS.signIn, SECOND.email],
    ]),
  );
  await firstContext.close();
  await secondContext.close();
});
