// Two partners liking the same name in two transactions at once: the second transaction's trigger must
// see the first one's like, or the match is lost. It does because both triggers update the same
// analytics_name_stats row first: the second waits on that row lock until the first commits, and its
// match reconciliation, a later statement with a fresh snapshot, then sees the committed like. PGlite
// serves one connection, so this runs only on a real PostgreSQL (CI runs the suite with DATABASE_URL).
import { incrementalAndRebuilt, loadFixture, matchTotalsKept, type FixtureName } from './analytics.fixture';
import { createTestApp, type TestApp } from './testApp';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('concurrent likes of one name by two partners (real PostgreSQL)', () => {
  let t: TestApp;
  let ids: Record<FixtureName, number>;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'accounts' });
    ids = await loadFixture(t.db);
  });
  afterAll(async () => t?.close());

  const like = (user: string) =>
    `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at) VALUES ('${user}', ${ids.Zola}, true, 1200, now())`;

  it('records the match whichever transaction commits first', async () => {
    let releaseAlice!: () => void;
    const aliceMayCommit = new Promise<void>((resolve) => (releaseAlice = resolve));
    let aliceInserted!: () => void;
    const aliceHasInserted = new Promise<void>((resolve) => (aliceInserted = resolve));

    const alice = t.db.transaction(async (tx) => {
      await tx.query(like('u-alice'));
      aliceInserted();
      await aliceMayCommit;
    });
    await aliceHasInserted;
    // bob's like arrives while alice's is not committed yet.
    let bobDone = false;
    const bob = t.db
      .transaction(async (tx) => {
        await tx.query(like('u-bob'));
      })
      .then(() => (bobDone = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobDone).toBe(false); // waiting on the name's summary row
    releaseAlice();
    await Promise.all([alice, bob]);

    const { rows } = await t.db.query('SELECT user_a, user_b FROM analytics_matches WHERE name_id = $1', [ids.Zola]);
    expect(rows).toEqual([{ user_a: 'u-alice', user_b: 'u-bob' }]);
    const { incremental, rebuilt } = await incrementalAndRebuilt(t.db);
    expect(incremental).toEqual(rebuilt);
  });
});

onPostgres('a like while the connection is being accepted (real PostgreSQL)', () => {
  let t: TestApp;
  let ids: Record<FixtureName, number>;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'accounts' });
    ids = await loadFixture(t.db);
  });
  afterAll(async () => t?.close());

  // carol's request to dave is pending; carol already likes Noah.
  it.each([
    ['the acceptance', 'first'],
    ['the like', 'first'],
  ])('records the match when %s commits %s', async (first) => {
    const accept = `UPDATE connection_requests SET status = 'accepted' WHERE from_user_id = 'u-carol' AND to_user_id = 'u-dave'`;
    const like = `INSERT INTO swipes (user_id, name_id, liked, decision_time_ms, created_at) VALUES ('u-dave', ${ids.Noah}, true, 1500, now())`;
    const [early, late] = first === 'the acceptance' ? [accept, like] : [like, accept];
    await race(t, early, late);

    const { rows } = await t.db.query('SELECT user_a, user_b FROM analytics_matches WHERE name_id = $1', [ids.Noah]);
    expect(rows).toEqual([{ user_a: 'u-carol', user_b: 'u-dave' }]);
    const { incremental, rebuilt } = await incrementalAndRebuilt(t.db);
    expect(incremental).toEqual(rebuilt);
    // Back to the start for the next case.
    await t.db.query(`DELETE FROM swipes WHERE user_id = 'u-dave' AND name_id = $1`, [ids.Noah]);
    await t.db.query(`UPDATE connection_requests SET status = 'pending' WHERE from_user_id = 'u-carol'`);
  });
});

onPostgres('a dislike turned into a like while the connection is being accepted (real PostgreSQL)', () => {
  let t: TestApp;
  let ids: Record<FixtureName, number>;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'accounts' });
    ids = await loadFixture(t.db);
  });
  afterAll(async () => t?.close());

  // carol likes Emma, dave disliked it and now changes his mind. An UPDATE takes no foreign-key lock on
  // its user, so without migration 032's KEY SHARE the like's trigger could miss the acceptance and the
  // acceptance could miss the like: connected_likes one short, the match lost.
  it.each([['the acceptance'], ['the like']])('counts the like and the match when %s commits first', async (first) => {
    const accept = `UPDATE connection_requests SET status = 'accepted' WHERE from_user_id = 'u-carol' AND to_user_id = 'u-dave'`;
    const like = `UPDATE swipes SET liked = true WHERE user_id = 'u-dave' AND name_id = ${ids.Emma}`;
    const [early, late] = first === 'the acceptance' ? [accept, like] : [like, accept];
    await race(t, early, late);

    const { rows } = await t.db.query('SELECT user_a, user_b FROM analytics_matches WHERE name_id = $1', [ids.Emma]);
    expect(rows).toContainEqual({ user_a: 'u-carol', user_b: 'u-dave' });
    expect((await matchTotalsKept(t.db)).connected_likes).toBe(await likesOf(t, ['u-alice', 'u-bob', 'u-carol', 'u-dave']));
    const { incremental, rebuilt } = await incrementalAndRebuilt(t.db);
    expect(incremental).toEqual(rebuilt);
    await t.db.query(`UPDATE swipes SET liked = false WHERE user_id = 'u-dave' AND name_id = $1`, [ids.Emma]);
    await t.db.query(`UPDATE connection_requests SET status = 'pending' WHERE from_user_id = 'u-carol'`);
  });
});

async function likesOf(t: TestApp, users: string[]): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM swipes WHERE liked AND user_id = ANY($1::text[])', [
    users,
  ]);
  return rows[0]!.n;
}

/**
 * `early` runs in a transaction that stays open while `late` starts in another (and waits on a lock, or not);
 * then the first commits. Whatever the order the locks impose, the summaries must come out right.
 */
async function race(t: TestApp, early: string, late: string): Promise<void> {
  let release!: () => void;
  const mayCommit = new Promise<void>((resolve) => (release = resolve));
  let ran!: () => void;
  const hasRun = new Promise<void>((resolve) => (ran = resolve));
  const one = t.db.transaction(async (tx) => {
    await tx.query(early);
    ran();
    await mayCommit;
  });
  await hasRun;
  const two = t.db.transaction(async (tx) => {
    await tx.query(late);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  await Promise.all([one, two]);
}
