// npm run admin (scripts/admin.ts): the first operator of an empty database (SEED_DEMO=0, nothing seeded), made from
// the command line with the password piped in, then signing in to the server on the same PGlite folder; an invited-
// style link; refusals; the folder refused while a server holds it. Always on a PGlite folder of its own (never the
// DATABASE_URL of a PostgreSQL run: the CLI would write to that server's public schema).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { MFA_ACTIONS } from '../../contract/mfa';
import type { MfaEnrolment } from '../../contract/schemas/mfa';
import type { SignInSession } from '../../contract/schemas/auth';
import { SET_PASSWORD_PATH } from '../../contract/operators';
import { runAdminCli, type CliIo } from '../../scripts/adminCli';
import { buildApp } from '../src/app';
import type { RunningBackend } from '../src/server';
import { securityBannerLines } from '../src/startBanner';
import { openDatabase } from '../src/db/open';
import type { Db } from '../src/db/types';
import { TEST_SESSION_SECRET } from './testApp';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../..');
const PASSWORD = 'piped in password 1';
const LINK_PASSWORD = 'set through the link 2';
let dir: string;
let dataDir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'admin-cli-'));
  dataDir = path.join(dir, 'pglite');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The command as an operator runs it: a process of its own, standard input piped. */
function runCommand(args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0' };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/admin.ts', ...args], {
      cwd: root,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The same command in this process (no second start of tsx), standard input a pipe of `input`. */
async function runHere(args: string[], input = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    env: { DATA_DIR: dataDir },
    stdin: Readable.from([input]),
    out: (text) => (out += text),
    err: (text) => (err += text),
  };
  const code = await runAdminCli(args, io);
  return { code, out, err };
}

test('create on an empty database, password piped: the operator signs in to the server on the same folder', async () => {
  const made = await runCommand(['create', '--email', 'First.Admin@Example.test', '--name', 'First Admin'], `${PASSWORD}\n`);
  expect({ code: made.code, stderr: made.stderr }).toEqual({ code: 0, stderr: expect.not.stringContaining('Error') });
  expect(made.stdout).toMatch(/Created operator first\.admin@example\.test \(user [A-Za-z0-9]{28}\): they can sign in now\./);
  expect(made.stdout + made.stderr).not.toContain(PASSWORD);

  // An admin already: refused, exit 1, and no password is asked for.
  const again = await runHere(['create', '--email', 'first.admin@example.test'], `${PASSWORD}\n`);
  expect(again).toMatchObject({ code: 1, err: expect.stringContaining('is an admin already') });

  // A password below the minimum: refused before anything is written.
  const short = await runHere(['create', '--email', 'short@example.test'], 'too short\n');
  expect(short).toMatchObject({ code: 1, err: expect.stringContaining('at least 12 characters') });

  const linked = await runHere(['create', '--email', 'linked@example.test', '--link', '--url', 'https://console.example/']);
  expect(linked.code).toBe(0);
  const url = /https:\/\/console\.example(\S+)#token=([A-Za-z0-9_-]{43})/.exec(linked.out);
  expect(url?.[1]).toBe(SET_PASSWORD_PATH);
  expect(linked.out).toMatch(/valid 24 hours, until \d{4}-\d\d-\d\dT/);

  const listed = await runHere(['list']);
  expect(listed.code).toBe(0);
  expect(listed.out.trim().split('\n')).toEqual([
    expect.stringMatching(/^first\.admin@example\.test\t\w{28}\tFirst Admin\tactive, password set\tlast sign-in never$/),
    expect.stringMatching(/^linked@example\.test\t\w{28}\t\tactive, no password yet\tlast sign-in never$/),
  ]);
  expect((await runHere(['nonsense'])).code).toBe(2);

  let db: Db | undefined;
  let app: FastifyInstance | undefined;
  try {
    db = await openDatabase({ dataDir });
    app = await buildApp({ db, sessionSecret: TEST_SESSION_SECRET });
    await app.ready();
    const signIn = (email: string, password: string) => app!.inject({ method: 'POST', url: '/auth/sign-in', payload: { email, password } });
    const session = await signIn('first.admin@example.test', PASSWORD);
    expect(session.statusCode).toBe(200);
    const token = (session.json() as SignInSession).token;
    const page = await app.inject({ method: 'GET', url: '/api/admin/operators', headers: { authorization: `Bearer ${token}` } });
    expect(page.statusCode).toBe(200);
    expect(page.json().operators.map((o: { email: string }) => o.email)).toEqual(['first.admin@example.test', 'linked@example.test']);

    // The link the CLI printed sets the second operator's password.
    const redeemed = await app.inject({ method: 'POST', url: '/auth/links/redeem', payload: { token: url![2], password: LINK_PASSWORD } });
    expect(redeemed.statusCode).toBe(200);
    expect((await signIn('linked@example.test', LINK_PASSWORD)).statusCode).toBe(200);

    // While this process holds the folder, the command refuses it.
    const held = await runCommand(['list'], '');
    expect(held.code).toBe(1);
    expect(held.stderr).toMatch(/is open in pid \d+.*stop the server/);

    const { rows } = await db.query<{ action: string; actor_uid: string; actor_email: string }>(
      `SELECT action, actor_uid, actor_email FROM console_actions WHERE actor_uid = 'cli' ORDER BY id`,
    );
    expect(rows.map((row) => [row.action, row.actor_email])).toEqual([
      ['operator.grant', 'npm run admin (CLI)'],
      ['operator.grant', 'npm run admin (CLI)'],
      ['operator.reset_password', 'npm run admin (CLI)'],
    ]);
    const { rows: all } = await db.query<{ text: string }>('SELECT coalesce(json_agg(c), $1::json)::text AS text FROM console_actions c', [
      '[]',
    ]);
    for (const secret of [PASSWORD, LINK_PASSWORD, url![2]]) expect(all[0]!.text).not.toContain(secret);
  } finally {
    await app?.close();
    await db?.close();
  }
});

