// Manage Names and User Analytics in Firebase mode: both read the hosted API with the Firebase ID token, and
// what the console changes there is recorded on the trail under the Firebase account.
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, formatCount, signInWithForm } from '../e2e/helpers';
import { apiGet, idToken, newestConsoleAction, skipWithoutEmulators } from './firebase';

skipWithoutEmulators();

test('Manage Names lists the API’s names; an added name is stored and recorded under the Firebase uid and email', async ({
  page,
  request,
}) => {
  const token = await idToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const { total } = await apiGet<{ total: number }>(request, token, '/names?limit=1&offset=0');
  await signInWithForm(page);
  await page.goto('/manage-names');
  await expect(page.getByText(`Showing 50 of ${formatCount(total)} names`)).toBeVisible();

  const name = `Firebasia${Date.now().toString(36).replace(/\d/g, '')}`;
  const form = page.getByRole('form', { name: 'Add a name' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Nationality' }).fill('english');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Name added successfully!').last()).toBeVisible();
  await expect(page.getByText(`Showing 50 of ${formatCount(total + 1)} names`)).toBeVisible();
  const normalized = name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
  const action = await newestConsoleAction(request, token);
  expect(action).toMatchObject({ event: 'name.create', actor: { uid: 'demo-admin', email: DEMO_ADMIN.email } });
  expect(JSON.stringify(action)).toContain(normalized);
  await page.screenshot({ path: test.info().outputPath('firebase-manage-names.png') });
});

test('User Analytics shows the hosted API’s figures', async ({ page, request }) => {
  const token = await idToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const stats = await apiGet<{ uniqueUsers: number; totalSwipes: number; totalLikes: number }>(request, token, '/analytics/user-stats');
  expect(stats.totalSwipes).toBeGreaterThan(0);
  await signInWithForm(page);
  await page.goto('/user-analytics');
  const card = (title: string) => page.getByRole('region', { name: title, exact: true });
  await expect(card('Unique users')).toContainText(formatCount(stats.uniqueUsers));
  await expect(card('Total swipes')).toContainText(formatCount(stats.totalSwipes));
  await expect(card('Total likes')).toContainText(formatCount(stats.totalLikes));
  await page.screenshot({ path: test.info().outputPath('firebase-user-analytics.png'), fullPage: true });
});
