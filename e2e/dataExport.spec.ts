// Data Export in Chromium against the reference backend: every card downloads a file whose content is
// checked against the database, through the Blob download path and through the File System Access path.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { adminToken, apiGet, apiPost, signIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
const TRICKY = 'O"Hara, Jr';

interface Health {
  table_counts: Record<string, number>;
}

/** Forces the download path (no save dialog can be answered in a headless test). */
async function withoutSavePicker(page: Page) {
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
}

async function download(page: Page, card: string, button: RegExp) {
  const section = page.getByRole('region', { name: card });
  const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: button }).click()]);
  await expect(section.getByRole('status').filter({ hasText: /^Exported/ })).toBeVisible();
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

function parseCsv(text: string) {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test.describe('Data Export', () => {
  let health: Health;
  let namesTotal: number;

  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    // A name only CSV quoting can carry (a quote and a comma); the e2e database is fresh per run.
    const created = await request.post('/api/names', {
      data: { name: TRICKY, gender: 'male', nationality: 'irish' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect([201, 409]).toContain(created.status());
    health = await apiGet<Health>(request, token, '/admin/health');
    namesTotal = (await apiGet<{ total: number }>(request, token, '/names?limit=1&offset=0')).total;
  });

  test.beforeEach(async ({ page }) => {
    await withoutSavePicker(page);
    await signIn(page, '/data-export');
    await expect(page.getByRole('heading', { name: 'Data Export', level: 1 })).toBeVisible();
  });

  test('names: every name, a quote and a comma survive the round trip, dated file name', async ({ page }) => {
    // The reference backend writes this file itself (COPY), streamed: its total for the progress bar, then one
    // request for the whole file, no page reads.
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/export/names')) requested.push(new URL(r.url()).pathname);
    });
    const { name, text } = await download(page, 'Names', /Export CSV/);
    expect(requested).toEqual(['/api/export/names/count', '/api/export/names/csv']);
    expect(text.split('\r\n').length - 1).toBe(namesTotal + 1);
    expect(name).toBe(`names-${today()}.csv`);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(namesTotal);
    expect(rows.filter((r) => r.name === TRICKY)).toHaveLength(1);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'name', 'gender', 'nationality', 'created_at', 'random_seed']);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/data-export-done.png`, fullPage: true });
  });

  test('users: one row per user record', async ({ page }) => {
    const { name, text } = await download(page, 'Users', /Export CSV/);
    expect(name).toBe(`users-${today()}.csv`);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(health.table_counts.users!);
    expect(rows[0]!.notificationSettings).toContain('matchedName');
  });

  test('analytics as CSV and as JSON: one row per name', async ({ page }) => {
    const csv = await download(page, 'Analytics', /Export CSV/);
    expect(csv.name).toBe(`analytics-${today()}.csv`);
    expect(parseCsv(csv.text)).toHaveLength(namesTotal);

    await page.getByRole('region', { name: 'Analytics' }).getByRole('button', { name: 'JSON' }).click();
    const json = await download(page, 'Analytics', /Export JSON/);
    expect(json.name).toBe(`analytics-${today()}.json`);
    const rows = JSON.parse(json.text) as { total_swipes: number; name: string }[];
    expect(rows).toHaveLength(namesTotal);
    expect(rows.some((r) => r.total_swipes > 0)).toBe(true);
  });

  test('full backup: version 1.0 with users, names, connections and audit_logs as in the database; the restore check reads it (nothing missing) and names a broken one', async ({
    page,
  }, testInfo) => {
    const { name, text } = await download(page, 'Full Backup', /Create Backup/);
    expect(name).toBe(`backup-${today()}.json`);
    const doc = JSON.parse(text);
    expect(doc.version).toBe('1.0');
    expect(Object.keys(doc.data)).toEqual(['users', 'names', 'connections', 'audit_logs']);
    for (const [section, table] of [
      ['users', 'users'],
      ['names', 'names'],
      ['connections', 'connections'],
      ['audit_logs', 'audit_logs'],
    ]) {
      expect(doc.data[section], section).toHaveLength(health.table_counts[table]!);
      expect(doc.counts[section]).toBe(health.table_counts[table]);
    }
    expect(doc.data.names.filter((n: { name: string }) => n.name === TRICKY)).toHaveLength(1);

    const restore = page.getByRole('region', { name: 'Restore from backup' });
    const path = testInfo.outputPath(name);
    writeFileSync(path, text);
    await restore.locator('input[type=file]').setInputFiles(path);
    await expect(restore.getByRole('status')).toContainText(`${name} checked: `, { timeout: 60_000 });
    await expect(restore.getByRole('status')).toContainText(', 0 refused. Nothing was written yet');
    const plan = restore.getByRole('table', { name: 'Restore plan' });
    // read, refused, existing, missing: every row of the backup just made is there now
    const names = (
      await plan
        .getByRole('row', { name: /^Names/ })
        .getByRole('cell')
        .allTextContents()
    ).map((c) => c.replace(/,/g, ''));
    expect(names.slice(0, 4)).toEqual([String(doc.data.names.length), '0', String(doc.data.names.length), '0']);
    await restore.getByRole('button', { name: 'Discard this restore' }).click();
    await expect(plan).toBeHidden();

    const broken = testInfo.outputPath('broken.json');
    writeFileSync(broken, JSON.stringify({ ...doc, version: '0.9', data: { ...doc.data, names: [{ name: 'X', gender: 'x' }] } }));
    await restore.locator('input[type=file]').setInputFiles(broken);
    await expect(restore.getByRole('alert')).toContainText(
      'Failed to check broken.json: the file\'s version is "0.9"; this console restores version "1.0" backups',
    );
    await expect(restore.getByRole('alert')).toContainText('Nothing was written.');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/data-export-restore.png`, fullPage: true });
  });

  test('audit logs in a date range: the rows of that range only', async ({ page, request }) => {
    const token = await adminToken(request);
    const section = page.getByRole('region', { name: 'Audit Logs' });
    // All time up to today first: every audit log.
    await section.getByLabel('From').fill('2000-01-01');
    await section.getByLabel('To').fill(today());
    const all = await download(page, 'Audit Logs', /Export CSV/);
    expect(all.name).toBe(`audit-logs-${today()}.csv`);
    expect(parseCsv(all.text)).toHaveLength(health.table_counts.audit_logs!);

    // The default range: the last 7 days, both ends included.
    await page.reload();
    const from = new Date();
    from.setDate(from.getDate() - 6);
    from.setHours(0, 0, 0, 0);
    const to = new Date();
    to.setHours(0, 0, 0, 0);
    to.setDate(to.getDate() + 1);
    const expected = (
      await apiGet<{ total: number }>(request, token, `/export/audit-logs/count?from=${from.toISOString()}&to=${to.toISOString()}`)
    ).total;
    const week = parseCsv((await download(page, 'Audit Logs', /Export CSV/)).text);
    expect(week).toHaveLength(expected);
    for (const row of week) expect(new Date(row.timestamp!).getTime()).toBeGreaterThanOrEqual(from.getTime());
  });

  // A page read (users) and a file the server streams (names): either failing ends the job with its reason.
  for (const { card, route, toast } of [
    { card: 'Users', route: '**/api/export/users?*', toast: 'Failed to export users' },
    { card: 'Names', route: '**/api/export/names/csv', toast: 'Failed to export names' },
  ]) {
    test(`${card}: a failing read ends the job with the reason and the card toast, and downloads nothing`, async ({ page }) => {
      await page.route(route, (r) =>
        r.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable","message":"The database is restarting"}' }),
      );
      let downloaded = false;
      page.on('download', () => (downloaded = true));
      const section = page.getByRole('region', { name: card });
      await section.getByRole('button', { name: /Export CSV/ }).click();
      await expect(section.getByRole('alert')).toHaveText('Export failed: The database is restartingNo file was saved.');
      await expect(page.getByText(toast, { exact: true })).toBeVisible();
      expect(downloaded).toBe(false);
    });
  }

  test('Cancel stops a running export and saves nothing', async ({ page }) => {
    // Hold the streamed file so the export is still running when Cancel is pressed.
    await page.route('**/api/export/names/csv', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined);
    });
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    const section = page.getByRole('region', { name: 'Names' });
    await section.getByRole('button', { name: /Export CSV/ }).click();
    await expect(section.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
    await section.getByRole('button', { name: 'Cancel' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Export cancelled' })).toHaveText(
      /^Export cancelled after 0 rows\. No file was saved\.$/,
    );
    await page.waitForTimeout(3500);
    expect(downloaded).toBe(false);
  });

  test('records each run on the console-action trail', async ({ page, request }) => {
    const token = await adminToken(request);
    await download(page, 'Users', /Export CSV/);
    const runs = await apiPost<{ runId: number }>(request, token, '/export/runs', { kind: 'users', format: 'csv' });
    expect(runs.runId).toBeGreaterThan(0);
  });
});

