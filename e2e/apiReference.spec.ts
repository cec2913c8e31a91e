// API Reference in Chromium against the reference backend: the demo admin opens it from the navigation's More menu,
// sees every operation of the served document (GET /api/openapi.json), filters to GET /api/names, opens it to its
// parameters and answers, and downloads the document; opened operations pass axe in both themes (e2e/accessibility.spec.ts
// sees the page with every operation closed). Screenshot: E2E_SHOTS_DIR/api-reference.png when set, else the
// test's output folder.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiGet, openFromNavigation, signIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;

interface Document {
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

test('the API reference lists the served operations, filters, opens one and downloads the document', async ({
  page,
  request,
}, testInfo) => {
  const served = await apiGet<Document>(request, await adminToken(request), '/openapi.json');
  const total = Object.values(served.paths).reduce((sum, item) => sum + Object.keys(item).filter((key) => METHODS.includes(key)).length, 0);

  await signIn(page);
  await openFromNavigation(page, 'API Reference');
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
  await expect(page.getByTestId('operations-count')).toHaveText(`${total} operations`);
  await expect(page.getByRole('heading', { level: 2, name: '/api/names' })).toBeVisible();

  const filter = page.getByRole('searchbox', { name: 'Filter operations' });
  await filter.fill('GET /api/names');
  await expect(page).toHaveURL(/\/api-reference\?q=GET\+%2Fapi%2Fnames$/);
  const names = page.getByRole('button', { name: /^GET \/api\/names$/ });
  await expect(names).toBeVisible();
  // Only GETs under /api/names are left (the list, the nationalities, the trash, a bulk job...).
  await expect(page.getByTestId('operations-count')).toHaveText(new RegExp(`^\\d+ of ${total} operations$`));
  await expect(page.getByRole('button', { name: /^(POST|PUT|DELETE) / })).toHaveCount(0);

  // From the keyboard, as an accordion is opened.
  await names.focus();
  await page.keyboard.press('Enter');
  await expect(names).toHaveAttribute('aria-expanded', 'true');
  const details = page.getByRole('region', { name: /^GET \/api\/names$/ });
  const parameters = details.getByRole('table', { name: 'Parameters of GET /api/names' });
  await expect(parameters.getByRole('row', { name: /^limit query no integer 1 to 500 · default 50/ })).toBeVisible();
  await expect(parameters.getByRole('row', { name: /^q query no string/ })).toBeVisible();
  const responses = details.getByRole('list', { name: 'Responses of GET /api/names' });
  await expect(responses).toContainText('200');
  await expect(responses).toContainText('totalIsEstimate');
  // The shared error answer, through its $ref into components.
  await expect(responses).toContainText('object (ApiError)');

  await page.screenshot({ path: SHOTS ? `${SHOTS}/api-reference.png` : testInfo.outputPath('api-reference.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download openapi.json' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('openapi.json');
  const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as Document;
  expect(file).toEqual(served);
});

test('a failing read shows the reason, and Retry reads again', async ({ page }) => {
  let refused = true;
  await page.route('**/api/openapi.json', (route) =>
    refused
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'unavailable', message: 'Try again shortly' }),
        })
      : route.continue(),
  );
  await signIn(page, '/api-reference');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/Failed to load the API reference: Try again shortly/);
  refused = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '/api/names' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

/** axe's serious and critical findings on the page (WCAG 2.1 A and AA, or only `rules`). */
async function seriousViolations(page: Page, rules?: string[]) {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (rules ? axe.withRules(rules) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

test('opened operations, their schemas and JSON have no serious or critical axe violations, light and dark', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('babynames.admin.theme', 'light'));
  await signIn(page, '/api-reference?q=%2Fapi%2Fnames');
  for (const name of [/^GET \/api\/names$/, /^DELETE \/api\/names\/\{id\}$/]) {
    const operation = page.getByRole('button', { name });
    await operation.click();
    await expect(operation).toHaveAttribute('aria-expanded', 'true');
  }
  const details = page.getByRole('region', { name: /^GET \/api\/names$/ });
  await details.getByRole('button', { name: 'Show JSON schema' }).first().click();
  await expect(details.getByRole('button', { name: 'Hide JSON schema' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  expect(await seriousViolations(page, ['color-contrast', 'link-in-text-block'])).toEqual([]);
});
