import { expect, test } from '@playwright/test';
import { openFromNavigation, signIn, storeSession } from './helpers';

// Every admin page is reachable from the top navigation (a tab, or the More menu) and renders without the error screen.
const pages: [label: string, path: string, heading: RegExp][] = [
  ['Manage Names', '/manage-names', /^Manage Names$/],
  ['Bulk Upload', '/bulk-upload', /^Bulk Upload$/],
  ['Analytics', '/analytics', /^Name Analytics Dashboard$/],
  ['User Analytics', '/user-analytics', /^User Analytics$/],
  ['Advanced Analytics', '/advanced-analytics', /^Advanced Analytics$/],
  ['User Management', '/user-management', /^User Management$/],
  ['Operators', '/operators', /^Operators$/],
  ['Audit Logs', '/audit-logs', /^Audit Logs$/],
  ['Data Export', '/data-export', /^Data Export$/],
  ['Database Admin', '/database-admin', /^Database Admin$/],
  ['API Reference', '/api-reference', /^API Reference$/],
  ['Dashboard', '/dashboard', /^Dashboard$/],
];

test('the top navigation reaches every admin page', async ({ page }) => {
  await signIn(page);
  for (const [label, path, heading] of pages) {
    await openFromNavigation(page, label);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Something went wrong.')).toHaveCount(0);
  }
});

test('the login page and the dark theme look right', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('login.png') });
  await signIn(page);
  await page
    .getByRole('button', { name: /dark|theme/i })
    .first()
    .click();
  await page.reload();
  // the choice is remembered across a reload
  await expect(page.locator('body')).toHaveCSS('background-color', /rgb\((1\d|2\d|3\d|\d),/);
  await expect(page.getByRole('region', { name: 'Total Names' })).toContainText(/\d/);
  await page.screenshot({ path: testInfo.outputPath('dashboard-dark.png') });
});

test('an unknown address says so inside the console', async ({ page }) => {
  await signIn(page, '/no-such-page');
  await expect(page.getByText('There is no page at this address.')).toBeVisible();
});

// A reload of an admin page with a kept session fetches the page's code while the session is checked, not after.
test('a reload with a kept session loads the page and the admin modules beside the session check', async ({ page }) => {
  await storeSession(page);
  const fetched: string[] = [];
  let answered = false;
  page.on('request', (request) => {
    if (!answered) fetched.push(new URL(request.url()).pathname);
  });
  // The check's answer waits (up to 5 s) until the page's code has been asked for: without the early load it
  // never is, and the list below shows it.
  await page.route('**/auth/account', async (route) => {
    for (let waited = 0; waited < 5_000 && !fetched.some((p) => /\/UserManagementPage-[\w-]+\.js$/.test(p)); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    answered = true;
    await route.continue();
  });
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  expect(
    fetched.filter((p) => /\/(UserManagementPage|adminModules)-[\w-]+\.js$/.test(p)).map((p) => p.replace(/-[\w-]+\.js$/, '')),
  ).toEqual(expect.arrayContaining(['/assets/UserManagementPage', '/assets/adminModules']));
});

test('Ctrl-K opens the command palette: a page by its name, a user by e-mail, keyboard only, axe-clean', async ({ page }, testInfo) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await signIn(page);
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Search pages, users and names' });
  await expect(input).toBeFocused();
  await input.fill('audit');
  await expect(page.getByRole('option', { name: /Audit Logs/ })).toHaveAttribute('aria-selected', 'true');
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/audit-logs$/);

  // the demo app user, by e-mail
  await page.keyboard.press('Control+k');
  await input.fill('user@babynames');
  const found = page.getByRole('option', { name: /user@babynames\.test/ }).first();
  await expect(found).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('command-palette.png') });
  await found.click();
  await expect(page).toHaveURL(/\/user-management\?q=/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
});
