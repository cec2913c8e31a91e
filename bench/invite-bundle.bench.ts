// Initial JavaScript of the public invite page as a phone's browser loads it, measured the same way as
// bench/login-bundle.bench.ts: serve the built console with the reference backend, open /invite?code=…
// in Debian's Chromium, record every script fetched until the network is idle, print raw and gzip sizes,
// and the login route's figure beside it for scale.
// Usage: npm run build && npm run bench:invite-bundle   (DIST_DIR=dist-x for another build folder)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startBackend } from '../server/src/server';

const dist = join(process.cwd(), process.env.DIST_DIR ?? 'dist');

async function scriptsOf(browser: Browser, url: string, ready: (page: Page) => Promise<unknown>) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.close();
  let raw = 0;
  let gzip = 0;
  const rows = [...scripts].sort().map((path) => {
    const bytes = readFileSync(join(dist, path));
    const zipped = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += zipped;
    return { file: path.replace('/assets/', ''), kB: +(bytes.length / 1024).toFixed(1), gzip_kB: +(zipped / 1024).toFixed(1) };
  });
  return { rows, files: scripts.size, raw, gzip };
}

async function main() {
  const backend = await startBackend({ dataDir: 'memory://', staticDir: dist, port: 0, host: '127.0.0.1', logger: false });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const invite = await scriptsOf(browser, `${backend.url}/invite?code=BENCH1`, (page) =>
      page.getByRole('heading', { name: "You're invited to Baby Names" }).waitFor(),
    );
    console.table(invite.rows);
    const login = await scriptsOf(browser, `${backend.url}/login`, (page) => page.getByRole('button', { name: 'Login' }).waitFor());
    const kB = (n: number) => (n / 1024).toFixed(1);
    console.log(`invite route initial JS: ${invite.files} files, ${kB(invite.raw)} kB raw, ${kB(invite.gzip)} kB gzip`);
    console.log(`login route initial JS (same build, for scale): ${login.files} files, ${kB(login.raw)} kB raw, ${kB(login.gzip)} kB gzip`);
    console.log(`invite / login (gzip): ${(invite.gzip / login.gzip).toFixed(2)}`);
  } finally {
    await browser.close();
    await backend.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
