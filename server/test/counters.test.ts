import type { NamesPageResponse } from '../../contract/schemas/names';
import type { LiveCounts, SwipeStats } from '../../contract/schemas/dashboard';
import { countMatchingNames, readCounters } from '../src/counters/rowCounters';
import { readLiveCounts } from '../src/live/liveCounts';
import { createTestApp, type TestApp } from './testApp';

// The totals of migration 015 must equal count(*) after every kind of write: inserts (one row and set-based),
// deletes (direct and cascaded), status updates, moves between filter groups, and TRUNCATE.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'full' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ url: `/api${url}`, headers: { authorization: `Bearer ${t.adminToken}` } });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

async function actualCounts() {
  const { rows } = await t.db.query<{ names: number; swipes: number; users: number; accepted: number }>(
    `SELECT (SELECT count(*) FROM names)::int AS names, (SELECT count(*) FROM swipes)::int AS swipes,
            (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM connection_requests WHERE status = 'accepted')::int AS accepted`,
  );
  return rows[0]!;
}

/** Every counter against count(*), and the endpoints that read them. */
async function expectCountersExact() {
  const actual = await actualCounts();
  expect(await readCounters(t.db, ['names', 'swipes', 'users', 'accepted_connections'])).toEqual({
    names: actual.names,
    swipes: actual.swipes,
    users: actual.users,
    accepted_connections: actual.accepted,
  });
  expect(await get<SwipeStats>('/swipes/stats')).toEqual({ totalNames: actual.names, totalSwipes: actual.swipes });
  expect(await readLiveCounts(t.db)).toEqual<LiveCounts>({ users: actual.users, acceptedConnections: actual.accepted });
  return actual;
}

/** Every filter total the group counts give, against count(*) over the names themselves. */
async function expectGroupTotalsExact() {
  const { rows } = await t.db.query<{ gender: string; nationality: string; first_letter: string; n: number }>(
    'SELECT gender, nationality, first_letter, count(*)::int AS n FROM names GROUP BY 1, 2, 3',
  );
  const sum = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).reduce((a, r) => a + r.n, 0);
  const probes = rows.slice(0, 20);
  for (const r of probes) {
    expect(await countMatchingNames(t.db, { gender: r.gender as 'male', nationality: r.nationality, letter: r.first_letter })).toBe(r.n);
    expect(await countMatchingNames(t.db, { nationality: r.nationality })).toBe(sum((x) => x.nationality === r.nationality));
    expect(await countMatchingNames(t.db, { letter: r.first_letter })).toBe(sum((x) => x.first_letter === r.first_letter));
    expect(await countMatchingNames(t.db, { gender: r.gender as 'male', letter: r.first_letter })).toBe(
      sum((x) => x.gender === r.gender && x.first_letter === r.first_letter),
    );
  }
  expect(await countMatchingNames(t.db, {})).toBe(sum(() => true));
}

it('are back-filled by the migration: the demo seed is counted exactly', async () => {
  const actual = await expectCountersExact();
  expect(actual.names).toBeGreaterThan(100);
  expect(actual.swipes).toBeGreaterThan(100);
  expect(actual.accepted).toBeGreaterThan(0);
  await expectGroupTotalsExact();
});

it('follow inserts and deletes of names, one row and set-based, and swipes deleted by cascade', async () => {
  const before = await actualCounts();
  await t.db.query(`INSERT INTO names (name, gender, nationality, first_letter) VALUES ('Ázzcounter', 'female', 'icelandic', 'Á')`);
  await t.db.query(
    `INSERT INTO names (name, gender, nationality, first_letter)
     SELECT 'Counted' || i, 'unisex', 'counterland', 'C' FROM generate_series(1, 250) AS i`,
  );
  expect((await expectCountersExact()).names).toBe(before.names + 251);
  expect(await countMatchingNames(t.db, { nationality: 'counterland' })).toBe(250);

  // A name with swipes: deleting it removes its swipes by ON DELETE CASCADE, which the swipes counter must see.
  const { rows } = await t.db.query<{ name_id: number; n: number }>(
    'SELECT name_id, count(*)::int AS n FROM swipes GROUP BY name_id ORDER BY count(*) DESC LIMIT 1',
  );
  const swiped = rows[0]!;
  await t.db.query('DELETE FROM names WHERE id = $1', [swiped.name_id]);
  await t.db.query(`DELETE FROM names WHERE nationality = 'counterland' AND name LIKE 'Counted1%'`);
  const after = await expectCountersExact();
  expect(after.swipes).toBe(before.swipes - swiped.n);
  await expectGroupTotalsExact();
});

