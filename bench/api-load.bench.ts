/**
 * API load benchmark:   npm run bench:api-load
 *
 * Starts the reference backend in this process on a loopback port (a fresh PGlite folder, or with
 * DATABASE_URL a scratch schema on that PostgreSQL server), loads a million names and a million swipes
 * set-based (real names from bench/lib/realNames.ts), signs in as the demo admin, then drives each
 * endpoint with autocannon from a child process: CONNECTIONS connections for DURATION seconds, loopback
 * only. Prints requests/s and p50/p95/p99 per endpoint.
 *
 * Env: NAMES (default 1000000), SWIPES (default 1000000), USERS (default 10000), CONNECTIONS (default 50),
 * DURATION (seconds, default 20), DATABASE_URL, SCALE (default 1: with SCALE=10 it measures at those sizes and
 * then again on a fresh schema holding ten times each, and prints how every p95 grew), TRASH_PERCENT (default 10:
 * after the measurement, that share of the names goes to the trash with its swipes and every endpoint is measured
 * again, printed side by side; 0 skips it), SEARCHES (default 200: search texts of each kind in the search mix;
 * 0 leaves the searches out), ALONE (default 1: the unsearched page and the search mixes are measured again at this
 * many connections, what one operator typing sees rather than what the machine sustains; 0 skips it).
 *
 * The search mix (GET /api/names?q=, contract/nameSearch.ts): three more endpoints, each a round of SEARCHES
 * texts drawn from the real names (bench/lib/searchQueries.ts): the start of a name, 4 letters from inside one,
 * and a misspelt name that only close spellings answer (the tables are vacuumed after loading, as autovacuum would).
 * Each is printed beside the unsearched first page's p95
 * from the same run (the ratio), with what its answers held on average (matches per group, from one call each).
 *   SEARCHES=50 NAMES=20000 SWIPES=20000 USERS=500 DURATION=3 TRASH_PERCENT=0 npm run bench:api-load   (a check)
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signInAdmin, startBackend } from './lib/backend';
import type { LoadOptions, LoadResult } from './lib/loadClient';
import { growthTable, scaleFactor, scalesToMeasure, type ScaledFigure } from './lib/scale';
import { loadScaleData } from './lib/scaleData';
import { searchQueries, type SearchKind } from './lib/searchQueries';
import { loadAverage, table, timed } from './lib/timing';
import { restoreShare, settle, trashComparisonTable, trashPercent, trashShareOfNames } from './lib/trashShare';

const envInt = (name: string, fallback: number) => {
  const value = process.env[name];
  return value ? Number.parseInt(value, 10) : fallback;
};
const NAMES = envInt('NAMES', 1_000_000);
const SWIPES = envInt('SWIPES', 1_000_000);
const USERS = envInt('USERS', 10_000);
const CONNECTIONS = envInt('CONNECTIONS', 50);
const DURATION = envInt('DURATION', 20);
const SEARCHES = envInt('SEARCHES', 200);
const ALONE = envInt('ALONE', 1);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

interface Endpoint {
  label: string;
  path: string;
  /** a mix: these paths in turn (path is the first) */
  paths?: string[];
  /** a search mix: its kind, for the summary of what the answers held */
  search?: SearchKind;
}

const UNSEARCHED = 'GET /api/names (first page, no filter)';

/** The pages the dashboard and Manage Names open with, and Manage Names' search as an operator types it. */
const ENDPOINTS: Endpoint[] = [
  { label: UNSEARCHED, path: '/api/names?gender=all&nationality=all&limit=50&offset=0' },
  { label: 'GET /api/swipes/stats', path: '/api/swipes/stats' },
  ...searchEndpoints(),
];

function searchEndpoints(): Endpoint[] {
  if (SEARCHES <= 0) return [];
  const queries = searchQueries(SEARCHES);
  const kinds: [SearchKind, string][] = [
    ['prefix', 'the start of a name'],
    ['contains', '4 letters inside a name'],
    ['close', 'a misspelt name'],
  ];
  return kinds.map(([kind, what]) => {
    const paths = queries[kind].map((q) => `/api/names?gender=all&nationality=all&limit=50&offset=0&q=${encodeURIComponent(q)}`);
    return { label: `GET /api/names?q= ${what} (${paths.length} texts)`, path: paths[0]!, paths, search: kind };
  });
}

