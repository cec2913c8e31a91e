import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiGet, signIn } from './helpers';

const nameCells = (page: Page) => page.locator('[role="gridcell"][data-field="name"]');
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('gridcell', { name, exact: true }) });

async function addName(page: Page, name: string, gender: string, nationality: string) {
  const form = page.getByRole('form', { name: 'Add a name' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: gender, exact: true }).click();
  await form.getByRole('combobox', { name: 'Nationality' }).fill(nationality);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Name added successfully!').last()).toBeVisible();
}

async function chooseLetter(page: Page, letter: string) {
  await page.getByRole('group', { name: 'Filter by first letter' }).getByRole('button', { name: letter, exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, '/manage-names');
  await expect(page.getByRole('heading', { name: 'Manage Names', level: 1 })).toBeVisible();
});

test('add, edit, cancel an edit, and delete a name', async ({ page }, testInfo) => {
  // Ýda (and Ýdda after the edit) sort before the Ý names the import tests add (Ýmir-…, Ýr-…, thousands of rows on
  // the shared database): the grid renders only the rows in view, so a row further down would not be found.
  await addName(page, 'Ýda', 'female', 'icelandic');
  await chooseLetter(page, 'Ý');
  await expect(page).toHaveURL(/letter=%C3%9D|letter=Ý/);
  await expect(row(page, 'Ýda')).toBeVisible();

  // Edit and save
  await row(page, 'Ýda').getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Save' }) });
  await editor.getByRole('textbox').first().fill('Ýdda');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved successfully!')).toBeVisible();
  await expect(row(page, 'Ýdda')).toBeVisible();

  // An empty field is refused and the row stays in edit mode; Cancel restores the saved value
  await row(page, 'Ýdda').getByRole('button', { name: 'Edit' }).click();
  await editor.getByRole('textbox').first().fill('');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All fields must be filled out')).toBeVisible();
  await editor.getByRole('textbox').first().fill('Something Else');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, 'Ýdda')).toBeVisible();
  await expect(nameCells(page).filter({ hasText: 'Something Else' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('manage-names-letter.png'), fullPage: true });

  // Delete after the confirmation
  await row(page, 'Ýdda').getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this name?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Name deleted successfully!')).toBeVisible();
  await expect(row(page, 'Ýdda')).toHaveCount(0);
  await page.reload();
  await expect(nameCells(page).first()).toBeVisible();
  await expect(row(page, 'Ýdda')).toHaveCount(0);
});

