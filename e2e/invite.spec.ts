// The public invite page on a phone-sized screen: no session, no console, store links after 2.5 s.
import { expect, test } from '@playwright/test';

const SHOTS = process.env.E2E_SHOTS_DIR;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('with a code: tries the app, then after 2.5 s offers Open in App and the stores', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  const started = Date.now();
  await page.goto('/invite?code=K7Q-2P9');
  await expect(page.getByRole('heading', { name: "You're invited to Baby Names" })).toBeVisible();
  await expect(page.getByText('K7Q-2P9')).toBeVisible();
  await expect(page.getByText(/Opening the app…/)).toBeVisible();
  expect(await page.getByRole('link').count()).toBe(0);
  await expect(page).toHaveURL(/\/invite\?code=K7Q-2P9$/); // no redirect to /login
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0); // no console chrome
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/invite-before.png` });

  const open = page.getByRole('link', { name: 'Open in App' });
  await expect(open).toBeVisible({ timeout: 5000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
  await expect(open).toHaveAttribute('href', 'babynames://invite?code=K7Q-2P9');
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', /play\.google\.com/);
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', /apps\.apple\.com/);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The console (MUI, store, router) is never downloaded.
  expect(scripts.some((s) => /DataGrid|AppLayout|LoginPage/.test(s))).toBe(false);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/invite-after.png` });
});

test('without a code: says so plainly and offers the stores at once', async ({ page }) => {
  await page.goto('/invite');
  await expect(page.getByRole('alert')).toHaveText(/This invite link has no invite code\./);
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open in App' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/invite-no-code.png` });
});
