// An in-memory reference backend for User Management (GET/PATCH/DELETE /api/users) and the per-user swipe
// totals (GET /api/analytics/user-swipes/:id), so screens can be tested through the local adapter's real
// HTTP path. Filtering and paging reuse the in-memory port (mocks/fakeUsersAudit.ts).
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { ApiErrorBody, UserRecord } from '../contract/wire';
import type { UsersQuery } from '../contract/usersAudit';
import { checkedRequest, checkRequest } from './contract';
import { createFakeUserManagement } from './fakeUsersAudit';
import { makeUserRecord } from './fakeBackend';

const NATIONALITIES = ['irish', 'german', 'french', 'icelandic', 'english'];
const FIRST = ['Anna', 'Bjorn', 'Ciara', 'Dagur', 'Elin', 'Finn', 'Gudrun', 'Hugo', 'Iris', 'Jon', 'Katla', 'Liam'];

/** n users, newest first by uid order: u0001 created last. Deterministic, so tests can name rows. */
export function makeUserFixtures(n = 60, uidPrefix = 'u'): UserRecord[] {
  const day = 24 * 60 * 60 * 1000;
  const base = Date.parse('2026-03-01T12:00:00.000Z');
  return Array.from({ length: n }, (_, i) => {
    const first = FIRST[i % FIRST.length];
    const uid = `${uidPrefix}${String(i + 1).padStart(4, '0')}`;
    return makeUserRecord({
      uid,
      email: `${first.toLowerCase()}.${i + 1}@example.com`,
      username: `${first.toLowerCase()}${i + 1}`,
      displayName: `${first} ${String.fromCharCode(65 + (i % 26))}.`,
      isPremium: i % 4 === 0,
      accountActive: i % 7 !== 3,
      connectedUserId: i % 3 === 0 ? `${uidPrefix}${String(((i + 1) % n) + 1).padStart(4, '0')}` : null,
      preferredGender: ['all', 'female', 'male', 'unisex'][i % 4],
      preferredNationality: NATIONALITIES[i % NATIONALITIES.length],
      createdAt: new Date(base - i * day).toISOString(),
      updatedAt: new Date(base - i * day).toISOString(),
      lastActiveDate: i % 5 === 4 ? null : new Date(base - i * day + 3600_000).toISOString(),
    });
  });
}

export const usersDb = {
  records: new Map<string, UserRecord>(),
  /** total swipes per uid (absent: 0) */
  swipeTotals: new Map<string, number>(),
  /** uids of every GET /analytics/user-swipes/:id, in arrival order */
  swipeRequests: [] as string[],
  /** GET /api/users query strings, in arrival order */
  listRequests: [] as URLSearchParams[],
  /** answer delay of the user-swipes route (ms), to watch requests in flight */
  swipeDelayMs: 0,
  /** like the reference backend's count limit: totals past it come back as "more than" (null: exact) */
  totalCountLimit: null as number | null,
  reset(records: UserRecord[] = makeUserFixtures()) {
    usersDb.records = new Map(records.map((r) => [r.uid, { ...r }]));
    usersDb.swipeTotals = new Map(records.map((r, i) => [r.uid, (i + 1) * 11]));
    usersDb.swipeRequests = [];
    usersDb.listRequests = [];
    usersDb.swipeDelayMs = 0;
    usersDb.totalCountLimit = null;
  },
};
usersDb.reset();

function notFound(message: string) {
  return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message }, { status: 404 });
}

/** The query string as the reference backend reads it once its schema passed. */
export function usersQueryFromParams(params: URLSearchParams): UsersQuery {
  const checked = checkRequest('GET /api/users', { query: params });
  if (checked instanceof Response) throw new Error(`GET /api/users?${params} is refused by the contract`);
  return checked.query;
}

export const usersHandlers: HttpHandler[] = [
  http.get('*/api/users', async ({ request }) => {
    const params = new URL(request.url).searchParams;
    usersDb.listRequests.push(params);
    const checked = checkRequest('GET /api/users', { query: params });
    if (checked instanceof Response) return checked;
    const page = await createFakeUserManagement(usersDb.records).listUsers(checked.query);
    const limit = usersDb.totalCountLimit;
    if (limit !== null && page.total !== null && page.total > limit)
      return HttpResponse.json({ ...page, total: limit, totalIsLowerBound: true });
    return HttpResponse.json(page);
  }),

  http.patch('*/api/users/:uid', async ({ request, params }) => {
    const checked = await checkedRequest('PATCH /api/users/:uid', { request, params });
    if (checked instanceof Response) return checked;
    const { uid } = checked.params;
    if (!usersDb.records.has(uid)) return notFound(`User ${uid} not found`);
    return HttpResponse.json(await createFakeUserManagement(usersDb.records).updateUserFlags(uid, checked.body));
  }),

  http.delete('*/api/users/:uid', async ({ request, params }) => {
    const checked = await checkedRequest('DELETE /api/users/:uid', { request, params });
    if (checked instanceof Response) return checked;
    const { uid } = checked.params;
    if (!usersDb.records.has(uid)) return notFound(`User ${uid} not found`);
    usersDb.swipeTotals.delete(uid);
    return HttpResponse.json(await createFakeUserManagement(usersDb.records).deleteUser(uid));
  }),

  http.get('*/api/analytics/user-swipes/:id', async ({ request, params }) => {
    const uid = String(params.id);
    usersDb.swipeRequests.push(uid);
    const checked = await checkedRequest('GET /api/analytics/user-swipes/:id', { request, params });
    if (checked instanceof Response) return checked;
    if (usersDb.swipeDelayMs) await delay(usersDb.swipeDelayMs);
    if (!usersDb.records.has(uid)) return notFound(`User ${uid} not found`);
    const total = usersDb.swipeTotals.get(uid) ?? 0;
    return HttpResponse.json({
      user_id: uid,
      total_swipes: total,
      total_likes: Math.floor(total / 2),
      total_dislikes: total - Math.floor(total / 2),
      last_swipe_at: null,
      swipes: [],
    });
  }),
];
