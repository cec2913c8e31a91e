// Sign-in attempt counting in the database (migrations 021 and 070), so every server process on one database
// counts the same attempts. Three keys per attempt, each with its own limit per fixed window:
// - the client address with the email ("pair"): someone mistyping their own password, or guessing one account;
// - the client address alone: one client trying many emails (password spraying);
// - the email alone, across every address: one account attacked from many addresses (a botnet, or a proxy's
//   clients) is slowed even though no single address goes over its own limit.
// The client address is grouped (clientAddress.ts: an IPv6 address by its /64) and comes from TRUST_PROXY's rule.
// A key that goes over its limit is locked: for one window the first time, then twice as long each time it goes
// over again (bounded by maxLockoutMs), until it has been quiet for maxLockoutMs after its last lock. Attempts
// while locked are refused without being counted or checked, so hammering neither extends the lock nor reaches
// the password check.
//
// Every attempt is counted BEFORE the password is checked, so parallel requests cannot all slip in under the limit
// while the slow hash runs: the keys' rows are locked (in key order, so two attempts cannot deadlock) for the
// short transaction that reads and writes them.
import { createHash } from 'node:crypto';
import { clientGroup } from '../http/clientAddress';
import type { Db, Transaction } from '../db/types';

export interface AttemptLimits {
  /** attempts per window per client address and email */
  perPair: number;
  /** attempts per window per client address across all emails (password spraying) */
  perClient: number;
  /** attempts per window per email across all client addresses (one account attacked from many) */
  perEmail: number;
  windowMs: number;
  /** the longest lock a key gets however often it goes over; also how long it must stay quiet to start over */
  maxLockoutMs: number;
}

export type AttemptKind = 'pair' | 'client' | 'email';

export interface AttemptVerdict {
  /** seconds until the attempt may be made again; 0 when it may go ahead now */
  retryAfter: number;
  /** the keys that refused it (for the metrics); empty when it may go ahead */
  limitedBy: AttemptKind[];
}

// Hashed: the table need not hold who tried which email from where, and keys stay short whatever is sent.
const keyOf = (kind: AttemptKind, text: string) => `${kind}:${createHash('sha256').update(text).digest('base64url')}`;

interface KeyRow {
  key: string;
  attempts: number;
  strikes: number;
  window_ends_ms: number;
  locked_until_ms: number | null;
  now_ms: number;
}

/** The lock a key gets the n-th time (n >= 1) it goes over its limit: one window, doubled each time, bounded. */
export function lockoutMs(strikes: number, limits: Pick<AttemptLimits, 'windowMs' | 'maxLockoutMs'>): number {
  const doubled = limits.windowMs * 2 ** Math.min(Math.max(strikes - 1, 0), 30);
  return Math.max(limits.windowMs, Math.min(doubled, limits.maxLockoutMs));
}

