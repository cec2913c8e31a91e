// Restoring a Full Backup in Chromium against the reference backend: back up from Data Export, delete names, restore
// the file in add mode, the names are back (same ids); a second run adds nothing. Needs the server's
// /api/admin/restores routes (contract/backupRestore.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { NameRecord, NamesResponse } from '../contract/schemas/names';
import { adminTokenOncePerFile, apiGet, apiPost, signIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
const token = adminTokenOncePerFile();

/** Letters only (a name's text rule): the run's own nationality, so no other spec's names are involved. */
const letters = (n: number) => n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));

async function withoutSavePicker(page: Page) {
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
}

test('a backup brings deleted names back in add mode, and a second run adds nothing', async ({ page, request }, testInfo) => {
  // The backup holds whatever the other browser tests left in the shared database (100,000 rows and 14 MB after the
  // large-import tests): it is read and staged twice.
  test.setTimeout(240_000);
  const auth = await token(request);
  const nationality = `restoria${letters(Date.now())}`;
  const created: NameRecord[] = [];
  for (const name of ['Zelestrine', 'Quorabell', 'Vintamere']) {
    created.push(await apiPost<NameRecord>(request, auth, '/names', { name, gender: 'female', nationality }));
  }
  const listed = async () => {
    const page1 = await apiGet<NamesResponse>(request, auth, `/names?${new URLSearchParams({ nationality, limit: '50', offset: '0' })}`);
    return (Array.isArray(page1) ? page1 : page1.names).map((n) => n.id).sort((a, b) => Number(a) - Number(b));
  };
  expect(await listed()).toEqual(created.map((n) => n.id));

  await withoutSavePicker(page);
  await signIn(page, '/data-export');
  const backupCard = page.getByRole('region', { name: 'Full Backup' });
  const [download] = await Promise.all([page.waitForEvent('download'), backupCard.getByRole('button', { name: /Create Backup/ }).click()]);
  await expect(backupCard.getByRole('status').filter({ hasText: /^Exported/ })).toBeVisible();
  const fileName = download.suggestedFilename();
  const path = testInfo.outputPath(fileName);
  writeFileSync(path, readFileSync((await download.path())!));

  await apiPost(request, auth, '/names/bulk-delete', { nameIds: created.map((n) => n.id) });
  expect(await listed()).toEqual([]);

  const restore = page.getByRole('region', { name: 'Restore from backup' });
  await restore.locator('input[type=file]').setInputFiles(path);
  await expect(restore.getByText(new RegExp(`^${fileName.replace('.', '\\.')} checked: `))).toBeVisible({ timeout: 100_000 });
  const namesRow = restore.getByRole('table', { name: 'Restore plan' }).getByRole('row', { name: /^Names/ });
  // read, refused, existing, missing, in the trash, not in the file: the three deleted names wait in the trash
  const inTrash = Number((await namesRow.getByRole('cell').nth(4).textContent())!.replace(/,/g, ''));
  expect(inTrash).toBeGreaterThanOrEqual(3);
  await restore.getByRole('radio', { name: /^Add what is missing/ }).click();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/restore-plan.png`, fullPage: true });
  await restore.getByRole('button', { name: 'Add what is missing' }).click();
  await expect(restore.getByText(new RegExp(`^Restored ${fileName.replace('.', '\\.')} \\(added what was missing\\)`))).toBeVisible({
    timeout: 100_000,
  });
  await expect(restore.getByRole('table', { name: 'Restore report' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/restore-report.png`, fullPage: true });
  expect(await listed()).toEqual(created.map((n) => n.id));

  // Safe to run twice: the same file adds nothing the second time.
  await restore.locator('input[type=file]').setInputFiles(path);
  await expect(restore.getByRole('table', { name: 'Restore plan' })).toBeVisible({ timeout: 100_000 });
  await restore.getByRole('radio', { name: /^Add what is missing/ }).click();
  await restore.getByRole('button', { name: 'Add what is missing' }).click();
  await expect(restore.getByText(/^Restored .* \(added what was missing\): 0 added, /)).toBeVisible({ timeout: 100_000 });
  expect(await listed()).toEqual(created.map((n) => n.id));
});
