// The three analytics screens against the seeded reference backend: real figures (compared with what the
// API answers), the filters in the address, the spec 8 errors with Retry (the API made to fail with request
// routing), the charts drawn, a user looked up. Screenshots go to the test's output folder.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { DecisionTimeStats, MatchAnalytics, NameAnalytics, TopRankedName, UserStats } from '../contract/schemas/analytics';
import type { UsersPage, UserRecord } from '../contract/schemas/usersAudit';
import { adminToken, apiGet, formatCount, signIn } from './helpers';

const oneDecimal = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const seconds = (ms: number) => `${oneDecimal(ms / 1000)} s`;
const percent = (ratio: number) => `${oneDecimal(ratio * 100)}%`;

// The machine running these may be shared and busy: generous time per test, and no chart animations (x-charts
// honours prefers-reduced-motion), so a screenshot shows the drawn lines rather than a frame of the animation.
test.setTimeout(180_000);
const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const grid = (page: Page, name: string) => page.getByRole('grid', { name });

test('Name Analytics shows the seeded figures, health, charts and tables', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const [topRanked, decisions, matches] = await Promise.all([
    apiGet<TopRankedName[]>(request, token, '/analytics/top-ranked-names'),
    apiGet<DecisionTimeStats>(request, token, '/analytics/decision-time-stats'),
    apiGet<MatchAnalytics[]>(request, token, '/analytics/match-analytics'),
  ]);
  expect(topRanked.length).toBeGreaterThan(0);
  expect(decisions.total_decisions).toBeGreaterThan(0);
  expect(matches.length).toBeGreaterThan(0);

  await signIn(page);
  await page.getByRole('tab', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Name Analytics Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle(/^Name Analytics/);

  await expect(region(page, 'Average decision time')).toContainText(seconds(decisions.avg_decision_time!));
  await expect(region(page, 'Fast decisions (< 2 s)')).toContainText(percent(decisions.fast_decision_ratio));
  await expect(region(page, 'Slow decisions (> 5 s)')).toContainText(percent(decisions.slow_decision_ratio));
  await expect(region(page, 'Timed decisions')).toContainText(formatCount(decisions.total_decisions));

  const first = topRanked[0];
  const firstRow = grid(page, 'Top ranked names').getByRole('row').filter({ hasText: first.name }).first();
  await expect(firstRow).toContainText(formatCount(first.total_swipes));
  await expect(firstRow).toContainText(percent(first.like_ratio));
  await expect(grid(page, 'Recent matches')).toContainText(matches[0].name);
  await expect(grid(page, 'Detailed name analytics').getByRole('row')).not.toHaveCount(1);

  // The charts are drawn (SVG from the lazily loaded chart chunk).
  for (const chart of ['Swipes and likes per day', 'Daily active users', 'Likes per day by origin', 'Like ratio by origin']) {
    await expect(page.getByRole('img', { name: chart }).locator('svg').first()).toBeVisible();
  }

  // The health debug block lists the analytics tables.
  await page.getByRole('button', { name: /System health/ }).click();
  await expect(page.getByText(/^analytics_tables \(\d+\)$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'table_counts' })).toContainText('swipes');
  await page.screenshot({ path: testInfo.outputPath('analytics.png'), fullPage: true });
});

test('Name Analytics filters live in the address and survive a reload', async ({ page, request }) => {
  const token = await adminToken(request);
  const female = await apiGet<NameAnalytics[]>(request, token, '/analytics/name-analytics?gender=female');
  const irishFemale = await apiGet<NameAnalytics[]>(request, token, '/analytics/name-analytics?gender=female&origin=irish');
  expect(female.length).toBeGreaterThan(0);
  expect(irishFemale.length).toBeGreaterThan(0);

  await signIn(page, '/analytics');
  const details = grid(page, 'Detailed name analytics');
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await expect(page).toHaveURL(/\/analytics\?gender=female$/);
  await expect(details).toContainText(female[0].name);
  await expect(details.getByRole('row').filter({ hasText: /Male|Unisex/ })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Origin' }).click();
  await page.getByRole('option', { name: 'Irish' }).click();
  await expect(page).toHaveURL(/\/analytics\?gender=female&origin=irish$/);
  await expect(details).toContainText(irishFemale[0].name);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Gender' })).toHaveText('Female');
  await expect(page.getByRole('combobox', { name: 'Origin' })).toHaveText('Irish');
  await expect(details).toContainText(irishFemale[0].name);
  await expect(details.getByRole('row').filter({ hasText: /English|German|French|Scandinavian/ })).toHaveCount(0);
});

test('Name Analytics errors: missing analytics tables, then a failing API, and Retry', async ({ page }, testInfo) => {
  await signIn(page);
  // Health answers without analytics tables.
  await page.route('**/api/admin/health', (route) =>
    route.fulfill({
      json: {
        postgresql: 'PostgreSQL 15',
        tables: ['names', 'users'],
        analytics_tables: [],
        views: [],
        table_counts: { names: 3, users: 2 },
      },
    }),
  );
  await page.goto('/analytics');
  const alert = page.getByRole('alert').filter({ hasText: 'Analytics tables' });
  await expect(alert).toHaveText(/Analytics tables not found\. Available tables: names, users/);
  await page.screenshot({ path: testInfo.outputPath('analytics-no-tables.png') });

  // Health is fine, but every analytics call fails.
  await page.unroute('**/api/admin/health');
  await page.route('**/api/analytics/**', (route) =>
    route.fulfill({ status: 503, json: { error: 'unavailable', message: 'Analytics store offline' } }),
  );
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to fetch' })).toHaveText(
    /Unable to fetch analytics data: Analytics store offline/,
  );
  await expect(region(page, 'Top ranked names')).toContainText('Top ranked names could not be loaded: Analytics store offline');
  await page.screenshot({ path: testInfo.outputPath('analytics-error.png') });

  // The API comes back: Retry shows the data.
  await page.unroute('**/api/analytics/**');
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to fetch' })).toHaveCount(0);
  await expect(grid(page, 'Top ranked names').getByRole('row')).not.toHaveCount(1);
});