it('move the filter totals when an edit changes gender, nationality or letter', async () => {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO names (name, gender, nationality, first_letter) VALUES ('Mover', 'male', 'movedfrom', 'M') RETURNING id`,
  );
  expect(await countMatchingNames(t.db, { nationality: 'movedfrom' })).toBe(1);
  await t.db.query(`UPDATE names SET name = 'Örn', gender = 'female', nationality = 'movedto', first_letter = 'Ö' WHERE id = $1`, [
    rows[0]!.id,
  ]);
  expect(await countMatchingNames(t.db, { nationality: 'movedfrom' })).toBe(0);
  expect(await countMatchingNames(t.db, { nationality: 'movedto', gender: 'female', letter: 'Ö' })).toBe(1);
  await expectGroupTotalsExact();
  await expectCountersExact();
});

it('follow users and connection requests, counting a request only while its status is accepted', async () => {
  const before = await actualCounts();
  await t.db.query(`INSERT INTO users (uid, email) VALUES ('counter-a', 'a@counter.test'), ('counter-b', 'b@counter.test')`);
  await t.db.query(`INSERT INTO connection_requests (from_user_id, to_user_id, status) VALUES ('counter-a', 'counter-b', 'pending')`);
  expect((await expectCountersExact()).accepted).toBe(before.accepted);

  await t.db.query(`UPDATE connection_requests SET status = 'accepted' WHERE from_user_id = 'counter-a'`);
  expect((await expectCountersExact()).accepted).toBe(before.accepted + 1);
  // An update that leaves it accepted changes nothing.
  await t.db.query(`UPDATE connection_requests SET updated_at = now() WHERE from_user_id = 'counter-a'`);
  expect((await expectCountersExact()).accepted).toBe(before.accepted + 1);
  await t.db.query(`UPDATE connection_requests SET status = 'rejected' WHERE from_user_id = 'counter-a'`);
  expect((await expectCountersExact()).accepted).toBe(before.accepted);
  await t.db.query(`UPDATE connection_requests SET status = 'accepted' WHERE from_user_id = 'counter-a'`);

  // Deleting a user cascades to their requests and swipes.
  await t.db.query(`DELETE FROM users WHERE uid IN ('counter-a', 'counter-b')`);
  const after = await expectCountersExact();
  expect(after.users).toBe(before.users);
  expect(after.accepted).toBe(before.accepted);
});

it('stay exact when writes roll back', async () => {
  const before = await actualCounts();
  await expect(
    t.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO names (name, gender, nationality, first_letter) VALUES ('Ghost', 'male', 'nowhere', 'G')`);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect((await expectCountersExact()).names).toBe(before.names);
  expect(await countMatchingNames(t.db, { nationality: 'nowhere' })).toBe(0);
});

it('GET /names answers the page with the exact total of the filters', async () => {
  const actual = await actualCounts();
  const all = await get<NamesPageResponse>('/names?gender=all&nationality=all&limit=50&offset=0');
  expect(all.names).toHaveLength(50);
  expect(all).toMatchObject({ total: actual.names, totalIsEstimate: false });

  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM names WHERE gender = 'female' AND first_letter = 'A'`);
  const filtered = await get<NamesPageResponse>('/names?gender=female&alphabetFilter=a&limit=50&offset=0');
  expect(filtered.total).toBe(rows[0]!.n);
  expect(filtered.names.every((n) => n.gender === 'female' && n.name.startsWith('A'))).toBe(true);

  const none = await get<NamesPageResponse>('/names?nationality=no-such-place');
  expect(none).toEqual({ names: [], total: 0, totalIsEstimate: false });
});

it('are emptied by TRUNCATE (cascaded tables included)', async () => {
  await t.db.exec('TRUNCATE names CASCADE');
  const after = await expectCountersExact();
  expect(after).toMatchObject({ names: 0, swipes: 0 });
  expect(await countMatchingNames(t.db, { nationality: 'icelandic' })).toBe(0);
  await t.db.query(`INSERT INTO names (name, gender, nationality, first_letter) VALUES ('Anew', 'male', 'icelandic', 'A')`);
  expect((await expectCountersExact()).names).toBe(1);
  await expectGroupTotalsExact();
});
