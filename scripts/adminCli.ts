// npm run admin -- COMMAND (scripts/admin.ts runs this): operators from the command line, for when there is no console
// to sign in to yet (a database started with SEED_DEMO=0) or an admin lost their password.
//
//   create --email E [--name "Display Name"] [--link] [--url https://console.example]
//   reset  --email E [--link] [--url ...]      a new password (or a link to set one) for an existing operator
//   reset-mfa --email E                         an operator's two-factor sign-in off (lost phone and recovery codes)
//   list                                        the operators and the open invitations, one per line
//
// The password is read from standard input: twice and without echo on a terminal, one line from a pipe (automation,
// tests). With --link no password is asked: the command prints a one-time link (LINK_VALID_HOURS) on the console's
// origin (--url, else PUBLIC_URL, else http://localhost:5173). The database is the server's: DATABASE_URL, else the
// PGlite folder DATA_DIR (default .data/pglite), migrated first. PGlite is one process's database: the command
// refuses a folder a running server holds (--force skips that check where it cannot be made).
import { parseArgs } from 'node:util';
import { LINK_VALID_HOURS, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordLinkUrl } from '../contract/operators';
import { migrate } from '../server/src/db/migrate';
import { DEFAULT_DATA_DIR, openDatabase } from '../server/src/db/open';
import { folderInUseMessage, pgliteFolderUse } from '../server/src/db/pgliteInUse';
import type { Db } from '../server/src/db/types';
import { HttpError } from '../server/src/http/errors';
import type { MadeLink } from '../server/src/operators/links';
import {
  checkOperatorEmail,
  CLI_ACTOR,
  createOperator,
  resetOperatorMfa,
  resetOperatorPassword,
} from '../server/src/operators/operatorAccounts';
import { createReferenceDirectory } from '../server/src/operators/referenceDirectory';

export const DEFAULT_CONSOLE_URL = 'http://localhost:5173';

export const USAGE = `Usage:
  npm run admin -- create --email E [--name "Display Name"] [--link] [--url https://console.example]
  npm run admin -- reset --email E [--link] [--url https://console.example]
  npm run admin -- reset-mfa --email E
  npm run admin -- list
The password is read from standard input (asked twice on a terminal; one line from a pipe). With --link, a one-time
link to set it is printed instead. Database: DATABASE_URL, else the PGlite folder DATA_DIR (default .data/pglite),
which the server must not have open. --force skips that check when it cannot be made. reset-mfa turns an operator's
two-factor sign-in off and ends their sessions (for an admin who lost their phone and their recovery codes).`;

/** Standard input as the command reads it: a terminal (raw mode for typing without echo) or a pipe. */
export interface CliInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdin: CliInput;
  /** results (stdout) */
  out(text: string): void;
  /** prompts, warnings and refusals (stderr) */
  err(text: string): void;
}

/** A refusal: its message is printed as it is (no stack), and the command exits 1. */
class CliRefusal extends Error {}

/** One line typed on a terminal without echo; Ctrl-C or Ctrl-D on an empty line gives up. */
function readHidden(stdin: CliInput, io: CliIo, prompt: string): Promise<string> {
  io.err(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.err('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new CliRefusal('Cancelled.'));
        if (char === '\u0004') {
          if (typed === '') return finish(new CliRefusal('Cancelled.'));
          return finish();
        }
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}

/** The first line of a pipe (without its line end); the rest is left unread. */
function readLine(stdin: CliInput): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (line: string) => {
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      stdin.removeListener('error', onError);
      stdin.pause();
      resolve(line.replace(/\r$/, ''));
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) done(text.slice(0, end));
    };
    const onEnd = () => done(text);
    const onError = (error: Error) => reject(error);
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.on('error', onError);
    stdin.resume();
  });
}

function checkPassword(password: string): string {
  // Characters as the contract's JSON Schema counts them (code points), not UTF-16 units.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) throw new CliRefusal(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (length > MAX_PASSWORD_LENGTH) throw new CliRefusal(`The password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  return password;
}