async function load(options: LoadOptions): Promise<LoadResult> {
  const { stdout } = await run(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'bench/lib/loadClient.ts'), JSON.stringify(options)],
    {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

/** One pass at `scale` times the configured sizes, on a fresh database: the table, and each p95. */
async function measureAt(scale: number): Promise<ScaledFigure[]> {
  const names = NAMES * scale;
  const swipes = SWIPES * scale;
  const users = USERS * scale;
  const backend = await startBackend();
  try {
    console.log(`\n=== ${scale}x: backend ${backend.description}, ${backend.origin}`);
    console.log(`Node ${process.version}, ${os.cpus().length} CPUs, ${loadAverage()}`);
    const loaded = await timed(() => loadScaleData(backend.db, { names, swipes, users, acceptedConnections: Math.floor(users / 5) }));
    console.log(
      `Loaded ${names.toLocaleString('en-US')} names, ${swipes.toLocaleString('en-US')} swipes, ${users.toLocaleString('en-US')} users in ${(loaded.ms / 1000).toFixed(1)} s`,
    );
    // What autovacuum and the checkpointer would have done by the time operators search a loaded table: without it an
    // index-only count still visits the heap for every entry (nothing is marked all-visible yet).
    console.log(`VACUUM (ANALYZE) and CHECKPOINT after loading: ${((await settle(backend.db)) / 1000).toFixed(1)} s`);
    const token = await signInAdmin(backend.origin);

    const figures = await measureEndpoints(backend.origin, token, `${scale}x`);
    if (ALONE > 0 && ENDPOINTS.some((e) => e.search))
      await measureEndpoints(backend.origin, token, `${scale}x, ${ALONE} connection${ALONE === 1 ? '' : 's'}`, {
        connections: ALONE,
        endpoints: ENDPOINTS.filter((e) => e.search || e.label === UNSEARCHED),
      });
    const percent = trashPercent();
    if (percent > 0) {
      const share = await trashShareOfNames(backend.db, percent);
      console.log(
        `\nMoved ${share.names.toLocaleString('en-US')} names (${percent} %) with ${share.swipes.toLocaleString('en-US')} swipes to the trash in ` +
          `${(share.ms / 1000).toFixed(1)} s (${share.deletionIds.length} deletions), VACUUM (ANALYZE) and CHECKPOINT ${(share.settledMs / 1000).toFixed(1)} s; measuring again`,
      );
      const withTrash = await measureEndpoints(backend.origin, token, `${scale}x, ${percent} % of names in the trash`);
      console.log(`\n${scale}x: p95 without a trash and with ${percent} % of the names in it, same run\n`);
      console.log(trashComparisonTable(figures, withTrash, percent));
      console.log(`restored in ${((await restoreShare(backend.db, share)) / 1000).toFixed(1)} s; ${loadAverage()}`);
    }
    return figures;
  } finally {
    await backend.close();
  }
}

/** What the answers to a search mix held on average, per group: one call for each text. */
async function searchAnswers(origin: string, token: string, paths: readonly string[]): Promise<string> {
  const sums = { prefixMatches: 0, containsMatches: 0, closeMatches: 0, empty: 0, bounded: 0 };
  for (const path of paths) {
    const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as {
      total: number;
      search?: Record<'prefixMatches' | 'containsMatches' | 'closeMatches', number> & { exact?: boolean };
    };
    if (!body.search) throw new Error(`${path}: the answer says nothing of the search`);
    sums.prefixMatches += body.search.prefixMatches;
    sums.containsMatches += body.search.containsMatches;
    sums.closeMatches += body.search.closeMatches;
    if (body.total === 0) sums.empty += 1;
    if (body.search.exact === false) sums.bounded += 1;
  }
  const mean = (n: number) => (n / paths.length).toFixed(1);
  return `matches per answer: ${mean(sums.prefixMatches)} prefix, ${mean(sums.containsMatches)} contains, ${mean(sums.closeMatches)} close; ${sums.empty} of ${paths.length} texts found nothing, ${sums.bounded} were counted up to the bound (lower bounds)`;
}

/** Every endpoint of ENDPOINTS (or of `endpoints`) under load: the table, and each p95. */
async function measureEndpoints(
  origin: string,
  token: string,
  what: string,
  { connections = CONNECTIONS, endpoints = ENDPOINTS }: { connections?: number; endpoints?: Endpoint[] } = {},
): Promise<ScaledFigure[]> {
  const rows: string[][] = [];
  const figures: ScaledFigure[] = [];
  const held: string[] = [];
  for (const endpoint of endpoints) {
    const url = `${origin}${endpoint.path}`;
    const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!check.ok) throw new Error(`${endpoint.path}: ${check.status} ${await check.text()}`);
    if (endpoint.search && endpoint.paths) held.push(`  ${endpoint.label}: ${await searchAnswers(origin, token, endpoint.paths)}`);
    // A short warm-up: plans, caches and the JIT, so the measured run is the steady state.
    await load({ url, token, connections, durationSeconds: 2, paths: endpoint.paths });
    const result = await load({ url, token, connections, durationSeconds: DURATION, paths: endpoint.paths });
    if (result.non2xx > 0 || result.errors > 0)
      console.warn(`${endpoint.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
    rows.push([endpoint.label, result.requestsPerSecond.toFixed(0), ms(result.p50), ms(result.p95), ms(result.p99), ms(result.max)]);
    figures.push({ label: endpoint.label, p95: result.p95 });
    console.log(`  ${endpoint.label}: done`);
  }
  console.log(`\n${what}: ${connections} connections, ${DURATION} s per endpoint, latencies in ms\n`);
  console.log(table(['endpoint', 'req/s', 'p50', 'p95', 'p99', 'max'], rows));
  const unsearched = figures.find((f) => f.label === UNSEARCHED)!;
  const searches = endpoints.filter((e) => e.search).map((e) => figures.find((f) => f.label === e.label)!);
  if (searches.length > 0) {
    console.log(`\n${what}: the search mixes beside the unsearched first page (same run)\n`);
    console.log(
      table(
        ['search mix', 'p95 ms', `p95 ms, ${UNSEARCHED}`, 'ratio'],
        searches.map((f) => [f.label, f.p95.toFixed(1), unsearched.p95.toFixed(1), `${(f.p95 / unsearched.p95).toFixed(2)}x`]),
      ),
    );
    console.log(`\nWhat the searches found (one call per text):\n${held.join('\n')}`);
  }
  console.log(loadAverage());
  return figures;
}

async function main(): Promise<void> {
  const scale = scaleFactor();
  const results = new Map<number, ScaledFigure[]>();
  for (const each of scalesToMeasure(scale)) results.set(each, await measureAt(each));
  if (scale > 1) {
    console.log(`\nGrowth from 1x to ${scale}x (p95 over ${CONNECTIONS} connections)\n`);
    console.log(growthTable(scale, results.get(1)!, results.get(scale)!));
  }
}

await main();
