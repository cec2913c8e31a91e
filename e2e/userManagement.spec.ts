import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import type { UsersPage } from '../contract/schemas/usersAudit';
import { adminTokenOncePerFile, apiGet, DEMO_ADMIN, signIn } from './helpers';
import { workerDatabaseUrl } from './workers';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const userRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const countLine = (page: Page) => page.getByTestId('users-count');

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search users' }).fill(text);
}

async function usersMatching(request: APIRequestContext, query: string): Promise<UsersPage> {
  return apiGet<UsersPage>(request, await adminToken(request), `/users?${query}`);
}

const adminToken = adminTokenOncePerFile();

// The machine running these is shared and slow: give a test two minutes.
test.setTimeout(120_000);

test.beforeEach(async ({ page }) => {
  await signIn(page, '/user-management');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
});

test('lists the users 50 per page with swipe totals, and searches by name, email, username or uid', async ({ page, request }) => {
  const all = await usersMatching(request, 'limit=1');
  await expect(countLine(page)).toHaveText(`${all.total!.toLocaleString('en-US')} users match`);
  await expect(page.getByText(`1–50 of ${all.total!.toLocaleString('en-US')}`)).toBeVisible();
  await expect(page).toHaveTitle(/^User Management/);

  // A swipe total appears on the first row, as the API counts it.
  const first = all.users[0];
  const swipes = await apiGet<{ total_swipes: number }>(request, await adminToken(request), `/analytics/user-swipes/${first.uid}?limit=0`);
  await expect(userRow(page, first.email!).locator('[data-field="swipes"]')).toHaveText(swipes.total_swipes.toLocaleString('en-US'));
  await shot(page, 'users-default');

  await search(page, 'SID_HAUCK');
  await expect(countLine(page)).toHaveText('1 user matches');
  await expect(userRow(page, 'Sid Hauck')).toBeVisible();
  await expect(page).toHaveURL(/q=SID_HAUCK/);
  // by uid, partially
  await search(page, 'qK3tkDtk');
  await expect(countLine(page)).toHaveText('1 user matches');
  await expect(userRow(page, 'Sid Hauck')).toBeVisible();

  await search(page, 'no-such-user-anywhere');
  await expect(page.getByText('No users found matching your criteria.')).toBeVisible();
});

test('advanced filters narrow the list and live in the address', async ({ page, request }) => {
  await page.getByRole('button', { name: 'Advanced filters' }).click();
  await page.getByRole('combobox', { name: 'Premium' }).click();
  await page.getByRole('option', { name: 'Premium', exact: true }).click();
  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(page).toHaveURL(/premium=premium/);
  await expect(page).toHaveURL(/active=active/);
  const expected = await usersMatching(request, 'isPremium=true&accountActive=true&limit=1');
  await expect(countLine(page)).toHaveText(`${expected.total!.toLocaleString('en-US')} users match`);
  await expect(page.locator('[data-field="isPremium"][role="gridcell"]').filter({ hasText: 'Free' })).toHaveCount(0);
  await shot(page, 'users-filters');

  // The address brings the same view back after a reload.
  await page.reload();
  await expect(countLine(page)).toHaveText(`${expected.total!.toLocaleString('en-US')} users match`);
  await expect(page.getByRole('combobox', { name: 'Premium' })).toHaveText('Premium');

  await page.getByRole('combobox', { name: 'Connection' }).click();
  await page.getByRole('option', { name: 'Not connected' }).click();
  const notConnected = await usersMatching(request, 'isPremium=true&accountActive=true&connected=false&limit=1');
  await expect(countLine(page)).toHaveText(
    `${notConnected.total!.toLocaleString('en-US')} ${notConnected.total === 1 ? 'user matches' : 'users match'}`,
  );
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/user-management$/);
});

test('premium and active toggles persist, and the audit trail says who made them', async ({ page }) => {
  await search(page, 'pam_roob28@example.org');
  const row = userRow(page, 'Pam Roob');
  await expect(row).toBeVisible();

  const premiumButton = row.getByRole('button', { name: /Premium$/ });
  const wasPremium = (await premiumButton.textContent()) === 'Remove Premium';
  await premiumButton.click();
  if (wasPremium) {
    await expect(page.getByText('Premium removed from Pam Roob.')).toBeVisible();
  } else {
    await expect(page.getByText('Premium granted to Pam Roob.')).toBeVisible();
    await expect(page.getByText('Premium upgrade: Pam Roob is now a premium user.')).toBeVisible();
  }
  const activeButton = row.getByRole('button', { name: /^(Deactivate|Activate)$/ });
  const wasActive = (await activeButton.textContent()) === 'Deactivate';
  await activeButton.click();
  await expect(page.getByText(`Pam Roob was ${wasActive ? 'deactivated' : 'activated'}.`)).toBeVisible();
  await shot(page, 'users-toggled');

  await page.reload();
  await expect(row.getByRole('button', { name: wasPremium ? 'Grant Premium' : 'Remove Premium' })).toBeVisible();
  await expect(row.getByRole('button', { name: wasActive ? 'Activate' : 'Deactivate' })).toBeVisible();

  // Who did it, to whom, and what changed: on the trail, written by the server.
  await page.goto('/audit-logs?source=console&event=user.update');
  const entry = page.getByRole('row').filter({ hasText: 'MKhlHX1MMM4Uzri12K5FFzHiYmTr' }).filter({ hasText: 'isPremium' }).first();
  await expect(entry).toContainText(DEMO_ADMIN.email);
  await expect(entry).toContainText(`isPremium: ${wasPremium} → ${!wasPremium}`);
  const activeEntry = page
    .getByRole('row')
    .filter({ hasText: 'MKhlHX1MMM4Uzri12K5FFzHiYmTr' })
    .filter({ hasText: 'accountActive' })
    .first();
  await expect(activeEntry).toContainText(`accountActive: ${wasActive} → ${!wasActive}`);
  await shot(page, 'audit-console-actions');
});

