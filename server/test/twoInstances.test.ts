// Two server processes on one PostgreSQL: what one process does, the other must honour, as
// operators get it behind a load balancer. Real processes (server/src/main.ts, as `npm run serve` starts
// it), a database of their own. PostgreSQL only: PGlite is one process's embedded database.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { SignInSession } from '../../contract/schemas/auth';
import type { LiveCounts } from '../../contract/schemas/dashboard';
import type { BulkImportResponse, ImportRun } from '../../contract/schemas/importRuns';
import { openDatabase } from '../src/db/open';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';

const databaseUrl = process.env.DATABASE_URL;
const describeOnPostgres = databaseUrl ? describe : describe.skip;
if (!databaseUrl) console.log('twoInstances.test: skipped, it needs DATABASE_URL (a real PostgreSQL both processes share)');

jest.setTimeout(180_000);

const RATE_LIMIT = 4;
const secret = randomBytes(24).toString('hex');
const dbName = `two_instances_${randomBytes(4).toString('hex')}`;
const dbUrl = (name: string) => {
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
};

interface Instance {
  child: ChildProcess;
  url: string;
}
let a: Instance;
let b: Instance;

/** Starts server/src/main.ts on a free port and resolves with its URL once it says it listens. */
async function startInstance(): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--port', '0'], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl(dbName),
      SESSION_SECRET: secret,
      SIGN_IN_RATE_LIMIT: String(RATE_LIMIT),
      SIGN_IN_IP_RATE_LIMIT: '1000',
      // The demo admin signs in; on PostgreSQL the demo is off unless asked for.
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited ${code} before listening:\n${output}`)));
  });
  return { child, url };
}

async function inDatabase<T>(use: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: dbUrl(dbName) });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = once(instance.child, 'exit');
  instance.child.kill('SIGTERM');
  await exited;
}

async function signIn(instance: Instance, password: string = DEMO_ADMIN.password) {
  return fetch(`${instance.url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password }),
  });
}
async function adminToken(instance: Instance): Promise<string> {
  const response = await signIn(instance);
  expect(response.status).toBe(200);
  return ((await response.json()) as SignInSession).token;
}
const call = (instance: Instance, token: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${instance.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

/** Reads `event: counts` from a live stream, handing each to `onCounts` until it returns true. */
async function watchCounts(instance: Instance, token: string, onCounts: (counts: LiveCounts) => boolean): Promise<void> {
  const controller = new AbortController();
  const response = await fetch(`${instance.url}/api/live/counts`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^event: counts\ndata: (.*)$/m.exec(event);
        if (data && onCounts(JSON.parse(data[1]) as LiveCounts)) return;
      }
    }
  } finally {
    controller.abort();
  }
}

describeOnPostgres('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const admin = await openDatabase({ databaseUrl: databaseUrl! });
    try {
      await admin.exec(`CREATE DATABASE ${dbName}`);
    } finally {
      await admin.close();
    }
    // Both at once: migrations and the demo seed queue on their advisory locks instead of racing.
    [a, b] = await Promise.all([startInstance(), startInstance()]);
  });

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    const admin = await openDatabase({ databaseUrl: databaseUrl! });
    try {
      await admin.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    } finally {
      await admin.close();
    }
  });

  it('a session signed out on one is refused on the other at once', async () => {
    const token = await adminToken(a);
    expect((await call(b, token, '/api/swipes/stats')).status).toBe(200);
    expect((await call(a, token, '/auth/sign-out', { method: 'POST' })).status).toBeLessThan(300);
    const refused = await call(b, token, '/api/swipes/stats');
    expect(refused.status).toBe(401);
  });

  it('counts sign-in attempts across both', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < RATE_LIMIT + 2; attempt += 1) {
      statuses.push((await signIn(attempt % 2 === 0 ? a : b, 'not-the-password')).status);
    }
    // RATE_LIMIT wrong passwords answer 401, whichever process heard them; every later attempt is refused.
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(401), 429, 429]);
    expect((await signIn(a)).status).toBe(429);
    expect((await signIn(b)).status).toBe(429);
  });

  it('an import whose batches alternate between them (one sent twice) lands exactly once', async () => {
    // The test above used up this client's sign-in attempts, on both processes.
    await inDatabase((db) => db.query('DELETE FROM sign_in_attempts'));
    const token = await adminToken(a);
    const started = await call(a, token, '/api/admin/import-runs', { body: { fileName: 'two-instances.csv' }, method: 'POST' });
    expect(started.status).toBe(201);
    const run = (await started.json()) as ImportRun;
    const batches = [0, 1, 2, 3].map((batch) =>
      Array.from({ length: 50 }, (_, i) => ({
        name: `Twoinst${batch}x${i}`,
        gender: i % 2 ? 'female' : 'male',
        nationality: 'twoinstances',
      })),
    );
    const results: BulkImportResponse[] = [];
    for (const [index, names] of batches.entries()) {
      const response = await call(index % 2 === 0 ? a : b, token, '/api/admin/names/bulk-import', {
        method: 'POST',
        body: { names, runId: run.id },
      });
      expect(response.status).toBe(200);
      results.push((await response.json()) as BulkImportResponse);
    }
    // A batch retried on the other process (its answer was lost): nothing lands twice.
    const retried = await call(a, token, '/api/admin/names/bulk-import', { method: 'POST', body: { names: batches[1], runId: run.id } });
    expect(((await retried.json()) as BulkImportResponse).addedCount).toBe(0);
    expect(results.map((result) => result.addedCount)).toEqual([50, 50, 50, 50]);

    const stored = await inDatabase((db) =>
      db.query<{ rows: number; distinct_names: number }>(
        `SELECT count(*)::int AS rows, count(DISTINCT name)::int AS distinct_names FROM names WHERE nationality = 'twoinstances'`,
      ),
    );
    expect(stored.rows[0]).toEqual({ rows: 200, distinct_names: 200 });
    const seen = (await (await call(b, token, `/api/admin/import-runs/${run.id}`)).json()) as ImportRun;
    expect(seen).toMatchObject({ rowsAdded: 200, batches: 5, duplicatesSkipped: 50 });
  });

  it('live streams on both see the same counts after a write on one', async () => {
    const token = await adminToken(b);
    const first: LiveCounts[] = [];
    await watchCounts(a, token, (counts) => (first.push(counts), true));
    const before = first[0];
    const target = before.users + 1;
    const seen = Promise.all(
      [a, b].map(
        (instance) =>
          new Promise<LiveCounts>((resolve, reject) => {
            let last: LiveCounts | undefined;
            watchCounts(instance, token, (counts) => {
              last = counts;
              return counts.users === target;
            }).then(() => resolve(last!), reject);
          }),
      ),
    );
    const created = await call(a, token, '/api/users', {
      method: 'POST',
      body: { email: 'two.instances@babynames.test', username: 'twoinstances' },
    });
    expect(created.status).toBe(201);
    const [onA, onB] = await seen;
    expect(onA).toEqual(onB);
    expect(onA.users).toBe(target);
  });
});
