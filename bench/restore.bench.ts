/**
 * Restore benchmark:   npm run bench:restore
 *
 * The console's full backup restored through the reference backend's routes, as the console restores it:
 * 1. Starts the reference backend in this process on a loopback port (a fresh PGlite folder, or with DATABASE_URL a
 *    scratch schema on that PostgreSQL server), seeded with the demo accounts only, and signs in as the demo admin.
 * 2. Builds a backup in memory: 1,000,000 real names (numbered past the first round of bench/lib/realNames.ts),
 *    100,000 users (and the demo accounts), a connection per 10 users and an audit event per user.
 * 3. FLOOR: the same rows inserted with one INSERT ... SELECT FROM unnest(...) per table, in a transaction rolled
 *    back: what the database itself needs to take them (indexes, triggers), on the same empty tables.
 * 4. ADD on the empty database: open, every row POSTed in batches of 1,000 (RESTORE_BATCH_MAX_ROWS) to
 *    /api/admin/restores/:id/rows, check, apply in add mode; each phase timed, the apply's steps too.
 * 5. REPLACE on the database the add left, with a file that differs: 10 % of the names gone (to the trash), 10 %
 *    renamed, 5 % new; 5 % of the users gone, 10 % edited, 5 % new; 10 % of the audit events gone. The current
 *    state is saved first (BACKUP_DIR: a temp folder), as a replace does.
 * Prints each phase's time and rows/s, the apply's time beside the floor (ratio), peak RSS of this process (PGlite
 * included), and the load average before and after.
 *
 * Env: SCALE (default 1; a fraction below 1 scales every count down, e.g. SCALE=0.01 for 10,000 names and 1,000
 * users), DATABASE_URL (PostgreSQL; otherwise PGlite).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { RESTORE_BATCH_MAX_ROWS, type RestoreMode } from '../contract/backupRestore';
import type { RestoreSession } from '../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS, type BackupCollection } from '../contract/exports';
import { firstLetter } from '../contract/nameRules';
import type { UserRecord } from '../contract/schemas/usersAudit';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../contract/usersAudit';
import type { Db } from '../server/src/db/types';
import { signInAdmin, startBackend, type Backend } from './lib/backend';
import { mib, RssSampler } from './lib/memory';
import { realNames } from './lib/realNames';
import { loadAverage, table } from './lib/timing';

function scale(): number {
  const text = process.env.SCALE ?? '1';
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > 10) throw new Error(`SCALE must be a number above 0, at most 10, not "${text}"`);
  return value;
}
const SCALE = scale();
const NAMES = Math.round(1_000_000 * SCALE);
const USERS = Math.round(100_000 * SCALE);

type Row = Record<string, unknown>;
type Data = Record<BackupCollection, Row[]>;

const ROMAN: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
function roman(n: number): string {
  let out = '';
  for (const [value, letters] of ROMAN) {
    while (n >= value) {
      out += letters;
      n -= value;
    }
  }
  return out;
}

const BASE_TIME = Date.UTC(2026, 10, 1);
const iso = (ms: number) => new Date(ms).toISOString();

/** The backup's rows: names as the names export writes them, users as UserRecords, the demo accounts kept as they are. */
function buildBackup(demoUsers: Row[]): Data {
  const pool = realNames();
  const names: Row[] = [];
  for (let i = 0; i < NAMES; i++) {
    const p = pool[i % pool.length]!;
    const round = Math.floor(i / pool.length);
    const id = i + 1;
    names.push({
      id,
      name_id: id,
      name: round === 0 ? p.name : `${p.name} ${roman(round + 1)}`,
      gender: p.gender,
      nationality: p.nationality,
      created_at: `${iso(BASE_TIME - (i % 1000) * 3_600_000).slice(0, 23)}123+00:00`,
    });
  }
  const users: Row[] = [...demoUsers];
  for (let i = 0; i < USERS; i++) {
    const created = BASE_TIME - (i % 730) * 86_400_000;
    const user: UserRecord = {
      uid: `bench-user-${i}`,
      email: `bench-user-${i}@babynames.test`,
      username: `bench${i}`,
      displayName: `Bench user ${i}`,
      accountActive: i % 10 !== 3,
      isPremium: i % 5 === 0,
      createdAt: iso(created),
      updatedAt: iso(created),
      lastLogin: null,
      lastActiveDate: i % 12 === 7 ? null : iso(created + 3_600_000),
      preferredGender: ['all', 'female', 'male', 'unisex'][i % 4]!,
      preferredNationality: 'all',
      preferredLanguage: 'english',
      connectedUserId: null,
      connectionStatus: null,
      connectionRequestSent: false,
      dailySwipeCount: i % 20,
      lastSwipeDate: null,
      isAdmin: false,
      notificationSettings: { ...DEFAULT_NOTIFICATION_SETTINGS },
      totalActiveTimeFormatted: `${i % 40}h ${i % 60}m 0s`,
      version: 1,
    };
    users.push(user);
  }
  const connections: Row[] = [];
  for (let i = 0; i < Math.floor(USERS / 10); i++) {
    connections.push({
      id: i + 1,
      userA: `bench-user-${2 * i}`,
      userB: `bench-user-${2 * i + 1}`,
      status: 'confirmed',
      createdAt: iso(BASE_TIME - i * 60_000),
    });
  }
  const auditLogs: Row[] = [];
  for (let i = 0; i < USERS; i++) {
    auditLogs.push({
      id: i + 1,
      timestamp: iso(BASE_TIME - i * 30_000),
      event: ['USER_CREATED', 'SUBSCRIPTION_START', 'SUBSCRIPTION_END'][i % 3]!,
      userId: `bench-user-${i}`,
      lastSwipeDate: null,
      totalActiveTimeFormatted: '0h 5m 0s',
    });
  }
  return { users, names, connections, audit_logs: auditLogs };
}

