// npm run bench:analytics [-- --swipes 1000000 --calls 200 --direct-runs 5 --paired-calls 1000]
//
// Every /api/analytics endpoint, GET /api/matches/:a/:b and GET /api/admin/health, called through HTTP
// on a loopback port against a database holding a million swipes (the seed:scale data): p50 and p95 of
// 200 calls each. Beside each, the same figure computed straight from the swipes table (what the endpoint
// would cost without the analytics_* summaries), timed in the same run as plain SQL (no HTTP, which
// flatters the baseline), and the ratio of the two medians.
//
// Database: DATABASE_URL (PostgreSQL), else a PGlite folder (BENCH_DATA_DIR, default
// .data/bench-analytics-pglite) that is kept between runs. When it holds fewer scale swipes than
// --swipes, the scale data is loaded first (once; minutes on PGlite).
// SCALE=10 (PostgreSQL only): measures at --swipes and then at ten times the data (swipes, names and users),
// each in a scratch schema dropped afterwards, and prints how every p95 grew.
// TRASH_PERCENT (default 10; PostgreSQL at 1x): then a copy of the database gets that share of its names moved to
// the trash with their swipes, and every endpoint is called on both copies in alternation: each one's p95 without and
// with a trash side by side (lib/pairedTrash.ts; 0 skips it).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { SignInSession } from '../contract/schemas/auth';
import { buildApp } from '../server/src/app';
import { migrate } from '../server/src/db/migrate';
import { openDatabase } from '../server/src/db/open';
import type { Db } from '../server/src/db/types';
import { DEMO_ADMIN } from '../server/src/seed/demoAccounts';
import { loadScaleData, SCALE_PRESETS } from '../server/src/seed/scaleData';
import { seedDemoData } from '../server/src/seed/seed';
import { growthTable, scaleFactor, scalesToMeasure, type ScaledFigure } from './lib/scale';
import { loadAverage, table } from './lib/timing';
import { pairedTrashComparison } from './lib/pairedTrash';
import { trashPercent } from './lib/trashShare';

