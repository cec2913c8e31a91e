// Audit Logs and Data Export in Firebase mode: both read Firestore page by page from the browser; an export is
// announced to the hosted API, which records it under the Firebase account.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { DEMO_ADMIN, formatCount, signInWithForm } from '../e2e/helpers';
import { emulatorAdmin, idToken, newestConsoleAction, skipWithoutEmulators } from './firebase';

skipWithoutEmulators();
const admin = emulatorAdmin();

test('Audit Logs: all-time statistics and the trail come from Firestore’s audit_logs', async ({ page }) => {
  const { firestore } = await admin();
  const total = (await firestore.collection('audit_logs').count().get()).data().count;
  const newest = (await firestore.collection('audit_logs').orderBy('timestamp', 'desc').limit(1).get()).docs[0]!.data();
  expect(total).toBeGreaterThan(100);

  await signInWithForm(page);
  await page.goto('/audit-logs');
  await page.getByRole('button', { name: 'All time' }).click();
  await expect(page.getByText('Total events').locator('..')).toContainText(formatCount(total));
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText(newest.event);
  await page.screenshot({ path: test.info().outputPath('firebase-audit-logs.png'), fullPage: true });
});

/** Forces the download path (no save dialog can be answered in a headless test). */
async function withoutSavePicker(page: Page) {
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
}

test('Data Export: the users CSV holds every Firestore user; the run is on the hosted API’s trail under the Firebase uid', async ({
  page,
  request,
}) => {
  const { firestore } = await admin();
  const total = (await firestore.collection('users').count().get()).data().count;
  await withoutSavePicker(page);
  await signInWithForm(page);
  await page.goto('/data-export');
  const section = page.getByRole('region', { name: 'Users' });
  const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: /Export CSV/ }).click()]);
  await expect(section.getByRole('status').filter({ hasText: /^Exported/ })).toBeVisible();
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(rows.errors).toEqual([]);
  expect(rows.data).toHaveLength(total);
  expect(rows.data.some((row) => row.email === DEMO_ADMIN.email && row.isAdmin === 'true')).toBe(true);
  await page.screenshot({ path: test.info().outputPath('firebase-data-export.png'), fullPage: true });

  const token = await idToken(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  expect(await newestConsoleAction(request, token)).toMatchObject({
    event: 'export.run',
    actor: { uid: 'demo-admin', email: DEMO_ADMIN.email },
  });
});
