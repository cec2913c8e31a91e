// A swipe the app writes while an operator deletes the same name: it must end up in the trash with the name, or be
// refused, never deleted by the names foreign key's cascade. The move locks the name first (FOR UPDATE conflicts with
// the KEY SHARE lock a swipe's foreign key check takes), so whichever transaction comes second waits for the first.
// PGlite serves one connection, so this runs only on a real PostgreSQL (CI runs the suite with DATABASE_URL).
import { createTestApp, type TestApp } from './testApp';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('a swipe landing while its name moves to the trash (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const one = async <T>(sql: string, params?: unknown[]) => (await t.db.query<T>(sql, params)).rows[0]!;
  const deleteName = (id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/names/${id}`, headers: { authorization: `Bearer ${t.adminToken}` } });
  /** Waits until some backend of this database waits on a lock (the second transaction has reached the first one's row). */
  async function someoneWaitsOnALock() {
    for (let i = 0; i < 200; i += 1) {
      const { n } = await one<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('nobody waited on a lock within 10 s');
  }

  it('a swipe committed while the delete waits moves to the trash with its name', async () => {
    const name = await one<{ id: number; swipes: number }>(
      'SELECT name_id::int AS id, swipes FROM analytics_name_stats ORDER BY swipes DESC LIMIT 1',
    );
    const user = await one<{ uid: string }>(`SELECT uid FROM users ORDER BY uid LIMIT 1`);
    let commitSwipe!: () => void;
    const swipeMayCommit = new Promise<void>((resolve) => (commitSwipe = resolve));
    let swipeInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (swipeInserted = resolve));
    const app = t.db.transaction(async (tx) => {
      await tx.query('INSERT INTO swipes (user_id, name_id, liked, decision_time_ms) VALUES ($1, $2, true, 900)', [user.uid, name.id]);
      swipeInserted();
      await swipeMayCommit;
    });
    await inserted;
    const deletion = deleteName(name.id);
    await someoneWaitsOnALock();
    commitSwipe();
    await app;
    expect((await deletion).statusCode).toBe(204);

    expect(await one('SELECT count(*)::int AS n FROM swipes WHERE name_id = $1', [name.id])).toEqual({ n: 0 });
    expect(await one('SELECT count(*)::int AS n FROM swipes_trash WHERE name_id = $1', [name.id])).toEqual({ n: name.swipes + 1 });
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/names/restore',
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { nameIds: [name.id] },
    });
    expect(restored.json()).toMatchObject({ restoredCount: 1, swipes: name.swipes + 1 });
  });

  it('a swipe arriving while the delete holds the name is refused, not lost', async () => {
    const name = await one<{ id: number; swipes: number }>(
      'SELECT name_id::int AS id, swipes FROM analytics_name_stats ORDER BY swipes DESC OFFSET 1 LIMIT 1',
    );
    const user = await one<{ uid: string }>('SELECT uid FROM users ORDER BY uid LIMIT 1');
    // The operator's move, held open after it locked the name.
    let finishMove!: () => void;
    const moveMayFinish = new Promise<void>((resolve) => (finishMove = resolve));
    let locked!: () => void;
    const nameLocked = new Promise<void>((resolve) => (locked = resolve));
    const move = t.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM names WHERE id = $1 FOR UPDATE', [name.id]);
      locked();
      await moveMayFinish;
      const { moveNamesToTrash } = await import('../src/names/trash');
      await moveNamesToTrash(tx, { uid: 'demo-admin', email: 'admin@babynames.test' }, [name.id], { kind: 'delete' });
    });
    await nameLocked;
    const swipe = t.db.query('INSERT INTO swipes (user_id, name_id, liked) VALUES ($1, $2, true)', [user.uid, name.id]);
    await someoneWaitsOnALock();
    finishMove();
    await move;
    await expect(swipe).rejects.toThrow(/foreign key/);
    expect(await one('SELECT count(*)::int AS n FROM swipes_trash WHERE name_id = $1', [name.id])).toEqual({ n: name.swipes });
  });
});
