// SIGTERM to a real server process (server/src/main.ts, as `npm run serve` runs it) in the middle of an import: it
// stops accepting connections, lets the batch in flight finish and answer, ends the live stream with a retry hint,
// closes its database and exits 0; every acknowledged batch is stored, and the import goes on against a second
// process on the same database (which, stopped with a request that never completes, cuts it after its grace
// period and exits 1). Its log, read whole, is JSON lines without a password or a token.
// On an on-disk PGlite folder, or with DATABASE_URL on a fresh PostgreSQL database of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SignInSession } from '../../contract/schemas/auth';
import type { BulkImportResponse, ImportRun } from '../../contract/schemas/importRuns';
import { createAccount } from '../src/auth/accounts';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import type { Db } from '../src/db/types';

jest.setTimeout(240_000);

const databaseUrl = process.env.DATABASE_URL;
const ADMIN = { uid: 'shutdown-admin', email: 'operator@shutdown.test', password: `operator-${randomBytes(6).toString('hex')}` };
const BATCH_ROWS = 500;
const NATIONALITY = 'shutdownland';
let dataDir: string | undefined;
let dbName: string | undefined;
const dbUrl = (name: string) => {
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
};

beforeAll(async () => {
  if (databaseUrl) {
    dbName = `shutdown_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl });
    try {
      await admin.exec(`CREATE DATABASE ${dbName}`);
    } finally {
      await admin.close();
    }
  } else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
  }
  // An operator's own admin account, as production has it (no demo: its password is printed in the start banner).
  await inDatabase(async (db) => {
    await migrate(db);
    await createAccount(db, { uid: ADMIN.uid, email: ADMIN.email, password: ADMIN.password });
    await db.query('INSERT INTO users (uid, email, is_admin) VALUES ($1, $2, true)', [ADMIN.uid, ADMIN.email]);
  });
});
afterAll(async () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (dbName) {
    const admin = await openDatabase({ databaseUrl: databaseUrl! });
    try {
      await admin.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    } finally {
      await admin.close();
    }
  }
});

interface Server {
  child: ChildProcess;
  url: string;
  port: number;
  /** everything it printed, standard output and error */
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--port', '0'], {
    env: {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: dbUrl(dbName!) } : { DATA_DIR: dataDir! }),
      SESSION_SECRET: 'shutdown-test-secret-0123456789abcdef',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '20000',
      SIGN_IN_RATE_LIMIT: '1000',
      SIGN_IN_IP_RATE_LIMIT: '1000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited ${code} before listening:\n${output}`));
    });
  });
  return { child, url, port: Number(new URL(url).port), output: () => output, exited };
}

async function signIn(server: Server): Promise<string> {
  const response = await fetch(`${server.url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as SignInSession).token;
}

const batchRows = (batch: number) =>
  Array.from({ length: BATCH_ROWS }, (_, i) => ({
    name: `Shutdown${batch}x${i}`,
    gender: i % 2 ? 'female' : 'male',
    nationality: NATIONALITY,
  }));

async function sendBatch(server: Server, token: string, runId: number, batch: number): Promise<BulkImportResponse> {
  const response = await fetch(`${server.url}/api/admin/names/bulk-import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ names: batchRows(batch), runId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as BulkImportResponse;
}

/** Resolves once nothing accepts connections on the port any more. */
async function refusesConnections(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`port ${port} still accepts connections`);
}

