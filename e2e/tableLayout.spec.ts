// The tables' layout as an operator sees it at 1440 × 900: the user and audit tables grow with the
// page (one scroll bar, every row of a page laid out) instead of a box of ~9 rows, while 250 a page and Show All
// keep to the window and virtualize; and the detailed name analytics grid shows its last column whole.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { storeSession } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

/** How the grid's own scroller and the page compare: does the grid scroll inside the page, and how many rows are laid out. */
async function gridLayout(grid: Locator) {
  return grid.evaluate((el) => {
    const scroller = el.querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
    return {
      innerScroll: scroller.scrollHeight - scroller.clientHeight,
      gridHeight: el.getBoundingClientRect().height,
      rowsInDom: el.querySelectorAll('.MuiDataGrid-row').length,
      pageScroll: document.scrollingElement!.scrollHeight - window.innerHeight,
    };
  });
}

async function waitForRows(grid: Locator, atLeast: number) {
  await expect.poll(async () => (await gridLayout(grid)).rowsInDom, { timeout: 20_000 }).toBeGreaterThanOrEqual(atLeast);
}

const lastRowInView = async (page: Page, grid: Locator) => {
  const last = grid.locator('.MuiDataGrid-row').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  return page.evaluate(() => window.scrollY);
};

test.beforeEach(async ({ page }) => {
  await storeSession(page);
});

test('User Management: a page of 50 grows with the page; 250 a page keeps to the window and virtualizes', async ({ page }) => {
  await page.goto('/user-management');
  const grid = page.getByRole('grid');
  await expect(page.getByText(/^1–50 of /)).toBeVisible();
  await waitForRows(grid, 50);
  const grown = await gridLayout(grid);
  // every row of the page laid out, the grid as tall as its rows, and the page (not the grid) scrolls
  expect(grown.rowsInDom).toBe(50);
  expect(grown.innerScroll).toBeLessThanOrEqual(1);
  expect(grown.gridHeight).toBeGreaterThan(50 * 56);
  expect(grown.pageScroll).toBeGreaterThan(2000);
  expect(await lastRowInView(page, grid)).toBeGreaterThan(2000);
  // every column title whole, the sorted one with its arrow ("Last active (U…" at 128 px)
  const cut = await grid.evaluate((el) =>
    ([...el.querySelectorAll('.MuiDataGrid-columnHeaderTitle')] as HTMLElement[])
      .filter((h) => h.scrollWidth > h.clientWidth)
      .map((h) => h.textContent),
  );
  expect(cut).toEqual([]);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('combobox', { name: /Users per page/ }).click();
  await page.getByRole('option', { name: '250', exact: true }).click();
  await expect(page.getByText(/^1–\d+ of /)).toBeVisible();
  await expect.poll(async () => (await gridLayout(grid)).innerScroll, { timeout: 20_000 }).toBeGreaterThan(1000);
  const windowed = await gridLayout(grid);
  expect(windowed.gridHeight).toBeLessThanOrEqual(900);
  expect(windowed.rowsInDom).toBeLessThan(40);
});

test('Audit Logs: the first page of entries grows with the page; more after Load more keep to the window', async ({ page }) => {
  await page.goto('/audit-logs?range=all');
  const grid = page.getByRole('grid');
  const count = page.getByTestId('audit-count');
  await expect(count).toHaveText(/^Showing \d+ entr/);
  const shown = Number((await count.textContent())!.match(/\d+/)![0]);
  expect(shown).toBeGreaterThan(20);
  await waitForRows(grid, Math.min(shown, 100));
  const grown = await gridLayout(grid);
  expect(grown.rowsInDom).toBe(Math.min(shown, 100));
  expect(grown.innerScroll).toBeLessThanOrEqual(1);
  expect(grown.pageScroll).toBeGreaterThan(1000);
  expect(await lastRowInView(page, grid)).toBeGreaterThan(1000);

  const loadMore = page.getByRole('button', { name: 'Load more' });
  if (await loadMore.isVisible()) {
    await loadMore.click();
    await expect(count).not.toHaveText(`Showing ${shown} entries`);
    await expect.poll(async () => (await gridLayout(grid)).innerScroll, { timeout: 20_000 }).toBeGreaterThan(500);
    expect((await gridLayout(grid)).gridHeight).toBeLessThanOrEqual(900);
  }
});

