// Saved views and grid preferences (contract/savedViews.ts): each operator's own views and the ones others shared,
// version-checked changes by the owner only, unique names per operator and page, the per-operator limit, each
// write on the trail; hostile input (oversized or foreign state, unknown fields, another operator's view) refused
// with a reason. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import type { OperatorLink } from '../../contract/schemas/operators';
import type { SignInSession } from '../../contract/schemas/auth';
import { MAX_SAVED_VIEWS_PER_OPERATOR, SAVED_VIEW_ACTIONS } from '../../contract/savedViews';
import type { GridPreferences, NamesViewState, SavedView, UsersViewState } from '../../contract/schemas/savedViews';
import { DEMO_ADMIN } from '../src/seed/demoAccounts';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
let other: { uid: string; email: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
  // A second operator, made the way the console makes one (invitation, redeemed link).
  const invite = await t.app.inject({
    method: 'POST',
    url: '/api/admin/operators/invites',
    headers: { authorization: `Bearer ${t.adminToken}` },
    payload: { email: 'second.admin@example.test' },
  });
  const { token } = invite.json() as OperatorLink;
  const password = 'a long second password 1';
  expect((await t.app.inject({ method: 'POST', url: '/auth/links/redeem', payload: { token, password } })).statusCode).toBe(200);
  const signIn = await t.app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email: 'second.admin@example.test', password } });
  const session = signIn.json() as SignInSession;
  other = { uid: session.account.uid, email: 'second.admin@example.test', token: session.token };
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.query('DELETE FROM saved_views');
  await t.db.query('DELETE FROM grid_preferences');
  await t.db.query('DELETE FROM console_actions');
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken, ifMatch?: string) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${token}`, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
  });
  return { status: response.statusCode, body: (response.body ? response.json() : null) as Record<string, unknown> };
}

const namesState: NamesViewState = {
  filters: { letter: 'S', gender: 'female', nationality: 'icelandic', search: 'sig' },
  columns: { created_at: false },
  density: 'compact',
};
const usersState: UsersViewState = {
  filters: {
    search: 'anna',
    premium: 'premium',
    active: 'all',
    connected: 'all',
    preferredGender: 'all',
    preferredNationality: 'all',
    createdFrom: '2026-01-01',
    createdTo: '',
    lastActiveFrom: '',
    lastActiveTo: '',
  },
  sort: { field: 'email', direction: 'asc' },
  pageSize: 100,
  columns: { uid: false },
  density: 'comfortable',
};

async function save(name: string, state: unknown = namesState, page = 'names', shared = false, token = t.adminToken) {
  const { status, body } = await call('POST', '/views', { page, name, state, shared }, token);
  expect({ status, body }).toMatchObject({ status: 201 });
  return body as unknown as SavedView;
}
const list = async (page: string, token = t.adminToken) => {
  const { status, body } = await call('GET', `/views?page=${page}`, undefined, token);
  expect(status).toBe(200);
  return (body as { views: SavedView[] }).views;
};
const trail = async () =>
  (
    await t.db.query<{ action: string; actor_email: string; target_id: string; before: unknown; after: unknown }>(
      'SELECT action, actor_email, target_id, before, after FROM console_actions ORDER BY id',
    )
  ).rows;

describe('saved views', () => {
  it('are saved per operator and page, listed with the shared views of others, each write on the trail', async () => {
    const mine = await save('Icelandic girls');
    expect(mine).toMatchObject({ page: 'names', name: 'Icelandic girls', state: namesState, shared: false, mine: true, version: 1 });
    await save('Premium by email', usersState, 'users');
    const theirs = await save('Shared by the second', { ...namesState, density: 'standard' }, 'names', true, other.token);
    await save('Private of the second', namesState, 'names', false, other.token);

    const seen = await list('names');
    expect(seen.map((v) => [v.name, v.mine, v.ownerEmail])).toEqual([
      ['Icelandic girls', true, DEMO_ADMIN.email],
      ['Shared by the second', false, other.email],
    ]);
    expect((await list('users')).map((v) => v.name)).toEqual(['Premium by email']);
    expect((await list('names', other.token)).map((v) => [v.name, v.mine])).toEqual([
      ['Private of the second', true],
      ['Shared by the second', true],
    ]);
    expect((await trail()).map((e) => [e.action, e.target_id])).toEqual([
      [SAVED_VIEW_ACTIONS.create, String(mine.id)],
      [SAVED_VIEW_ACTIONS.create, expect.any(String)],
      [SAVED_VIEW_ACTIONS.create, String(theirs.id)],
      [SAVED_VIEW_ACTIONS.create, expect.any(String)],
    ]);
  });

  it('is renamed, shared and overwritten by its owner with If-Match; a stale version is a 409 with the view as it is', async () => {
    const view = await save('Draft');
    const renamed = await call('PUT', `/views/${view.id}`, { page: 'names', name: 'Final', shared: true }, t.adminToken, '"1"');
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Final', shared: true, version: 2, state: namesState } });
    const stale = await call(
      'PUT',
      `/views/${view.id}`,
      { page: 'names', state: { ...namesState, density: 'standard' } },
      t.adminToken,
      '"1"',
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 'version_conflict', conflict: { current: { name: 'Final', version: 2 } } });
    expect(String(stale.body.message)).toContain('your version 1, now 2');
    const overwritten = await call(
      'PUT',
      `/views/${view.id}`,
      { page: 'names', state: { ...namesState, density: 'standard' } },
      t.adminToken,
      '"2"',
    );
    expect(overwritten).toMatchObject({ status: 200, body: { version: 3, state: { density: 'standard' } } });
    const entry = (await trail()).find((e) => e.action === SAVED_VIEW_ACTIONS.update)!;
    expect(entry).toMatchObject({ before: { name: 'Draft', shared: false }, after: { name: 'Final', shared: true } });

    const gone = await call('DELETE', `/views/${view.id}`, undefined, t.adminToken, '"2"');
    expect(gone.status).toBe(409);
    expect((await call('DELETE', `/views/${view.id}`, undefined, t.adminToken, '"3"')).status).toBe(204);
    expect(await list('names')).toEqual([]);
    expect((await trail()).at(-1)).toMatchObject({ action: SAVED_VIEW_ACTIONS.delete, before: { name: 'Final' } });
  });

  it('refuses a name the operator already uses on the page (any case), not one another operator or page uses', async () => {
    await save('Mine');
    const again = await call('POST', '/views', { page: 'names', name: 'MINE', state: namesState });
    expect(again).toMatchObject({ status: 409, body: { error: 'view_name_taken', field: 'name' } });
    await save('Mine', usersState, 'users');
    await save('Mine', namesState, 'names', false, other.token);
    const second = await save('Second');
    const rename = await call('PUT', `/views/${second.id}`, { page: 'names', name: ' mine ' }, t.adminToken, '"1"');
    expect(rename).toMatchObject({ status: 409, body: { error: 'view_name_taken' } });
  });

  it(`keeps at most ${MAX_SAVED_VIEWS_PER_OPERATOR} views per operator`, async () => {
    await t.db.query(
      `INSERT INTO saved_views (owner_uid, owner_email, page, name, state)
       SELECT uid, email, 'users', 'v' || n, '{}'::jsonb FROM users, generate_series(1, $1::int) n WHERE email = $2`,
      [MAX_SAVED_VIEWS_PER_OPERATOR, DEMO_ADMIN.email],
    );
    const refused = await call('POST', '/views', { page: 'names', name: 'One too many', state: namesState });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'view_limit' });
    expect(String(refused.body.message)).toContain(`${MAX_SAVED_VIEWS_PER_OPERATOR} saved views`);
    await save('Theirs is fine', namesState, 'names', false, other.token);
  });

  it("refuses another operator's view: a shared one is theirs to change (403), a private one is not found (404)", async () => {
    const shared = await save('Shared', namesState, 'names', true, other.token);
    const hidden = await save('Hidden', namesState, 'names', false, other.token);
    const change = await call('PUT', `/views/${shared.id}`, { page: 'names', name: 'Taken over' }, t.adminToken, '"1"');
    expect(change).toMatchObject({ status: 403, body: { error: 'not_owner' } });
    expect(String(change.body.message)).toContain(other.email);
    expect((await call('DELETE', `/views/${shared.id}`)).status).toBe(403);
    expect((await call('PUT', `/views/${hidden.id}`, { page: 'names', name: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/views/${hidden.id}`)).status).toBe(404);
    expect((await list('names', other.token)).map((v) => [v.name, v.version])).toEqual([
      ['Hidden', 1],
      ['Shared', 1],
    ]);
    expect(await trail()).toHaveLength(2);
  });

  it.each([
    ['an unknown field in the state', { page: 'names', name: 'x', state: { ...namesState, extra: 1 } }],
    [
      'an unknown field in the filters',
      { page: 'names', name: 'x', state: { ...namesState, filters: { ...namesState.filters, sql: 'drop' } } },
    ],
    ["a users page's state on the names page", { page: 'names', name: 'x', state: usersState }],
    ['an unknown page', { page: 'trash', name: 'x', state: namesState }],
    [
      'a search longer than the search box takes',
      { page: 'names', name: 'x', state: { ...namesState, filters: { ...namesState.filters, search: 's'.repeat(101) } } },
    ],
    [
      'too many columns',
      {
        page: 'names',
        name: 'x',
        state: { ...namesState, columns: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`c${i}`, true])) },
      },
    ],
    ['a column name that is no field', { page: 'names', name: 'x', state: { ...namesState, columns: { 'a b<script>': true } } }],
    [
      'a control character in the search',
      { page: 'names', name: 'x', state: { ...namesState, filters: { ...namesState.filters, search: 'a\u0000b' } } },
    ],
    [
      'a bidirectional override in the search',
      { page: 'names', name: 'x', state: { ...namesState, filters: { ...namesState.filters, search: 'sig\u202e' } } },
    ],
    ['a blank search of spaces', { page: 'names', name: 'x', state: { ...namesState, filters: { ...namesState.filters, search: '   ' } } }],
    ['an empty name', { page: 'names', name: '', state: namesState }],
    ['a name of 61 characters', { page: 'names', name: 'n'.repeat(61), state: namesState }],
    ['a page size the list does not offer', { page: 'users', name: 'x', state: { ...usersState, pageSize: 1000 } }],
    [
      'a sort field the list does not offer',
      { page: 'users', name: 'x', state: { ...usersState, sort: { field: 'password', direction: 'asc' } } },
    ],
    ['an owner field', { page: 'names', name: 'x', state: namesState, ownerUid: 'someone' }],
  ])('refuses %s with a reason (400) and saves nothing', async (_what, body) => {
    const { status, body: answer } = await call('POST', '/views', body);
    expect(status).toBe(400);
    expect(typeof answer.message).toBe('string');
    expect(String(answer.message).length).toBeGreaterThan(5);
    if (process.env.SHOW_REASONS) console.log(_what, '->', answer.message);
    expect(await t.db.query('SELECT 1 FROM saved_views')).toMatchObject({ rows: [] });
  });

  it('refuses an oversized body (413) unread, and a state of another page on PUT', async () => {
    const huge = await call('POST', '/views', { page: 'names', name: 'x', state: { ...namesState, pad: 'p'.repeat(20_000) } });
    expect(huge.status).toBe(413);
    const view = await save('Mine');
    const wrong = await call('PUT', `/views/${view.id}`, { page: 'users', state: usersState }, t.adminToken, '"1"');
    expect(wrong).toMatchObject({ status: 400, body: { error: 'wrong_page' } });
  });

  it('are not served to a signed-in user who is not an admin', async () => {
    expect((await call('GET', '/views?page=names', undefined, t.userToken)).status).toBe(403);
    expect((await call('POST', '/views', { page: 'names', name: 'x', state: namesState }, t.userToken)).status).toBe(403);
  });
});

