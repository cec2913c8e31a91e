// Sign-in attempt counting in the database (migration 021), so every server process on one database counts
// the same attempts: fixed windows per client IP and email and per client IP alone. An attempt is counted
// BEFORE the password is checked, so parallel requests cannot all slip in under the limit while the slow
// hash runs; the upsert is atomic, so neither can parallel requests to two processes.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types';

export interface AttemptLimits {
  /** attempts per window per client IP and email */
  perAccount: number;
  /** attempts per window per client IP across all emails (password spraying) */
  perIp: number;
  windowMs: number;
}

// Hashed: the table need not hold who tried which email from where, and keys stay short whatever is sent.
const keyOf = (kind: 'account' | 'ip', text: string) => `${kind}:${createHash('sha256').update(text).digest('base64url')}`;

export class SignInAttempts {
  private lastPruneAt = 0;

  constructor(
    private readonly db: Queryable,
    private readonly limits: AttemptLimits,
  ) {}

  /** Counts one attempt of `email` from `ip`; the seconds until it may try again when over a limit, else 0. */
  async hit(ip: string, email: string): Promise<number> {
    const accountKey = keyOf('account', `${ip}|${email}`);
    const ipKey = keyOf('ip', ip);
    const { rows } = await this.db.query<{ key: string; attempts: number; seconds_left: string | number }>(
      `INSERT INTO sign_in_attempts AS a (key, attempts, window_ends_at)
         SELECT k, 1, now() + $2 * interval '1 millisecond' FROM unnest($1::text[]) AS k
       ON CONFLICT (key) DO UPDATE SET
         attempts = CASE WHEN a.window_ends_at <= now() THEN 1 ELSE a.attempts + 1 END,
         window_ends_at = CASE WHEN a.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE a.window_ends_at END
       RETURNING key, attempts, ceil(extract(epoch FROM a.window_ends_at - now())) AS seconds_left`,
      [[accountKey, ipKey], this.limits.windowMs],
    );
    await this.pruneNowAndThen();
    let retryAfter = 0;
    for (const row of rows) {
      const max = row.key === accountKey ? this.limits.perAccount : this.limits.perIp;
      if (row.attempts > max) retryAfter = Math.max(retryAfter, Math.max(1, Number(row.seconds_left)));
    }
    return retryAfter;
  }

  /** A sign-in succeeded: its IP + email count starts over and its attempt goes back to the IP's count. */
  async succeeded(ip: string, email: string): Promise<void> {
    await this.db.query(
      `WITH cleared AS (DELETE FROM sign_in_attempts WHERE key = $1)
       UPDATE sign_in_attempts SET attempts = attempts - 1 WHERE key = $2 AND attempts > 0`,
      [keyOf('account', `${ip}|${email}`), keyOf('ip', ip)],
    );
  }

  /** Ended windows are useless: drop them at most once per window length, from whichever process comes first. */
  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPruneAt < this.limits.windowMs) return;
    this.lastPruneAt = now;
    await this.db.query('DELETE FROM sign_in_attempts WHERE window_ends_at < now()');
  }
}
