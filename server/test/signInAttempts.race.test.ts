// Counting an attempt while a success clears the same key: the attempt must find (or make again) its row, never
// lose it between two statements. PostgreSQL only: PGlite's one connection cannot hold a lock while another waits.
import { SignInAttempts } from '../src/auth/signInAttempts';
import { createTestApp, type TestApp } from './testApp';

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

let t: TestApp;
beforeAll(async () => {
  if (process.env.DATABASE_URL) t = await createTestApp({ seed: 'accounts' });
});
afterAll(async () => {
  await t?.close();
});

const LIMITS = { perPair: 5, perClient: 50, perEmail: 20, windowMs: 60_000, maxLockoutMs: 600_000 };

/** Resolves once some backend of this database waits for a row lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no backend waited for the lock');
}

describeOnPostgres('sign-in attempts under a concurrent success', () => {
  it('an attempt waiting on a key that a success then deletes is counted on a new row, not lost (no 500)', async () => {
    const attempts = new SignInAttempts(t.db, LIMITS);
    await t.db.query('DELETE FROM sign_in_attempts');
    expect(await attempts.hit('10.1.2.3', 'racer@example.com')).toEqual({ retryAfter: 0, limitedBy: [] });

    let counted: Promise<unknown> | undefined;
    await t.db.transaction(async (tx) => {
      // What succeeded() does, held open: the rows locked, then deleted, while the attempt waits for them.
      await tx.query('SELECT key FROM sign_in_attempts FOR UPDATE');
      counted = attempts.hit('10.1.2.3', 'racer@example.com');
      await someoneWaitsForALock();
      await tx.query('DELETE FROM sign_in_attempts');
    });
    await expect(counted).resolves.toEqual({ retryAfter: 0, limitedBy: [] });
    const { rows } = await t.db.query<{ attempts: number }>('SELECT attempts FROM sign_in_attempts ORDER BY key');
    expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1]);
  });
});
