// An in-memory reference backend for User Management (GET/PATCH/DELETE /api/users, and the hosted API's
// DELETE /api/accounts/:uid of Firebase mode) and the per-user swipe totals (GET /api/analytics/user-swipes/:id),
// so screens can be tested through the local adapter's real HTTP path. Filtering and paging reuse the in-memory
// port (mocks/fakeUsersAudit.ts).
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { UserRecord, AccountDeletionResponse, UserFlagsUpdate, UsersQuery } from '../contract/schemas/usersAudit';
import type { ApiErrorBody } from '../contract/schemas/parts';
import { VERSION_CONFLICT } from '../contract/dataSafety';
import type { VersionConflict } from '../contract/schemas/dataSafety';
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

/** A console change of a users record, as the reference backend's trail keeps it (console_actions). */
export interface UserAction {
  id: number;
  uid: string;
  at: string;
  actor: { uid: string; email: string };
  action: 'user.update' | 'user.revert' | 'user.delete';
  before: UserFlagsUpdate;
  after: UserFlagsUpdate;
}

/** One of the app's audit events of a user (audit_logs). */
export interface AppEvent {
  id: number;
  uid: string;
  at: string;
  event: string;
}

/** Who the console's writes are by: the operator renderUserManagement signs in. */
export const OPERATOR = { uid: 'admin-1', email: 'admin@example.com' };

export const usersDb = {
  /** every record carries a version, as on the reference backend (each write moves it on) */
  records: new Map<string, UserRecord>(),
  /** the console-action trail of users records, oldest first */
  actions: [] as UserAction[],
  /** the app's audit events, oldest first */
  appEvents: [] as AppEvent[],
  /** If-Match values of every PATCH and DELETE, in arrival order (undefined: none sent) */
  ifMatches: [] as { method: string; uid: string; ifMatch: string | undefined }[],
  /** total swipes per uid (absent: 0) */
  swipeTotals: new Map<string, number>(),
  /** uids of every GET /analytics/user-swipes/:id, in arrival order */
  swipeRequests: [] as string[],
  /** GET /api/users query strings, in arrival order */
  listRequests: [] as URLSearchParams[],
  /** every DELETE /api/accounts/:uid (the hosted API's part of a Firebase-mode deletion), with its Authorization */
  accountDeletions: [] as { uid: string; authorization: string | null }[],
  /** answer delay of the user-swipes route (ms), to watch requests in flight */
  swipeDelayMs: 0,
  /** like the reference backend's count limit: totals past it come back as "more than" (null: exact) */
  totalCountLimit: null as number | null,
  reset(records: UserRecord[] = makeUserFixtures()) {
    usersDb.records = new Map(records.map((r) => [r.uid, { version: 1, ...r }]));
    usersDb.actions = [];
    usersDb.appEvents = [];
    usersDb.ifMatches = [];
    usersDb.swipeTotals = new Map(records.map((r, i) => [r.uid, (i + 1) * 11]));
    usersDb.swipeRequests = [];
    usersDb.listRequests = [];
    usersDb.accountDeletions = [];
    usersDb.swipeDelayMs = 0;
    usersDb.totalCountLimit = null;
  },
};
usersDb.reset();

const nextId = (list: { id: number }[]) => (list.length === 0 ? 1 : Math.max(...list.map((a) => a.id)) + 1);

/** A write made elsewhere: by another operator (`by`), or by the app (no `by`: the trail does not know it). */
export function changeElsewhere(uid: string, patch: Partial<UserRecord>, by?: { uid: string; email: string }): UserRecord {
  const record = usersDb.records.get(uid);
  if (!record) throw new Error(`No user ${uid} in the mock`);
  const at = new Date().toISOString();
  const updated = { ...record, ...patch, updatedAt: at, version: (record.version ?? 1) + 1 };
  usersDb.records.set(uid, updated);
  if (by) {
    const flags = (r: UserRecord): UserFlagsUpdate => ({
      ...('isPremium' in patch ? { isPremium: r.isPremium } : {}),
      ...('accountActive' in patch ? { accountActive: r.accountActive } : {}),
    });
    usersDb.actions.push({
      id: nextId(usersDb.actions),
      uid,
      at,
      actor: by,
      action: 'user.update',
      before: flags(record),
      after: flags(updated),
    });
  }
  return updated;
}