test('delete asks first, says it cannot be undone, and the user is gone for good', async ({ page, request }) => {
  await search(page, 'tommie.crona@example.org');
  const row = userRow(page, 'Tommie Crona');
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This cannot be undone.');
  await shot(page, 'users-delete-dialog');
  // Cancel keeps the user
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('Tommie Crona was deleted.')).toBeVisible();
  await expect(page.getByText('No users found matching your criteria.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No users found matching your criteria.')).toBeVisible();
  expect((await usersMatching(request, 'search=tommie.crona')).total).toBe(0);

  // The app's own ACCOUNT_DELETED event and the console action are on the trail.
  await page.goto('/audit-logs?range=1&event=ACCOUNT_DELETED');
  await expect(page.getByRole('row').filter({ hasText: 'E6yhmfTtYobMFLqIazUVs5J4XRIh' }).first()).toBeVisible();
});

test('page sizes 25, 50, 100, 250 and Show All', async ({ page, request }) => {
  const total = (await usersMatching(request, 'limit=1')).total!;
  const totalText = total.toLocaleString('en-US');
  const pageSize = page.getByRole('combobox', { name: /Users per page/ });
  await pageSize.click();
  await expect(page.getByRole('option')).toHaveText(['25', '50', '100', '250', 'Show All']);
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect(page.getByText(`1–25 of ${totalText}`)).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText(`26–50 of ${totalText}`)).toBeVisible();
  await expect(page).toHaveURL(/size=25&page=2|page=2.*size=25|size=25.*page=2/);

  await pageSize.click();
  await page.getByRole('option', { name: '250', exact: true }).click();
  await expect(page.getByText(`1–${Math.min(250, total)} of ${totalText}`)).toBeVisible();
  // The 250th row is there (virtualized: scroll the grid to it).
  const last = await usersMatching(request, 'limit=1&offset=249');
  await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(userRow(page, last.users[0].uid)).toBeVisible();

  await pageSize.click();
  await page.getByRole('option', { name: 'Show All' }).click();
  await expect(page.getByText(`${totalText} of ${totalText}`)).toBeVisible();
  await expect(page).toHaveURL(/size=all/);
  const lastOfAll = await usersMatching(request, `limit=1&offset=${total - 1}`);
  await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(userRow(page, lastOfAll.users[0].uid)).toBeVisible();
  await shot(page, 'users-show-all');
});

test('the detail drawer shows every field of the record', async ({ page }) => {
  await search(page, 'sid_hauck');
  await userRow(page, 'Sid Hauck').getByRole('button', { name: 'Details' }).click();
  const drawer = page.getByRole('region', { name: 'User details' });
  for (const field of [
    'uid',
    'email',
    'username',
    'displayName',
    'preferredLanguage',
    'connectionStatus',
    'totalActiveTimeFormatted',
    'notificationSettings',
    'matchedName',
    'dailyReminder',
  ]) {
    await expect(drawer.getByText(field, { exact: true })).toBeVisible();
  }
  await expect(drawer.getByText('qK3tkDtkxNEAnuuJFOjSEq5i8GjM')).toBeVisible();
  await shot(page, 'users-drawer');
});

// 10,000 more users straight into PostgreSQL (there is no API that creates end users): only with DATABASE_URL.
test('Show All over 10,000 users loads page by page behind a progress bar and stays responsive', async ({ page, request }) => {
  test.skip(!workerDatabaseUrl(), 'needs DATABASE_URL to insert 10,000 users');
  const client = new pg.Client({ connectionString: workerDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (uid, email, username, display_name, created_at)
       SELECT 'bulk-' || i, 'bulk' || i || '@example.com', 'bulk' || i, 'Bulk User ' || i, now() - i * interval '1 minute'
       FROM generate_series(1, 10000) AS i ON CONFLICT (uid) DO NOTHING`,
    );
  } finally {
    await client.end();
  }
  const total = (await usersMatching(request, 'limit=1')).total!;
  expect(total).toBeGreaterThan(10_000);
  const totalText = total.toLocaleString('en-US');
  const requests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/users') requests.push(r.url());
  });
  await page.goto('/user-management?size=all');
  await expect(page.getByRole('status', { name: 'Loading all users' })).toBeVisible();
  await shot(page, 'users-show-all-progress');
  await expect(page.getByText(`${totalText} of ${totalText}`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('status', { name: 'Loading all users' })).toHaveCount(0);
  // page by page, never one giant request
  expect(requests.length).toBe(Math.ceil(total / 1000));
  expect(requests.every((u) => new URL(u).searchParams.get('limit') === '1000')).toBe(true);
  // virtualized: a few dozen rows in the DOM, and a scroll to the end answers quickly
  expect(await page.getByRole('row').count()).toBeLessThan(80);
  const started = Date.now();
  await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const lastOfAll = await usersMatching(request, `limit=1&offset=${total - 1}`);
  await expect(userRow(page, lastOfAll.users[0].uid)).toBeVisible();
  test.info().annotations.push({ type: 'scroll-to-last-row-ms', description: String(Date.now() - started) });
  await shot(page, 'users-show-all-10k');

  // A search matching 10,000 records: the backend stops counting at 1,000 and the page says so.
  await page.goto('/user-management');
  await search(page, 'bulk-');
  await expect(countLine(page)).toHaveText('More than 1,000 users match');
  await expect(page.getByText('1–50 of more than 1,000')).toBeVisible();
  await shot(page, 'users-search-more-than');
});