async function readPassword(io: CliIo, email: string): Promise<string> {
  if (!io.stdin.isTTY) {
    const password = await readLine(io.stdin);
    if (password === '') throw new CliRefusal('No password on standard input: pipe one line, or use --link.');
    return checkPassword(password);
  }
  const password = checkPassword(await readHidden(io.stdin, io, `Password for ${email} (at least ${MIN_PASSWORD_LENGTH} characters): `));
  if ((await readHidden(io.stdin, io, 'The same password again: ')) !== password)
    throw new CliRefusal('The two passwords differ. Nothing was changed.');
  return password;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function checkEmail(email: string | undefined): string {
  const trimmed = (email ?? '').trim();
  if (!trimmed) throw new CliRefusal(`--email is required.\n${USAGE}`);
  if (trimmed.length > 254 || !EMAIL.test(trimmed)) throw new CliRefusal(`Not an email address: ${trimmed}`);
  return trimmed;
}

function linkLines(link: MadeLink, base: string): string[] {
  return [
    `One-time link to set the password (valid ${LINK_VALID_HOURS} hours, until ${link.expiresAt}; it works once):`,
    `  ${passwordLinkUrl(base.replace(/\/+$/, ''), link.token)}`,
    'Send it to the operator over a channel only they read. It is not shown again.',
  ];
}

/** The database the server uses, migrated; refused when it is a PGlite folder a running server holds. */
export async function openServerDatabase(env: NodeJS.ProcessEnv, force: boolean): Promise<Db> {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (!databaseUrl) {
    const dataDir = env.DATA_DIR || DEFAULT_DATA_DIR;
    if (dataDir.includes('://'))
      throw new CliRefusal(`DATA_DIR=${dataDir} is no folder: an in-memory database is gone when this command ends.`);
    if (!force) {
      const message = folderInUseMessage(dataDir, pgliteFolderUse(dataDir), 'admin command');
      if (message) throw new CliRefusal(message);
    }
  }
  const db = await openDatabase({ databaseUrl, dataDir: env.DATA_DIR || undefined });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Runs one command; answers the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runAdminCli(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        link: { type: 'boolean', default: false },
        url: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || positionals.length !== 1 || !['create', 'reset', 'reset-mfa', 'list'].includes(command!)) {
    io.err(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const base = values.url || io.env.PUBLIC_URL || DEFAULT_CONSOLE_URL;
  let db: Db | undefined;
  try {
    const email = command === 'list' ? '' : checkEmail(values.email);
    db = await openServerDatabase(io.env, values.force);
    if (command === 'reset-mfa') {
      const done = await resetOperatorMfa(db, CLI_ACTOR, email);
      io.out(
        done.reset
          ? `Two-factor sign-in turned off for ${done.email} (user ${done.uid}); their open sessions have ended. ` +
              'They sign in with their password, and set two-factor up again (at once when the server runs with REQUIRE_MFA=1).\n'
          : `${done.email} (user ${done.uid}) has no two-factor sign-in: nothing to reset.\n`,
      );
      return 0;
    }
    if (command !== 'list') await checkOperatorEmail(db, command as 'create' | 'reset', email);
    const password = command === 'list' || values.link ? undefined : await readPassword(io, email);
    if (command === 'list') {
      const { operators, invites } = await createReferenceDirectory(db).list();
      if (operators.length === 0) io.out('No operators. Make one: npm run admin -- create --email E\n');
      for (const o of operators) {
        const state = [
          o.accountActive ? 'active' : 'deactivated',
          o.hasPassword ? 'password set' : 'no password yet',
          ...(o.mfaEnabled ? ['two-factor on'] : []),
        ].join(', ');
        io.out(`${o.email ?? '(no email)'}\t${o.uid}\t${o.displayName ?? ''}\t${state}\tlast sign-in ${o.lastSignInAt ?? 'never'}\n`);
      }
      for (const i of invites) io.out(`invited: ${i.email}\tby ${i.createdBy}\tuntil ${i.expiresAt}\n`);
      return 0;
    }
    if (command === 'create') {
      const displayName = values.name?.trim() || null;
      const made = await createOperator(db, CLI_ACTOR, { email, displayName, password });
      io.out(`Created operator ${made.email} (user ${made.uid})${made.link ? '' : ': they can sign in now'}.\n`);
      if (made.link) io.out(`${linkLines(made.link, base).join('\n')}\n`);
      return 0;
    }
    const reset = await resetOperatorPassword(db, CLI_ACTOR, { email, password });
    io.out(
      reset.link
        ? `${linkLines(reset.link, base).join('\n')}\n`
        : `New password set for ${reset.email} (user ${reset.uid}); their open sessions have ended.\n`,
    );
    if (!reset.accountActive) io.err(`Note: ${reset.email}'s record is deactivated: reactivate it before they can sign in.\n`);
    return 0;
  } catch (error) {
    if (error instanceof CliRefusal || error instanceof HttpError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await db?.close();
  }
}
