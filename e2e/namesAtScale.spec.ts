import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiGet, storeSession } from './helpers';

// The names grid keeps its rows virtualized while the page scrolls them (one scrollbar, the page's),
// loads the next page within 300 px of the page's end, shows the total of the filters, and the filters live in history.

const dataRows = (page: Page) => page.locator('[role="row"][data-id]');
const grid = (page: Page) => page.getByRole('grid');
const countLine = (page: Page) => page.getByTestId('names-count');

async function scrollGridToEnd(page: Page) {
  await grid(page)
    .locator('.MuiDataGrid-virtualScroller')
    .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
}

test.beforeEach(async ({ page }) => {
  await storeSession(page);
});

test('the grid keeps its rows virtualized while scrolling loads pages 2 and 3, and shows the total', async ({
  page,
  request,
}, testInfo) => {
  const token = await adminToken(request);
  const { total } = await apiGet<{ total: number }>(request, token, '/names?limit=1&offset=0');
  expect(total).toBeGreaterThan(150);
  const offsets: number[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/names') offsets.push(Number(url.searchParams.get('offset')));
  });

  await page.goto('/manage-names');
  await expect(countLine(page)).toHaveText(`Showing 50 of ${total.toLocaleString('en-US')} names`);
  await expect(page).toHaveTitle('Manage Names · Baby Names Admin Console');
  await page.screenshot({ path: testInfo.outputPath('names-first-page.png') });

  // The wheel over the grid scrolls the page (and with it the rows) and brings the next pages.
  await grid(page).hover();
  await page.mouse.wheel(0, 100_000);
  await expect(countLine(page)).toHaveText(`Showing 100 of ${total.toLocaleString('en-US')} names`);
  await scrollGridToEnd(page);
  await expect(countLine(page)).toHaveText(`Showing 150 of ${total.toLocaleString('en-US')} names`);
  expect(offsets.slice(0, 3)).toEqual([0, 50, 100]);
  // Virtualized: far fewer rows in the DOM than loaded.
  expect(await dataRows(page).count()).toBeLessThan(60);
  await page.screenshot({ path: testInfo.outputPath('names-scrolled.png') });

  // Not before the trigger: 150 rows are 7,800 px; scrolled to 1,000 px above the end nothing more loads.
  await grid(page)
    .locator('.MuiDataGrid-virtualScroller')
    .evaluate((el) => el.scrollTo({ top: el.scrollHeight - el.clientHeight - 1000 }));
  await page.waitForTimeout(500);
  expect(offsets.length).toBe(3);
});

test('Back steps through the filters, the tab returns to them, and each page has its title', async ({ page, request }) => {
  const token = await adminToken(request);
  const totalFor = async (letter: string) =>
    (await apiGet<{ total: number }>(request, token, `/names?alphabetFilter=${encodeURIComponent(letter)}&limit=1&offset=0`)).total;
  const letter = (l: string) => page.getByRole('group', { name: 'Filter by first letter' }).getByRole('button', { name: l, exact: true });

  await page.goto('/manage-names');
  await expect(countLine(page)).toHaveText(/^Showing 50 of /, { timeout: 30_000 });
  await letter('B').click();
  await expect(page).toHaveURL(/\/manage-names\?letter=B$/);
  await letter('Á').click();
  await expect(page).toHaveURL(/\?letter=%C3%81$/);
  const totalÁ = await totalFor('Á');
  await expect(countLine(page)).toHaveText(`Showing ${Math.min(50, totalÁ)} of ${totalÁ.toLocaleString('en-US')} names`);

  await page.goBack();
  await expect(page).toHaveURL(/\?letter=B$/);
  await expect(letter('B')).toHaveAttribute('aria-pressed', 'true');
  const totalB = await totalFor('B');
  await expect(countLine(page)).toHaveText(`Showing ${Math.min(50, totalB)} of ${totalB.toLocaleString('en-US')} names`);

  // Away and back through the tab: the same view, at the top of the page.
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page).toHaveTitle('Dashboard · Baby Names Admin Console');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('tab', { name: 'Manage Names' }).click();
  await expect(page).toHaveURL(/\/manage-names\?letter=B$/);
  await expect(letter('B')).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('tab', { name: 'Bulk Upload' }).click();
  await expect(page).toHaveTitle('Bulk Upload · Baby Names Admin Console');
});
