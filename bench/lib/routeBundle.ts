// The initial JavaScript of one route as a browser loads it: serve the built console with the reference
// backend, open the route in Debian's Chromium, record every script fetched until the network is idle and the
// page is ready, and sum raw and gzip sizes. Shared by bench:login-bundle and bench:invite-bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startBackend } from '../../server/src/server';

export interface RouteBundle {
  rows: { file: string; kB: number; gzip_kB: number; served_kB: number }[];
  files: number;
  raw: number;
  gzip: number;
  /** bytes of the scripts' bodies as the server sent them (its precompressed copies: brotli for Chromium) */
  served: number;
}

export const kB = (bytes: number) => (bytes / 1024).toFixed(1);

export async function measureRoute(
  browser: Browser,
  dist: string,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  viewport?: { width: number; height: number },
): Promise<RouteBundle> {
  const page = await browser.newPage(viewport ? { viewport } : {});
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js'))
      scripts.set(
        path,
        response.finished().then(async () => (await response.request().sizes()).responseBodySize),
      );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  const sentBytes = new Map(await Promise.all([...scripts].map(async ([path, sent]) => [path, await sent] as const)));
  await page.close();
  let raw = 0;
  let gzip = 0;
  let served = 0;
  const rows = [];
  for (const [path, servedBytes] of [...sentBytes].sort(([a], [b]) => a.localeCompare(b))) {
    const bytes = readFileSync(join(dist, path));
    const zipped = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzip += zipped;
    served += servedBytes;
    rows.push({
      file: path.replace('/assets/', ''),
      kB: +(bytes.length / 1024).toFixed(1),
      gzip_kB: +(zipped / 1024).toFixed(1),
      served_kB: +(servedBytes / 1024).toFixed(1),
    });
  }
  return { rows, files: scripts.size, raw, gzip, served };
}

/** Runs `measure` with the built console served on a free port and Chromium open; closes both after. */
export async function withServedConsole(dist: string, measure: (browser: Browser, baseUrl: string) => Promise<void>): Promise<void> {
  const backend = await startBackend({ dataDir: 'memory://', staticDir: dist, port: 0, host: '127.0.0.1', logger: false });
  const browser = await launchChromium();
  try {
    await measure(browser, backend.url);
  } finally {
    await browser.close();
    await backend.close();
  }
}
