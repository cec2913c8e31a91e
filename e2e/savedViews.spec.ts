// Saved views on Manage Names against the reference backend (on PostgreSQL as CI runs it): the demo admin saves the
// view on screen (filters, a hidden column, compact rows) shared with every admin, signs out, signs in again in a new
// browser (another context: nothing kept in the browser) where the column choice is already there, and applies the
// view: the address and the list follow, Back returns. A second admin, made with `npm run admin -- create` as the
// README says, sees the shared view with its owner and applies it, but cannot change it. The save dialog is
// axe-clean. Screenshots to E2E_SHOTS_DIR.
import { spawnSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './helpers';
import { workerDatabaseUrl } from './workers';

const SHOTS = process.env.E2E_SHOTS_DIR;
const VIEW = `E girls ${Date.now().toString(36)}`;
const SECOND = { email: `second.views.${Date.now().toString(36)}@ops.test`, password: 'second views password 2' };

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

// The specs after this one sign in as the demo admin on the same database: their Manage Names shows every column at
// the standard density again, and the view is gone.
test.afterAll(async ({ request }) => {
  const { token } = (await (await request.post('/auth/sign-in', { data: DEMO_ADMIN })).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  await request.put('/api/views/preferences/names', { headers, data: { columns: {}, density: 'standard' } });
  const { views } = (await (await request.get('/api/views?page=names', { headers })).json()) as { views: { id: number; name: string }[] };
  for (const view of views.filter((v) => v.name === VIEW)) await request.delete(`/api/views/${view.id}`, { headers });
});

async function signInFresh(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

const countLine = (page: Page) => page.getByTestId('names-count');
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });

test('an admin saves a view, signs out, and applies it in a new browser where the column choice already holds', async ({ browser }) => {
  const page = await signInFresh(browser, DEMO_ADMIN);
  await page.goto('/manage-names?letter=E&gender=female');
  await expect(countLine(page)).toHaveText(/^Showing [\d,]+ of [\d,]+ names?$/);
  const filtered = await countLine(page).textContent();

  // Hide the Nationality column and make the rows compact with the grid's own toolbar.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Nationality' }).click();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Nationality')).toHaveCount(0);
  // The column choice reaches the server after its pause (one request with both, or the density's after the column's).
  const preferencesSaved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/views/preferences/names') &&
      r.request().method() === 'PUT' &&
      (r.request().postDataJSON() as { density?: string }).density === 'compact',
  );
  await page.getByRole('button', { name: 'Density' }).click();
  await page.getByRole('menuitem', { name: 'Compact' }).click();

  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save current view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(VIEW);
  await dialog.getByRole('switch', { name: 'Share with every admin' }).check();
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/saved-views-save-dialog.png` });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/views') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText(`View “${VIEW}” saved.`)).toBeVisible();
  expect((await preferencesSaved).status()).toBe(200);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.context().close();

  // Another browser: nothing kept from the first.
  const again = await signInFresh(browser, DEMO_ADMIN);
  await again.goto('/manage-names');
  await expect(countLine(again)).toHaveText(/^Showing 50 of [\d,]+ names$/);
  await expect(header(again, 'Name')).toBeVisible();
  await expect(header(again, 'Nationality')).toHaveCount(0);
  await again.getByRole('button', { name: 'Views', exact: true }).click();
  const menu = again.getByRole('menu', { name: 'Saved views of Manage Names' });
  await expect(menu.getByRole('menuitem', { name: new RegExp(VIEW) })).toContainText('Shared with every admin');
  if (SHOTS) await again.screenshot({ path: `${SHOTS}/saved-views-menu.png` });
  await menu.getByRole('menuitem', { name: new RegExp(VIEW) }).click();
  await expect(again).toHaveURL(/\/manage-names\?letter=E&gender=female$/);
  await expect(countLine(again)).toHaveText(filtered!);
  await expect(again.getByRole('button', { name: 'E', exact: true })).toHaveAttribute('aria-pressed', 'true');
  if (SHOTS) await again.screenshot({ path: `${SHOTS}/saved-views-applied.png` });
  await again.goBack();
  await expect(again).toHaveURL(/\/manage-names$/);
  await expect(countLine(again)).toHaveText(/^Showing 50 of [\d,]+ names$/);
  await again.context().close();
});

test('a second admin, made on the command line, sees the shared view with its owner and applies it', async ({ browser }) => {
  const databaseUrl = workerDatabaseUrl();
  test.skip(!databaseUrl, 'needs PostgreSQL (DATABASE_URL): on PGlite the running backend holds the database and the CLI cannot open it');
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin.ts', 'create', '--email', SECOND.email, '--name', 'Second'],
    {
      input: `${SECOND.password}\n`,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  expect(created.status, `npm run admin -- create:\n${created.stdout}\n${created.stderr}`).toBe(0);

  const page = await signInFresh(browser, SECOND);
  await page.goto('/manage-names');
  await expect(countLine(page)).toHaveText(/^Showing 50 of [\d,]+ names$/);
  // The first admin's column choice is theirs: this admin sees every column.
  await expect(header(page, 'Nationality')).toBeVisible();
  await page.getByRole('button', { name: 'Views', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Saved views of Manage Names' });
  const item = menu.getByRole('menuitem', { name: new RegExp(VIEW) });
  await expect(item).toContainText(`Shared by ${DEMO_ADMIN.email}`);
  await expect(menu.getByText('Shared by other admins')).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Manage my views…' })).toBeDisabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/saved-views-shared.png` });
  await item.click();
  await expect(page).toHaveURL(/\/manage-names\?letter=E&gender=female$/);
  await expect(header(page, 'Nationality')).toHaveCount(0);

  // Not theirs to change: the server says whose it is.
  const session = (await (await page.request.post('/auth/sign-in', { data: SECOND })).json()) as { token: string };
  const headers = { authorization: `Bearer ${session.token}` };
  const listed = (await (await page.request.get('/api/views?page=names', { headers })).json()) as { views: { id: number; name: string }[] };
  const shared = listed.views.find((v) => v.name === VIEW)!;
  const refused = await page.request.delete(`/api/views/${shared.id}`, { headers });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toContain(DEMO_ADMIN.email);
  await page.context().close();
});
