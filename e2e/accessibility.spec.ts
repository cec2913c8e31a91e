// axe-core on every screen: no serious or critical violation on /login, /invite and each admin
// route, in light and dark mode; and the console works from the keyboard alone with a visible focus.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';
import { adminPages } from '../src/app/adminPages';
import { DEMO_ADMIN, openFromNavigation, signIn } from './helpers';

// The dark theme changes colours only (the same components, the same structure): there, the colour rules.
const DARK_BACKGROUND = 'rgb(15, 17, 23)'; // theme.ts: background.default in dark mode
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
// What a placeholder's markup can get wrong; axe over the placeholders alone (the whole analytics page took 15 s).
const ARIA_RULES = [
  'aria-allowed-attr',
  'aria-allowed-role',
  'aria-prohibited-attr',
  'aria-progressbar-name',
  'aria-required-attr',
  'aria-roles',
  'aria-valid-attr',
  'aria-valid-attr-value',
];

/**
 * MUI's fields ease their label colour over 200 ms: axe reading a label mid-way through the switch to dark saw a
 * colour between the two themes (a contrast violation that was neither theme's). CSS transitions are among the
 * document's animations: wait for those (not for endless ones, such as a spinner's).
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function seriousViolations(page: Page, only?: string[], within?: string) {
  // Violations only: axe then stops collecting every passing node, most of its time on a page with a grid.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (within) axe.include(within);
  const results = await (only ? axe.withRules(only) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** The page has rendered its heading and no skeleton or progress is left. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

test('/login and /invite have no serious or critical axe violations', async ({ page }) => {
  await page.goto('/login');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/invite?code=K7Q-2P9');
  await expect(page.getByRole('heading', { name: "You're invited to Baby Names" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('every admin route has no serious or critical axe violations, in light and then in dark mode', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => window.localStorage.setItem('babynames.admin.theme', 'light'));
  await signIn(page);
  const found: Record<string, unknown> = {};
  for (const { path, label } of adminPages) {
    // Through the navigation, as an operator goes: one page load for all the routes.
    await openFromNavigation(page, label);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await settled(page);
    const light = await seriousViolations(page);
    if (light.length > 0) found[`${path} (light)`] = light;
    // The same page switched to dark by its own toggle: no second load.
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
    await settled(page);
    await transitionsEnded(page);
    const dark = await seriousViolations(page, COLOUR_RULES);
    if (dark.length > 0) found[`${path} (dark)`] = dark;
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
  }
  expect(found).toEqual({});
});

// Loading placeholders are on screen for a moment only, usually after axe has looked: here the charts' code and
// the dashboard's figures are held back while it looks (an aria-label on a skeleton's bare span was a violation).
test('loading placeholders have no serious or critical axe violations', async ({ page }) => {
  await signIn(page, '/database-admin');
  const held: (() => void)[] = [];
  const hold = async (route: Route) => {
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  };
  await page.route('**/assets/AnalyticsCharts-*.js', hold);
  await page.route('**/api/swipes/stats', hold);
  for (const [label, placeholder] of [
    ['Analytics', 'Loading Swipes over time chart'],
    ['Dashboard', 'Loading Total Swipes'],
  ] as const) {
    await openFromNavigation(page, label);
    await expect(page.getByRole('progressbar', { name: placeholder })).toBeVisible();
    expect({ label, violations: await seriousViolations(page, ARIA_RULES, '.MuiSkeleton-root') }).toEqual({ label, violations: [] });
  }
  held.forEach((release) => release());
});

test('keyboard alone: sign in, reach a page through the navigation, filter, open and close a dialog, with a visible focus', async ({
  page,
}) => {
  await page.goto('/login');
  await settled(page);
  // Tab to the email field, type, on to the password, Enter signs in.
  const email = page.getByRole('textbox', { name: 'Email' });
  for (let i = 0; i < 10 && !(await email.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  await page.keyboard.type(DEMO_ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeFocused();
  await page.keyboard.type(DEMO_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The navigation is one tab stop (the current page's tab); the arrow keys move along it, Enter opens.
  const current = page.getByRole('tab', { name: 'Dashboard' });
  for (let i = 0; i < 30 && !(await current.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(current).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const tab = page.getByRole('tab', { name: 'Manage Names' });
  await expect(tab).toBeFocused();
  const focusStyle = await tab.evaluate((el) => {
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow, bg: style.backgroundColor };
  });
  expect(focusStyle.outline !== 'none' && focusStyle.width > 0).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manage-names/);
  await settled(page);

  // A letter filter by keyboard.
  const letterB = page.getByRole('group', { name: 'Filter by first letter' }).getByRole('button', { name: 'B', exact: true });
  await letterB.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/letter=B/);

  // Select a row's checkbox with Space, open the delete confirmation, close it with Escape.
  const checkbox = page.getByRole('checkbox', { name: 'Select row' }).first();
  await checkbox.focus();
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  const bulk = page.getByRole('button', { name: /Delete selected/ });
  await bulk.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