test('reset-mfa: the only admin, without phone or recovery codes, signs in with the password again', async () => {
  const email = 'first.admin@example.test';
  const serve = async <T>(use: (app: FastifyInstance, db: Db) => Promise<T>): Promise<T> => {
    const db = await openDatabase({ dataDir });
    const app = await buildApp({ db, sessionSecret: TEST_SESSION_SECRET });
    try {
      await app.ready();
      return await use(app, db);
    } finally {
      await app.close();
      await db.close();
    }
  };
  const signIn = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email, password: PASSWORD } });
  // Two-factor on, the way the console turns it on.
  await serve(async (app) => {
    const { token } = (await signIn(app)).json() as SignInSession;
    const auth = { authorization: `Bearer ${token}` };
    const enrolment = await app.inject({ method: 'POST', url: '/auth/mfa/enrolment', headers: auth, payload: {} });
    const { secret } = enrolment.json() as MfaEnrolment;
    const confirmed = await app.inject({
      method: 'POST',
      url: '/auth/mfa/enrolment/confirm',
      headers: auth,
      payload: { code: await generate({ secret }) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await signIn(app)).json()).toMatchObject({ step: 'verify' });
  });
  expect((await runHere(['list'])).out).toMatch(/^first\.admin@example\.test\t.*\tactive, password set, two-factor on\t/m);

  const reset = await runHere(['reset-mfa', '--email', 'First.Admin@Example.test']);
  expect(reset).toMatchObject({ code: 0, err: '' });
  expect(reset.out).toMatch(
    /^Two-factor sign-in turned off for first\.admin@example\.test \(user \w{28}\); their open sessions have ended\./,
  );
  expect(await runHere(['reset-mfa', '--email', email])).toMatchObject({ code: 0, out: expect.stringContaining('nothing to reset') });
  expect(await runHere(['reset-mfa', '--email', 'nobody@example.test'])).toMatchObject({
    code: 1,
    err: expect.stringContaining('No operator'),
  });
  expect(await runHere(['reset-mfa'])).toMatchObject({ code: 1, err: expect.stringContaining('--email is required') });

  await serve(async (app, db) => {
    const answer = (await signIn(app)).json() as SignInSession;
    expect(answer.token).toEqual(expect.any(String));
    const { rows } = await db.query<{ action: string; actor_uid: string }>(
      `SELECT action, actor_uid FROM console_actions WHERE action = $1 ORDER BY id`,
      [MFA_ACTIONS.reset],
    );
    expect(rows).toEqual([{ action: MFA_ACTIONS.reset, actor_uid: 'cli' }]);
  });
});

test('the start banner says how to make the first operator when no admin can sign in', () => {
  const backend = (activeAdmins: number) =>
    ({
      demoPasswordLive: false,
      seedSkipped: true,
      demo: { enabled: false, because: 'SEED_DEMO=0' },
      sessionSecretFrom: 'env',
      activeAdmins,
    }) as RunningBackend;
  expect(securityBannerLines(backend(0)).join('\n')).toContain('npm run admin -- create --email');
  expect(securityBannerLines(backend(1)).join('\n')).not.toContain('npm run admin');
});
