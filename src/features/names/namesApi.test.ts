// The bulk delete through a real store and the msw names backend (which caps nameIds at 1,000 per
// request like the reference backend): selections above the cap go out in chunks.
import { http, HttpResponse } from 'msw';
import type { NameRecord } from '../../../contract/wire';
import { makeStore } from '../../app/store';
import { createFakeBackend } from '../../../mocks/fakeBackend';
import { MAX_BULK_DELETE_IDS } from '../../../contract/endpoints';
import { namesDb } from '../../../mocks/names.handlers';
import { server } from '../../../mocks/server';
import { config } from '../../../jest/env.mock';
import { BULK_DELETE_CHUNK, namesApi } from './namesApi';
import * as adminModules from '../../app/adminModules';

function seedNames(count: number): number[] {
  const records: NameRecord[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name_id: i + 1,
    name: `Name${i + 1}`,
    gender: 'female',
    nationality: 'irish',
    created_at: '2026-03-01T10:00:00.000Z',
  }));
  namesDb.reset(records);
  return records.map((r) => r.id);
}

function storeWithSession() {
  const backend = createFakeBackend({ signedIn: { uid: 'admin-1', email: 'admin@example.com', displayName: 'Admin' } });
  return makeStore({ backend, runSagas: false, admin: adminModules });
}

afterEach(() => namesDb.reset());

describe('bulkDeleteNames', () => {
  it('the chunk size is the server cap', () => {
    expect(BULK_DELETE_CHUNK).toBe(MAX_BULK_DELETE_IDS);
  });

  it('deletes 1,200 selected names in requests of at most 1,000 ids and sums deletedCount', async () => {
    const ids = seedNames(1300).slice(0, 1200);
    const store = storeWithSession();
    const result = await store.dispatch(namesApi.endpoints.bulkDeleteNames.initiate(ids)).unwrap();
    expect(result).toEqual({ deletedCount: 1200 });
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
    await expect(store.dispatch(namesApi.endpoints.bulkDeleteNames.initiate(ids)).unwrap()).rejects.toMatchObject({
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
    await expect(store.dispatch(namesApi.endpoints.bulkDeleteNames.initiate(ids)).unwrap()).rejects.toMatchObject({
      reason: 'database unavailable',
    });
  });
});