/** The file the replace restores: the add's file with a share of each collection gone, changed and new. */
function changedBackup(data: Data): Data {
  const names = data.names.filter((_, i) => i % 10 !== 1).map((n, i) => (i % 10 === 2 ? { ...n, name: `${String(n.name)} Jr` } : n));
  for (let i = 0; i < Math.round(NAMES * 0.05); i++) {
    const id = NAMES + i + 1;
    names.push({
      id,
      name_id: id,
      name: `Newname ${roman((i % 3999) + 1)} ${Math.floor(i / 3999)}`,
      gender: 'unisex',
      nationality: 'benchish',
      created_at: iso(BASE_TIME),
    });
  }
  const users = data.users
    .filter((u, i) => !String(u.uid).startsWith('bench-user-') || i % 20 !== 7)
    .map((u, i) => (String(u.uid).startsWith('bench-user-') && i % 10 === 4 ? { ...u, isPremium: !u.isPremium } : u));
  for (let i = 0; i < Math.round(USERS * 0.05); i++)
    users.push({ ...data.users.at(-1)!, uid: `bench-new-${i}`, email: `bench-new-${i}@babynames.test` });
  const kept = new Set(users.map((u) => u.uid));
  // A connection whose user is not in the file would refuse the replace: those go with their users.
  const connections = data.connections.filter((c) => kept.has(c.userA) && kept.has(c.userB));
  const auditLogs = data.audit_logs.filter((_, i) => i % 10 !== 5);
  return { users, names, connections, audit_logs: auditLogs };
}

