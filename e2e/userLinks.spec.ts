// User ids that lead to the user: the audit trail and recent matches show the name or e-mail
// beside the 28-character id and link to the user's lookup, which opens scrolled to its result; a shared lookup
// link does the same.
import { expect, test, type Page } from '@playwright/test';
import type { UsersPage, UserRecord } from '../contract/schemas/usersAudit';
import { adminTokenOncePerFile, apiGet, signIn } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const adminToken = adminTokenOncePerFile();

const displayName = (user: UserRecord) => user.displayName || user.username || user.email || '';

/** The lookup's result is on screen below the sticky navigation: its heading names the user. */
async function expectLookupResultInView(page: Page, user: UserRecord) {
  const heading = page.getByRole('heading', { level: 3, name: displayName(user), exact: true });
  await expect(heading).toBeInViewport();
  const lookup = page.getByRole('region', { name: 'Look up a user' });
  // the section starts just under the navigation, not scrolled past and not left at the bottom of the page
  await expect.poll(async () => (await lookup.boundingBox())!.y).toBeGreaterThanOrEqual(90);
  expect((await lookup.boundingBox())!.y).toBeLessThan(200);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
}

test('a user id in the audit trail shows the name and opens that user, scrolled to the result', async ({ page, request }) => {
  const token = await adminToken(request);
  const user = (await apiGet<UsersPage>(request, token, '/users?limit=1&sort=email&order=asc')).users[0];
  // Granting premium writes a console action about that user onto the trail.
  const patched = await request.patch(`/api/users/${user.uid}`, {
    data: { isPremium: !user.isPremium },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(patched.ok()).toBeTruthy();
  await signIn(page, '/audit-logs?range=1&source=console');
  const link = page
    .getByRole('grid')
    .getByRole('link', { name: `${displayName(user)} ${user.uid}` })
    .first();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/advanced-analytics?user=${user.uid}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/advanced-analytics\\?user=${user.uid}$`));
  await expectLookupResultInView(page, user);
});

test('a shared lookup link opens scrolled to its result; a partner in recent matches links to the partner', async ({ page, request }) => {
  const token = await adminToken(request);
  await signIn(page, '/analytics');
  const matches = page.getByRole('grid', { name: 'Recent matches' });
  const partner = matches.locator('.MuiDataGrid-row').first().getByRole('link').first();
  await expect(partner).toBeVisible();
  const href = (await partner.getAttribute('href'))!;
  const uid = new URL(href, 'http://x').searchParams.get('user')!;
  const user = await apiGet<UserRecord>(request, token, `/users/${encodeURIComponent(uid)}`);
  await expect(partner).toHaveText(`${displayName(user)} ${uid}`);

  // The link as someone would share it: a fresh page, straight at the address.
  await page.goto(href);
  await expectLookupResultInView(page, user);
  await page.screenshot({ path: test.info().outputPath('lookup-from-link.png') });
});
