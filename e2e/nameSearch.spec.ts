// Searching names in Chromium against the reference backend (GET /api/names?q=, contract/nameSearch.ts): Manage
// Names finds Sigríður by "sigridur" (accents and ð folded), the search is in the address and Back leaves it;
// Database Admin's table finds Ægir by "aegir".
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminTokenOncePerFile, apiGet, apiPost, signIn } from './helpers';

const token = adminTokenOncePerFile();

/** The demo data holds these (server/src/seed); a database without them gets them through the API first. */
async function ensureName(request: APIRequestContext, name: string, gender: string, nationality: string) {
  const found = await apiGet<{ names: { name: string }[] }>(request, await token(request), `/names?q=${encodeURIComponent(name)}&limit=50`);
  if (!found.names.some((n) => n.name === name)) await apiPost(request, await token(request), '/names', { name, gender, nationality });
}

const nameCells = (page: Page) => page.locator('[role="gridcell"][data-field="name"]');

test('Manage Names: "sigridur" finds Sigríður; the search is in the address, and Back clears it', async ({ page, request }, testInfo) => {
  await ensureName(request, 'Sigríður', 'female', 'icelandic');
  await signIn(page, '/manage-names');
  await expect(page.getByTestId('names-count')).toHaveText(/^Showing 50 of [\d,]+ names$/);

  const search = page.getByRole('searchbox', { name: 'Search names' });
  await search.fill('sigridur');
  await expect(page).toHaveURL(/[?&]q=sigridur(&|$)/);
  await expect(nameCells(page).first()).toHaveText('Sigríður');
  await expect(page.getByTestId('names-count')).toHaveText(/“sigridur”/);
  await page.screenshot({ path: testInfo.outputPath('manage-names-search-sigridur.png'), fullPage: true });

  // A misspelling still finds it, among the close spellings.
  await search.fill('Sigridr');
  await expect(page).toHaveURL(/[?&]q=Sigridr(&|$)/);
  await expect(page.getByTestId('names-count')).toHaveText(/close spelling/);
  await expect(nameCells(page).filter({ hasText: /^Sigríður$/ })).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('manage-names-search-close.png'), fullPage: true });

  await page.goBack();
  await expect(search).toHaveValue('sigridur');
  await page.goBack();
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('names-count')).toHaveText(/^Showing 50 of [\d,]+ names$/);
});

test('Database Admin: "aegir" finds Ægir in the names table, and the search is in the address', async ({ page, request }, testInfo) => {
  await ensureName(request, 'Ægir', 'male', 'icelandic');
  await signIn(page, '/database-admin');
  const table = page.getByRole('table', { name: 'Names' });
  await page.getByRole('searchbox', { name: 'Search names' }).fill('aegir');
  await expect(page).toHaveURL(/[?&]q=aegir(&|$)/);
  await expect(table.getByRole('row').nth(1)).toContainText('Ægir');
  await expect(page.getByRole('status').filter({ hasText: /match(es)? “aegir”/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('database-admin-search-aegir.png'), fullPage: true });
});
