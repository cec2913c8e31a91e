import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER } from './helpers';

test('a guarded page without a session lands on /login', async ({ page }) => {
  await page.goto('/manage-names');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the spec message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a valid non-admin account does not get in and is told why', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_USER.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(/admin access/i)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin signs in, stays signed in across a reload, and logs out', async ({ page }) => {
  await page.goto('/manage-names');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // returns to where the guard stopped them
  await expect(page).toHaveURL(/\/manage-names$/);
  await page.reload();
  await expect(page).toHaveURL(/\/manage-names$/);
  await page.getByRole('button', { name: /logout/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