test('delete selected needs a selection, then deletes exactly the selected names', async ({ page, request }) => {
  const token = await adminToken(request);
  const totalNames = async () => (await apiGet<{ totalNames: number }>(request, token, '/swipes/stats')).totalNames;
  await page.getByRole('button', { name: /Delete selected/ }).click();
  await expect(page.getByText('Please select at least one name to delete.')).toBeVisible();

  await addName(page, 'Quenby', 'female', 'english');
  await addName(page, 'Quennell', 'male', 'english');
  await chooseLetter(page, 'Q');
  for (const name of ['Quenby', 'Quennell']) {
    await row(page, name).getByRole('checkbox').check();
  }
  const before = await totalNames();
  await page.getByRole('button', { name: /Delete selected \(2\)/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('2');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Selected names deleted successfully!')).toBeVisible();
  await expect(row(page, 'Quenby')).toHaveCount(0);
  await expect(row(page, 'Quennell')).toHaveCount(0);
  // exactly the two selected rows left the database (other tests may have added Q names: count, not page)
  expect(await totalNames()).toBe(before - 2);
});

test('letter and nationality filters: A is not Á', async ({ page }, testInfo) => {
  await chooseLetter(page, 'A');
  await expect(nameCells(page).first()).toHaveText(/^A/);
  const aNames = await nameCells(page).allTextContents();
  expect(aNames.length).toBeGreaterThan(0);
  expect(aNames.every((n) => n.startsWith('A'))).toBe(true);

  await chooseLetter(page, 'Á');
  await expect(nameCells(page).first()).toHaveText(/^Á/);
  const accented = await nameCells(page).allTextContents();
  expect(accented.every((n) => n.startsWith('Á'))).toBe(true);

  // and Á names are never under A, however deep the A list goes on this page
  await chooseLetter(page, 'A');
  await expect(nameCells(page).first()).toHaveText(/^A/);
  expect((await nameCells(page).allTextContents()).some((n) => n.startsWith('Á'))).toBe(false);

  await chooseLetter(page, 'All');
  await page.getByRole('combobox', { name: 'Nationality' }).last().click();
  await page.getByRole('option', { name: 'irish', exact: true }).click();
  await expect(page).toHaveURL(/nationality=irish/);
  await expect(page.locator('[role="gridcell"][data-field="nationality"]').first()).toHaveText('irish');
  const nationalities = await page.locator('[role="gridcell"][data-field="nationality"]').allTextContents();
  expect(new Set(nationalities)).toEqual(new Set(['irish']));
  await page.screenshot({ path: testInfo.outputPath('manage-names-irish.png'), fullPage: true });

  // The filters are in the URL: a shared link opens the same view
  await page.goto('/manage-names?letter=%C3%81');
  await expect(nameCells(page).first()).toHaveText(/^Á/);
});

test('scrolling near the bottom loads the second and third pages of 50', async ({ page }) => {
  const offsets: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/names') offsets.push(Number(url.searchParams.get('offset')));
  });
  await page.reload();
  await expect(page.getByText(/^Showing 50 of [\d,]+ names$/)).toBeVisible();
  // The wheel over the grid scrolls the page, and the page's scroll the grid's rows (they stay virtualized), a step
  // at a time, until the viewport is within 300 px of the page's end: then the next page, and no more.
  await page.getByRole('grid').hover();
  for (const shown of [100, 150]) {
    const status = page.getByText(new RegExp(`^Showing ${shown} of [\\d,]+ names$`));
    await expect(async () => {
      await page.mouse.wheel(0, 1500);
      await expect(status).toBeVisible({ timeout: 1000 });
    }).toPass();
  }
  expect(offsets.slice(0, 3)).toEqual([0, 50, 100]);
  // Virtualized: only the rows in view are in the DOM, not all 150.
  expect(await nameCells(page).count()).toBeLessThan(60);
});

/** Two animation frames: the scroll check runs in the frame after a scroll event. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

test('the next page loads when the viewport is within 300 px of the page bottom, not at the end of the grid alone (spec 9)', async ({
  page,
}) => {
  // Every names page the console asks for, recorded as it calls fetch (a Playwright request event may come later).
  await page.addInitScript(() => {
    const offsets: string[] = [];
    Object.assign(window, { namesOffsets: offsets });
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
      if (url.pathname === '/api/names') offsets.push(url.searchParams.get('offset') ?? '0');
      return original(input, init);
    };
  });
  const asked = () => page.evaluate(() => (window as unknown as { namesOffsets: string[] }).namesOffsets);
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.reload();
  await expect(page.getByText(/^Showing 50 of [\d,]+ names$/)).toBeVisible();
  const scroller = page.locator('.MuiDataGrid-virtualScroller');
  // The page at its top: more than 300 px of it lie below the viewport.
  const pageBelow = () => page.evaluate(() => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight));
  expect(await pageBelow()).toBeGreaterThan(300);
  // The grid's rows scrolled to their end by script: the page follows them (the list scrolls as one page,
  // NamesGrid), and the page's bottom is still more than 300 px away: no second page yet.
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await twoFrames(page);
  await twoFrames(page);
  expect(await asked()).toEqual(['0']);
  // The page within 300 px of its bottom as well: the second page.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByText(/^Showing 100 of [\d,]+ names$/)).toBeVisible();
});
