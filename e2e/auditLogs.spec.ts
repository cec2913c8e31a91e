import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import Papa from 'papaparse';
import type { AuditStats, UsersPage } from '../contract/schemas/usersAudit';
import { adminTokenOncePerFile, apiGet, DEMO_ADMIN, storeSession } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const eventCells = (page: Page) => page.locator('[role="gridcell"][data-field="event"]');
const countLine = (page: Page) => page.getByTestId('audit-count');

async function stats(request: APIRequestContext, query = ''): Promise<AuditStats> {
  return apiGet<AuditStats>(request, await adminToken(request), `/audit-logs/stats${query}`);
}

const adminToken = adminTokenOncePerFile();

// The machine running these is shared and slow: give a test two minutes.
test.setTimeout(120_000);

test.beforeEach(async ({ page }) => {
  // The save dialog of the File System Access API cannot be driven here: take the download path.
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await storeSession(page);
});

test('the last 7 days by default, statistics from the backend, badges per event type', async ({ page }) => {
  // Every sign-in is on the console-action trail: the token for the comparison below is taken before the page reads its
  // figures, or its own sign-in would be one entry the page has not seen.
  await adminToken(page.request);
  await page.goto('/audit-logs');
  await expect(page.getByRole('heading', { name: 'Audit Logs', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Audit Logs/);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Statistics · Last 7 days' })).toBeVisible();
  await expect(eventCells(page).first()).toBeVisible();
  await shot(page, 'audit-default');

  await page.getByRole('button', { name: 'All time' }).click();
  await expect(page).toHaveURL(/range=all/);
  const all = await stats(page.request);
  await expect(page.getByTestId('audit-total')).toHaveText(all.total.toLocaleString('en-US'));
  for (const e of all.byEvent.filter((x) => x.source === 'app')) {
    await expect(page.getByRole('listitem', { name: `${e.event}: ${e.count.toLocaleString('en-US')}` })).toBeVisible();
  }
  // Spec 4 badges: the statistics show every event type of the range.
  const stat = (event: string) => page.getByRole('listitem', { name: new RegExp(`^${event}:`) }).locator('[data-badge]');
  await expect(stat('CANCELLATION')).toHaveAttribute('data-badge', 'error');
  await expect(stat('ACCOUNT_DELETED')).toHaveAttribute('data-badge', 'error');
  await expect(stat('SUBSCRIPTION_START')).toHaveAttribute('data-badge', 'success');
  await expect(stat('USER_CREATED')).toHaveAttribute('data-badge', 'info');
  await expect(stat('SUBSCRIPTION_END')).toHaveAttribute('data-badge', 'default');
  await shot(page, 'audit-all-time');
});

test('event and range filters live in the address and survive a reload', async ({ page }) => {
  await page.goto('/audit-logs');
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await page.getByRole('combobox', { name: 'Event type' }).click();
  await page.getByRole('option', { name: 'CANCELLATION', exact: true }).click();
  await expect(page).toHaveURL(/range=90/);
  await expect(page).toHaveURL(/event=CANCELLATION/);
  await expect(eventCells(page).first()).toHaveText('CANCELLATION');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('combobox', { name: 'Event type' })).toHaveText('CANCELLATION');
  // The rows arrive after the filters show: wait for them before reading them all (read at once, they were
  // not there yet on a busy CI run).
  await expect(eventCells(page).first()).toHaveText('CANCELLATION');
  const texts = await eventCells(page).allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  expect(new Set(texts)).toEqual(new Set(['CANCELLATION']));

  await page.getByRole('combobox', { name: 'Event type' }).click();
  await page.getByRole('option', { name: 'All events' }).click();
  await page.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'App events' }).click();
  await expect(page).toHaveURL(/source=app/);
  await expect(page.getByRole('columnheader', { name: 'Console action' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Last swipe' })).toBeVisible();
});

test('Load more reads the next 100 with the cursor, no entry twice', async ({ page }) => {
  const all = await stats(page.request, '?source=app');
  expect(all.total).toBeGreaterThan(200);
  const pages: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/audit-logs') pages.push(r.url());
  });
  await page.goto('/audit-logs?range=all&source=app');
  await expect(countLine(page)).toHaveText('Showing 100 entries');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(countLine(page)).toHaveText('Showing 200 entries');
  const second = new URL(pages[pages.length - 1]).searchParams;
  expect(second.get('cursor')).toBeTruthy();
  expect(second.get('offset')).toBeNull();
  expect(second.get('limit')).toBe('100');
  // The grid virtualizes; scroll its end into view and read the ids on screen there.
  await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
  await shot(page, 'audit-load-more');
});

test('CSV export of everything matching the filters, dated by day', async ({ page }) => {
  const all = await stats(page.request, '?source=app');
  const expected = all.total;
  expect(expected).toBeGreaterThan(100); // more than is loaded on screen
  await page.goto('/audit-logs?range=all&source=app');
  await expect(countLine(page)).toHaveText('Showing 100 entries');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  expect(download.suggestedFilename()).toBe(`audit-logs-${day}.csv`);
  await expect(
    page.getByText(`Exported ${expected.toLocaleString('en-US')} rows: audit-logs-${day}.csv downloaded.`).first(),
  ).toBeVisible();
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.meta.fields!.slice(0, 6)).toEqual(['id', 'timestamp', 'event', 'userId', 'lastSwipeDate', 'totalActiveTimeFormatted']);
  expect(parsed.data).toHaveLength(expected);
  for (const e of all.byEvent) expect(parsed.data.filter((r) => r.event === e.event)).toHaveLength(e.count);
  expect(new Set(parsed.data.map((r) => r.source))).toEqual(new Set(['app']));
  expect(new Set(parsed.data.map((r) => r.id)).size).toBe(expected);
  const stamps = parsed.data.map((r) => Date.parse(r.timestamp));
  expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  await shot(page, 'audit-exported');

  // The export itself is on the trail, recorded by the server with who ran it.
  await page.goto('/audit-logs?range=1&source=console&event=export.run');
  await expect(page.getByRole('row').filter({ hasText: 'export.run' }).first()).toContainText(`by ${DEMO_ADMIN.email}`);
});

test('console actions show who changed what', async ({ page, request }) => {
  const token = await adminToken(request);
  const users = await apiGet<UsersPage>(request, token, '/users?search=raphael.ratke20&limit=1');
  const user = users.users[0];
  const response = await request.patch(`/api/users/${user.uid}`, {
    data: { isPremium: !user.isPremium },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBeTruthy();
  await page.goto('/audit-logs?range=1&source=console');
  const entry = page.getByRole('row').filter({ hasText: user.uid }).first();
  await expect(entry).toContainText('user.update');
  await expect(entry).toContainText(`by ${DEMO_ADMIN.email}`);
  await expect(entry).toContainText(`isPremium: ${user.isPremium} → ${!user.isPremium}`);
  await shot(page, 'audit-console');
});