test('Name Analytics: the detailed name analytics grid shows its last column whole at 1440 px', async ({ page }) => {
  await page.goto('/analytics');
  const grid = page.getByRole('grid', { name: 'Detailed name analytics' });
  await expect(grid.locator('.MuiDataGrid-row').first()).toBeVisible();
  const fit = await grid.evaluate((el) => {
    const scroller = el.querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
    const headers = [...el.querySelectorAll('.MuiDataGrid-columnHeaderTitle')] as HTMLElement[];
    const last = headers[headers.length - 1];
    return {
      // The grid hides its sideways overflow when the columns fit (the last column's resize handle pokes out 5 px).
      scrollsSideways: getComputedStyle(scroller).overflowX !== 'hidden' && scroller.scrollWidth > scroller.clientWidth,
      lastHeader: last.textContent,
      lastHeaderRight: last.closest('.MuiDataGrid-columnHeader')!.getBoundingClientRect().right,
      gridRight: el.getBoundingClientRect().right,
      cutHeaders: headers.filter((h) => h.scrollWidth > h.clientWidth).map((h) => h.textContent),
    };
  });
  expect(fit.lastHeader).toBe('Last swiped (UTC)');
  expect(fit.scrollsSideways).toBe(false);
  expect(fit.lastHeaderRight).toBeLessThanOrEqual(fit.gridRight);
  expect(fit.cutHeaders).toEqual([]);

  // Recent matches: both partners of a row, name and id, inside their cell (rows are two lines tall there).
  const matches = page.getByRole('grid', { name: 'Recent matches' });
  await expect(matches.locator('.MuiDataGrid-row').first().getByRole('link')).toHaveCount(2);
  const spilled = await matches.evaluate(
    (el) =>
      [...el.querySelectorAll('.MuiDataGrid-cell[data-field="user_a"]')].filter((cell) => {
        const box = cell.getBoundingClientRect();
        return [...cell.querySelectorAll('a')].some((a) => {
          const r = a.getBoundingClientRect();
          return r.top < box.top || r.bottom > box.bottom;
        });
      }).length,
  );
  expect(spilled).toBe(0);
});

test.describe('at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  // A grid wider than the window scrolls sideways with its scroll bar under the last row, out of sight in a table
  // that grows with the page: at this width the tables leave out what the Columns button brings back.
  for (const [path, lastColumn] of [
    ['/user-management', 'Actions'],
    ['/audit-logs?range=all', 'Console action'],
  ] as const) {
    test(`${path} fits the window, its ${lastColumn} column in view`, async ({ page }) => {
      await page.goto(path);
      const grid = page.getByRole('grid');
      await waitForRows(grid, 10);
      const fit = await grid.evaluate((el) => {
        const scroller = el.querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
        const titles = [...el.querySelectorAll('.MuiDataGrid-columnHeaderTitle')] as HTMLElement[];
        return {
          scrollsSideways: getComputedStyle(scroller).overflowX !== 'hidden' && scroller.scrollWidth > scroller.clientWidth,
          last: titles[titles.length - 1].textContent,
          lastRight: titles[titles.length - 1].closest('.MuiDataGrid-columnHeader')!.getBoundingClientRect().right,
          cutHeaders: titles.filter((h) => h.scrollWidth > h.clientWidth).map((h) => h.textContent),
        };
      });
      // every title whole, the sort arrow beside it ("Created (UTC) ↓" was "Created (…")
      expect(fit.cutHeaders).toEqual([]);
      expect(fit.last).toBe(lastColumn);
      expect(fit.scrollsSideways).toBe(false);
      expect(fit.lastRight).toBeLessThanOrEqual(1024);
      // what was left out is one click away
      await page.getByRole('button', { name: 'Select columns' }).click();
      await expect(page.getByRole('checkbox', { name: path.startsWith('/user') ? 'UID' : 'Last swipe (UTC)' })).not.toBeChecked();
    });
  }
});