test.describe('Data Export to a chosen file (File System Access API)', () => {
  test('streams the names CSV into the file the save dialog returns', async ({ page, request }) => {
    const token = await adminToken(request);
    const total = (await apiGet<{ total: number }>(request, token, '/names?limit=1&offset=0')).total;
    // The save dialog answered with a real file in the origin-private file system.
    await page.addInitScript(() => {
      (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async (options: { suggestedName: string }) => {
        (window as unknown as { suggested: string }).suggested = options.suggestedName;
        const dir = await navigator.storage.getDirectory();
        return dir.getFileHandle('chosen.csv', { create: true });
      };
    });
    await signIn(page, '/data-export');
    const section = page.getByRole('region', { name: 'Names' });
    await section.getByRole('button', { name: /Export CSV/ }).click();
    await expect(section.getByRole('status').filter({ hasText: /^Exported/ })).toHaveText(/saved to the chosen file\.$/);
    const { suggested, text } = await page.evaluate(async () => {
      const dir = await navigator.storage.getDirectory();
      const file = await (await dir.getFileHandle('chosen.csv')).getFile();
      // ignoreBOM keeps the byte order mark in the text, as a spreadsheet program reads it
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
      return { suggested: (window as unknown as { suggested: string }).suggested, text };
    });
    expect(suggested).toBe(`names-${today()}.csv`);
    expect(parseCsv(text)).toHaveLength(total);
  });
});
