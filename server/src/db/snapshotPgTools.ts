// PostgreSQL's own dump tools for the snapshot (snapshotPostgres.ts): where they are, which version, and how to
// run them against DATABASE_URL without putting its password on a command line other users can read (ps).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SnapshotError } from './snapshotError';

export type PgToolName = 'pg_dump' | 'pg_restore';

export interface PgTool {
  name: PgToolName;
  path: string;
  /** `pg_dump --version`'s line, e.g. "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" */
  version: string;
  major: number;
}

const VARIABLE: Record<PgToolName, string> = { pg_dump: 'PG_DUMP', pg_restore: 'PG_RESTORE' };

/** The major version in a `--version` line ("pg_dump (PostgreSQL) 15.18 (Debian ...)") or a server_version ("15.18 (Debian ...)"). */
export function majorOf(version: string): number | undefined {
  const match = /(?:\(PostgreSQL\)\s+|^)(\d+)/.exec(version.trim());
  return match ? Number(match[1]) : undefined;
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Debian and Ubuntu install each major version's tools under /usr/lib/postgresql/<major>/bin: the newest. */
function debianNewest(name: string): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((entry) => /^\d+$/.test(entry) && existsSync(path.join(root, entry, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin', name) : undefined;
}

/** PG_DUMP / PG_RESTORE (the tool itself), else PGBIN (its folder), else PATH, else Debian's folders. */
export function findPgTool(name: PgToolName, env: NodeJS.ProcessEnv = process.env): PgTool {
  const variable = VARIABLE[name];
  const named = env[variable] || (env.PGBIN ? path.join(env.PGBIN, name) : undefined);
  const found = named ?? onPath(name, env) ?? debianNewest(name);
  const help =
    `Install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client), ` +
    `or name the tool: ${variable}=/path/to/${name}, or PGBIN=/usr/lib/postgresql/<version>/bin.`;
  if (!found) throw new SnapshotError(`${name} was not found on PATH. ${help}`);
  const run = spawnSync(found, ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    const source = env[variable] ? `${variable}=` : env.PGBIN && named ? 'PGBIN: ' : '';
    throw new SnapshotError(`${name} could not run (${source}${found}: ${run.error?.message ?? run.stderr.trim()}). ${help}`);
  }
  const version = run.stdout.trim();
  const major = majorOf(version);
  if (major === undefined) throw new SnapshotError(`${found} --version printed "${version}": not PostgreSQL's ${name}?`);
  return { name, path: found, version, major };
}

/** libpq's connection settings for DATABASE_URL, the password in PGPASSWORD rather than on the command line. */
export function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv; label: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const label = `${url.hostname || 'localhost'}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {}, label };
}

function spawnTool(
  tool: PgTool,
  args: string[],
  env: NodeJS.ProcessEnv,
  failure: (stderr: string, code: number | null) => string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8000);
    });
    child.once('error', (error) => reject(new SnapshotError(`${tool.name} (${tool.path}) could not start: ${error.message}`)));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new SnapshotError(failure(stderr.trim(), code)))));
  });
}

/** Runs the tool against the database; rejects with its error output (the last lines) when it fails. */
export function runPgTool(tool: PgTool, args: string[], databaseUrl: string): Promise<void> {
  const connection = connectionFor(databaseUrl);
  const env = { ...connection.env, PGAPPNAME: `babynames-db-${tool.name === 'pg_dump' ? 'backup' : 'restore'}` };
  return spawnTool(
    tool,
    [...args, `--dbname=${connection.dbname}`],
    env,
    (stderr, code) => `${tool.name} failed (exit ${code}):\n${stderr}`,
  );
}

/** `pg_restore --list FILE`: the archive reads with this pg_restore (its format version, not truncated). */
export function listArchive(tool: PgTool, file: string): Promise<void> {
  return spawnTool(tool, ['--list', file], {}, (stderr) => `${tool.name} ${tool.version} cannot read the snapshot's archive:\n${stderr}`);
}
