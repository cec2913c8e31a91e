// bench:export — a million names exported through the console's own export path (Data Export page in
// Chromium: the reference backend's CSV file streamed from COPY (GET /api/export/names/csv), a Blob of parts,
// the download), timed beside `COPY (SELECT ...) TO STDOUT WITH CSV` of the same rows on the same database
// in the same run. Prints both times, the ratio and the page's JS heap (peak and growth).
//
// Usage: npx vite build --outDir dist-h6 && DATABASE_URL=postgres://... DIST_DIR=dist-h6 npm run bench:export
//        [--names 1000000] [--sink download|disk]
// The names are loaded once, set-based, into the schema bench_export (kept between runs; reloaded
// when the count differs). --sink disk answers the save dialog with a file in the origin-private file
// system, i.e. the File System Access path; download (default) is the Blob path.
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { CDPSession } from 'playwright-core';
import { launchChromium, signInAsDemoAdmin } from './lib/chromium';
import { buildApp } from '../server/src/app';
import { migrate } from '../server/src/db/migrate';
import { openDatabase } from '../server/src/db/open';
import { DEMO_ADMIN } from '../server/src/seed/demoAccounts';
import { seedDemoData } from '../server/src/seed/seed';
import { loadScaleData } from './lib/scaleData';
import { loadAverage } from './lib/timing';

const SCHEMA = 'bench_export';
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const NAMES = Number(arg('names', '1000000'));
const SINK = arg('sink', 'download') as 'download' | 'disk';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function prepareDatabase(databaseUrl: string) {
  const admin = await openDatabase({ databaseUrl });
  await admin.exec(`CREATE SCHEMA IF NOT EXISTS "${SCHEMA}"`);
  await admin.close();
  const db = await openDatabase({ databaseUrl, schema: SCHEMA });
  await migrate(db);
  await seedDemoData(db, { content: 'accounts' });
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM names');
  if (Number(rows[0]!.n) !== NAMES) {
    console.log(`loading ${NAMES.toLocaleString('en-US')} names set-based into schema ${SCHEMA}…`);
    const started = Date.now();
    await db.query('TRUNCATE names CASCADE');
    await db.query(`DELETE FROM users WHERE uid LIKE 'bench-user-%'`);
    await loadScaleData(db, { names: NAMES, users: 0, swipes: 0, acceptedConnections: 0 });
    console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return db;
}

/** COPY of the same rows, in the same column order, to a file (psql writes what the server streams). */
function timeCopy(databaseUrl: string, file: string): Promise<number> {
  const sql = `COPY (SELECT id, name, gender, nationality, created_at FROM "${SCHEMA}".names ORDER BY id) TO STDOUT WITH CSV HEADER`;
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('sh', ['-c', `psql "$1" -X -q -c "$2" > "$3"`, 'sh', databaseUrl, sql, file], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`psql exited ${code}`)),
    );
  });
}

async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file)) for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
  return lines;
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}

/** The same file fetched by Node straight from the server: what the browser adds is the rest. */
async function timeServerCsv(origin: string, token: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${origin}/api/export/names/csv`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/export/names/csv answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
  return { ms: performance.now() - started, bytes };
}

async function main() {
  console.log(loadAverage());
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL (a PostgreSQL database; COPY needs psql and a real server)');
  const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
  statSync(path.join(dist, 'index.html'));
  const db = await prepareDatabase(databaseUrl);
  const app = await buildApp({ db, sessionSecret: randomBytes(32).toString('hex'), logger: false, staticDir: dist });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    if (SINK === 'disk') {
      await page.addInitScript(() => {
        (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async () =>
          (await navigator.storage.getDirectory()).getFileHandle('bench.csv', { create: true });
      });
    } else {
      await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
    }
    await signInAsDemoAdmin(page, origin);
    await page.goto(`${origin}/data-export`);
    const card = page.getByRole('region', { name: 'Names' });
    await card.getByRole('button', { name: 'Export CSV' }).waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const heapBefore = await heapUsed(cdp);
    let heapPeak = heapBefore;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        heapPeak = Math.max(heapPeak, await heapUsed(cdp).catch(() => 0));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const exported = path.join(work, 'export.csv');
    const started = Date.now();
    let exportMs: number;
    if (SINK === 'download') {
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 600_000 }),
        card.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      exportMs = Date.now() - started; // the download starts once the whole file is assembled
      await download.saveAs(exported);
    } else {
      await card.getByRole('button', { name: 'Export CSV' }).click();
      await card
        .getByRole('status')
        .filter({ hasText: /^Exported/ })
        .waitFor({ timeout: 600_000 });
      exportMs = Date.now() - started;
    }
    sampling = false;
    await sampler;
    const status = await card
      .getByRole('status')
      .filter({ hasText: /^Exported/ })
      .innerText();

    let exportedRows: number;
    let exportedBytes: number;
    if (SINK === 'download') {
      exportedRows = (await countLines(exported)) - 1;
      exportedBytes = statSync(exported).size;
    } else {
      ({ rows: exportedRows, bytes: exportedBytes } = await page.evaluate(async () => {
        const file = await (await (await navigator.storage.getDirectory()).getFileHandle('bench.csv')).getFile();
        let rows = -1;
        const reader = file.stream().getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const byte of value) if (byte === 10) rows += 1;
        }
        return { rows, bytes: file.size };
      }));
    }

    const copyFile = path.join(work, 'copy.csv');
    const copyMs = await timeCopy(databaseUrl, copyFile);
    const signIn = await fetch(`${origin}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    const token = signIn.ok ? ((await signIn.json()) as { token: string }).token : null;
    const server = token ? await timeServerCsv(origin, token) : null;
    const copyRows = (await countLines(copyFile)) - 1;

    console.log('');
    console.log(`database: PostgreSQL (schema ${SCHEMA}), ${NAMES.toLocaleString('en-US')} names; sink: ${SINK}`);
    console.log(
      `console export  : ${exportedRows.toLocaleString('en-US')} rows, ${mb(exportedBytes)} in ${(exportMs / 1000).toFixed(2)} s (${Math.round(exportedRows / (exportMs / 1000)).toLocaleString('en-US')} rows/s)`,
    );
    console.log(
      `COPY ... TO STDOUT WITH CSV: ${copyRows.toLocaleString('en-US')} rows, ${mb(statSync(copyFile).size)} in ${(copyMs / 1000).toFixed(2)} s (${Math.round(copyRows / (copyMs / 1000)).toLocaleString('en-US')} rows/s)`,
    );
    if (server)
      console.log(
        `server's CSV alone (GET /api/export/names/csv read by Node): ${mb(server.bytes)} in ${(server.ms / 1000).toFixed(2)} s; ratio to COPY ${(copyMs / server.ms).toFixed(2)}`,
      );
    console.log(`ratio (COPY time / export time): ${(copyMs / exportMs).toFixed(2)}   (aim >= 0.3)`);
    console.log(`page JS heap: before ${mb(heapBefore)}, peak ${mb(heapPeak)}, growth ${mb(heapPeak - heapBefore)}   (aim < 150 MB)`);
    console.log(`page said: ${status}`);
    if (exportedRows !== NAMES || copyRows !== NAMES) console.log(`WARNING: row counts differ from ${NAMES}`);
    console.log(loadAverage());
  } finally {
    await browser.close();
    await app.close();
    await db.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
