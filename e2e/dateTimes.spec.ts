// One date-time format with its zone stated, in a browser whose own zone is far from UTC
// (Kiritimati, UTC+14): 12:30 UTC on 4 March is already 5 March there, so any screen still writing local time
// would show another day. Every screen writes the UTC day, under a header that says so.
import { expect, test, type Locator } from '@playwright/test';
import type { AuditLogsPage, UsersPage } from '../contract/schemas/usersAudit';
import { adminTokenOncePerFile, apiGet, apiPost, signIn } from './helpers';

test.use({ timezoneId: 'Pacific/Kiritimati' });

const adminToken = adminTokenOncePerFile();
const CREATED_AT = '2026-03-04T12:30:05.000Z';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The UTC day as the console writes it, spelt out here rather than taken from the console's own module. */
const utcDay = (iso: string) => {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

/** The text of the cell under `header` in the row holding `rowText` (a DataGrid or a plain table). */
async function cellUnder(table: Locator, header: string, rowText: string): Promise<string> {
  const row = table.getByRole('row').filter({ hasText: rowText }).first();
  await expect(row).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `a "${header}" column among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return (await row.locator('[role="gridcell"], td').nth(index).textContent()) ?? '';
}

test('the same created_at reads as its UTC day on Manage Names and Database Admin; users and audit times are UTC too', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const nationality = `zonecheck${Date.now().toString(36)}`;
  await apiPost(request, token, '/admin/names/bulk-import', {
    names: [{ name: 'Ylfa', gender: 'female', nationality, createdAt: CREATED_AT }],
  });
  await signIn(page);
  // the browser's own zone is not UTC, and its calendar day differs from the UTC one for that instant
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Pacific/Kiritimati');
  expect(await page.evaluate((iso) => new Date(iso).getDate(), CREATED_AT)).toBe(5);

  await page.goto(`/manage-names?nationality=${nationality}`);
  expect(await cellUnder(page.getByRole('grid'), 'Created (UTC)', 'Ylfa')).toBe('4 Mar 2026');

  await page.goto('/database-admin');
  await page.getByRole('combobox', { name: 'Nationality' }).click();
  await page.getByRole('option', { name: nationality }).click();
  expect(await cellUnder(page.getByRole('table', { name: 'Names' }), 'Created (UTC)', 'Ylfa')).toBe('4 Mar 2026');

  const newest = (await apiGet<UsersPage>(request, token, '/users?limit=1')).users[0];
  await page.goto('/user-management');
  const label = newest.email ?? newest.uid;
  expect(await cellUnder(page.getByRole('grid'), 'Created (UTC)', label)).toBe(utcDay(newest.createdAt!));

  const [latest] = (await apiGet<AuditLogsPage>(request, token, '/audit-logs?limit=1')).entries;
  await page.goto('/audit-logs?range=all');
  const audit = page.getByRole('grid');
  await expect(audit.getByRole('columnheader', { name: 'Timestamp (UTC)' })).toBeVisible();
  const time = new Date(latest.timestamp).toISOString().slice(11, 19);
  await expect(audit.locator('.MuiDataGrid-row').first().locator('[data-field="timestamp"]')).toHaveText(
    `${utcDay(latest.timestamp)}, ${time}`,
  );
});