export class SignInAttempts {
  private lastPruneAt = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: AttemptLimits,
  ) {}

  private keysOf(ip: string, email: string): Record<AttemptKind, string> {
    const client = clientGroup(ip);
    return { pair: keyOf('pair', `${client}|${email}`), client: keyOf('client', client), email: keyOf('email', email) };
  }

  /** Counts one attempt of `email` from `ip`; when over a limit (or locked), how long until it may try again. */
  async hit(ip: string, email: string): Promise<AttemptVerdict> {
    const keys = this.keysOf(ip, email);
    const kinds = (Object.keys(keys) as AttemptKind[]).sort((a, b) => keys[a].localeCompare(keys[b]));
    const maxOf: Record<AttemptKind, number> = { pair: this.limits.perPair, client: this.limits.perClient, email: this.limits.perEmail };
    const verdict = await this.db.transaction(async (tx) => {
      const rows = await this.lockRows(
        tx,
        kinds.map((kind) => keys[kind]),
      );
      const refusedBy: { kind: AttemptKind; untilMs: number; nowMs: number }[] = [];
      const updates: { key: string; attempts: number; strikes: number; windowEndsMs: number; lockedUntilMs: number | null }[] = [];
      // A key already locked refuses the attempt, which then counts nowhere.
      for (const kind of kinds) {
        const row = rows.get(keys[kind])!;
        if (row.locked_until_ms !== null && row.locked_until_ms > row.now_ms) {
          refusedBy.push({ kind, untilMs: row.locked_until_ms, nowMs: row.now_ms });
        }
      }
      if (refusedBy.length === 0) {
        for (const kind of kinds) {
          const row = rows.get(keys[kind])!;
          const now = row.now_ms;
          // Quiet for maxLockoutMs since its last lock ended: the back-off starts over.
          let strikes = row.locked_until_ms !== null && now - row.locked_until_ms >= this.limits.maxLockoutMs ? 0 : row.strikes;
          let attempts = row.window_ends_ms <= now ? 1 : row.attempts + 1;
          let windowEndsMs = row.window_ends_ms <= now ? now + this.limits.windowMs : row.window_ends_ms;
          let lockedUntilMs = row.locked_until_ms;
          if (attempts > maxOf[kind]) {
            strikes += 1;
            lockedUntilMs = now + lockoutMs(strikes, this.limits);
            // Counting starts again once the lock ends.
            attempts = 0;
            windowEndsMs = lockedUntilMs;
            refusedBy.push({ kind, untilMs: lockedUntilMs, nowMs: now });
          }
          updates.push({ key: keys[kind], attempts, strikes, windowEndsMs, lockedUntilMs });
        }
        await tx.query(
          `UPDATE sign_in_attempts AS a
              SET attempts = u.attempts, strikes = u.strikes,
                  window_ends_at = to_timestamp(u.window_ends_ms / 1000.0),
                  locked_until = to_timestamp(u.locked_until_ms / 1000.0)
             FROM unnest($1::text[], $2::int[], $3::int[], $4::float8[], $5::float8[])
                  AS u(key, attempts, strikes, window_ends_ms, locked_until_ms)
            WHERE a.key = u.key`,
          [
            updates.map((u) => u.key),
            updates.map((u) => u.attempts),
            updates.map((u) => u.strikes),
            updates.map((u) => u.windowEndsMs),
            updates.map((u) => u.lockedUntilMs),
          ],
        );
      }
      const retryAfter = refusedBy.reduce(
        (longest, { untilMs, nowMs }) => Math.max(longest, Math.max(1, Math.ceil((untilMs - nowMs) / 1000))),
        0,
      );
      return { retryAfter, limitedBy: refusedBy.map((refusal) => refusal.kind) };
    });
    await this.pruneNowAndThen();
    return verdict;
  }

  /**
   * A sign-in succeeded: its address + email count starts over (back-off included), and its attempt goes back to
   * the address's and the email's counts, so an operator (or a test suite) signing in often is never limited by
   * its own successes. The email's back-off stays: a success does not end an attack on the account from elsewhere.
   */
  async succeeded(ip: string, email: string): Promise<void> {
    const keys = this.keysOf(ip, email);
    await this.db.query(
      `WITH cleared AS (DELETE FROM sign_in_attempts WHERE key = $1)
       UPDATE sign_in_attempts SET attempts = attempts - 1 WHERE key = ANY($2) AND attempts > 0`,
      [keys.pair, [keys.client, keys.email]],
    );
  }

  /**
   * The rows of `keys` (created when missing), locked for this transaction, with the database's clock. One upsert,
   * not an insert and then a SELECT ... FOR UPDATE: between those two a concurrent success (succeeded(): its DELETE)
   * could remove a row, and the SELECT would then miss it. ON CONFLICT DO UPDATE locks the row it finds (or inserts
   * it again if it went), in key order like the insert, so two requests never wait on each other crosswise.
   */
  private async lockRows(tx: Transaction, keys: string[]): Promise<Map<string, KeyRow>> {
    const { rows } = await tx.query<KeyRow>(
      `INSERT INTO sign_in_attempts AS a (key, attempts, window_ends_at)
         SELECT k, 0, now() FROM unnest($1::text[]) AS k ORDER BY k
       ON CONFLICT (key) DO UPDATE SET key = a.key
       RETURNING a.key, a.attempts, a.strikes,
                 extract(epoch FROM a.window_ends_at)::float8 * 1000 AS window_ends_ms,
                 extract(epoch FROM a.locked_until)::float8 * 1000 AS locked_until_ms,
                 extract(epoch FROM now())::float8 * 1000 AS now_ms`,
      [keys],
    );
    return new Map(rows.map((row) => [row.key, row]));
  }

  /**
   * Rows whose window has ended and whose back-off is forgotten are useless: dropped at most once per window
   * length, by whichever process comes first.
   */
  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPruneAt < this.limits.windowMs) return;
    this.lastPruneAt = now;
    await this.db.query(
      `DELETE FROM sign_in_attempts
        WHERE window_ends_at < now()
          AND (locked_until IS NULL OR locked_until < now() - $1 * interval '1 millisecond')`,
      [this.limits.maxLockoutMs],
    );
  }
}
