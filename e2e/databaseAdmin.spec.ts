// Database Admin in Chromium against the reference backend: overview, the migration (a routed
// failure, then success twice), Previous/Next, filters, and a quick action in a new tab.
import { expect, test } from '@playwright/test';
import { adminToken, apiGet, formatCount, signIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await signIn(page, '/database-admin');
  await expect(page.getByRole('heading', { name: 'Database Admin', level: 1 })).toBeVisible();
});

test('overview shows the totals of the database', async ({ page, request }) => {
  const token = await adminToken(request);
  const total = (await apiGet<{ total: number }>(request, token, '/names?limit=1&offset=0')).total;
  const female = (await apiGet<{ total: number }>(request, token, '/names?limit=1&offset=0&gender=female')).total;
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByText('Total names').locator('..')).toContainText(formatCount(total));
  await expect(overview.getByText('Female', { exact: true }).locator('..')).toContainText(formatCount(female));
  await expect(overview.getByRole('table', { name: 'Table sizes' })).toContainText('names');
});

test('a failing migration shows the HTTP status and body and the toast Migration failed', async ({ page }) => {
  await page.route('**/api/admin/migrate/add-random-seed-column', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'disk full' }),
  );
  const card = page.getByRole('region', { name: 'Migration' });
  await card.getByRole('button', { name: 'Add random_seed column' }).click();
  await page.getByRole('dialog', { name: 'Run the migration?' }).getByRole('button', { name: 'Run migration' }).click();
  await expect(card.getByRole('alert')).toHaveText('Error: HTTP 500: disk full');
  await expect(page.getByText('Migration failed', { exact: true })).toBeVisible();
});

test('the migration asks first (it locks names), adds the column once, then shows as applied; names carry it', async ({
  page,
  request,
}) => {
  const card = page.getByRole('region', { name: 'Migration' });
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByText('Not added yet')).toBeVisible();
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/admin/migrate/add-random-seed-column')) posted += 1;
  });
  // One click only asks: Cancel leaves the names table alone.
  await card.getByRole('button', { name: 'Add random_seed column' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run the migration?' });
  await expect(dialog).toContainText('Names cannot be read or written while it runs');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(posted).toBe(0);
  await card.getByRole('button', { name: 'Add random_seed column' }).click();
  const [post] = await Promise.all([
    page.waitForRequest('**/api/admin/migrate/add-random-seed-column'),
    dialog.getByRole('button', { name: 'Run migration' }).click(),
  ]);
  expect(post.method()).toBe('POST');
  expect(post.headers()['content-type']).toContain('application/json');
  await expect(card.getByRole('status')).toHaveText(
    /^Added the random_seed column to names and gave [\d,]+ names a random seed in \d+\.\d s\.$/,
  );
  await expect(overview.getByText('Present')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'random_seed' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/database-admin-migrated.png`, fullPage: true });

  // Applied: no second run is offered, and the card says why.
  await expect(card.getByRole('button', { name: 'Add random_seed column' })).toBeDisabled();
  await expect(card.getByText('Applied: names have the random_seed column.')).toBeVisible();
  await page.reload();
  await expect(card.getByText('Applied: names have the random_seed column.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add random_seed column' })).toBeDisabled();

  const token = await adminToken(request);
  const page1 = await apiGet<{ names: { random_seed?: number }[] }>(request, token, '/names?limit=3&offset=0');
  for (const n of page1.names) expect(typeof n.random_seed).toBe('number');
});

test('Previous and Next page through 50 names at a time with the page number and total', async ({ page, request }) => {
  const token = await adminToken(request);
  const total = (await apiGet<{ total: number }>(request, token, '/names?limit=1&offset=0')).total;
  const pages = Math.ceil(total / 50);
  const table = page.getByRole('table', { name: 'Names' });
  const status = page.getByRole('status').filter({ hasText: /^Page / });
  await expect(status).toHaveText(`Page 1 of ${formatCount(pages)} · ${formatCount(total)} names`);
  await expect(table.locator('tbody tr')).toHaveCount(50);
  const firstOnPage1 = await table.locator('tbody tr').first().textContent();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(status).toHaveText(`Page 2 of ${formatCount(pages)} · ${formatCount(total)} names`);
  await expect(table.locator('tbody tr').first()).not.toHaveText(firstOnPage1!);
  const second = await apiGet<{ names: { name: string }[] }>(request, token, '/names?limit=50&offset=50');
  await expect(table.locator('tbody tr').first()).toContainText(second.names[0]!.name);

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(status).toHaveText(`Page 1 of ${formatCount(pages)} · ${formatCount(total)} names`);
  await expect(table.locator('tbody tr').first()).toHaveText(firstOnPage1!);

  // A filter resets to page 1 and the total follows it.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Gender').click();
  await page.getByRole('option', { name: 'female' }).click();
  const female = (await apiGet<{ total: number }>(request, token, '/names?limit=1&offset=0&gender=female')).total;
  await expect(status).toHaveText(`Page 1 of ${formatCount(Math.ceil(female / 50))} · ${formatCount(female)} names`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/database-admin.png`, fullPage: true });
});

test('a names failure says Failed to fetch names data.', async ({ page }) => {
  await page.route('**/api/names?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","message":"y"}' }),
  );
  await page.reload();
  await expect(page.getByText('Failed to fetch names data.', { exact: true })).toBeVisible();
});

test('a quick action opens the page in a new tab', async ({ page }) => {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('region', { name: 'Quick actions' }).getByRole('link', { name: 'Manage Names' }).click(),
  ]);
  await expect(tab).toHaveURL(/\/manage-names$/);
  await expect(tab.getByRole('heading', { name: 'Manage Names' })).toBeVisible();
  expect(page.url()).toMatch(/\/database-admin$/);
});
