// Initial JavaScript of the login route, as a browser loads it: serves dist/ with the reference backend,
// opens /login in Debian's Chromium, records every script it fetches, and prints raw and gzip sizes.
// Usage: npm run build && npm run bench:login-bundle
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBackend } from '../server/src/server';

const dist = join(process.cwd(), 'dist');

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
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${backend.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    let raw = 0;
    let gzip = 0;
    const rows = [...scripts].sort().map((path) => {
      const bytes = readFileSync(join(dist, path));
      const zipped = gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gzip += zipped;
      return { file: path.replace('/assets/', ''), kB: +(bytes.length / 1024).toFixed(1), gzip_kB: +(zipped / 1024).toFixed(1) };
    });
    console.table(rows);
    console.log(`login route initial JS: ${scripts.size} files, ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzip`);
  } finally {
    await browser.close();
    await backend.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
