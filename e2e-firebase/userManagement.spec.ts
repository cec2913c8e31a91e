// User Management in Firebase mode: the list, the flags and the delete go to Firestore from the browser.
import { expect, test, type Page } from '@playwright/test';
import { formatCount, signInWithForm } from '../e2e/helpers';
import { emulatorAdmin, SEARCH_SHOWN, skipWithoutEmulators } from './firebase';

skipWithoutEmulators();
const admin = emulatorAdmin();
test.setTimeout(120_000);

const userRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const search = (page: Page, text: string) => page.getByRole('textbox', { name: 'Search users' }).fill(text);

test.beforeEach(async ({ page }) => {
  await signInWithForm(page);
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
});

test('lists the Firestore users; Grant / Remove Premium and Deactivate / Activate write the record with updatedAt', async ({ page }) => {
  const { firestore } = await admin();
  const total = (await firestore.collection('users').count().get()).data().count;
  await expect(page.getByTestId('users-count')).toContainText(formatCount(total));

  const found = await firestore.collection('users').where('email', '==', 'pam_roob28@example.org').get();
  expect(found.size).toBe(1);
  const ref = found.docs[0]!.ref;
  const before = found.docs[0]!.data();

  await search(page, 'pam_roob28@example.org');
  const row = userRow(page, 'Pam Roob');
  await expect(row).toBeVisible(SEARCH_SHOWN);
  await row.getByRole('button', { name: before.isPremium ? 'Remove Premium' : 'Grant Premium' }).click();
  await expect(row.getByRole('button', { name: before.isPremium ? 'Grant Premium' : 'Remove Premium' })).toBeVisible();
  await row.getByRole('button', { name: before.accountActive ? 'Deactivate' : 'Activate' }).click();
  await expect(row.getByRole('button', { name: before.accountActive ? 'Activate' : 'Deactivate' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('firebase-users-toggled.png'), fullPage: true });

  const after = (await ref.get()).data()!;
  expect(after.isPremium).toBe(!before.isPremium);
  expect(after.accountActive).toBe(!before.accountActive);
  expect(after.updatedAt.toMillis()).toBeGreaterThan(before.updatedAt.toMillis());

  await page.reload();
  await expect(userRow(page, 'Pam Roob').getByRole('button', { name: before.isPremium ? 'Grant Premium' : 'Remove Premium' })).toBeVisible(
    SEARCH_SHOWN,
  );
  await ref.update({ isPremium: before.isPremium, accountActive: before.accountActive });
});

test('delete asks first and removes the record; the app’s ACCOUNT_DELETED event is written', async ({ page }) => {
  const { firestore } = await admin();
  const found = await firestore.collection('users').where('email', '==', 'tommie.crona@example.org').get();
  expect(found.size).toBe(1);
  const uid = found.docs[0]!.id;

  await search(page, 'tommie.crona@example.org');
  const row = userRow(page, 'Tommie Crona');
  await expect(row).toBeVisible(SEARCH_SHOWN);
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('This cannot be undone.');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('Tommie Crona was deleted.')).toBeVisible();
  // Then the hosted API's part (DELETE /api/accounts/:uid): the seed gave this user no Auth account (only the demo
  // accounts have one), and the API's copy of the record went with its rows.
  await expect(page.getByText(/Auth account: none found \(already gone\)\. Hosted API: its copy of the record/)).toBeVisible();
  await expect(page.getByText('No users found matching your criteria.')).toBeVisible(SEARCH_SHOWN);

  expect((await firestore.doc(`users/${uid}`).get()).exists).toBe(false);
  const events = await firestore.collection('audit_logs').where('userId', '==', uid).where('event', '==', 'ACCOUNT_DELETED').get();
  expect(events.size).toBeGreaterThan(0);
});

test('Next keeps its Firestore cursor in the address: a reload or a shared link reads that page, not every user before it', async ({
  page,
}) => {
  const firstRow = () => page.getByRole('row').nth(1);
  await expect(page.getByRole('button', { name: 'Go to next page' })).toBeEnabled();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2&after=k/);
  await expect(page.getByText(/^51–100 of /)).toBeVisible();
  const shown = await firstRow().getAttribute('data-id');
  const address = page.url();

  // A fresh tab with the shared link: the same page, from the same cursor.
  const other = await page.context().newPage();
  await other.goto(address);
  await expect(other.getByText(/^51–100 of /)).toBeVisible();
  await expect(other.getByRole('row').nth(1)).toHaveAttribute('data-id', shown!);

  // Previous from a page reached by cursor reads before it (the address says so), and page 1 needs no cursor.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/[?&]page=3&after=k/);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page).toHaveURL(/[?&]page=2&after=k/);
  await expect(firstRow()).toHaveAttribute('data-id', shown!);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page).toHaveURL(/\/user-management$/);
});
