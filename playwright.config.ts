import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bench/lib/chromium';
import { backendPort, databaseUrlFor, E2E_WORKERS, workerBaseUrl } from './e2e/workers';

// Browser tests drive Debian's Chromium (Playwright never downloads a browser here) against the BUILT
// console served by the reference backend (`npm run build` first). DATABASE_URL, when set, points the
// backend at a real PostgreSQL; otherwise a fresh PGlite folder is used for each run. One backend and one
// database per worker (e2e/workers.ts). The browser's path and flags are the benches' (bench/lib/chromium.ts).

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  // No retries, in CI either: a test that passes only on its second try depends on the machine's speed.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: workerBaseUrl(),
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: `bash e2e/start-backend.sh ${backendPort(index)}`,
    url: `http://127.0.0.1:${backendPort(index)}/login`,
    env: { DATABASE_URL: databaseUrlFor(index) ?? '', E2E_FRESH_DATABASE: index > 0 ? '1' : '' },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
