// Restoring a Full Backup in Firebase mode, in Chromium: the backup from Data Export (read from Firestore and the
// hosted API), a user's Firestore record deleted, the file restored in add mode through the hosted API (which writes
// Firestore with the Admin SDK: firestore.rules forbid the browser to create users records), the record is back
// field for field; the restore is on Firestore's console_actions. A second run adds nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInWithForm } from '../e2e/helpers';
import { emulatorAdmin, skipWithoutEmulators } from './firebase';

skipWithoutEmulators();
const admin = emulatorAdmin();
test.setTimeout(240_000);

/** A Firestore value as compared: a Timestamp by its instant, an absent field as null (the console reads both alike). */
const comparable = (value: unknown): unknown => {
  if (value === undefined || value === null) return null;
  const withMillis = value as { toMillis?: () => number };
  return typeof withMillis.toMillis === 'function' ? withMillis.toMillis() : value;
};

test('a user record deleted from Firestore comes back from a backup in add mode, field for field; a second run adds nothing; replace saves the current state first', async ({
  page,
}, testInfo) => {
  const { firestore } = await admin();
  const found = await firestore.collection('users').where('isAdmin', '==', false).limit(20).get();
  const doc = found.docs.find((d) => typeof d.get('email') === 'string');
  expect(doc, 'an end user in Firestore').toBeDefined();
  const original = doc!.data();

  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await signInWithForm(page);
  await page.goto('/data-export');
  const backupCard = page.getByRole('region', { name: 'Full Backup' });
  const [download] = await Promise.all([page.waitForEvent('download'), backupCard.getByRole('button', { name: /Create Backup/ }).click()]);
  await expect(backupCard.getByRole('status').filter({ hasText: /^Exported/ })).toBeVisible({ timeout: 120_000 });
  const fileName = download.suggestedFilename();
  const path = testInfo.outputPath(fileName);
  writeFileSync(path, readFileSync((await download.path())!));

  await doc!.ref.delete();
  try {
    const restore = page.getByRole('region', { name: 'Restore from backup' });
    await restore.locator('input[type=file]').setInputFiles(path);
    await expect(restore.getByText(new RegExp(`^${fileName.replace('.', '\\.')} checked: `))).toBeVisible({ timeout: 120_000 });
    await expect(restore.getByTestId('restore-write-note')).toContainText('written in batches of at most 500');
    const usersRow = restore.getByRole('table', { name: 'Restore plan' }).getByRole('row', { name: /^Users/ });
    // read, refused, existing, missing: the deleted record is missing
    await expect(usersRow.getByRole('cell').nth(3)).toHaveText('1');
    await restore.getByRole('radio', { name: /^Add what is missing/ }).click();
    await restore.getByRole('button', { name: 'Add what is missing' }).click();
    await expect(restore.getByText(new RegExp(`^Restored ${fileName.replace('.', '\\.')} \\(added what was missing\\)`))).toBeVisible({
      timeout: 120_000,
    });
    await page.screenshot({ path: testInfo.outputPath('firebase-restore-report.png'), fullPage: true });

    const back = await doc!.ref.get();
    expect(back.exists).toBe(true);
    const restored = back.data()!;
    for (const field of Object.keys(original)) expect([field, comparable(restored[field])]).toEqual([field, comparable(original[field])]);

    const trail = await firestore.collection('console_actions').where('action', '==', 'backup.restore').get();
    expect(trail.docs.some((d) => d.get('details.fileName') === fileName && d.get('details.mode') === 'add')).toBe(true);

    // Safe to run twice: the same file adds nothing the second time.
    await restore.locator('input[type=file]').setInputFiles(path);
    await expect(restore.getByRole('table', { name: 'Restore plan' })).toBeVisible({ timeout: 120_000 });
    await restore.getByRole('radio', { name: /^Add what is missing/ }).click();
    await restore.getByRole('button', { name: 'Add what is missing' }).click();
    await expect(restore.getByText(/^Restored .* \(added what was missing\): 0 added, /)).toBeVisible({ timeout: 120_000 });

    // Replace: the hosted API cannot keep a copy of Firestore as it was, so the console saves a Full Backup of the
    // current state first (a download here) and applies only once it is saved.
    await restore.locator('input[type=file]').setInputFiles(path);
    await expect(restore.getByRole('table', { name: 'Restore plan' })).toBeVisible({ timeout: 120_000 });
    await restore.getByRole('radio', { name: /^Replace/ }).click();
    await expect(restore.getByRole('radio', { name: /^Replace/ })).toHaveAccessibleName(/first downloaded as a full backup/);
    await restore.getByRole('button', { name: 'Replace with this file' }).click();
    const [copy] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('dialog').getByRole('button', { name: 'Replace' }).click(),
    ]);
    expect(copy.suggestedFilename()).toMatch(/^backup-before-restore-\d{4}-\d{2}-\d{2}\.json$/);
    await expect(restore.getByText(/^Restored .* \(replaced\): /)).toBeVisible({ timeout: 120_000 });
    const saved = JSON.parse(readFileSync((await copy.path())!, 'utf8')) as { version: string; data: { users: unknown[] } };
    expect(saved.version).toBe('1.0');
    expect(saved.data.users.length).toBeGreaterThan(0);
    expect((await doc!.ref.get()).exists).toBe(true);
  } finally {
    if (!(await doc!.ref.get()).exists) await doc!.ref.set(original);
  }
});
