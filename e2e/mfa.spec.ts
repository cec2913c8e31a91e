// Two-factor sign-in (contract/mfa.ts) in the browser against the real reference backend: an operator turns it on from
// the account menu (the key read from the page, the codes made here with otplib as an authenticator app makes them),
// saves the recovery codes, signs out, and signs in again with the password and a code; a recovery code works once. The
// screens are axe-checked. A backend of this file's own on an empty database (e2e/ownBackend.ts), as operators.spec.ts:
// turning two-factor on ends the account's other sessions, which the suite's shared demo admin must keep.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import pg from 'pg';
import { TOTP_PERIOD_SECONDS } from '../contract/mfa';
import { startOwnBackend, type OwnBackend } from './ownBackend';

const SHOTS = process.env.E2E_SHOTS_DIR;
const OPERATOR = { email: 'mfa.operator@ops.test', password: 'two factor operator password' };

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

let backend: OwnBackend;
let cleanup: () => Promise<void>;
let databaseEnv: NodeJS.ProcessEnv;
const sessionSecret = `mfa-e2e-${Date.now()}-secret-of-enough-length`;

/** `npm run admin -- create` on this file's database (the server stopped: PGlite is one process's at a time). */
function createOperator(email: string, password: string) {
  const created = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'create', '--email', email], {
    input: `${password}\n`,
    env: { ...process.env, SEED_DEMO: '0', ...databaseEnv },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(created.status, `npm run admin -- create:\n${created.stdout}\n${created.stderr}`).toBe(0);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  if (process.env.DATABASE_URL) {
    const server = new URL(process.env.DATABASE_URL);
    const database = `mfa_e2e_${process.pid}_${Date.now().toString(36)}`;
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
    const folder = mkdtempSync(path.join(os.tmpdir(), 'mfa-e2e-'));
    databaseEnv = { DATABASE_URL: '', DATA_DIR: path.join(folder, 'pglite') };
    cleanup = async () => rmSync(folder, { recursive: true, force: true });
  }
  createOperator(OPERATOR.email, OPERATOR.password);
  backend = await startOwnBackend({ ...databaseEnv, SEED_DEMO: '0', SESSION_SECRET: sessionSecret });
});
test.afterAll(async () => {
  await backend?.stop();
  await cleanup?.();
});

/**
 * The code an authenticator app shows for `secret`, `steps` time steps from now. The server takes the step either side
 * of its own and refuses a step at or before the last one used, so the next sign-in after an enrolment uses the next
 * step (as a person would, half a minute later at most).
 */
const codeFor = (secret: string, steps = 0) =>
  generate({ secret, epoch: (Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + steps) * TOTP_PERIOD_SECONDS + 1 });

/**
 * Sends the code of the step after this one; should this account have used that step already (a test a few seconds
 * after the last sign-in), the server refuses it as a replay, and the code of the step after is sent once it comes.
 */
async function verifyWithNextCode(page: Page, key: string) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await page.getByRole('textbox', { name: /Code from your authenticator app/ }).fill(await codeFor(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    const outcome = await Promise.race([
      page.waitForURL(/\/dashboard$/).then(() => 'in' as const),
      page
        .getByText(/That code was not accepted/)
        .waitFor()
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
    await page.waitForTimeout(TOTP_PERIOD_SECONDS * 1000 - (Date.now() % (TOTP_PERIOD_SECONDS * 1000)) + 500);
  }
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function seriousViolations(page: Page, within?: string) {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (within) axe.include(within);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

async function password(page: Page, account = OPERATOR) {
  await page.goto(`${backend.url}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

let secret = '';
let recoveryCodes: string[] = [];

test('an operator turns two-factor sign-in on from the account menu, reading the key from the page', async ({ page }) => {
  await password(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: `Account: ${OPERATOR.email}` }).click();
  await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await expect(dialog.getByText('Off', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Set up' }).click();

  const qr = dialog.getByRole('img', { name: /QR code for your authenticator app/ });
  await expect(qr).toBeVisible();
  // The QR code is drawn, not an empty box: an SVG of dark modules on white.
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/mfa-enrolment.png` });

  await dialog.getByRole('textbox', { name: /Code from your authenticator app/ }).fill('000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText(/That code was not accepted/)).toBeVisible();
  await dialog.getByRole('textbox', { name: /Code from your authenticator app/ }).fill(await codeFor(secret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const list = dialog.getByTestId('recovery-codes');
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-HJ-NP-Z]{5}-[0-9A-HJ-NP-Z]{5}$/);
  await expect(page.getByText('Two-factor sign-in is on. Your other sessions were signed out.')).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/mfa-recovery-codes.png` });
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog.getByText('On', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('codes-left')).toHaveText('10 recovery codes left.');

  // The session went on with the token the answer carried: the live counts, whose stream the server closed with the
  // old token, come back on the new one, and a reload finds the session kept.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Live', { exact: true })).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByText(/Live counts unavailable/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('signing in again asks for a code after the password, and the right one opens the console', async ({ page }) => {
  expect(secret, 'the enrolment test ran first').not.toBe('');
  await password(page);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
  const field = page.getByRole('textbox', { name: /Code from your authenticator app/ });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page).toHaveURL(/\/login$/);
  expect(await seriousViolations(page)).toEqual([]);

  await field.fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/That code was not accepted/)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/mfa-code-step.png` });

  await field.fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a recovery code signs in once, instead of a code from the app', async ({ page, browser }) => {
  expect(recoveryCodes).toHaveLength(10);
  await password(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: /Recovery code/ }).fill(recoveryCodes[0].toLowerCase().replace('-', ' '));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same code again, from another browser: used up.
  const other = await (await browser.newContext()).newPage();
  await password(other);
  await other.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await other.getByRole('textbox', { name: /Recovery code/ }).fill(recoveryCodes[0]);
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByText('That recovery code was not accepted: it is wrong or was used already.')).toBeVisible();
  await other.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(other.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue(OPERATOR.email);
  await other.context().close();
});

test('where the server requires it (REQUIRE_MFA=1), a new operator sets it up right after the password, before the console', async ({
  page,
  browser,
}) => {
  const NEWCOMER = { email: 'new.operator@ops.test', password: 'a newcomer operator password' };
  await backend.stop();
  createOperator(NEWCOMER.email, NEWCOMER.password);
  backend = await startOwnBackend({ ...databaseEnv, SEED_DEMO: '0', SESSION_SECRET: sessionSecret, REQUIRE_MFA: '1' });

  await password(page, NEWCOMER);
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code for your authenticator app/ })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/mfa-sign-in-enrolment.png`, fullPage: true });
  const newSecret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByRole('textbox', { name: /Code from your authenticator app/ }).fill(await codeFor(newSecret));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page).toHaveURL(/\/login$/);
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/mfa-sign-in-recovery-codes.png`, fullPage: true });
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Required: the first operator's dialog says it cannot be turned off.
  const first = await (await browser.newContext()).newPage();
  await password(first);
  await verifyWithNextCode(first, secret);
  await first.getByRole('button', { name: `Account: ${OPERATOR.email}` }).click();
  await first.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  const dialog = first.getByRole('dialog', { name: 'Two-factor sign-in' });
  await expect(dialog.getByRole('button', { name: 'Turn off' })).toBeDisabled();
  await expect(dialog.getByText(/This server requires two-factor sign-in for every operator/)).toBeVisible();
  await first.context().close();
});
