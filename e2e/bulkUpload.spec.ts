import { expect, test } from '@playwright/test';
import { adminToken, apiGet, signIn, uploadWithSlowBatches } from './helpers';
import { writeNamesCsv } from './csvFixtures';

interface SwipeStats {
  totalNames: number;
  totalSwipes: number;
}

test.describe.configure({ mode: 'serial' });

test('uploads a CSV of twelve thousand real names (several batches) with progress and exact final counts', async ({
  page,
  request,
}, testInfo) => {
  const token = await adminToken(request);
  const before = (await apiGet<SwipeStats>(request, token, '/swipes/stats')).totalNames;
  const csv = writeNamesCsv(testInfo.outputDir, 'names-12000.csv', 12_000);

  await signIn(page, '/bulk-upload');
  await uploadWithSlowBatches(page, csv.path, 400);
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByText(`Bulk upload completed! Added: ${csv.validRows}, Skipped: ${csv.invalidRows}`)).toBeVisible();
  await expect(page.getByText(`Successfully imported ${csv.validRows} names!`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-upload-done.png'), fullPage: true });

  const after = (await apiGet<SwipeStats>(request, token, '/swipes/stats')).totalNames;
  expect(after - before).toBe(csv.validRows);
});

test('Check file says what the upload of a file would do, writes nothing, and the upload then does exactly that', async ({
  page,
  request,
}, testInfo) => {
  const token = await adminToken(request);
  const before = (await apiGet<SwipeStats>(request, token, '/swipes/stats')).totalNames;
  // Partly the names of the upload above (stored: duplicates now), partly new ones.
  const csv = writeNamesCsv(testInfo.outputDir, 'names-15000.csv', 15_000);

  await signIn(page, '/bulk-upload');
  await page.getByLabel('CSV file').setInputFiles(csv.path);
  await page.getByRole('button', { name: 'Check file' }).click();
  const report = page.getByText(/^Check complete: [\d,]+ names? would be added, [\d,]+ rows? skipped\. Nothing was written\.$/);
  await expect(report).toBeVisible({ timeout: 60_000 });
  const [wouldAdd, skipped] = (await report.textContent())!
    .match(/([\d,]+) names? would be added, ([\d,]+) rows?/)!
    .slice(1)
    .map((n) => Number(n.replace(/,/g, '')));
  expect(wouldAdd + skipped).toBe(csv.validRows + csv.invalidRows);
  await page.screenshot({ path: testInfo.outputPath('bulk-upload-checked.png'), fullPage: true });
  expect((await apiGet<SwipeStats>(request, token, '/swipes/stats')).totalNames).toBe(before);

  // The file is still chosen: Upload imports it, and adds what the check said.
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(`Bulk upload completed! Added: ${wouldAdd}, Skipped: ${skipped}`)).toBeVisible({ timeout: 60_000 });
  expect((await apiGet<SwipeStats>(request, token, '/swipes/stats')).totalNames - before).toBe(wouldAdd);
});

test('a file with an Icelandic header and semicolons: the page asks for the columns, then imports the rows', async ({ page }, testInfo) => {
  const file = testInfo.outputPath('nofn.csv');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, 'Nafn;Kyn;Land;Athugasemd\nSigurrós;female;Icelandic;x\nÞorgils;male;icelandic;y\n');
  await signIn(page, '/bulk-upload');
  await page.getByLabel('CSV file').setInputFiles(file);
  const group = page.getByRole('group', { name: 'Columns of the file' });
  await expect(group.getByRole('combobox', { name: 'Name column' })).toHaveText('Nafn');
  await group.getByRole('combobox', { name: 'Nationality column' }).click();
  await page.getByRole('option', { name: 'Land' }).click();
  await page.screenshot({ path: testInfo.outputPath('bulk-upload-columns.png'), fullPage: true });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText(/^Bulk upload completed! Added: 2, Skipped: 0$/)).toBeVisible();
});

test('cancelling a large upload midway reports exactly what landed', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const before = (await apiGet<SwipeStats>(request, token, '/swipes/stats')).totalNames;
  const csv = writeNamesCsv(testInfo.outputDir, 'names-100000.csv', 100_000);

  await signIn(page, '/bulk-upload');
  await uploadWithSlowBatches(page, csv.path, 300);
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByText(/^Added: [1-9]/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-upload-running.png'), fullPage: true });
  await page.getByRole('button', { name: 'Cancel' }).click();

  const report = page.getByText(/^Cancelled\. [\d,]+ names were added before cancelling\.$/);
  await expect(report).toBeVisible();
  const added = Number((await report.textContent())!.match(/Cancelled\. ([\d,]+)/)![1].replace(/,/g, ''));
  expect(added).toBeGreaterThan(0);
  expect(added).toBeLessThan(csv.validRows);
  await page.screenshot({ path: testInfo.outputPath('bulk-upload-cancelled.png'), fullPage: true });

  // What the page says landed is what the database holds: nothing lost, nothing doubled.
  const after = (await apiGet<SwipeStats>(request, token, '/swipes/stats')).totalNames;
  expect(after - before).toBe(added);
});

test('bulk delete by nationality confirms, then only warns that the backend does not support it', async ({ page, request }) => {
  const token = await adminToken(request);
  const before = (await apiGet<SwipeStats>(request, token, '/swipes/stats')).totalNames;
  await signIn(page, '/bulk-upload');
  const unsupported = 'Bulk delete by nationality is not supported for the current backend.';
  // Said before anything is asked, on the card itself.
  await expect(page.getByTestId('bulk-delete-unsupported')).toContainText(unsupported);

  await page.getByRole('button', { name: 'Delete all names of this nationality' }).click();
  await expect(page.getByText('Please select a nationality.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Nationality' }).click();
  await page.getByRole('option', { name: /^irish \(\d+\)$/ }).click();
  await page.getByRole('button', { name: 'Delete all names of this nationality' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  // And, after the spec's confirmation, as the toast.
  await expect(page.locator('#notistack-snackbar').getByText(unsupported)).toBeVisible();

  const after = (await apiGet<SwipeStats>(request, token, '/swipes/stats')).totalNames;
  expect(after).toBe(before);
});
