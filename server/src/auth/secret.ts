// Where the session-signing secret lives: SESSION_SECRET from the environment, else a
// file with mode 0600 in the data folder, generated on first start. Never in the database: anyone
// who can read the database could otherwise mint admin tokens. A secret an older version kept in
// server_settings is moved to the file (so signed-in sessions survive the upgrade) and deleted.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/types';

const LEGACY_SETTING_KEY = 'session_secret';
export const SECRET_FILE_NAME = 'session-secret';
const MIN_LENGTH = 32;

export interface SecretSource {
  secret: string;
  /** 'env', 'memory' (an in-memory database), or the file it was read from / written to */
  from: string;
  /** an old copy was found in server_settings and removed */
  removedFromDatabase: boolean;
}

function readSecretFile(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    // Tighten a file someone loosened (or copied with the wrong mode).
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes the secret unless the file exists already (another process won the race): then that one counts. */
function writeSecretFile(file: string, secret: string): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecretFile(file) ?? secret;
  }
}

/**
 * `dataDir`: the data folder (PGlite's, or DATA_DIR next to a DATABASE_URL); undefined for an in-memory
 * database, which gets a secret that lives as long as the process, like its data.
 */
export async function resolveSessionSecret(db: Queryable, options: { fromEnv?: string; dataDir?: string }): Promise<SecretSource> {
  const legacy = await db.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [LEGACY_SETTING_KEY]);
  const legacySecret = legacy.rows[0]?.value;
  let source: Omit<SecretSource, 'removedFromDatabase'>;
  if (options.fromEnv) {
    if (options.fromEnv.length < MIN_LENGTH) throw new Error(`SESSION_SECRET must be at least ${MIN_LENGTH} characters long`);
    source = { secret: options.fromEnv, from: 'env' };
  } else if (options.dataDir === undefined) {
    source = { secret: randomBytes(48).toString('base64url'), from: 'memory' };
  } else {
    const file = path.resolve(options.dataDir, SECRET_FILE_NAME);
    const existing = readSecretFile(file);
    if (existing !== undefined && existing.length < MIN_LENGTH)
      throw new Error(`${file} holds a secret shorter than ${MIN_LENGTH} characters`);
    const secret = existing ?? writeSecretFile(file, legacySecret ?? randomBytes(48).toString('base64url'));
    source = { secret, from: file };
  }
  if (legacySecret !== undefined) await db.query('DELETE FROM server_settings WHERE key = $1', [LEGACY_SETTING_KEY]);
  return { ...source, removedFromDatabase: legacySecret !== undefined };
}