/** One INSERT ... SELECT FROM unnest(...) per table, rolled back: the database's own time for the same rows. */
async function floorMs(db: Db, data: Data): Promise<Record<BackupCollection, number>> {
  const times = {} as Record<BackupCollection, number>;
  const col = <T>(rows: Row[], field: string) => rows.map((r) => (r[field] ?? null) as T);
  try {
    await db.transaction(async (tx) => {
      let start = performance.now();
      const u = data.users;
      await tx.query(
        `INSERT INTO users (uid, email, username, display_name, account_active, is_premium, created_at, updated_at, last_login,
                            last_active_date, preferred_gender, preferred_nationality, preferred_language, connection_request_sent,
                            daily_swipe_count, is_admin, notification_settings, total_active_time_formatted)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::boolean[], $7::timestamptz[], $8::timestamptz[],
                              $9::timestamptz[], $10::timestamptz[], $11::text[], $12::text[], $13::text[], $14::boolean[], $15::int[],
                              $16::boolean[], $17::jsonb[], $18::text[])
         ON CONFLICT DO NOTHING`,
        [
          col(u, 'uid'),
          col(u, 'email'),
          col(u, 'username'),
          col(u, 'displayName'),
          col(u, 'accountActive'),
          col(u, 'isPremium'),
          col(u, 'createdAt'),
          col(u, 'updatedAt'),
          col(u, 'lastLogin'),
          col(u, 'lastActiveDate'),
          col(u, 'preferredGender'),
          col(u, 'preferredNationality'),
          col(u, 'preferredLanguage'),
          col(u, 'connectionRequestSent'),
          col(u, 'dailySwipeCount'),
          col(u, 'isAdmin'),
          u.map((r) => JSON.stringify(r.notificationSettings)),
          col(u, 'totalActiveTimeFormatted'),
        ],
      );
      times.users = performance.now() - start;
      start = performance.now();
      const n = data.names;
      await tx.query(
        `INSERT INTO names (id, name, gender, nationality, first_letter, created_at) OVERRIDING SYSTEM VALUE
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])`,
        [
          col(n, 'id'),
          col(n, 'name'),
          col(n, 'gender'),
          col(n, 'nationality'),
          n.map((r) => firstLetter(String(r.name))),
          col(n, 'created_at'),
        ],
      );
      times.names = performance.now() - start;
      start = performance.now();
      const c = data.connections;
      await tx.query(
        `INSERT INTO connections (id, user_a, user_b, status, created_at) OVERRIDING SYSTEM VALUE
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])`,
        [col(c, 'id'), col(c, 'userA'), col(c, 'userB'), col(c, 'status'), col(c, 'createdAt')],
      );
      times.connections = performance.now() - start;
      start = performance.now();
      const l = data.audit_logs;
      await tx.query(
        `INSERT INTO audit_logs (id, timestamp, event, user_id, last_swipe_date, total_active_time_formatted) OVERRIDING SYSTEM VALUE
         SELECT * FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $5::timestamptz[], $6::text[])`,
        [col(l, 'id'), col(l, 'timestamp'), col(l, 'event'), col(l, 'userId'), col(l, 'lastSwipeDate'), col(l, 'totalActiveTimeFormatted')],
      );
      times.audit_logs = performance.now() - start;
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return times;
}
class RolledBack extends Error {}

/**
 * A request over a fresh loopback connection: a kept-alive socket that sat idle through a long phase may be closed
 * by the server (keepAliveTimeout) just as it is reused, which fetch reports as ECONNRESET.
 */
function httpJson<T>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((response.statusCode ?? 500) >= 300) reject(new Error(`${method} ${url}: ${response.statusCode} ${text}`));
          else resolve(JSON.parse(text) as T);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

interface Phases {
  stagingMs: number;
  checkMs: number;
  applyMs: number;
  steps: { step: string; ms: number }[];
  report: RestoreSession['report'];
}

async function restoreThroughRoutes(backend: Backend, token: string, data: Data, mode: RestoreMode): Promise<Phases> {
  const call = <T>(method: string, url: string, body?: unknown) => httpJson<T>(method, `${backend.origin}/api${url}`, token, body);
  let start = performance.now();
  const opened = await call<RestoreSession>('POST', '/admin/restores', { fileName: `bench-${mode}.json`, fileSize: 1 });
  for (const collection of BACKUP_COLLECTIONS) {
    const rows = data[collection];
    for (let first = 0; first < rows.length; first += RESTORE_BATCH_MAX_ROWS) {
      await call('POST', `/admin/restores/${opened.id}/rows`, {
        collection,
        firstIndex: first,
        rows: rows.slice(first, first + RESTORE_BATCH_MAX_ROWS),
      });
    }
  }
  const stagingMs = performance.now() - start;
  start = performance.now();
  const rowsRead = Object.fromEntries(BACKUP_COLLECTIONS.map((c) => [c, data[c].length]));
  const checked = await call<RestoreSession>('POST', `/admin/restores/${opened.id}/check`, { rowsRead, fileProblems: [] });
  const checkMs = performance.now() - start;
  const refusal = mode === 'replace' ? checked.plan!.replaceRefusal : checked.plan!.applyRefusal;
  if (refusal) throw new Error(`the plan refuses ${mode}: ${refusal}`);

  // Timed by the apply's own events (this process runs the server): the commit, not a GET that waited behind it.
  const runner = backend.app.restoreRunner;
  const steps: { step: string; at: number }[] = [];
  const onProgress = (id: number, progress: { step: string }) => {
    if (id === opened.id && steps.at(-1)?.step !== progress.step) steps.push({ step: progress.step, at: performance.now() });
  };
  runner.on('progress', onProgress);
  const ended = new Promise<number>((resolve, reject) => {
    runner.on('done', (id) => id === opened.id && resolve(performance.now()));
    runner.on('ended', (id, state, failure) => id === opened.id && reject(new Error(`${mode} ${state}: ${failure}`)));
  });
  start = performance.now();
  await call('POST', `/admin/restores/${opened.id}/apply`, { mode, confirmAdminChanges: false });
  const end = await ended;
  runner.off('progress', onProgress);
  const session = await call<RestoreSession>('GET', `/admin/restores/${opened.id}`);
  return {
    stagingMs,
    checkMs,
    applyMs: end - start,
    steps: steps.map((s, i) => ({ step: s.step, ms: (steps[i + 1]?.at ?? end) - s.at })),
    report: session.report,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en-US')} rows/s`;
const count = (data: Data) => BACKUP_COLLECTIONS.reduce((sum, c) => sum + data[c].length, 0);

async function main() {
  console.log(`Restore benchmark: ${NAMES.toLocaleString('en-US')} names, ${USERS.toLocaleString('en-US')} users (SCALE=${SCALE})`);
  console.log(`Before: ${loadAverage()}`);
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'bench-restore-backups-'));
  const backend = await startBackend({ backupDir });
  const rss = new RssSampler();
  rss.start();
  try {
    console.log(`Database: ${backend.description}`);
    const token = await signInAdmin(backend.origin);
    const demo = await (
      await fetch(`${backend.origin}/api/export/users?limit=10`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const data = buildBackup((demo as { rows: Row[] }).rows);
    const changed = changedBackup(data);
    const sizes = (d: Data) => BACKUP_COLLECTIONS.map((c) => `${d[c].length.toLocaleString('en-US')} ${c}`).join(', ');
    console.log(`File for add:     ${sizes(data)}`);
    console.log(`File for replace: ${sizes(changed)}`);

    const floor = await floorMs(backend.db, data);
    const floorTotal = BACKUP_COLLECTIONS.reduce((sum, c) => sum + floor[c], 0);
    console.log(
      `Floor (one INSERT ... SELECT per table, rolled back): ${BACKUP_COLLECTIONS.map((c) => `${c} ${seconds(floor[c])}`).join(', ')}`,
    );

    const add = await restoreThroughRoutes(backend, token, data, 'add');
    const replace = await restoreThroughRoutes(backend, token, changed, 'replace');
    const saved = readdirSync(backupDir).map((f) => statSync(path.join(backupDir, f)).size);

    const rows = (label: string, total: number, p: Phases) => [
      [
        `${label}: staging (POST .../rows x ${Math.ceil(total / RESTORE_BATCH_MAX_ROWS)})`,
        seconds(p.stagingMs),
        perSecond(total, p.stagingMs),
        '-',
      ],
      [`${label}: check (plan)`, seconds(p.checkMs), '-', '-'],
      [`${label}: apply`, seconds(p.applyMs), perSecond(total, p.applyMs), `${(p.applyMs / floorTotal).toFixed(2)}x`],
      [
        `${label}: whole restore`,
        seconds(p.stagingMs + p.checkMs + p.applyMs),
        perSecond(total, p.stagingMs + p.checkMs + p.applyMs),
        `${((p.stagingMs + p.checkMs + p.applyMs) / floorTotal).toFixed(2)}x`,
      ],
    ];
    console.log();
    console.log(
      table(
        ['phase', 'time', 'rate', 'vs floor'],
        [
          ['floor: one INSERT ... SELECT per table', seconds(floorTotal), perSecond(count(data), floorTotal), '1.00x'],
          ...rows('add (empty database)', count(data), add),
          ...rows("replace (the add's data)", count(changed), replace),
        ],
      ),
    );
    for (const [label, p] of [
      ['add', add],
      ['replace', replace],
    ] as const) {
      console.log(`\n${label}: the apply's steps`);
      console.log(
        table(
          ['step', 'time'],
          p.steps.map((s) => [s.step, seconds(s.ms)]),
        ),
      );
      console.log(
        table(
          ['collection', 'read', 'added', 'kept', 'replaced', 'removed', 'from trash', 'refused'],
          BACKUP_COLLECTIONS.map((c) => {
            const r = p.report!.collections[c];
            return [c, r.read, r.added, r.kept, r.replaced, r.removed, r.restoredFromTrash, r.refused].map(String);
          }),
        ),
      );
    }
    console.log(`\nThe state before the replace, saved in BACKUP_DIR: ${saved.map((b) => mib(b)).join(', ')}`);
  } finally {
    console.log(`Peak RSS of this process${backend.db.kind === 'pglite' ? ' (PGlite included)' : ''}: ${mib(rss.stop())}`);
    await backend.close();
    rmSync(backupDir, { recursive: true, force: true });
    console.log(`After: ${loadAverage()}`);
  }
}

await main();