describe('grid preferences', () => {
  it("are the operator's own per page, the defaults until saved, each save on the trail", async () => {
    const before = await call('GET', '/views/preferences/users');
    expect(before).toEqual({ status: 200, body: { page: 'users', columns: {}, density: 'standard', updatedAt: null } });
    const saved = await call('PUT', '/views/preferences/users', { columns: { uid: false, email: true }, density: 'compact' });
    expect(saved).toMatchObject({ status: 200, body: { page: 'users', columns: { uid: false, email: true }, density: 'compact' } });
    await call('PUT', '/views/preferences/users', { columns: { uid: true }, density: 'comfortable' });
    const read = (await call('GET', '/views/preferences/users')).body as unknown as GridPreferences;
    expect(read).toMatchObject({ columns: { uid: true }, density: 'comfortable' });
    expect((await call('GET', '/views/preferences/users', undefined, other.token)).body).toMatchObject({ updatedAt: null });
    expect((await call('GET', '/views/preferences/names')).body).toMatchObject({ updatedAt: null });
    expect((await trail()).map((e) => [e.action, e.target_id, e.before])).toEqual([
      [SAVED_VIEW_ACTIONS.preferences, 'users', null],
      [SAVED_VIEW_ACTIONS.preferences, 'users', { columns: { uid: false, email: true }, density: 'compact' }],
    ]);
  });

  it('refuse a density or page the grid does not have, and unknown fields', async () => {
    expect((await call('PUT', '/views/preferences/users', { columns: {}, density: 'tiny' })).status).toBe(400);
    expect((await call('PUT', '/views/preferences/everything', { columns: {}, density: 'compact' })).status).toBe(400);
    expect((await call('PUT', '/views/preferences/users', { columns: {}, density: 'compact', sort: 'x' })).status).toBe(400);
    expect((await call('GET', '/views/preferences/users')).body).toMatchObject({ updatedAt: null });
  });
});
