import { expect, test } from '@playwright/test';
import { adminToken, apiGet, apiPost, formatCount, liveCounts, signIn } from './helpers';

interface SwipeStats {
  totalNames: number;
  totalSwipes: number;
}

test('the dashboard shows the seeded figures and a new user live', async ({ page, request, baseURL }) => {
  const token = await adminToken(request);
  const stats = await apiGet<SwipeStats>(request, token, '/swipes/stats');
  const counts = await liveCounts(baseURL!, token);
  expect(stats.totalNames).toBeGreaterThan(1000);
  expect(stats.totalSwipes).toBeGreaterThan(0);
  expect(counts.users).toBeGreaterThan(100);
  expect(counts.acceptedConnections).toBeGreaterThan(0);

  await signIn(page);
  const card = (title: string) => page.getByRole('region', { name: title });
  await expect(card('Total Users')).toContainText(formatCount(counts.users));
  await expect(card('Total Names')).toContainText(formatCount(stats.totalNames));
  await expect(card('Total Swipes')).toContainText(formatCount(stats.totalSwipes));
  await expect(card('Connections')).toContainText(formatCount(counts.acceptedConnections));
  await page.screenshot({ path: 'test-results/dashboard.png', fullPage: true });

  // A user created through the backend shows without a reload.
  await apiPost(request, token, '/users', { email: `live-${Date.now()}@example.com`, displayName: 'Live Check' });
  await expect(card('Total Users')).toContainText(formatCount(counts.users + 1));

  // Every section has a link card.
  for (const label of ['Manage Names', 'Bulk Upload', 'Analytics', 'User Management', 'Audit Logs', 'Data Export', 'Database Admin']) {
    await expect(
      page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: new RegExp(label) })
        .first(),
    ).toBeVisible();
  }
});