test('User Analytics shows the user stats and the top names, and its error with Retry', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const stats = await apiGet<UserStats>(request, token, '/analytics/user-stats');
  const byGender = await apiGet<Record<string, [string, number][]>>(request, token, '/analytics/top-names-by-gender');
  expect(stats.totalSwipes).toBeGreaterThan(0);

  await signIn(page);
  await page.getByRole('tab', { name: 'User Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'User Analytics' })).toBeVisible();
  await expect(region(page, 'Total swipes')).toContainText(formatCount(stats.totalSwipes));
  await expect(region(page, 'Unique users')).toContainText(formatCount(stats.uniqueUsers));
  await expect(region(page, 'Total names')).toContainText(formatCount(stats.totalNames));
  await expect(region(page, 'Total likes')).toContainText(formatCount(stats.totalLikes));
  await expect(region(page, 'Total dislikes')).toContainText(formatCount(stats.totalDislikes));
  await expect(region(page, 'Total connections')).toContainText(formatCount(stats.totalConnections));
  await expect(region(page, 'Like rate')).toContainText(percent(stats.likeRate));
  const [topFemale, topFemaleLikes] = byGender.female[0];
  await expect(page.getByRole('list', { name: 'Top names, female' }).getByRole('listitem').first()).toContainText(
    `1.${topFemale}${formatCount(topFemaleLikes)}`,
  );
  await page.screenshot({ path: testInfo.outputPath('user-analytics.png'), fullPage: true });

  await page.route('**/api/analytics/user-stats', (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'down' } }));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to load analytics data. Please try again later.Retry');
  await page.unroute('**/api/analytics/user-stats');
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(region(page, 'Total swipes')).toContainText(formatCount(stats.totalSwipes));

  await page.route('**/api/analytics/top-names-by-nationality', (route) =>
    route.fulfill({ status: 500, json: { error: 'internal', message: 'down' } }),
  );
  await page.reload();
  await expect(region(page, 'Top 10 names by nationality')).toContainText('Failed to load analytics.');
  await expect(region(page, 'Total swipes')).toContainText(formatCount(stats.totalSwipes));
});

test('Advanced Analytics: summary, insights, top names and one user looked up by email', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const matches = await apiGet<MatchAnalytics[]>(request, token, '/analytics/match-analytics');
  const match = matches[0];
  const users = await apiGet<UsersPage>(request, token, `/users?search=${encodeURIComponent(match.user_a)}&limit=5`);
  const person = users.users.find((u) => u.uid === match.user_a)!;
  expect(person.email).toBeTruthy();
  const partner = await apiGet<UserRecord>(request, token, `/users/${encodeURIComponent(match.user_b)}`);
  // The partner by name beside the id, a link to their own lookup.
  const partnerHeading = `Matches with ${partner.displayName || partner.username || partner.email} ${match.user_b}`;

  await signIn(page);
  await page.getByRole('tab', { name: 'Advanced Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Advanced Analytics' })).toBeVisible();
  await expect(region(page, 'Total swipes')).toContainText(/\d/);
  const insights = page.getByRole('list', { name: 'Insights' });
  await expect(insights).toContainText('ranks first');
  await expect(insights).toContainText(/names are liked most: \d+\.\d% of their swipes/);
  await expect(insights).toContainText(/decisions|decisive|their time/);
  await expect(page.getByRole('list', { name: 'Top names, female' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('advanced-analytics.png'), fullPage: true });

  await page.getByRole('textbox', { name: 'Email or user ID' }).fill(person.email!.toUpperCase());
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page).toHaveURL(/\?user=/);
  await expect(page.getByRole('heading', { name: person.displayName || person.username || person.email! })).toBeVisible();
  await expect(grid(page, 'Latest swipes').getByRole('row')).not.toHaveCount(1);
  await expect(grid(page, 'Swipe sessions').getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('heading', { name: partnerHeading })).toBeVisible();
  await expect(page.getByRole('heading', { name: partnerHeading }).getByRole('link')).toHaveAttribute(
    'href',
    `/advanced-analytics?user=${match.user_b}`,
  );
  await expect(grid(page, 'Matches with partner')).toContainText(match.name);
  await page.getByRole('heading', { name: 'Look up a user' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('advanced-analytics-user.png'), fullPage: true });

  // The shared address opens the same user.
  await page.reload();
  await expect(page.getByRole('heading', { name: partnerHeading })).toBeVisible();
});

test('the analytics screens in the dark theme', async ({ page }, testInfo) => {
  await signIn(page);
  await page
    .getByRole('button', { name: /dark|theme/i })
    .first()
    .click();
  await page.goto('/analytics');
  await expect(page.getByRole('img', { name: 'Like ratio by origin' }).locator('svg').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('analytics-dark.png'), fullPage: true });
});
