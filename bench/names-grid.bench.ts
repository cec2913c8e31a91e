/**
 * Names grid benchmark:   npm run bench:names-grid   (build the console first: npm run build)
 *
 * Serves the BUILT console (DIST_DIR, default dist/) through the reference backend on a loopback port
 * (a fresh PGlite folder, or DATABASE_URL's server in a scratch schema), with ROWS real names loaded,
 * and drives Debian's Chromium: signs in, opens Manage Names, scrolls the grid until 50, 1,000 and 5,000
 * rows are loaded, and at each size times (median of RUNS):
 *   - ticking a row's checkbox: click -> the checkbox is checked and the next frame painted;
 *   - opening an edit: click on Edit -> the row is in edit mode and the next frame painted.
 * Prints the table and each figure's ratio to the 50-row figure of the same run (target at 5,000: <= 1.5).
 *
 * Env: DIST_DIR, ROWS (default 6000), SIZES (default 50,1000,5000), RUNS (default 7), CHROMIUM_PATH, DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium, signInAsDemoAdmin } from './lib/chromium';
import { openScratchDatabase } from './lib/backend';
import { buildApp } from '../server/src/app';
import { migrate } from '../server/src/db/migrate';
import { seedDemoData } from '../server/src/seed/seed';
import { loadScaleData } from './lib/scaleData';
import { table } from './lib/timing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const ROWS = Number(process.env.ROWS ?? 6000);
const SIZES = (process.env.SIZES ?? '50,1000,5000').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 7);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Scrolls the grid to its end until `size` rows are loaded (the count line says so). */
async function loadRows(page: Page, size: number): Promise<void> {
  const countLine = page.getByTestId('names-count');
  for (;;) {
    const text = (await countLine.textContent()) ?? '';
    const loaded = Number(/Showing ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
    if (loaded >= size) return;
    // The page scrolls the list (its scroll position sets the grid's rows: useWindowScrolledGrid.ts), as an operator's
    // wheel does, and keeps scrolling to the bottom until the next page arrived: a scroll made before the last page's
    // rows were laid out lands above the new bottom, and an operator would simply scroll on.
    const before = JSON.stringify(`Showing ${text.match(/Showing ([\d,]+)/)?.[1] ?? ''} `);
    await page.waitForFunction(
      `(window.scrollTo(0, document.documentElement.scrollHeight), !document.querySelector('[data-testid="names-count"]')?.textContent?.startsWith(${before}))`,
      undefined,
      { timeout: 30_000, polling: 100 },
    );
  }
}

/**
 * Runs `act` in the page and resolves with the ms until `done` holds and the following frame is painted.
 * Passed as source text: tsx would wrap a function's inner helpers in its own `__name`, unknown in the page.
 */
async function timeInPage(page: Page, act: string, done: string): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const start = performance.now();
    ${act};
    const deadline = start + 30000;
    const poll = () => {
      if (${done}) requestAnimationFrame(() => resolve(performance.now() - start));
      else if (performance.now() > deadline) reject(new Error('not done: ' + ${JSON.stringify(done)}));
      else requestAnimationFrame(poll);
    };
    poll();
  })`) as Promise<number>;
}

const FIRST_ROW = `document.querySelector('[role="row"][data-rowindex="0"]')`;

async function measure(page: Page): Promise<{ tick: number; edit: number }> {
  const ticks: number[] = [];
  const edits: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ticks.push(
      await timeInPage(
        page,
        `${FIRST_ROW}.querySelector('input[type="checkbox"]').click()`,
        `${FIRST_ROW}.querySelector('input[type="checkbox"]').checked`,
      ),
    );
    // untick (not timed) so every sample starts from the same state
    await page.evaluate(`${FIRST_ROW}.querySelector('input[type="checkbox"]').click()`);
    await page.waitForFunction(`!${FIRST_ROW}.querySelector('input[type="checkbox"]').checked`);

    edits.push(
      await timeInPage(
        page,
        `${FIRST_ROW}.querySelector('button[aria-label="Edit"]').click()`,
        `${FIRST_ROW}.classList.contains('MuiDataGrid-row--editing')`,
      ),
    );
    await page.evaluate(`${FIRST_ROW}.querySelector('button[aria-label="Cancel"]').click()`);
    await page.waitForFunction(`!${FIRST_ROW}.classList.contains('MuiDataGrid-row--editing')`);
  }
  return { tick: median(ticks), edit: median(edits) };
}

async function main(): Promise<void> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(`${DIST}/index.html is missing: run npm run build first`);
  const scratch = await openScratchDatabase('grid');
  const { db } = scratch;
  const app = await (async () => {
    await migrate(db);
    await seedDemoData(db, { content: 'accounts' });
    await loadScaleData(db, { names: ROWS, swipes: 0, users: 10, acceptedConnections: 0 });
    return buildApp({ db, sessionSecret: randomBytes(32).toString('hex'), logger: false, staticDir: DIST });
  })();
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchChromium();
  try {
    // The console's CSP forbids eval; the bench's own in-page probes are strings Playwright evaluates.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await signInAsDemoAdmin(page, origin);
    console.log(`Console ${DIST} on ${origin} (${scratch.engine}), ${ROWS.toLocaleString('en-US')} names, Chromium ${browser.version()}`);
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; median of ${RUNS}\n`,
    );

    const results: { size: number; tick: number; edit: number; domRows: number }[] = [];
    for (const size of SIZES) {
      await page.goto(`${origin}/manage-names`);
      await page
        .getByTestId('names-count')
        .filter({ hasText: /^Showing 50 / })
        .waitFor();
      await loadRows(page, size);
      // Measure at the top of the grid, where the operator's first row is.
      await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollTo({ top: 0 }));
      await page.waitForFunction(`!!${FIRST_ROW}`);
      const { tick, edit } = await measure(page);
      const domRows = await page.locator('[role="row"][data-id]').count();
      results.push({ size, tick, edit, domRows });
      console.log(`  ${size.toLocaleString('en-US')} rows loaded: done`);
    }
    const base = results[0]!;
    console.log(
      '\n' +
        table(
          ['rows loaded', 'rows in DOM', 'tick checkbox ms', 'x vs 50', 'open edit ms', 'x vs 50'],
          results.map((r) => [
            r.size.toLocaleString('en-US'),
            String(r.domRows),
            r.tick.toFixed(1),
            (r.tick / base.tick).toFixed(2),
            r.edit.toFixed(1),
            (r.edit / base.edit).toFixed(2),
          ]),
        ),
    );
  } finally {
    await browser.close();
    await app.close();
    await scratch.close();
  }
}

await main();
