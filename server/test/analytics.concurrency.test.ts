// Two partners liking the same name in two transactions at once: the second transaction's trigger must
// see the first one's like, or the match is lost. It does because both triggers update the same
// analytics_name_stats row first: the second waits on that row lock until the first commits, and its
// match reconciliation, a later statement with a fresh snapshot, then sees the committed like. PGlite
// serves one connection, so this runs only on a real PostgreSQL (CI runs the suite with DATABASE_URL).
import { incrementalAndRebuilt, loadFixture, type FixtureName } from './analytics.fixture';
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
