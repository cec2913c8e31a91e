// npm run bench:users-audit — User Management and Audit Logs at scale: 100,000 users, 1,000,000 app audit
// events and 10,000 console actions, loaded set-based. For each operation the console performs it prints the
// p95 through HTTP (the route as the console calls it, JSON included) and of its SQL alone, beside the p95 of
// the obvious alternative (the baseline) measured in the same run on the same data, and their ratio.
// Runs on PGlite; with DATABASE_URL also on that PostgreSQL (in a scratch schema it drops afterwards).
// BENCH_USERS / BENCH_AUDIT_LOGS / BENCH_RUNS scale it down for a quick look; BENCH_TARGETS=postgres skips PGlite.
// SCALE=10 measures each database at those sizes and then at ten times both (a fresh database each), and prints
// how every HTTP p95 grew.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app';
import { buildAppEventCountsQuery } from '../server/src/audit/auditStats';
import { buildAuditLogsQuery, encodeAuditCursor, auditLogsFilter } from '../server/src/audit/auditTrail';
import { exactTimestampSql } from '../server/src/db/exactTimestamp';
import { migrate } from '../server/src/db/migrate';
import { openDatabase } from '../server/src/db/open';
import type { Db, Queryable } from '../server/src/db/types';
import { seedDemoData } from '../server/src/seed/seed';
import { buildUserListQueries, userListFilter, SEARCH_TEXT_SQL } from '../server/src/users/userList';
import { signInAdmin } from './lib/backend';
import { loadUsersAndAudit } from './lib/usersAuditData';
import { growthTable, scaleFactor, scalesToMeasure, type ScaledFigure } from './lib/scale';
import { loadAverage, table } from './lib/timing';

const BASE_USERS = Number(process.env.BENCH_USERS ?? 100_000);
const BASE_AUDIT_LOGS = Number(process.env.BENCH_AUDIT_LOGS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const DAY_MS = 86_400_000;

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/** p95 of `runs` timings after three warm-up runs (the first pay for planning and cold caches). */
async function p95Ms(fn: () => Promise<unknown>, runs = RUNS): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return p95(times);
}

