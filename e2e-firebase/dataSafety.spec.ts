// Firebase mode keeps what the local mode keeps (contract/dataSafety.ts): a stale toggle of a Firestore users record
// is refused by the transaction that compares it with what the page showed, and meets the same conflict dialog;
// a name deleted through the hosted API waits in its trash with its swipes and comes back with them.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ADMIN, signInWithForm } from '../e2e/helpers';
import { apiGet, emulatorAdmin, idToken, SEARCH_SHOWN, skipWithoutEmulators } from './firebase';

skipWithoutEmulators();
const admin = emulatorAdmin();
test.setTimeout(120_000);

const userRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function usersPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithForm(page);
  await page.goto('/user-management');
  await page.getByRole('textbox', { name: 'Search users' }).fill(email);
  await expect(userRow(page, email)).toBeVisible(SEARCH_SHOWN);
  return page;
}

test('two pages on one Firestore user: the stale Deactivate meets the conflict dialog, and Keep theirs shows the record now', async ({
  browser,
}) => {
  const { firestore } = await admin();
  const found = await firestore.collection('users').where('accountActive', '==', true).where('isAdmin', '==', false).limit(20).get();
  const doc = found.docs.find((d) => typeof d.get('email') === 'string' && d.get('email') !== 'pam_roob28@example.org');
  expect(doc, 'an active end user in Firestore').toBeDefined();
  const email = doc!.get('email') as string;
  try {
    const first = await usersPage(browser, email);
    const second = await usersPage(browser, email);
    await userRow(first, email).getByRole('button', { name: 'Deactivate' }).click();
    await expect(userRow(first, email).getByRole('button', { name: 'Activate' })).toBeVisible();
    // The row turns at once; the transaction lands a moment later.
    await expect.poll(async () => (await doc!.ref.get()).get('accountActive')).toBe(false);

    // The second page still shows the account active: its Deactivate is based on a value changed since.
    await userRow(second, email).getByRole('button', { name: 'Deactivate' }).click();
    const dialog = second.getByRole('dialog', { name: /changed since you loaded it$/ });
    await expect(dialog).toBeVisible();
    // The first page's change carried its console_actions record: the dialog names who made it.
    await expect(dialog).toContainText(`Changed by ${DEMO_ADMIN.email}`);
    await second.screenshot({ path: test.info().outputPath('firebase-user-conflict.png') });
    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(userRow(second, email).getByRole('button', { name: 'Activate' })).toBeVisible();
  } finally {
    await doc!.ref.update({ accountActive: true });
  }
});

test('a swiped name deleted through the hosted API waits in the Trash and comes back with its swipes', async ({ page, request }) => {
  const token = await idToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const top = await apiGet<{ name_id: number; name: string; total_swipes: number }[]>(
    request,
    token,
    '/analytics/top-ranked-names?limit=5',
  );
  const target = top.find((n) => n.total_swipes > 0)!;
  const before = await apiGet<{ totalSwipes: number }>(request, token, '/swipes/stats');
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.delete(`/api/names/${target.name_id}`, { headers })).status()).toBe(204);
  const during = await apiGet<{ totalSwipes: number }>(request, token, '/swipes/stats');
  expect(during.totalSwipes).toBe(before.totalSwipes - target.total_swipes);

  await signInWithForm(page);
  await page.goto('/manage-names?view=trash');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: target.name, exact: true }) })
    .first();
  await expect(row).toBeVisible();
  await expect(row.locator('[data-field="swipes"]')).toHaveText(target.total_swipes.toLocaleString('en-US'));
  await expect(row.locator('[data-field="deletedBy"]')).toHaveText(DEMO_ADMIN.email);
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/^Restored 1 name with/)).toBeVisible();
  expect(await apiGet<{ totalSwipes: number }>(request, token, '/swipes/stats')).toMatchObject({ totalSwipes: before.totalSwipes });
});
