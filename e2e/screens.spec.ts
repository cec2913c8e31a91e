// Screenshots of the screens issue 16 changed, at 1024, 1440 and 1920 px in both themes, for a person to
// look at (SHOTS=folder); without SHOTS the test is skipped. It also checks that the Premium chip of User
// Management is never cut short ("Premi…") at these widths.
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const SHOTS = process.env.SHOTS;
const PAGES = ['/dashboard', '/manage-names', '/bulk-upload', '/advanced-analytics', '/user-management', '/audit-logs', '/database-admin'];

for (const mode of ['light', 'dark'] as const) {
  test(`screens at 1024, 1440 and 1920 px (${mode})`, async ({ page }) => {
    test.skip(!SHOTS, 'set SHOTS=folder to take the screenshots');
    test.setTimeout(300_000);
    await page.addInitScript((m) => window.localStorage.setItem('babynames.admin.theme', m), mode);
    await signIn(page);
    for (const width of [1024, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
        if (path === '/user-management') {
          const chips = page.locator('.MuiChip-label', { hasText: /^Premium$/ });
          await expect(chips.first()).toBeVisible();
          const cut = await chips.evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).length);
          expect(cut).toBe(0);
        }
        await page.screenshot({ path: `${SHOTS}/${mode}-${width}${path.replace(/\//g, '-')}.png` });
      }
    }
  });
}