class Rollback extends Error {}
/** Measures `run` inside a transaction that is rolled back: a baseline drops indexes only for itself. */
async function p95WithoutIndexes(db: Db, indexes: string[], run: (q: Queryable) => Promise<unknown>): Promise<number> {
  let result = 0;
  try {
    await db.transaction(async (tx) => {
      for (const index of indexes) await tx.query(`DROP INDEX ${index}`);
      result = await p95Ms(() => run(tx));
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result;
}

type Statement = { sql: string; params: unknown[] };
/** The statements one after the other, as on one connection (the route sends the page and its total together). */
const inTurn = (statements: Statement[]) => async (q: Queryable) => {
  for (const s of statements) await q.query(s.sql, s.params);
};

/**
 * GET over a fresh loopback connection each time: a kept-alive socket that sat idle through a long baseline
 * may be closed by the server (keepAliveTimeout) just as it is reused, which fetch reports as ECONNRESET.
 */
function httpGetJson(url: string, token: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode} ${text}`));
        else resolve(JSON.parse(text));
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

interface Target {
  label: string;
  db: Db;
  close(): Promise<void>;
}

async function openTarget(kind: 'pglite' | 'postgres'): Promise<Target> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-users-audit-'));
    const db = await openDatabase({ dataDir });
    return { label: 'PGlite', db, close: async () => (await db.close(), rmSync(dataDir, { recursive: true, force: true })) };
  }
  const databaseUrl = process.env.DATABASE_URL!;
  const schema = `bench_users_audit_${process.pid}`;
  const admin = await openDatabase({ databaseUrl });
  await admin.exec(`CREATE SCHEMA "${schema}"`);
  await admin.close();
  const db = await openDatabase({ databaseUrl, schema });
  return {
    label: 'PostgreSQL',
    db,
    async close() {
      await db.close();
      const cleanup = await openDatabase({ databaseUrl });
      await cleanup.exec(`DROP SCHEMA "${schema}" CASCADE`);
      await cleanup.close();
    },
  };
}

interface Measured {
  operation: string;
  http: number;
  sql: number;
  baseline: number;
  baselineWhat: string;
}

async function sample(db: Queryable, sql: string, params: unknown[] = []): Promise<Record<string, unknown>> {
  return (await db.query<Record<string, unknown>>(sql, params)).rows[0]!;
}

async function measure(target: Target, scale: number): Promise<Measured[]> {
  const { db } = target;
  const USERS = BASE_USERS * scale;
  const AUDIT_LOGS = BASE_AUDIT_LOGS * scale;
  const CONSOLE_ACTIONS = Math.max(1, Math.round(AUDIT_LOGS / 100));
  const DEEP_ROW = Math.floor((AUDIT_LOGS + CONSOLE_ACTIONS) / 2);
  const loadStart = performance.now();
  await migrate(db);
  await seedDemoData(db, { content: 'accounts' });
  await loadUsersAndAudit(db, USERS, AUDIT_LOGS, CONSOLE_ACTIONS);
  console.log(
    `${target.label} ${scale}x: loaded ${USERS.toLocaleString('en-US')} users, ${AUDIT_LOGS.toLocaleString('en-US')} audit logs and ${CONSOLE_ACTIONS.toLocaleString('en-US')} console actions in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ db, sessionSecret: randomBytes(32).toString('hex'), logger: false, livePollMs: 60_000 });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const token = await signInAdmin(origin);
    const get = (url: string) => httpGetJson(`${origin}/api${url}`, token);
    // The typed query the route's schema would hand over (numbers as numbers).
    const query = (text: string) =>
      Object.fromEntries(
        [...new URLSearchParams(text)].map(([key, value]) => [key, key === 'limit' || key === 'offset' ? Number(value) : value]),
      );
    const results: Measured[] = [];

    // A user search as an operator types it: part of one real surname, found among 100,000 (with the total);
    // the same user at every SCALE, so the same term.
    const someone = await sample(db, `SELECT display_name FROM users WHERE uid = 'bu' || lpad($1::text, 26, '0')`, [
      Math.floor(BASE_USERS * 0.4242),
    ]);
    const term = String(someone.display_name).split(' ')[1]!.slice(1, 6).toLowerCase();
    {
      const q = `search=${encodeURIComponent(term)}&limit=50`;
      const filter = userListFilter(query(q));
      const { page, total } = buildUserListQueries(filter);
      results.push({
        operation: `user search "${term}" (page of 50 + total)`,
        http: await p95Ms(() => get(`/users?${q}`)),
        sql: await p95Ms(() => inTurn([page, total])(db)),
        baseline: await p95WithoutIndexes(db, ['users_search_trgm_idx'], inTurn([page, total])),
        baselineWhat: 'same SQL, no trigram index',
      });
    }
    {
      // Two letters: too short for a trigram; the list reads rows in its order and the total stops at 1,000.
      const filter = userListFilter(query('search=an&limit=50'));
      const { page, total } = buildUserListQueries(filter);
      const like = `${SEARCH_TEXT_SQL} LIKE $1`;
      const naive = [
        { sql: `SELECT * FROM users WHERE ${like} ORDER BY created_at DESC, uid DESC LIMIT 51`, params: ['%an%'] },
        { sql: `SELECT count(*)::int FROM users WHERE ${like}`, params: ['%an%'] },
      ];
      results.push({
        operation: 'user search "an" (broad; page + total)',
        http: await p95Ms(() => get('/users?search=an&limit=50')),
        sql: await p95Ms(() => inTurn([page, total])(db)),
        baseline: await p95Ms(() => inTurn(naive)(db)),
        baselineWhat: 'LIKE (trigram index), every match counted',
      });
    }

    // Filtered pages: premium, active, preferring girls' names, most recently active first, with the total;
    // the total comes from the group counts (042) unless a date range needs the rows.
    const since = new Date(Date.now() - 365 * DAY_MS).toISOString();
    for (const [operation, filtered] of [
      [
        'filtered user page (3 filters, sort lastActive)',
        'isPremium=true&accountActive=true&preferredGender=female&sort=lastActiveDate&order=desc&limit=50',
      ],
      [
        'filtered user page (3 filters + created range)',
        `isPremium=true&accountActive=true&preferredGender=female&createdFrom=${since}&sort=lastActiveDate&order=desc&limit=50`,
      ],
    ] as const) {
      const filter = userListFilter(query(filtered));
      const { page, total } = buildUserListQueries(filter);
      const countRows = {
        sql: 'SELECT count(*) FROM users WHERE is_premium AND account_active AND preferred_gender = $1',
        params: ['female'],
      };
      results.push({
        operation,
        http: await p95Ms(() => get(`/users?${filtered}`)),
        sql: await p95Ms(() => inTurn([page, total])(db)),
        baseline: await p95WithoutIndexes(db, ['users_last_active_desc_idx', 'users_last_active_asc_idx'], inTurn([page, countRows])),
        baselineWhat: 'no sort indexes, total by count(*)',
      });
    }

    // Audit pages: the newest 100 of the last 7 days, and 100 from half-way down the whole trail.
    const week = new Date(Date.now() - 7 * DAY_MS - 12_345).toISOString();
    const mergedNaive = (where: string) =>
      `SELECT * FROM (
         SELECT 'app' AS source, 1 AS rank, id, timestamp, event, user_id, NULL AS actor_uid, NULL::jsonb AS before FROM audit_logs ${where}
         UNION ALL
         SELECT 'console', 0, id, timestamp, action, target_id, actor_uid, before FROM console_actions ${where}
       ) merged ORDER BY timestamp DESC, rank DESC, id DESC`;
    {
      const filter = auditLogsFilter(query(`since=${week}&source=all`));
      const { sql, params } = buildAuditLogsQuery(filter);
      results.push({
        operation: 'audit page 1 of 100 (7 days, app + console)',
        http: await p95Ms(() => get(`/audit-logs?since=${week}&source=all`)),
        sql: await p95Ms(() => db.query(sql, params)),
        baseline: await p95Ms(() => db.query(`${mergedNaive('WHERE timestamp >= $1')} LIMIT 101`, [week])),
        baselineWhat: 'union then sort, no per-source limit',
      });
    }
    {
      const row = await sample(
        db,
        `SELECT id, ${exactTimestampSql('timestamp')} AS ts FROM audit_logs ORDER BY timestamp DESC, id DESC OFFSET $1 LIMIT 1`,
        [Math.floor(AUDIT_LOGS / 2)],
      );
      const cursor = encodeAuditCursor({ timestamp: String(row.ts), source: 'app', id: Number(row.id) });
      const filter = auditLogsFilter(query(`source=all&cursor=${cursor}`));
      const { sql, params } = buildAuditLogsQuery(filter);
      results.push({
        operation: `audit page at row ~${DEEP_ROW.toLocaleString('en-US')} (cursor)`,
        http: await p95Ms(() => get(`/audit-logs?source=all&cursor=${cursor}`)),
        sql: await p95Ms(() => db.query(sql, params)),
        baseline: await p95Ms(() => db.query(`${mergedNaive('')} OFFSET $1 LIMIT 101`, [DEEP_ROW]), Math.min(RUNS, 10)),
        baselineWhat: 'OFFSET paging (10 runs)',
      });
    }

    // Statistics for 90 days (a lower bound in the middle of a day, as "now - 90 days" is).
    {
      const from = new Date(Date.now() - 90 * DAY_MS - 4_321).toISOString();
      const app = buildAppEventCountsQuery({ text: from, ms: new Date(from).getTime() });
      const consoleSql = 'SELECT action, count(*) FROM console_actions WHERE timestamp >= $1 GROUP BY action';
      results.push({
        operation: 'audit statistics, 90 days',
        http: await p95Ms(() => get(`/audit-logs/stats?since=${from}&source=all`)),
        sql: await p95Ms(() => inTurn([app, { sql: consoleSql, params: [from] }])(db)),
        baseline: await p95Ms(() =>
          inTurn([
            { sql: 'SELECT event, count(*) FROM audit_logs WHERE timestamp >= $1 GROUP BY event', params: [from] },
            { sql: consoleSql, params: [from] },
          ])(db),
        ),
        baselineWhat: 'GROUP BY over audit_logs',
      });
    }
    return results;
  } finally {
    await app.close();
  }
}

