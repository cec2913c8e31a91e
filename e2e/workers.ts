import os from 'node:os';

// The browser tests run on E2E_WORKERS workers, each against a backend of its own on its own
// database, so no test sees another worker's writes: worker i talks to port E2E_PORT + i, and on PostgreSQL
// to DATABASE_URL's database for worker 0 and a fresh `<database>_w<i>` beside it for the others (created
// by e2e/fresh-database.ts when its backend starts). Playwright loads this in the runner, which starts the
// backends, and in every worker, which knows its index from TEST_PARALLEL_INDEX.
//
// Default: one worker per two cores. A worker keeps about two cores busy (Chromium, its backend, PostgreSQL):
// on a 2-core machine a second worker made the suite 7.8 min instead of 8.4 (each test 1.7× slower), and the
// slower tests met a reload race (docs/names.md, "Importing names"), so 2 cores get 1 worker and 8 cores get 4.

export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.floor(os.availableParallelism() / 2)));
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 4180);

/** This worker's index, 0 to E2E_WORKERS - 1 (0 in the runner). */
const parallelIndex = (): number => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const backendPort = (index: number): number => FIRST_PORT + index;

/** Worker `index`'s database on PostgreSQL, or undefined on PGlite (each backend has its own folder). */
export function databaseUrlFor(index: number, url = process.env.DATABASE_URL || undefined): string | undefined {
  if (!url || index === 0) return url;
  const parsed = new URL(url);
  parsed.pathname = `/${decodeURIComponent(parsed.pathname.slice(1)) || 'postgres'}_w${index}`;
  return parsed.toString();
}

/** The database behind this worker's backend, for tests that arrange rows no API writes. */
export const workerDatabaseUrl = (): string | undefined => databaseUrlFor(parallelIndex());

export const workerBaseUrl = (): string => `http://127.0.0.1:${backendPort(parallelIndex())}`;