async function inDatabase<T>(use: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase(databaseUrl ? { databaseUrl: dbUrl(dbName!) } : { dataDir: dataDir! });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

it('SIGTERM during an import: the batch in flight finishes, every acknowledged batch is stored, live streams get a retry hint, exit 0', async () => {
  const first = await startServer();
  let token = '';
  let runId = 0;
  try {
    token = await signIn(first);
    // A live stream, read until the server ends it.
    const live = await fetch(`${first.url}/api/live/counts`, { headers: { authorization: `Bearer ${token}` } });
    expect(live.status).toBe(200);
    const liveText = (async () => {
      let text = '';
      const decoder = new TextDecoder();
      for await (const chunk of live.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
      return text;
    })();

    const started = await fetch(`${first.url}/api/admin/import-runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'shutdown.csv' }),
    });
    expect(started.status).toBe(201);
    runId = ((await started.json()) as ImportRun).id;
    const acknowledged: number[] = [];
    for (const batch of [1, 2, 3]) {
      expect((await sendBatch(first, token, runId, batch)).addedCount).toBe(BATCH_ROWS);
      acknowledged.push(batch);
    }

    // Batch 4 is in flight when SIGTERM arrives: its headers are in (the server said "100 Continue"), its body not yet.
    const body = JSON.stringify({ names: batchRows(4), runId });
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${first.url}/api/admin/names/bulk-import`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      });
      request.once('continue', () => {
        first.child.kill('SIGTERM');
        // Only once the server has stopped accepting new connections does the rest of the batch go out.
        refusesConnections(first.port).then(() => request.end(body), reject);
      });
      request.once('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.once('error', reject);
      request.flushHeaders();
    });
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as BulkImportResponse).addedCount).toBe(BATCH_ROWS);
    acknowledged.push(4);

    expect(await first.exited).toBe(0);
    const streamed = await liveText;
    expect(streamed).toContain('retry: 1000\nevent: server-stopping\n');
    await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();

    const stored = await inDatabase(async (db) => {
      const names = await db.query<{ name: string }>('SELECT name FROM names WHERE nationality = $1', [NATIONALITY]);
      const run = await db.query<{ batches: number; rows_added: number }>('SELECT batches, rows_added FROM import_runs WHERE id = $1', [
        runId,
      ]);
      return { names: new Set(names.rows.map((row) => row.name)), run: run.rows[0] };
    });
    for (const batch of acknowledged) {
      const missing = batchRows(batch).filter((row) => !stored.names.has(row.name));
      expect({ batch, missing: missing.length }).toEqual({ batch, missing: 0 });
    }
    expect(stored.run).toEqual({ batches: 4, rows_added: 4 * BATCH_ROWS });
  } finally {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
  }

  // The log, whole: the banner, then JSON lines (request ids, the shutdown), and no secret anywhere.
  const log = first.output();
  const jsonLines = log.split('\n').filter((line) => line.startsWith('{'));
  const records = jsonLines.map((line) => JSON.parse(line) as { msg?: string; reqId?: string; path?: string });
  expect(
    records.filter((record) => record.msg === 'request' && record.reqId && record.path === '/api/admin/names/bulk-import'),
  ).toHaveLength(4);
  expect(records.some((record) => record.msg?.startsWith('shutting down'))).toBe(true);
  for (const secret of [ADMIN.password, token, token.split('.')[2]!, 'Bearer']) {
    expect({ secret: secret.slice(0, 12), found: log.includes(secret) }).toEqual({ secret: secret.slice(0, 12), found: false });
  }

  // The import goes on against another process on the same database (a second instance, or this one restarted).
  // This one waits only a second for what is in flight when it is stopped.
  const second = await startServer({ SHUTDOWN_GRACE_MS: '1000' });
  try {
    const again = await signIn(second);
    expect((await sendBatch(second, again, runId, 5)).addedCount).toBe(BATCH_ROWS);
    // Batch 4 sent again (its answer lost, as a client would think after a cut connection): nothing twice.
    expect((await sendBatch(second, again, runId, 4)).addedCount).toBe(0);
    const finished = await fetch(`${second.url}/api/admin/import-runs/${runId}/finish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${again}`, 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'done' }),
    });
    expect(finished.status).toBe(200);
    expect((await finished.json()) as ImportRun).toMatchObject({ state: 'done', rowsAdded: 5 * BATCH_ROWS, batches: 6 });

    // A request that never completes (its body stops half-way): the grace period ends, its connection is cut, and
    // the exit code says that not everything finished.
    const stalled = net.connect(second.port, '127.0.0.1');
    stalled.on('error', () => undefined);
    await once(stalled, 'connect');
    stalled.write('POST /auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email');
    const cut = once(stalled, 'close');
    stalled.resume();
    await new Promise((resolve) => setTimeout(resolve, 200));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(1);
    await cut;
    expect(second.output()).toContain('requests still running after SHUTDOWN_GRACE_MS');
  } finally {
    if (second.child.exitCode === null) second.child.kill('SIGKILL');
  }
});
