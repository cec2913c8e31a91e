// The names trash on the demo data (swipes, matches, analytics): a delete moves a name and its swipes out of every
// list and figure and keeps them; a restore brings back exactly what was there; only "delete forever" and the
// retention purge remove them, saying what went. Every figure is compared with what it was before the delete.
import type { NameRecord } from '../../contract/schemas/names';
import type { NamesImpact, PurgeResponse, RestoreResponse, TrashMoveResponse, TrashPage } from '../../contract/schemas/dataSafety';
import { incrementalAndRebuilt, snapshotSummaries } from './analytics.fixture';
import { purgeExpiredNames } from '../src/names/trashRetention';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
async function call<T = unknown>(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${t.adminToken}`, ...headers },
  });
  return { status: response.statusCode, body: (response.body === '' ? undefined : response.json()) as T };
}
const one = async <T>(sql: string, params?: unknown[]) => (await t.db.query<T>(sql, params)).rows[0]!;

/** Every figure the console and the app read, through the API. */
async function everyFigure() {
  const urls = [
    '/swipes/stats',
    '/names/nationalities-with-counts',
    '/names/nationalities',
    '/analytics/user-stats',
    '/analytics/decision-time-stats',
    '/analytics/match-conversion-rate',
    '/analytics/top-ranked-names?limit=500',
    '/analytics/name-analytics?limit=500',
    '/analytics/match-analytics?limit=500',
    '/analytics/top-names-by-gender',
    '/analytics/top-names-by-nationality',
    '/analytics/swipes-over-time',
    '/analytics/daily-active-users',
    '/analytics/popularity-trends?days=365',
    '/admin/database-overview',
  ];
  const answers: Record<string, unknown> = {};
  for (const url of urls) {
    const { status, body } = await call('GET', url);
    expect({ url, status }).toEqual({ url, status: 200 });
    answers[url] = body;
  }
  return answers;
}

/** The live name with the most matches (and swipes): what a careless delete would hurt most. */
async function mostMatchedName(): Promise<{ id: number; swipes: number; matches: number }> {
  return one(
    `SELECT s.name_id::int AS id, s.swipes, s.matches FROM analytics_name_stats s JOIN names n ON n.id = s.name_id
      WHERE s.matches > 0 ORDER BY s.matches DESC, s.swipes DESC LIMIT 1`,
  );
}

async function listed(id: number): Promise<boolean> {
  const name = await one<{ name: string }>('SELECT name FROM names WHERE id = $1', [id]);
  const { body } = await call<{ names: NameRecord[] }>('GET', `/names?alphabetFilter=${encodeURIComponent(name.name[0]!)}&limit=500`);
  return body.names.some((n) => n.id === id);
}

describe('a delete moves the name and its swipes to the trash; a restore brings every figure back', () => {
  it('keeps the swipes, takes them out of every figure, and restores them exactly', async () => {
    const target = await mostMatchedName();
    expect(target.matches).toBeGreaterThan(0);
    expect(await listed(target.id)).toBe(true);
    const before = await everyFigure();
    const summariesBefore = await snapshotSummaries(t.db);
    const swipeIds = (await t.db.query<{ id: number }>('SELECT id::int FROM swipes WHERE name_id = $1 ORDER BY id', [target.id])).rows;
    expect(swipeIds).toHaveLength(target.swipes);

    const preview = await call<NamesImpact>('POST', '/names/delete-preview', { nameIds: [target.id] });
    expect(preview.body).toEqual({ names: 1, swipes: target.swipes, matches: target.matches });

    expect((await call('DELETE', `/names/${target.id}`)).status).toBe(204);
    // Gone from the lists and every figure...
    const stats = (await call<{ totalSwipes: number; totalNames: number }>('GET', '/swipes/stats')).body;
    const statsBefore = before['/swipes/stats'] as { totalSwipes: number; totalNames: number };
    expect(stats).toEqual({ totalSwipes: statsBefore.totalSwipes - target.swipes, totalNames: statsBefore.totalNames - 1 });
    expect((await call('GET', `/analytics/name-analytics?limit=500`)).body).not.toContainEqual(
      expect.objectContaining({ name_id: target.id }),
    );
    expect((await call('GET', `/analytics/match-analytics?limit=500`)).body).not.toContainEqual(
      expect.objectContaining({ name_id: target.id }),
    );
    const { incremental, rebuilt } = await incrementalAndRebuilt(t.db);
    expect(incremental).toEqual(rebuilt);
    // ...but stored: every swipe with its id, in the trash.
    const kept = (await t.db.query<{ id: number }>('SELECT id::int FROM swipes_trash WHERE name_id = $1 ORDER BY id', [target.id])).rows;
    expect(kept).toEqual(swipeIds);

    const trash = (await call<TrashPage>('GET', '/names/trash')).body;
    expect(trash.total).toBe(1);
    expect(trash.retentionDays).toBe(30);
    expect(trash.names[0]).toMatchObject({
      id: target.id,
      swipes: target.swipes,
      matches: target.matches,
      deletionKind: 'delete',
      deletedBy: { email: 'admin@babynames.test' },
    });

    const restored = await call<RestoreResponse>('POST', '/names/restore', { nameIds: [target.id] });
    expect(restored).toEqual({ status: 200, body: { restoredCount: 1, swipes: target.swipes, matches: target.matches } });
    expect(await everyFigure()).toEqual(before);
    expect(await snapshotSummaries(t.db)).toEqual(summariesBefore);
    expect((await t.db.query('SELECT id FROM swipes WHERE name_id = $1 ORDER BY id', [target.id])).rows).toHaveLength(target.swipes);
    expect(await listed(target.id)).toBe(true);
    expect((await call<TrashPage>('GET', '/names/trash')).body.total).toBe(0);
  });

  it('a selection is one deletion; its answer says what it carried; restoring the deletion brings all back', async () => {
    const { rows } = await t.db.query<{ id: number; swipes: number; matches: number }>(
      `SELECT s.name_id::int AS id, s.swipes, s.matches FROM analytics_name_stats s ORDER BY s.swipes DESC LIMIT 3`,
    );
    const ids = rows.map((r) => r.id);
    const figures = await everyFigure();
    const moved = await call<TrashMoveResponse>('POST', '/names/bulk-delete', { nameIds: ids });
    expect(moved.body).toEqual({
      deletedCount: 3,
      swipes: rows.reduce((n, r) => n + r.swipes, 0),
      matches: rows.reduce((n, r) => n + r.matches, 0),
      deletionId: expect.any(Number),
    });
    const byDeletion = (await call<TrashPage>('GET', `/names/trash?deletionId=${moved.body.deletionId}`)).body;
    expect(byDeletion.names.map((n) => n.id).sort()).toEqual([...ids].sort());
    expect(byDeletion.total).toBe(3);
    expect((await call('POST', '/names/restore', { deletionId: moved.body.deletionId })).status).toBe(200);
    expect(await everyFigure()).toEqual(figures);
  });

  it('a large deletion restores in parts: each says how many remain, the last brings every figure back', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT s.name_id::int AS id FROM analytics_name_stats s ORDER BY s.swipes DESC, s.name_id LIMIT 5`,
    );
    const ids = rows.map((r) => r.id);
    const figures = await everyFigure();
    const moved = await call<TrashMoveResponse>('POST', '/names/bulk-delete', { nameIds: ids });
    const deletionId = moved.body.deletionId!;
    const parts: RestoreResponse[] = [];
    for (let i = 0; i < 5; i += 1) {
      const part = await call<RestoreResponse>('POST', '/names/restore', { deletionId, limit: 2 });
      expect(part.status).toBe(200);
      parts.push(part.body);
      if (part.body.remaining === 0) break;
    }
    expect(parts.map((p) => [p.restoredCount, p.remaining])).toEqual([
      [2, 3],
      [2, 1],
      [1, 0],
    ]);
    expect(parts.reduce((n, p) => n + p.swipes, 0)).toBe(moved.body.swipes);
    expect(await everyFigure()).toEqual(figures);
    // Nothing is left of the deletion: one more part is a 404, as for a deletion restored whole.
    expect((await call('POST', '/names/restore', { deletionId, limit: 2 })).status).toBe(404);
  });

  it('a part of a deletion checks the whole deletion for live twins: the first part refuses, nothing comes back', async () => {
    const added: NameRecord[] = [];
    for (const name of ['Partone', 'Parttwo', 'Partthree'])
      added.push((await call<NameRecord>('POST', '/names', { name, gender: 'male', nationality: 'irish' })).body);
    const moved = await call<TrashMoveResponse>('POST', '/names/bulk-delete', { nameIds: added.map((n) => n.id) });
    // The last name by id gets a live twin: a part of one name (the first) must still refuse.
    await t.db.query(`INSERT INTO names (name, gender, nationality, first_letter) VALUES ('Partthree', 'male', 'irish', 'P')`);
    const refused = await call<{ message: string }>('POST', '/names/restore', { deletionId: moved.body.deletionId, limit: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Partthree \(id \d+\) is live again/);
    expect(await one('SELECT count(*)::int AS n FROM names_trash WHERE deletion_id = $1', [moved.body.deletionId])).toEqual({ n: 3 });
  });
});

