// Two operators on one user, against the real reference backend: each page's writes carry the row's version
// (If-Match). A toggle of another field goes through (one automatic retry on the record now); a toggle of a field
// changed since shows the conflict dialog; the user's History shows both operators' changes with their email and
// reverts one.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { UsersPage } from '../contract/schemas/usersAudit';
import { adminTokenOncePerFile, apiGet, DEMO_ADMIN, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-users';
const adminToken = adminTokenOncePerFile();
const userRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.setTimeout(120_000);

async function openUsers(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, `/user-management?q=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('users-count')).toHaveText('1 user matches');
  return page;
}

test('a stale page: another field goes through, the same field asks, History shows both and reverts one', async ({ browser, request }) => {
  // A free, active end user no other browser test changes.
  const candidates = await apiGet<UsersPage>(
    request,
    await adminToken(request),
    '/users?isPremium=false&accountActive=true&sort=email&order=desc&limit=20',
  );
  const user = candidates.users.find((u) => !u.isAdmin && u.email && !u.uid.startsWith('demo-') && u.displayName);
  expect(user, 'a free, active seeded user').toBeDefined();
  const { email, displayName } = user! as { email: string; displayName: string };

  const first = await openUsers(browser, email);
  const second = await openUsers(browser, email);
  const rowOn = (page: Page) => userRow(page, email);
  await expect(rowOn(second).getByRole('button', { name: 'Grant Premium' })).toBeVisible();

  // Operator 1 grants premium.
  await rowOn(first).getByRole('button', { name: 'Grant Premium' }).click();
  await expect(first.getByText(`Premium granted to ${displayName}.`, { exact: true })).toBeVisible();

  // Operator 2, whose row is from before, deactivates: another field, so it goes through on the record now.
  await rowOn(second).getByRole('button', { name: 'Deactivate' }).click();
  await expect(second.getByText(`${displayName} was deactivated.`)).toBeVisible();
  await expect(second.getByRole('dialog')).toHaveCount(0);
  // The row shows the record as it is now: operator 1's grant too.
  await expect(rowOn(second).getByRole('button', { name: 'Remove Premium' })).toBeVisible();
  await expect(rowOn(second).getByRole('button', { name: 'Activate' })).toBeVisible();

  // Operator 1's row still shows the account active: deactivating it again is a change to a field changed since.
  await rowOn(first).getByRole('button', { name: 'Deactivate' }).click();
  const dialog = first.getByRole('dialog', { name: `${displayName} changed since you loaded it` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Changed by ${DEMO_ADMIN.email} at`);
  await expect(dialog.getByRole('row', { name: /Status/ })).toContainText('ActiveInactiveInactive');
  // Page 1 showed its own grant already: nothing else changed since.
  await expect(dialog).not.toContainText('Also changed since you loaded it');
  await dialog.evaluate((el) => el.scrollIntoView());
  await first.screenshot({ path: `${SHOTS}/conflict-dialog.png` });
  await expect(first.getByText(/Failed to update/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(first.getByRole('dialog')).toHaveCount(0);
  await expect(rowOn(first).getByRole('button', { name: 'Activate' })).toBeVisible();

  // The user's history: both operators' changes (the same admin account here), field by field.
  await rowOn(first).getByRole('button', { name: 'Details' }).click();
  await first.getByRole('region', { name: 'User details' }).getByRole('button', { name: 'History' }).click();
  const drawer = first.getByRole('region', { name: 'Record history' });
  await expect(drawer).toContainText(`User: ${displayName}`);
  const deactivation = drawer.getByRole('listitem', { name: 'Edited' }).filter({ hasText: 'accountActive: true → false' });
  const grant = drawer.getByRole('listitem', { name: 'Edited' }).filter({ hasText: 'isPremium: false → true' });
  await expect(deactivation).toContainText(DEMO_ADMIN.email);
  await expect(grant).toContainText(DEMO_ADMIN.email);
  await expect(deactivation).toContainText(/UTC/);
  await first.screenshot({ path: `${SHOTS}/history-drawer.png` });

  // Revert the deactivation.
  await deactivation.getByRole('button', { name: 'Revert' }).click();
  const question = first.getByRole('dialog', { name: 'Revert this change?' });
  await expect(question).toContainText('Revert: set accountActive back to true?');
  await question.getByRole('button', { name: 'Revert' }).click();
  await expect(first.getByText('Reverted: set accountActive back to true.')).toBeVisible();
  await expect(drawer.getByRole('listitem', { name: 'Reverted an earlier change' })).toContainText('accountActive: false → true');
  await first.screenshot({ path: `${SHOTS}/history-drawer-reverted.png` });
  await drawer.getByRole('button', { name: 'Close history' }).click();
  await expect(rowOn(first).getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await expect(rowOn(first).getByText('Active', { exact: true })).toBeVisible();

  // The other page, reloaded, reads the same.
  await second.reload();
  await expect(rowOn(second).getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await expect(rowOn(second).getByRole('button', { name: 'Remove Premium' })).toBeVisible();
});