/** Who changed the record last, as the reference backend says it (server/src/http/versions.ts lastChange). */
export function lastChangeOf(record: UserRecord): Pick<VersionConflict, 'changedBy' | 'changedAt'> {
  const last = usersDb.actions.filter((a) => a.uid === record.uid).at(-1);
  if (record.updatedAt && (!last || Date.parse(record.updatedAt) > Date.parse(last.at) + 1000)) {
    return { changedBy: null, changedAt: record.updatedAt };
  }
  return last ? { changedBy: last.actor, changedAt: last.at } : { changedBy: null, changedAt: null };
}

/** The reference backend's 409 for a write based on an older version, or null when `ifMatch` is current or absent. */
export function staleVersion(record: UserRecord, ifMatch: string | null): Response | null {
  if (ifMatch === null || Number(ifMatch.replace(/"/g, '')) === record.version) return null;
  return HttpResponse.json<ApiErrorBody>(
    {
      error: VERSION_CONFLICT,
      message: `The user record was changed since you loaded it (your version ${ifMatch.replace(/"/g, '')}, now ${record.version}): nothing was saved`,
      field: 'if-match',
      conflict: { current: record, ...lastChangeOf(record) },
    },
    { status: 409 },
  );
}

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
    const ifMatch = request.headers.get('if-match');
    usersDb.ifMatches.push({ method: 'PATCH', uid, ifMatch: ifMatch ?? undefined });
    const record = usersDb.records.get(uid);
    if (!record) return notFound(`User ${uid} not found`);
    const stale = staleVersion(record, ifMatch);
    if (stale) return stale;
    const saved = await createFakeUserManagement(usersDb.records).updateUserFlags(uid, checked.body);
    const keys = Object.keys(checked.body) as (keyof UserFlagsUpdate)[];
    usersDb.actions.push({
      id: nextId(usersDb.actions),
      uid,
      at: saved.updatedAt!,
      actor: OPERATOR,
      action: 'user.update',
      before: Object.fromEntries(keys.map((k) => [k, record[k]])),
      after: checked.body,
    });
    return HttpResponse.json(saved);
  }),

  http.delete('*/api/users/:uid', async ({ request, params }) => {
    const checked = await checkedRequest('DELETE /api/users/:uid', { request, params });
    if (checked instanceof Response) return checked;
    const { uid } = checked.params;
    const ifMatch = request.headers.get('if-match');
    usersDb.ifMatches.push({ method: 'DELETE', uid, ifMatch: ifMatch ?? undefined });
    const record = usersDb.records.get(uid);
    if (!record) return notFound(`User ${uid} not found`);
    const stale = staleVersion(record, ifMatch);
    if (stale) return stale;
    usersDb.swipeTotals.delete(uid);
    return HttpResponse.json(await createFakeUserManagement(usersDb.records).deleteUser(uid));
  }),

  // The hosted API's part of a Firebase-mode deletion (server/src/users/accountDeletion.ts): the Auth account, and
  // the user's rows there (the swipes this mock keeps for them). A missing account or no rows is no error.
  http.delete('*/api/accounts/:uid', async ({ request, params }) => {
    const checked = await checkedRequest('DELETE /api/accounts/:uid', { request, params });
    if (checked instanceof Response) return checked;
    const { uid } = checked.params;
    usersDb.accountDeletions.push({ uid, authorization: request.headers.get('authorization') });
    const swipes = usersDb.swipeTotals.get(uid) ?? 0;
    usersDb.swipeTotals.delete(uid);
    return HttpResponse.json<AccountDeletionResponse>({
      uid,
      authAccount: { outcome: 'deleted' },
      rows: { user: true, swipes, connectionRequests: 0, connections: 0, partnersUnlinked: 0 },
    });
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