describe('what is refused, and writes nothing', () => {
  it('restoring ids that are not in the trash: 404 naming them, nothing restored', async () => {
    const target = await mostMatchedName();
    const other = (await one<{ id: number }>('SELECT id::int FROM names WHERE id <> $1 ORDER BY id LIMIT 1', [target.id])).id;
    await call('DELETE', `/names/${target.id}`);
    const refused = await call<{ message: string }>('POST', '/names/restore', { nameIds: [target.id, other, 99_999_999] });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toContain(`not in the trash (live names): ${other}`);
    expect(refused.body.message).toContain('no name in the trash with id 99999999');
    expect(await one('SELECT count(*)::int AS n FROM names_trash WHERE id = $1', [target.id])).toEqual({ n: 1 });
    await call('POST', '/names/restore', { nameIds: [target.id] });
  });

  it('a name whose twin was added meanwhile is not restored over it (409), and adding a trashed name says so', async () => {
    const added = (await call<NameRecord>('POST', '/names', { name: 'Trashtwin', gender: 'female', nationality: 'english' })).body;
    await call('DELETE', `/names/${added.id}`);
    const again = await call<{ error: string; trashed: { id: number }[] }>('POST', '/names', {
      name: 'trashtwin',
      gender: 'female',
      nationality: 'English',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'in_trash', field: 'name', trashed: [{ id: added.id }] });
    // The import counts such rows apart from the duplicates.
    const imported = await call('POST', '/admin/names/bulk-import', {
      names: [
        { name: 'Trashtwin', gender: 'female', nationality: 'english', createdAt: '2026-01-01T00:00:00.000Z' },
        { name: 'Freshname', gender: 'female', nationality: 'english', createdAt: '2026-01-01T00:00:00.000Z' },
      ],
    });
    expect(imported.body).toMatchObject({ addedCount: 1, duplicateCount: 0, trashedCount: 1 });
    // A twin made live behind the console's back (the app, a script): the restore refuses and names both.
    await t.db.query(`INSERT INTO names (name, gender, nationality, first_letter) VALUES ('Trashtwin', 'female', 'english', 'T')`);
    const refused = await call<{ message: string }>('POST', '/names/restore', { nameIds: [added.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Trashtwin \(id \d+\) is live again as id \d+/);
    expect(await one('SELECT count(*)::int AS n FROM names_trash WHERE id = $1', [added.id])).toEqual({ n: 1 });
  });

  it.each([
    ['a version that is not a number', { 'if-match': '"abc"' }, 400],
    ['a version of zero', { 'if-match': '"0"' }, 400],
  ])('%s in If-Match (%j): %d, nothing written', async (_label, headers, status) => {
    const target = await mostMatchedName();
    expect((await call('DELETE', `/names/${target.id}`, undefined, headers)).status).toBe(status);
    expect((await call('PUT', `/names/${target.id}`, { name: 'X', gender: 'male', nationality: 'x' }, headers)).status).toBe(status);
    expect(await listed(target.id)).toBe(true);
  });

  it('If-Match on a name that no longer exists: 404', async () => {
    expect((await call('PUT', '/names/99999999', { name: 'X', gender: 'male', nationality: 'x' }, { 'if-match': '"1"' })).status).toBe(404);
    expect((await call('DELETE', '/names/99999999', undefined, { 'if-match': '"1"' })).status).toBe(404);
  });
});

describe('delete forever and the retention purge', () => {
  it('say what went with the names and record it', async () => {
    const target = await mostMatchedName();
    await call('DELETE', `/names/${target.id}`);
    const purged = await call<PurgeResponse>('POST', '/names/trash/purge', { nameIds: [target.id] });
    expect(purged.body).toEqual({ purgedCount: 1, swipes: target.swipes, matches: target.matches });
    expect(await one('SELECT count(*)::int AS n FROM swipes_trash WHERE name_id = $1', [target.id])).toEqual({ n: 0 });
    const recorded = await one<{ details: { swipes: number; matches: number } }>(
      `SELECT details FROM console_actions WHERE action = 'names.purge' ORDER BY id DESC LIMIT 1`,
    );
    expect(recorded.details).toMatchObject({ purged: 1, swipes: target.swipes, matches: target.matches });
    expect((await call('POST', '/names/restore', { nameIds: [target.id] })).status).toBe(404);
  });

  it('purges only what is older than the retention, in batches, each on the trail', async () => {
    const { rows } = await t.db.query<{ id: number; swipes: number }>(
      `SELECT s.name_id::int AS id, s.swipes FROM analytics_name_stats s JOIN names n ON n.id = s.name_id ORDER BY s.swipes DESC LIMIT 3`,
    );
    await call('POST', '/names/bulk-delete', { nameIds: rows.map((r) => r.id) });
    await t.db.query(`UPDATE names_trash SET deleted_at = now() - interval '31 days' WHERE id = ANY($1::bigint[])`, [
      rows.slice(0, 2).map((r) => r.id),
    ]);
    const totals = await purgeExpiredNames(t.db, 30, 1);
    expect(totals).toMatchObject({ names: 2, swipes: rows[0]!.swipes + rows[1]!.swipes });
    const batches = await one<{ n: number }>(`SELECT count(*)::int AS n FROM console_actions WHERE action = 'names.purge_expired'`);
    expect(batches.n).toBe(2);
    expect((await call<TrashPage>('GET', '/names/trash')).body.names.map((n) => n.id)).toContain(rows[2]!.id);
    await call('POST', '/names/restore', { nameIds: [rows[2]!.id] });
  });
});

describe('an import undo moves its names to the trash and keeps those edited since', () => {
  it('reports what it kept, and restoring the deletion makes the run what it was', async () => {
    const run = (await call<{ id: number }>('POST', '/admin/import-runs', { fileName: 'undo-me.csv' })).body;
    const rows = ['Undoa', 'Undob', 'Undoc'].map((name) => ({
      name,
      gender: 'male',
      nationality: 'english',
      createdAt: '2026-01-01T00:00:00.000Z',
    }));
    await call('POST', '/admin/names/bulk-import', { names: rows, runId: run.id });
    await call('POST', `/admin/import-runs/${run.id}/finish`, { state: 'done' });
    const edited = await one<{ id: number; version: number }>(`SELECT id::int, version FROM names WHERE name = 'Undob'`);
    await call(
      'PUT',
      `/names/${edited.id}`,
      { name: 'Undob', gender: 'unisex', nationality: 'english' },
      { 'if-match': `"${edited.version}"` },
    );

    const before = (await call('GET', `/admin/import-runs/${run.id}`)).body;
    expect(before).toMatchObject({ rowsPresent: 3, rowsEdited: 1, swipes: 0, matches: 0, undoDeletionId: null });
    const undone = await call<{ deletedCount: number; keptEditedCount: number; deletionId: number; run: { state: string } }>(
      'POST',
      `/admin/import-runs/${run.id}/undo`,
    );
    expect(undone.body).toMatchObject({ deletedCount: 2, keptEditedCount: 1, run: { state: 'undone' } });
    expect(undone.body.run).toMatchObject({ undoDeletionId: undone.body.deletionId });
    expect(await one(`SELECT gender FROM names WHERE name = 'Undob'`)).toEqual({ gender: 'unisex' });
    const trash = (await call<TrashPage>('GET', `/names/trash?deletionId=${undone.body.deletionId}`)).body;
    expect(trash.names.map((n) => [n.name, n.deletionKind, n.importFileName]).sort()).toEqual([
      ['Undoa', 'import_undo', 'undo-me.csv'],
      ['Undoc', 'import_undo', 'undo-me.csv'],
    ]);
    expect((await call('POST', '/names/restore', { deletionId: undone.body.deletionId })).body).toMatchObject({ restoredCount: 2 });
    const detail = (await call<{ state: string; rowsPresent: number }>('GET', `/admin/import-runs/${run.id}`)).body;
    expect(detail).toMatchObject({ state: 'done', rowsPresent: 3, undoneAt: null, undoDeletionId: null });
    // Restored names are what they were (their versions too): a second undo tells the untouched from the edited again.
    const again = await call<{ deletedCount: number; keptEditedCount: number }>('POST', `/admin/import-runs/${run.id}/undo`);
    expect(again.body).toMatchObject({ deletedCount: 2, keptEditedCount: 1 });
  });
});
