// The names API through a real store and the msw names backend (which caps nameIds at 1,000 per request like
// the reference backend, checks If-Match and `versions`, and keeps a trash): selections above the cap go out in
// chunks, writes carry the version the name was shown with.
import { http, HttpResponse } from 'msw';
import type { NameRecord } from '../../../contract/schemas/names';
import { VERSION_CONFLICT } from '../../../contract/dataSafety';
import { makeStore } from '../../app/store';
import { createFakeBackend } from '../../../mocks/fakeBackend';
import { namesDb } from '../../../mocks/names.handlers';
import { server } from '../../../mocks/server';
import { config } from '../../../jest/env.mock';
import { namesApi, type NameRef } from './namesApi';
import * as adminModules from '../../app/adminModules';

function seedNames(count: number): number[] {
  const records: NameRecord[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name_id: i + 1,
    name: `Name${i + 1}`,
    gender: 'female',
    nationality: 'irish',
    created_at: '2026-03-01T10:00:00.000Z',
    version: 1,
  }));
  namesDb.reset(records);
  return records.map((r) => r.id);
}

const refs = (ids: number[], version = 1): NameRef[] => ids.map((id) => ({ id, version }));

/** Every request to the names API in the current test, with its If-Match header and body (read from a clone). */
const seen: { method: string; path: string; ifMatch: string | null; body: Promise<string> }[] = [];
const recordRequest = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith('/api/names')) {
    seen.push({ method: request.method, path: url.pathname, ifMatch: request.headers.get('if-match'), body: request.clone().text() });
  }
};
beforeEach(() => {
  seen.length = 0;
  server.events.on('request:start', recordRequest);
});
afterEach(() => server.events.removeListener('request:start', recordRequest));

function storeWithSession() {
  const backend = createFakeBackend({ signedIn: { uid: 'admin-1', email: 'admin@example.com', displayName: 'Admin' } });
  const store = makeStore({ backend, runSagas: false, admin: adminModules });
  // The api's reducer joins the state with the next action: a query's first check reads that state.
  store.dispatch({ type: 'test/apiInjected' });
  return store;
}

afterEach(() => namesDb.reset());