async function main() {
  const scale = scaleFactor();
  const wanted = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  const kinds = (['pglite', 'postgres'] as const).filter(
    (kind) => wanted.includes(kind) && (kind === 'pglite' || process.env.DATABASE_URL),
  );
  console.log(loadAverage());
  const rows: string[][] = [];
  const growth: string[] = [];
  for (const kind of kinds) {
    const figures = new Map<number, ScaledFigure[]>();
    for (const each of scalesToMeasure(scale)) {
      const target = await openTarget(kind);
      try {
        const measured = await measure(target, each);
        figures.set(
          each,
          measured.map((m) => ({ label: m.operation.replace(/row ~[\d,]+/, 'the middle row'), p95: m.http })),
        );
        for (const m of measured) {
          rows.push([
            `${target.label}${scale > 1 ? ` ${each}x` : ''}`,
            m.operation,
            m.http.toFixed(1),
            m.sql.toFixed(1),
            m.baseline.toFixed(1),
            `${(m.baseline / m.sql).toFixed(1)}x`,
            m.baselineWhat,
          ]);
        }
      } finally {
        await target.close();
      }
    }
    if (scale > 1)
      growth.push(`${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, HTTP p95\n${growthTable(scale, figures.get(1)!, figures.get(scale)!)}`);
  }
  console.log(`\np95 in ms over ${RUNS} runs each (after 3 warm-up runs); ratio = baseline SQL p95 / SQL p95\n`);
  console.log(table(['database', 'operation', 'HTTP p95', 'SQL p95', 'baseline p95', 'ratio', 'baseline'], rows));
  for (const each of growth) console.log(`\nGrowth from 1x to ${scale}x: ${each}`);
  console.log(loadAverage());
  if (!process.env.DATABASE_URL) console.log('\n(PostgreSQL not measured: set DATABASE_URL to include it.)');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
