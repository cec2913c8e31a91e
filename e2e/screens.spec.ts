// Screenshots of the screens whose layout was reworked, at 1024, 1440 and 1920 px in both themes, for a person to
// look at (SHOTS=folder); without SHOTS the test is skipped. It also checks that the Premium chip of User
// Management is never cut short ("Premi…") at these widths.
import { expect, test } from '@playwright/test';
import type { UsersPage } from '../contract/schemas/usersAudit';
import { adminToken, apiGet, signIn } from './helpers';

const SHOTS = process.env.SHOTS;
const PAGES = [
  '/dashboard',
  '/manage-names',
  '/bulk-upload',
  '/analytics',
  '/advanced-analytics',
  '/user-management',
  '/audit-logs',
  '/data-export',
  '/database-admin',
];

for (const mode of ['light', 'dark'] as const) {
  test(`screens at 1024, 1440 and 1920 px (${mode})`, async ({ page, request }) => {
    test.skip(!SHOTS, 'set SHOTS=folder to take the screenshots');
    test.setTimeout(420_000);
    // One user's lookup too: the page a user id links to, opened at its result.
    const [user] = (await apiGet<UsersPage>(request, await adminToken(request), '/users?limit=1&sort=email&order=asc')).users;
    await page.addInitScript((m) => window.localStorage.setItem('babynames.admin.theme', m), mode);
    await signIn(page);
    for (const width of [1024, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [...PAGES, `/advanced-analytics?user=${user.uid}`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // The navigation loads after the page on a fresh load: a shot without it shows a console nobody sees.
        await expect(page.getByRole('tab').first()).toBeVisible();
        await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
        if (path === '/user-management') {
          const chips = page.locator('.MuiChip-label', { hasText: /^Premium$/ });
          await expect(chips.first()).toBeVisible();
          const cut = await chips.evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).length);
          expect(cut).toBe(0);
        }
        const name = path.startsWith('/advanced-analytics?') ? '-user-lookup' : path.replace(/\//g, '-');
        // The pages whose tables grow with the page, whole; the others as the window shows them.
        const fullPage = ['/analytics', '/audit-logs', '/user-management'].includes(path);
        await page.screenshot({ path: `${SHOTS}/${mode}-${width}${name}.png`, fullPage });
      }
    }
  });
}