describe('bulkDeleteNames', () => {
  it('deletes 1,200 selected names in requests of at most 1,000 ids and sums deletedCount', async () => {
    const ids = seedNames(1300).slice(0, 1200);
    const store = storeWithSession();
    const result = await store.dispatch(namesApi.endpoints.bulkDeleteNames.initiate(refs(ids))).unwrap();
    expect(result).toMatchObject({ deletedCount: 1200, deletionIds: [1, 2] });
    expect(namesDb.bulkDeleteRequests).toEqual([1000, 200]);
    expect(namesDb.records.map((r) => r.id)).toEqual(Array.from({ length: 100 }, (_, i) => 1201 + i));
  });

  it('the mock backend refuses more than 1,000 ids in one request, as the server does', async () => {
    seedNames(1001);
    const response = await fetch(`${config.apiBaseUrl}/names/bulk-delete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ nameIds: Array.from({ length: 1001 }, (_, i) => i + 1) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad_request', field: 'nameIds' });
    expect(namesDb.records).toHaveLength(1001);
  });

  it('when a later chunk fails, the reason says how many were deleted before it', async () => {
    const ids = seedNames(1200);
    let calls = 0;
    server.use(
      http.post('*/api/names/bulk-delete', () => {
        calls += 1;
        if (calls === 2) return HttpResponse.json({ error: 'internal_error', message: 'Internal server error' }, { status: 500 });
        return undefined; // fall through to the names backend
      }),
    );
    const store = storeWithSession();
    await expect(store.dispatch(namesApi.endpoints.bulkDeleteNames.initiate(refs(ids))).unwrap()).rejects.toMatchObject({
      status: 500,
      reason: 'Internal server error. 1,000 of the 1,200 selected names were deleted before it failed.',
    });
    expect(namesDb.records).toHaveLength(200);
  });

  it('a failing first request keeps the plain reason', async () => {
    const ids = seedNames(3);
    server.use(
      http.post('*/api/names/bulk-delete', () =>
        HttpResponse.json({ error: 'internal_error', message: 'database unavailable' }, { status: 500 }),
      ),
    );
    const store = storeWithSession();
    await expect(store.dispatch(namesApi.endpoints.bulkDeleteNames.initiate(refs(ids))).unwrap()).rejects.toMatchObject({
      reason: 'database unavailable',
    });
  });
});

describe('version-checked writes', () => {
  it('updateName sends If-Match with the version the name was shown with', async () => {
    const [id] = seedNames(1);
    const store = storeWithSession();
    const saved = await store
      .dispatch(namesApi.endpoints.updateName.initiate({ id, version: 1, name: 'Renamed', gender: 'female', nationality: 'irish' }))
      .unwrap();
    expect(seen.map((r) => [r.method, r.path, r.ifMatch])).toEqual([['PUT', `/api/names/${id}`, '"1"']]);
    // the body is the three fields only: the version travels in the header
    expect(JSON.parse(await seen[0].body)).toEqual({ name: 'Renamed', gender: 'female', nationality: 'irish' });
    expect(saved.version).toBe(2);
  });

  it('updateName without a version sends no If-Match (a backend that does not version names)', async () => {
    const [id] = seedNames(1);
    const store = storeWithSession();
    await store.dispatch(namesApi.endpoints.updateName.initiate({ id, name: 'Renamed', gender: 'female', nationality: 'irish' })).unwrap();
    expect(seen[0].ifMatch).toBeNull();
  });

  it('a stale version is refused with the name as it is now, and nothing is saved', async () => {
    const [id] = seedNames(1);
    namesDb.editElsewhere(id, { name: 'Theirs' }, { uid: 'u2', email: 'other@example.com' });
    const store = storeWithSession();
    await expect(
      store
        .dispatch(namesApi.endpoints.updateName.initiate({ id, version: 1, name: 'Mine', gender: 'female', nationality: 'irish' }))
        .unwrap(),
    ).rejects.toMatchObject({
      status: 409,
      detail: {
        code: VERSION_CONFLICT,
        conflict: { current: { id, name: 'Theirs', version: 2 }, changedBy: { email: 'other@example.com' } },
      },
    });
    expect(namesDb.records[0].name).toBe('Theirs');
  });

  it('deleteName sends If-Match, and a stale version deletes nothing', async () => {
    const [first, second] = seedNames(2);
    const store = storeWithSession();
    await store.dispatch(namesApi.endpoints.deleteName.initiate({ id: first, version: 1 })).unwrap();
    expect(seen.map((r) => [r.method, r.path, r.ifMatch])).toEqual([['DELETE', `/api/names/${first}`, '"1"']]);
    expect(namesDb.trashed().map((t) => t.id)).toEqual([first]);

    namesDb.editElsewhere(second, { nationality: 'welsh' }, null);
    await expect(store.dispatch(namesApi.endpoints.deleteName.initiate({ id: second, version: 1 })).unwrap()).rejects.toMatchObject({
      status: 409,
      detail: { code: VERSION_CONFLICT, conflict: { current: { id: second, version: 2 }, changedBy: null } },
    });
    expect(namesDb.records.map((r) => r.id)).toEqual([second]);
  });

  it('bulkDeleteNames sends each name’s version beside its id, chunk by chunk', async () => {
    const ids = seedNames(1003);
    const store = storeWithSession();
    await store.dispatch(namesApi.endpoints.bulkDeleteNames.initiate(ids.map((id) => ({ id, version: 1 })))).unwrap();
    const bodies = (await Promise.all(seen.map((r) => r.body))).map((b) => JSON.parse(b) as { nameIds: number[]; versions: number[] });
    expect(bodies.map((b) => [b.nameIds.length, b.versions.length])).toEqual([
      [1000, 1000],
      [3, 3],
    ]);
    expect(bodies[1]).toEqual({ nameIds: [1001, 1002, 1003], versions: [1, 1, 1] });
  });

  it('bulkDeleteNames sends no versions when a name has none', async () => {
    const ids = seedNames(2);
    const store = storeWithSession();
    await store.dispatch(namesApi.endpoints.bulkDeleteNames.initiate([{ id: ids[0], version: 1 }, { id: ids[1] }])).unwrap();
    expect(JSON.parse(await seen[0].body)).toEqual({ nameIds: ids });
  });

  it('a stale version in a bulk delete refuses all of it and names the changed ones', async () => {
    const ids = seedNames(3);
    namesDb.editElsewhere(ids[1], { name: 'Changed' }, { uid: 'u2', email: 'other@example.com' });
    const store = storeWithSession();
    await expect(store.dispatch(namesApi.endpoints.bulkDeleteNames.initiate(refs(ids))).unwrap()).rejects.toMatchObject({
      status: 409,
      detail: { code: VERSION_CONFLICT, conflicts: [{ current: { id: ids[1], name: 'Changed', version: 2 } }] },
    });
    expect(namesDb.records).toHaveLength(3);
    expect(namesDb.trash).toHaveLength(0);
  });
});

describe('the trash', () => {
  it('deletePreview sums what the names carry over requests of at most 1,000 ids', async () => {
    const ids = seedNames(1500);
    for (const id of ids) namesDb.carried.set(id, { swipes: 2, matches: id % 500 === 0 ? 1 : 0 });
    const store = storeWithSession();
    const impact = await store.dispatch(namesApi.endpoints.deletePreview.initiate(ids)).unwrap();
    expect(impact).toEqual({ names: 1500, swipes: 3000, matches: 3 });
    expect(seen.map((r) => r.path)).toEqual(['/api/names/delete-preview', '/api/names/delete-preview']);
  });

  it('getTrash reads one page by offset and limit, optionally of one deletion', async () => {
    const ids = seedNames(10);
    const first = namesDb.trashNames(ids.slice(0, 4)).deletionId!;
    namesDb.trashNames(ids.slice(4, 10));
    const store = storeWithSession();
    const page = await store.dispatch(namesApi.endpoints.getTrash.initiate({ offset: 2, limit: 3 })).unwrap();
    expect(page.total).toBe(10);
    expect(page.retentionDays).toBe(30);
    // newest deletion first
    expect(page.names.map((n) => n.id)).toEqual([8, 7, 6]);
    const one = await store.dispatch(namesApi.endpoints.getTrash.initiate({ offset: 0, limit: 50, deletionId: first })).unwrap();
    expect(one.names.map((n) => n.id)).toEqual([4, 3, 2, 1]);
    expect(one.total).toBe(4);
  });

  it('restoreNames restores by ids, or every name of each deletion, and sums the answers', async () => {
    const ids = seedNames(6);
    for (const id of ids) namesDb.carried.set(id, { swipes: 10, matches: 1 });
    const a = namesDb.trashNames(ids.slice(0, 2)).deletionId!;
    const b = namesDb.trashNames(ids.slice(2, 4)).deletionId!;
    namesDb.trashNames(ids.slice(4));
    const store = storeWithSession();
    expect(await store.dispatch(namesApi.endpoints.restoreNames.initiate({ deletionIds: [a, b] })).unwrap()).toEqual({
      restoredCount: 4,
      swipes: 40,
      matches: 4,
    });
    expect(await store.dispatch(namesApi.endpoints.restoreNames.initiate({ nameIds: [ids[5]] })).unwrap()).toEqual({
      restoredCount: 1,
      swipes: 10,
      matches: 1,
    });
    expect(namesDb.trashed().map((t) => t.id)).toEqual([ids[4]]);
    // a restore brings the name back one version on (it is a write)
    expect(namesDb.records.find((r) => r.id === ids[5])?.version).toBe(2);
  });

  it('a refused restore changes nothing and says why', async () => {
    const ids = seedNames(2);
    namesDb.trashNames([ids[0]]);
    const store = storeWithSession();
    await expect(store.dispatch(namesApi.endpoints.restoreNames.initiate({ nameIds: [ids[0], ids[1]] })).unwrap()).rejects.toMatchObject({
      status: 404,
      reason: `Nothing was changed: no name in the trash with id ${ids[1]}`,
    });
    expect(namesDb.trashed().map((t) => t.id)).toEqual([ids[0]]);
  });

  it('purgeNames deletes forever and says what went', async () => {
    const ids = seedNames(3);
    for (const id of ids) namesDb.carried.set(id, { swipes: 5, matches: 0 });
    namesDb.trashNames(ids);
    const store = storeWithSession();
    expect(await store.dispatch(namesApi.endpoints.purgeNames.initiate([ids[0], ids[2]])).unwrap()).toEqual({
      purgedCount: 2,
      swipes: 10,
      matches: 0,
    });
    expect(namesDb.trashed().map((t) => t.id)).toEqual([ids[1]]);
  });
});
