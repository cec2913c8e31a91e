import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

const SETTING_KEY = 'session_secret';

/**
 * The key session tokens are signed with: SESSION_SECRET when given, otherwise one generated on
 * first start and kept in server_settings, so tokens stay valid across restarts. Two processes
 * starting together agree on one value (ON CONFLICT DO NOTHING, then read back).
 */
export async function resolveSessionSecret(db: Queryable, fromEnv?: string): Promise<string> {
  if (fromEnv && fromEnv.length > 0) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long');
    return fromEnv;
  }
  await db.query('INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    SETTING_KEY,
    randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_settings WHERE key = $1', [SETTING_KEY]);
  const secret = rows[0]?.value;
  if (!secret) throw new Error('session secret missing from server_settings');
  return secret;
}