const { values } = parseArgs({
  options: {
    swipes: { type: 'string', default: String(SCALE_PRESETS.large.swipes) },
    calls: { type: 'string', default: '200' },
    'direct-runs': { type: 'string', default: '5' },
    // a p95 compared to within 10 % needs more than 200 calls: its 10th-slowest call moved it by 15 % between runs
    'paired-calls': { type: 'string', default: '1000' },
  },
});
const SWIPES = Number(values.swipes);
const CALLS = Number(values.calls);
const DIRECT_RUNS = Number(values['direct-runs']);
const P95_TARGET_MS = 50;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeRuns(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up: plans, caches, connections
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function ensureScaleData(db: Db, swipes: number) {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM swipes WHERE user_id LIKE 'scale-user-%'`);
  const have = rows[0]?.n ?? 0;
  if (have >= swipes * 0.99) return `${have.toLocaleString('en-US')} scale swipes already loaded`;
  if (have > 0) throw new Error(`The database holds ${have} scale swipes, fewer than --swipes ${swipes}: use a fresh database.`);
  const ratio = swipes / SCALE_PRESETS.large.swipes;
  const size = {
    swipes,
    names: Math.max(1000, Math.round(SCALE_PRESETS.large.names * ratio)),
    users: Math.max(100, Math.round(SCALE_PRESETS.large.users * ratio)),
  };
  const started = performance.now();
  const report = await loadScaleData(db, size, (line) => console.log(`  ${line}`));
  return `loaded ${report.swipes.toLocaleString('en-US')} swipes in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/** The same figures straight from swipes (and names / connection_requests), no summary table involved. */
const PAIRS = `SELECT DISTINCT least(from_user_id, to_user_id) AS a, greatest(from_user_id, to_user_id) AS b
                 FROM connection_requests WHERE status = 'accepted'`;
const FIRST_LIKES = `SELECT user_id, name_id, min(created_at) AS at FROM swipes WHERE liked GROUP BY 1, 2`;
const MATCHES = `SELECT p.a, p.b, la.name_id, greatest(la.at, lb.at) AS matched_at, abs(extract(epoch FROM la.at - lb.at)) AS gap
                   FROM (${PAIRS}) p JOIN (${FIRST_LIKES}) la ON la.user_id = p.a JOIN (${FIRST_LIKES}) lb ON lb.user_id = p.b AND lb.name_id = la.name_id`;
const NAME_FIGURES = `SELECT s.name_id, count(*) AS swipes, count(*) FILTER (WHERE liked) AS likes, avg(decision_time_ms) AS avg_ms,
                             count(*) FILTER (WHERE decision_time_ms < 2000) AS fast
                        FROM swipes s GROUP BY s.name_id`;
const WILSON = `(likes::float8 / swipes + 1.9208 / swipes - 1.96 * sqrt(((likes::float8 / swipes) * (1 - likes::float8 / swipes) + 0.9604 / swipes) / swipes)) / (1 + 3.8416 / swipes)`;
const LAST_30_DAYS = `created_at >= (now() AT TIME ZONE 'UTC')::date - 29`;

function directQueries(user: string, pair: [string, string]): Record<string, [string, unknown[]]> {
  return {
    'top-names-by-gender': [
      `SELECT * FROM (SELECT n.gender, n.name, f.likes, row_number() OVER (PARTITION BY n.gender ORDER BY f.likes DESC, f.name_id) AS r
                        FROM (${NAME_FIGURES}) f JOIN names n ON n.id = f.name_id WHERE f.likes > 0) t WHERE r <= 10`,
      [],
    ],
    'top-names-by-nationality': [
      `SELECT * FROM (SELECT n.nationality, n.name, f.likes, row_number() OVER (PARTITION BY n.nationality ORDER BY f.likes DESC, f.name_id) AS r
                        FROM (${NAME_FIGURES}) f JOIN names n ON n.id = f.name_id WHERE f.likes > 0) t WHERE r <= 10`,
      [],
    ],
    'user-stats': [
      `SELECT count(DISTINCT user_id), count(*), count(*) FILTER (WHERE liked), (SELECT count(*) FROM names),
              (SELECT count(*) FROM connection_requests WHERE status = 'accepted') FROM swipes`,
      [],
    ],
    'decision-time-stats': [
      `SELECT avg(decision_time_ms), count(*) FILTER (WHERE decision_time_ms < 2000), count(*) FILTER (WHERE decision_time_ms > 5000),
              count(decision_time_ms), avg(decision_time_ms) FILTER (WHERE liked), avg(decision_time_ms) FILTER (WHERE NOT liked) FROM swipes`,
      [],
    ],
    'match-conversion-rate': [`SELECT (SELECT count(*) FROM (${PAIRS}) p), count(DISTINCT (a, b)), count(*) FROM (${MATCHES}) m`, []],
    'name-analytics': [
      `SELECT f.*, n.name, ${WILSON} AS score FROM (${NAME_FIGURES}) f JOIN names n ON n.id = f.name_id ORDER BY score DESC, f.name_id LIMIT 50`,
      [],
    ],
    'top-ranked-names': [
      `SELECT f.*, n.name, ${WILSON} AS score FROM (${NAME_FIGURES}) f JOIN names n ON n.id = f.name_id ORDER BY score DESC, f.name_id LIMIT 20`,
      [],
    ],
    'match-analytics': [`SELECT * FROM (${MATCHES}) m ORDER BY matched_at DESC LIMIT 20`, []],
    'daily-active-users': [
      `SELECT (created_at AT TIME ZONE 'UTC')::date, count(DISTINCT user_id) FROM swipes WHERE ${LAST_30_DAYS} GROUP BY 1`,
      [],
    ],
    'swipes-over-time': [
      `SELECT (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE liked), avg(decision_time_ms)
         FROM swipes WHERE ${LAST_30_DAYS} GROUP BY 1`,
      [],
    ],
    'popularity-trends': [
      `SELECT n.nationality, (s.created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE s.liked)
         FROM swipes s JOIN names n ON n.id = s.name_id WHERE s.${LAST_30_DAYS} GROUP BY 1, 2`,
      [],
    ],
    'user-swipes/{id} (heaviest user)': [
      `SELECT count(*), count(*) FILTER (WHERE liked), max(created_at) FROM swipes WHERE user_id = $1`,
      [user],
    ],
    'user-swipe-insights/{id} (heaviest user)': [
      `SELECT count(*), count(*) FILTER (WHERE liked), avg(decision_time_ms), min(created_at), max(created_at),
              count(DISTINCT (created_at AT TIME ZONE 'UTC')::date) FROM swipes WHERE user_id = $1`,
      [user],
    ],
    'swipe-sessions/{id} (heaviest user)': [
      `SELECT count(*) FROM (SELECT created_at - lag(created_at) OVER (ORDER BY created_at) AS gap FROM swipes WHERE user_id = $1) g
        WHERE gap IS NULL OR gap >= interval '30 minutes'`,
      [user],
    ],
    'matches/{a}/{b}': [
      `SELECT la.name_id, greatest(la.at, lb.at) AS matched_at
         FROM (SELECT name_id, min(created_at) AS at FROM swipes WHERE user_id = $1 AND liked GROUP BY 1) la
         JOIN (SELECT name_id, min(created_at) AS at FROM swipes WHERE user_id = $2 AND liked GROUP BY 1) lb USING (name_id)
        ORDER BY matched_at DESC LIMIT 20`,
      pair,
    ],
  };
}

/** Exact count(*) of every table: what GET /admin/health did before it read the catalog. */
async function countEveryTable(db: Db) {
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  await db.query(rows.map((row, i) => `SELECT ${i} AS i, count(*) FROM "${row.name}"`).join(' UNION ALL '));
}

async function main() {
  const scale = scaleFactor();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (scale === 1) {
    const dataDir = process.env.BENCH_DATA_DIR || '.data/bench-analytics-pglite';
    const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    let paths: Record<string, string>;
    try {
      ({ paths } = await measureOn(db, databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${dataDir})`, SWIPES));
    } finally {
      await db.close();
    }
    const percent = trashPercent();
    if (percent > 0 && databaseUrl)
      console.log(await pairedTrashComparison({ databaseUrl, percent, paths, calls: Number(values['paired-calls']) }));
    else if (percent > 0) console.log('\nThe trash comparison copies the database: it runs on PostgreSQL (DATABASE_URL).');
    return;
  }
  if (!databaseUrl) throw new Error('SCALE > 1 measures on PostgreSQL: set DATABASE_URL.');
  const results = new Map<number, ScaledFigure[]>();
  for (const each of scalesToMeasure(scale)) {
    const schema = `bench_analytics_${process.pid}_${each}`;
    const admin = await openDatabase({ databaseUrl });
    await admin.exec(`CREATE SCHEMA "${schema}"`);
    const db = await openDatabase({ databaseUrl, schema });
    try {
      results.set(each, (await measureOn(db, `PostgreSQL (DATABASE_URL, schema ${schema}), ${each}x`, SWIPES * each)).figures);
    } finally {
      await db.close();
      await admin.exec(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.close();
    }
  }
  console.log(`\nGrowth from 1x to ${scale}x (${SWIPES.toLocaleString('en-US')} to ${(SWIPES * scale).toLocaleString('en-US')} swipes)\n`);
  console.log(growthTable(scale, results.get(1)!, results.get(scale)!, P95_TARGET_MS));
}

/** Loads the data if needed, then times every endpoint through HTTP and its direct baseline: each p95. */
async function measureOn(db: Db, description: string, swipes: number): Promise<{ figures: ScaledFigure[]; paths: Record<string, string> }> {
  console.log(`bench:analytics on ${description}; ${loadAverage()}`);
  await migrate(db);
  await seedDemoData(db);
  console.log(await ensureScaleData(db, swipes));

  const { rows: counts } = await db.query<{ swipes: number; names: number; users: number; matches: number }>(
    `SELECT (SELECT count(*) FROM swipes)::int AS swipes, (SELECT count(*) FROM names)::int AS names,
            (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM analytics_matches)::int AS matches`,
  );
  const { rows: heavy } = await db.query<{ user_id: string; swipes: number }>(
    'SELECT user_id, swipes FROM analytics_user_stats ORDER BY swipes DESC, user_id LIMIT 1',
  );
  const { rows: pairRows } = await db.query<{ user_a: string; user_b: string; matches: number }>(
    'SELECT user_a, user_b, matches FROM analytics_pair_stats ORDER BY matches DESC, user_a LIMIT 1',
  );
  const { rows: median } = await db.query<{ user_id: string; swipes: number }>(
    `SELECT user_id, swipes FROM analytics_user_stats
      ORDER BY swipes, user_id OFFSET (SELECT count(*) / 2 FROM analytics_user_stats) LIMIT 1`,
  );
  const user = heavy[0]!.user_id;
  const typical = median[0]!.user_id;
  const pair: [string, string] = [pairRows[0]!.user_a, pairRows[0]!.user_b];
  console.log(
    `data: ${counts[0]!.swipes.toLocaleString('en-US')} swipes, ${counts[0]!.names.toLocaleString('en-US')} names, ` +
      `${counts[0]!.users.toLocaleString('en-US')} users, ${counts[0]!.matches.toLocaleString('en-US')} matches; ` +
      `per-user calls use the heaviest user (${heavy[0]!.swipes} swipes) and a median one (${median[0]!.swipes}), ` +
      `matches the pair with most matches (${pairRows[0]!.matches})`,
  );

  const app = await buildApp({ db, sessionSecret: randomBytes(32).toString('hex'), logger: false });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const signIn = await fetch(`${origin}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    const { token } = (await signIn.json()) as SignInSession;
    // One keep-alive connection per endpoint's series, closed before the baseline runs: with PGlite the
    // baseline's long queries block this process, and an idle connection would outlive its deadlines.
    let agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = (path: string) =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(`${origin}/api${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve()
              : reject(new Error(`${path}: ${response.statusCode} ${Buffer.concat(chunks).toString()}`)),
          );
          response.on('error', reject);
        });
        request.on('error', reject);
      });

    const endpoints: Record<string, string> = {
      'top-names-by-gender': '/analytics/top-names-by-gender',
      'top-names-by-nationality': '/analytics/top-names-by-nationality',
      'user-stats': '/analytics/user-stats',
      'decision-time-stats': '/analytics/decision-time-stats',
      'match-conversion-rate': '/analytics/match-conversion-rate',
      'name-analytics': '/analytics/name-analytics',
      'top-ranked-names': '/analytics/top-ranked-names',
      'match-analytics': '/analytics/match-analytics',
      'daily-active-users': '/analytics/daily-active-users',
      'swipes-over-time': '/analytics/swipes-over-time',
      'popularity-trends': '/analytics/popularity-trends',
      'user-swipes/{id} (heaviest user)': `/analytics/user-swipes/${encodeURIComponent(user)}`,
      'user-swipe-insights/{id} (heaviest user)': `/analytics/user-swipe-insights/${encodeURIComponent(user)}`,
      'swipe-sessions/{id} (heaviest user)': `/analytics/swipe-sessions/${encodeURIComponent(user)}`,
      'matches/{a}/{b}': `/matches/${encodeURIComponent(pair[0])}/${encodeURIComponent(pair[1])}`,
    };
    const direct = directQueries(user, pair);
    const extra: Record<string, string> = {
      'user-swipes/{id} (median user)': `/analytics/user-swipes/${encodeURIComponent(typical)}`,
      'user-swipe-insights/{id} (median user)': `/analytics/user-swipe-insights/${encodeURIComponent(typical)}`,
      'swipe-sessions/{id} (median user)': `/analytics/swipe-sessions/${encodeURIComponent(typical)}`,
      'name-analytics?gender=female&origin=irish': '/analytics/name-analytics?gender=female&origin=irish',
      'name-analytics?origin=other': '/analytics/name-analytics?origin=other',
    };

    const rows: string[][] = [];
    const figures: ScaledFigure[] = [];
    let misses = 0;
    const measure = async (label: string, path: string, baseline?: () => Promise<unknown>, isTarget = true) => {
      const calls = await timeRuns(CALLS, () => call(path));
      agent.destroy();
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const p50 = percentile(calls, 50);
      const p95 = percentile(calls, 95);
      const base = baseline ? percentile(await timeRuns(DIRECT_RUNS, baseline), 50) : undefined;
      const ok = p95 < P95_TARGET_MS;
      if (!ok && isTarget) misses += 1;
      figures.push({ label, p95 });
      rows.push([
        label,
        p50.toFixed(1),
        p95.toFixed(1),
        base === undefined ? '-' : base.toFixed(1),
        base === undefined ? '-' : `${(base / p50).toFixed(1)}x`,
        ok ? 'yes' : 'NO',
      ]);
      console.log(
        `  ${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${base === undefined ? '' : `, direct ${base.toFixed(1)} ms`}`,
      );
    };
    // The floor every call pays: HTTP on loopback, the session check of the admin guard, JSON.
    await measure('(floor) swipes/stats', '/swipes/stats', undefined, false);
    for (const [label, path] of Object.entries(endpoints)) {
      const [sql, params] = direct[label]!;
      await measure(label, path, () => db.query(sql, params));
    }
    for (const [label, path] of Object.entries(extra)) await measure(label, path);
    await measure('admin/health', '/admin/health', () => countEveryTable(db));

    console.log(
      `\n${CALLS} HTTP calls per endpoint (after one warm-up); "direct" = median of ${DIRECT_RUNS} runs of the same figure straight from swipes (SQL only)\n`,
    );
    console.log(table(['endpoint', 'p50 ms', 'p95 ms', 'direct p50 ms', 'direct/p50', `p95 < ${P95_TARGET_MS} ms`], rows));
    console.log(`machine: ${os.cpus().length} CPUs, ${loadAverage()} at the end of the run`);
    console.log(`\n${misses === 0 ? 'every endpoint' : `${misses} endpoint(s) NOT`} under the p95 target on ${description}`);
    return { figures, paths: { '(floor) swipes/stats': '/swipes/stats', ...endpoints, ...extra, 'admin/health': '/admin/health' } };
  } finally {
    await app.close();
  }
}

await main();
