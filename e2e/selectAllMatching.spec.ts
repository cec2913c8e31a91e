// Manage Names scrolls as one page, and "Select all n names matching this filter" acts on every matching name as one
// job on the reference backend (contract/namesBulkJobs.ts): edit their nationality, delete them to the trash as one
// deletion, restore it. Screenshots go to E2E_SHOTS_DIR (default /tmp/shots-select-all).
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { NameBulkJob } from '../contract/schemas/namesBulkJobs';
import type { NamesResponse } from '../contract/schemas/names';
import { adminTokenOncePerFile, apiGet, formatCount, signIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-select-all';
mkdirSync(SHOTS, { recursive: true });
const token = adminTokenOncePerFile();
const countLine = (page: Page) => page.getByTestId('names-count');

async function totalOf(request: APIRequestContext, auth: string, query: string): Promise<number> {
  const answer = await apiGet<NamesResponse>(request, auth, `/names?limit=1&${query}`);
  return Array.isArray(answer) ? answer.length : (answer.total ?? 0);
}

/** A letter and nationality of the demo data with more names than one page and not thousands. */
async function aGroup(request: APIRequestContext, auth: string): Promise<{ letter: string; nationality: string; n: number }> {
  const nationalities = await apiGet<string[]>(request, auth, '/names/nationalities');
  // Not one an earlier run of this test made (the database may be reused).
  for (const nationality of nationalities.filter((x) => !x.startsWith('e2e'))) {
    for (const letter of 'SAMEKJHLBTDRGNOCIFPV') {
      const n = await totalOf(request, auth, `alphabetFilter=${letter}&nationality=${encodeURIComponent(nationality)}`);
      if (n > 60 && n < 400) return { letter, nationality, n };
    }
  }
  throw new Error('no letter and nationality with 61 to 399 names in the demo data');
}

test('the page scrolls the list: the window at its bottom loads the next 50, a wheel over the rows scrolls the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, '/manage-names');
  await expect(countLine(page)).toHaveText(/^Showing 50 of [\d,]+ names$/);
  const scroller = page.locator('.MuiDataGrid-virtualScroller');
  // One scrollbar: the grid's rows do not scroll by themselves.
  expect(await scroller.evaluate((el) => getComputedStyle(el).overflowY)).toBe('hidden');
  expect(await page.locator('.MuiDataGrid-scrollbar--vertical').evaluate((el) => getComputedStyle(el).display)).toBe('none');
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(50 * 52);

  // The window scrolled to the very bottom: the next 50.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(countLine(page)).toHaveText(/^Showing 100 of [\d,]+ names$/);
  await page.screenshot({ path: `${SHOTS}/scrolled-to-bottom.png` });

  // A wheel over the rows scrolls the page (and with it the rows), and brings the third page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('[role="row"][data-id]').first().hover();
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 300);
  const firstShown = await page.locator('[role="row"][data-id]').first().getAttribute('data-rowindex');
  await expect(async () => {
    await page.mouse.wheel(0, 2000);
    await expect(countLine(page)).toHaveText(/^Showing 150 of [\d,]+ names$/, { timeout: 1000 });
  }).toPass();
  // The rows followed the page, and only those in view are in the DOM.
  expect(Number(await page.locator('[role="row"][data-id]').first().getAttribute('data-rowindex'))).toBeGreaterThan(Number(firstShown));
  expect(await page.locator('[role="row"][data-id]').count()).toBeLessThan(60);
  // Far from the bottom again: nothing more loads.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await expect(countLine(page)).toHaveText(/^Showing 150 of [\d,]+ names$/);
  await page.screenshot({ path: `${SHOTS}/wheel-scrolled.png` });
});

test('select all names matching a filter: edit their nationality, delete them to the trash, restore them', async ({ page, request }) => {
  const auth = await token(request);
  const { letter, nationality, n } = await aGroup(request, auth);
  const newNationality = `e2e${Date.now().toString(36)}land`;
  await signIn(page, `/manage-names?${new URLSearchParams({ letter, nationality })}`);
  await expect(countLine(page)).toHaveText(`Showing 50 of ${formatCount(n)} names`);

  // The page's select-all, then every name matching the filter.
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  const bar = page.getByTestId('select-all-matching');
  await expect(bar).toContainText('All 50 names loaded are selected.');
  await bar.getByRole('button', { name: `Select all ${formatCount(n)} names matching this filter` }).click();
  await expect(bar).toContainText(`All ${formatCount(n)} names matching this filter are selected.`);
  await page.screenshot({ path: `${SHOTS}/all-matching-selected.png` });

  // Edit: the count and the filter in words; then the job's progress and what it did.
  await bar.getByRole('button', { name: `Edit all ${formatCount(n)}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('filter-job-summary')).toHaveText(
    `${formatCount(n)} names: letter ${letter}, nationality ${nationality}`,
  );
  await dialog.getByLabel('New nationality').fill(newNationality);
  await page.screenshot({ path: `${SHOTS}/edit-confirmation.png` });
  await dialog.getByRole('button', { name: `Edit ${formatCount(n)}` }).click();
  const job = page.getByTestId('names-job');
  await expect(job).toContainText(`${formatCount(n)} of ${formatCount(n)} names edited.`, { timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/edit-done.png` });
  expect(await totalOf(request, auth, `alphabetFilter=${letter}&nationality=${encodeURIComponent(nationality)}`)).toBe(0);
  expect(await totalOf(request, auth, `alphabetFilter=${letter}&nationality=${newNationality}`)).toBe(n);

  // Delete all of them: the new filter, select all matching, Delete.
  await page.goto(`/manage-names?${new URLSearchParams({ letter, nationality: newNationality })}`);
  await expect(countLine(page)).toHaveText(`Showing 50 of ${formatCount(n)} names`);
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  await bar.getByRole('button', { name: `Select all ${formatCount(n)} names matching this filter` }).click();
  await bar.getByRole('button', { name: `Delete all ${formatCount(n)}` }).click();
  await expect(dialog.getByTestId('filter-job-summary')).toHaveText(
    `${formatCount(n)} names: letter ${letter}, nationality ${newNationality}`,
  );
  const started = page.waitForResponse((r) => r.url().endsWith('/api/names/bulk-jobs') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: `Delete ${formatCount(n)}` }).click();
  const { id } = (await (await started).json()) as NameBulkJob;
  await expect(job).toContainText(`${formatCount(n)} of ${formatCount(n)} names moved to the trash.`, { timeout: 60_000 });
  await expect(countLine(page)).toHaveText('Showing 0 of 0 names');
  await page.screenshot({ path: `${SHOTS}/delete-done.png` });

  // In the trash as one deletion; restore it.
  const finished = await apiGet<NameBulkJob>(request, auth, `/names/bulk-jobs/${id}`);
  expect(finished).toMatchObject({ state: 'done', applied: n });
  await page.goto(`/manage-names?view=trash&deletion=${finished.deletionId}`);
  const restoreAll = page.getByRole('button', { name: `Restore all ${formatCount(n)} of this deletion` });
  await expect(restoreAll).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/trash-deletion.png` });
  await restoreAll.click();
  await expect.poll(() => totalOf(request, auth, `alphabetFilter=${letter}&nationality=${newNationality}`), { timeout: 30_000 }).toBe(n);
});
