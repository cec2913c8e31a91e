// Import integrity in the browser against the reference backend: files in other encodings and with mixed
// line endings are imported exactly; the same file twice adds nothing the second time; a reload in
// the middle of a large import asks first, then leaves a run listed with exactly what landed (checked
// against the database), which can be undone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ImportRun, ImportRunDetail } from '../contract/schemas/importRuns';
import { writeNamesCsv } from './csvFixtures';
import { adminToken, apiGet, formatCount, signIn, uploadWithSlowBatches } from './helpers';

test.describe.configure({ mode: 'serial' });

interface NamesPage {
  names: { name: string; gender: string; nationality: string }[];
  total: number;
}

/** A nationality no other test uses, so the names filed under it are exactly what this test imported. */
const uniqueNationality = (label: string) => `${label}${Date.now().toString(36)}`;

function writeBytes(dir: string, fileName: string, bytes: Uint8Array): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, fileName);
  writeFileSync(path, bytes);
  return path;
}

async function namesOf(request: APIRequestContext, token: string, nationality: string): Promise<string[]> {
  const page = await apiGet<NamesPage>(request, token, `/names?nationality=${encodeURIComponent(nationality)}&limit=500`);
  return page.names.map((n) => n.name).sort();
}

async function totalNames(request: APIRequestContext, token: string): Promise<number> {
  return (await apiGet<{ totalNames: number }>(request, token, '/swipes/stats')).totalNames;
}

test('a Windows-1252 file is imported exactly and the report names the encoding', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const nationality = uniqueNationality('latinone');
  const text = `name,gender,nationality\r\nÁsta,female,${nationality}\r\nÞóra,female,${nationality}\r\nJón,male,${nationality}\r\nÆgir,male,${nationality}\r\n`;
  // Windows-1252 and Latin-1 agree on these letters: one byte each, not valid UTF-8.
  const path = writeBytes(
    testInfo.outputDir,
    'latin1.csv',
    Uint8Array.from(text, (ch) => ch.charCodeAt(0)),
  );

  await signIn(page, '/bulk-upload');
  await page.getByLabel('CSV file').setInputFiles(path);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Bulk upload completed! Added: 4, Skipped: 0')).toBeVisible();
  await expect(page.getByText(/Read as Windows-1252\./)).toBeVisible();
  expect(await namesOf(request, token, nationality)).toEqual(['Jón', 'Ásta', 'Ægir', 'Þóra'].sort());
});

test('a file mixing LF, CRLF and lone CR line endings loses and merges no row', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const nationality = uniqueNationality('mixedeol');
  const text = `name,gender,nationality\r\nAnna,female,${nationality}\nBo,male,${nationality}\rCy,male,${nationality}\r\nDag,male,${nationality}\rEva,female,${nationality}`;
  const path = writeBytes(testInfo.outputDir, 'mixed-eol.csv', new TextEncoder().encode(text));

  await signIn(page, '/bulk-upload');
  await page.getByLabel('CSV file').setInputFiles(path);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Bulk upload completed! Added: 5, Skipped: 0')).toBeVisible();
  expect(await namesOf(request, token, nationality)).toEqual(['Anna', 'Bo', 'Cy', 'Dag', 'Eva']);
});

test('importing the same file twice adds nothing the second time', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const csv = writeNamesCsv(testInfo.outputDir, 'twice.csv', 1200);
  const before = await totalNames(request, token);

  await signIn(page, '/bulk-upload');
  for (const [added, skipped] of [
    [csv.validRows, csv.invalidRows],
    [0, csv.validRows + csv.invalidRows],
  ]) {
    await page.getByLabel('CSV file').setInputFiles(csv.path);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(`Bulk upload completed! Added: ${added}, Skipped: ${skipped}`)).toBeVisible();
  }
  await expect(page.getByText(`Skipped as duplicates: ${formatCount(csv.validRows)} (the same name, gender and nationality`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('imported-twice.png'), fullPage: true });
  expect((await totalNames(request, token)) - before).toBe(csv.validRows);
});

test('a reload during a large import asks first, then lists the run with exactly what landed, which can be undone', async ({
  page,
  request,
}, testInfo) => {
  const token = await adminToken(request);
  const before = await totalNames(request, token);
  const csv = writeNamesCsv(testInfo.outputDir, 'reloaded-100000.csv', 100_000);

  await signIn(page, '/bulk-upload');
  await uploadWithSlowBatches(page, csv.path, 1500);
  await expect(page.getByText(/^Added: [1-9]/)).toBeVisible();

  // Leaving asks first while the job runs (beforeunload); the operator insists.
  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    const type = dialog.type();
    await dialog.accept();
    return type;
  });
  await page.reload();
  expect(await asked).toBe('beforeunload');

  // The run as the server recorded it: wait until batches still in flight at the reload have settled.
  let run: ImportRun | undefined;
  let lastAdded = -1;
  for (let i = 0; i < 30; i += 1) {
    run = (await apiGet<ImportRun[]>(request, token, '/admin/import-runs')).find((r) => r.fileName === 'reloaded-100000.csv');
    if (run && run.rowsAdded === lastAdded) break;
    lastAdded = run?.rowsAdded ?? -1;
    await page.waitForTimeout(1000);
  }
  expect(run).toBeDefined();
  const landed = run!.rowsAdded;
  expect(landed).toBeGreaterThan(0);
  expect(landed).toBeLessThan(csv.validRows);
  // exactly what landed: the run's count, the names it holds and the table's total agree
  const detail = await apiGet<ImportRunDetail>(request, token, `/admin/import-runs/${run!.id}`);
  expect(detail.rowsPresent).toBe(landed);
  expect((await totalNames(request, token)) - before).toBe(landed);

  await page.reload();
  const row = page.getByTestId(`import-run-${run!.id}`);
  await expect(row).toContainText('reloaded-100000.csv');
  await expect(row).toContainText(formatCount(landed));
  await expect(row).toContainText(/Running|Interrupted/);
  await page.screenshot({ path: testInfo.outputPath('run-after-reload.png'), fullPage: true });

  await row.getByRole('button', { name: 'Undo the import of reloaded-100000.csv' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${formatCount(landed)} names with no swipes will move to the trash.`);
  await page.screenshot({ path: testInfo.outputPath('undo-confirm.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText(`Import undone: ${formatCount(landed)} names moved to the trash.`)).toBeVisible();
  await expect(row).toContainText('Undone');
  await page.screenshot({ path: testInfo.outputPath('run-undone.png'), fullPage: true });

  expect(await totalNames(request, token)).toBe(before);
  const undone = await apiGet<ImportRunDetail>(request, token, `/admin/import-runs/${run!.id}`);
  expect(undone).toMatchObject({ state: 'undone', rowsPresent: 0, rowsUndone: landed, undoDeletionId: expect.any(Number) });

  // The undo itself can be taken back: its names come back from the trash and the run is what it was.
  await row.getByRole('button', { name: 'Restore the names of reloaded-100000.csv' }).click();
  await expect(
    page.getByText(`Restored ${formatCount(landed)} names with no swipes from the import of "reloaded-100000.csv".`),
  ).toBeVisible();
  // (running or interrupted, as before the undo: the server marks a quiet run interrupted after a minute)
  await expect(row).toContainText(/Running|Interrupted/);
  expect(await totalNames(request, token)).toBe(before + landed);
  // Undone again, so the specs after this one find the names list as it was.
  await row.getByRole('button', { name: 'Undo the import of reloaded-100000.csv' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click();
  await expect(row).toContainText('Undone');
  expect(await totalNames(request, token)).toBe(before);
});
