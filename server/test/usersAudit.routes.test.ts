import type {
  UserRecord,
  AuditLogsPage,
  AuditStats,
  ConsoleAuditEntry,
  DeleteUserResponse,
  UsersPage,
} from '../../contract/schemas/usersAudit';
import { createAccount } from '../src/auth/accounts';
import { USER_TOTAL_COUNT_LIMIT } from '../src/users/userList';
import { DEMO_ADMIN, DEMO_USER } from '../src/seed/demoAccounts';
import { createTestApp, type TestApp } from './testApp';

// One backend for the file (PGlite takes seconds to start). Users are created per test under a prefix of
// their own; the audit tests empty both trails first.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'accounts' });
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PATCH' | 'DELETE';
async function call<T = unknown>(method: Method, url: string, payload?: unknown, token: string | null = t.adminToken) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: (response.body === '' ? undefined : response.json()) as T };
}

interface NewUser {
  uid: string;
  email?: string | null;
  username?: string | null;
  displayName?: string | null;
  isPremium?: boolean;
  accountActive?: boolean;
  connectedUserId?: string | null;
  preferredGender?: string;
  preferredNationality?: string;
  createdAt?: string;
  lastActiveDate?: string | null;
  lastSwipeDate?: string | null;
}

async function insertUsers(users: NewUser[]): Promise<void> {
  for (const u of users) {
    await t.db.query(
      `INSERT INTO users (uid, email, username, display_name, is_premium, account_active, connected_user_id, preferred_gender,
                          preferred_nationality, created_at, last_active_date, last_swipe_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        u.uid,
        u.email === undefined ? `${u.uid}@example.test` : u.email,
        u.username ?? null,
        u.displayName ?? null,
        u.isPremium ?? false,
        u.accountActive ?? true,
        u.connectedUserId ?? null,
        u.preferredGender ?? 'all',
        u.preferredNationality ?? 'all',
        u.createdAt ?? '2026-01-01T00:00:00Z',
        u.lastActiveDate ?? null,
        u.lastSwipeDate ?? null,
      ],
    );
  }
}

const uids = (page: UsersPage) => page.users.map((u) => u.uid);
const list = async (query: string) => {
  const { status, body } = await call<UsersPage>('GET', `/users?${query}`);
  expect(status).toBe(200);
  return body;
};

describe('GET /api/users', () => {
  beforeAll(async () => {
    await insertUsers([
      {
        uid: 'ls-anna',
        email: 'Anna.Jonsdottir@Example.test',
        username: 'annaj',
        displayName: 'Anna Jónsdóttir',
        isPremium: true,
        createdAt: '2026-03-01T10:00:00Z',
        lastActiveDate: '2026-11-20T00:00:00Z',
        preferredGender: 'female',
        preferredNationality: 'icelandic',
      },
      {
        uid: 'ls-bjorn',
        email: 'bjorn@example.test',
        username: 'BJORN_99',
        displayName: 'Björn',
        accountActive: false,
        createdAt: '2026-02-01T10:00:00Z',
        lastActiveDate: null,
        preferredGender: 'male',
      },
      {
        uid: 'ls-carla',
        email: null,
        username: 'carla',
        displayName: 'Carla 100%_sure',
        connectedUserId: 'ls-dan',
        createdAt: '2026-04-01T10:00:00Z',
        lastActiveDate: '2026-10-01T00:00:00Z',
        preferredNationality: 'icelandic',
      },
      {
        uid: 'ls-dan',
        email: 'dan@example.test',
        username: 'dan',
        displayName: 'Dan',
        connectedUserId: 'ls-carla',
        isPremium: true,
        createdAt: '2026-05-01T10:00:00Z',
        lastActiveDate: '2026-11-01T00:00:00Z',
      },
      // Matches "100%_s" only if % and _ were wildcards ("100", anything, one character, "s").
      { uid: 'wc-eve', displayName: '100 percent sure', createdAt: '2025-01-01T00:00:00Z' },
    ]);
  });

  it('searches email, username, display name and uid, case-insensitively and in part', async () => {
    expect(uids(await list('search=JONSDOTTIR@example'))).toEqual(['ls-anna']);
    expect(uids(await list('search=bjorn_9'))).toEqual(['ls-bjorn']);
    expect(uids(await list('search=jónsdó'))).toEqual(['ls-anna']);
    expect(uids(await list('search=LS-DA'))).toEqual(['ls-dan']);
    // LIKE wildcards in the text are matched literally.
    expect(uids(await list('search=100%25_s'))).toEqual(['ls-carla']);
    expect(uids(await list('search=%25'))).toEqual(['ls-carla']);
    const page = await list('search=nobody-has-this');
    expect(page).toEqual({ users: [], total: 0, nextCursor: null });
  });

  it('searches with terms too short for the trigram index (one and two characters) by the same rules', async () => {
    expect(uids(await list('search=BJ&sort=createdAt'))).toEqual(['ls-bjorn']);
    expect(uids(await list('search=%C3%B6'))).toEqual(['ls-bjorn']); // ö
    // Wildcards stay literal on this path too.
    expect(uids(await list('search=%25_'))).toEqual(['ls-carla']);
    expect(uids(await list('search=_'))).toEqual(expect.arrayContaining(['ls-carla', 'ls-bjorn']));
    const underscore = await list('search=_&limit=250');
    expect(underscore.users.every((u) => [u.uid, u.email, u.username, u.displayName].some((f) => f?.includes('_')))).toBe(true);
  });

  it('filters by premium, active, connected, preferences and date ranges, with the total of all matches', async () => {
    const scoped = (q: string) => list(`search=ls-&${q}`);
    expect(uids(await scoped('isPremium=true')).sort()).toEqual(['ls-anna', 'ls-dan']);
    expect(uids(await scoped('accountActive=false'))).toEqual(['ls-bjorn']);
    expect(uids(await scoped('connected=true')).sort()).toEqual(['ls-carla', 'ls-dan']);
    expect(uids(await scoped('connected=false')).sort()).toEqual(['ls-anna', 'ls-bjorn']);
    expect(uids(await scoped('preferredGender=female'))).toEqual(['ls-anna']);
    expect(uids(await scoped('preferredNationality=icelandic')).sort()).toEqual(['ls-anna', 'ls-carla']);
    expect(uids(await scoped('createdFrom=2026-03-01T10:00:00Z&createdTo=2026-05-01T10:00:00Z')).sort()).toEqual(['ls-anna', 'ls-carla']);
    expect(uids(await scoped('lastActiveFrom=2026-10-15T00:00:00Z')).sort()).toEqual(['ls-anna', 'ls-dan']);
    // The upper bound filters by last activity, not by creation (every ls- user was created before it); no activity: out.
    expect(uids(await scoped('lastActiveTo=2026-10-15T00:00:00Z'))).toEqual(['ls-carla']);
    expect(uids(await scoped('lastActiveFrom=2026-10-15T00:00:00Z&lastActiveTo=2026-11-10T00:00:00Z'))).toEqual(['ls-dan']);
    const combined = await scoped('isPremium=true&connected=true&limit=1');
    expect(uids(combined)).toEqual(['ls-dan']);
    expect(combined.total).toBe(1);
    const paged = await scoped('limit=1');
    expect(paged.users).toHaveLength(1);
    expect(paged.total).toBe(4);
    expect(paged.nextCursor).toEqual(expect.any(String));
  });

  it('sorts, newest first by default, records without the value last in both directions', async () => {
    expect(uids(await list('search=ls-'))).toEqual(['ls-dan', 'ls-carla', 'ls-anna', 'ls-bjorn']);
    expect(uids(await list('search=ls-&order=asc'))).toEqual(['ls-bjorn', 'ls-anna', 'ls-carla', 'ls-dan']);
    expect(uids(await list('search=ls-&sort=lastActiveDate&order=desc'))).toEqual(['ls-anna', 'ls-dan', 'ls-carla', 'ls-bjorn']);
    expect(uids(await list('search=ls-&sort=lastActiveDate&order=asc'))).toEqual(['ls-carla', 'ls-dan', 'ls-anna', 'ls-bjorn']);
    expect(uids(await list('search=ls-&sort=email&order=asc'))).toEqual(['ls-anna', 'ls-bjorn', 'ls-dan', 'ls-carla']);
    expect(uids(await list('search=ls-&sort=email&order=desc'))).toEqual(['ls-dan', 'ls-bjorn', 'ls-anna', 'ls-carla']);
  });

  it('serves whole records with every field of spec 3', async () => {
    const [anna] = (await list('search=ls-anna')).users;
    expect(anna).toMatchObject({
      uid: 'ls-anna',
      displayName: 'Anna Jónsdóttir',
      isPremium: true,
      accountActive: true,
      preferredLanguage: 'english',
      totalActiveTimeFormatted: '0h 0m 0s',
      notificationSettings: { matchedName: true, dailyReminder: false },
      createdAt: '2026-03-01T10:00:00.000Z',
    });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['isPremium=yes', 'isPremium'],
    ['connected=1', 'connected'],
    ['createdFrom=yesterday', 'createdFrom'],
    ['createdFrom=2026-13-45T00:00:00Z', 'createdFrom'],
    ['lastActiveFrom=2026-02-01T00:00:00Z&lastActiveTo=2026-01-01T00:00:00Z', 'lastActiveTo'],
    ['sort=password', 'sort'],
    ['order=sideways', 'order'],
    ['cursor=garbage', 'cursor'],
    ['isPremum=true', 'isPremum'],
    ['search=a&search=b', 'search'],
    [`search=${'x'.repeat(201)}`, 'search'],
    ['search=a%00b', 'search'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const { status, body } = await call<{ field: string; message: string }>('GET', `/users?${query}`);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });

  it('refuses a cursor together with an offset, and a cursor of another sort order', async () => {
    const first = await list('search=ls-&limit=1');
    const both = await call<{ field: string }>('GET', `/users?search=ls-&limit=1&offset=1&cursor=${first.nextCursor}`);
    expect([both.status, both.body.field]).toEqual([400, 'cursor']);
    const otherOrder = await call<{ field: string }>('GET', `/users?search=ls-&limit=1&order=asc&cursor=${first.nextCursor}`);
    expect([otherOrder.status, otherOrder.body.field]).toEqual([400, 'cursor']);
  });

  it('says what is wrong with a cursor or a range, and refuses a cursor of another sort field', async () => {
    const refusal = async (query: string) => {
      const { status, body } = await call<{ field: string; message: string }>('GET', `/users?${query}`);
      return [status, body.field, body.message];
    };
    const first = await list('search=ls-&limit=1');
    expect(await refusal(`search=ls-&limit=1&offset=1&cursor=${first.nextCursor}`)).toEqual([
      400,
      'cursor',
      'Give either cursor or offset, not both',
    ]);
    const otherSort = 'cursor belongs to another sort order: start again from the first page';
    expect(await refusal(`search=ls-&limit=1&order=asc&cursor=${first.nextCursor}`)).toEqual([400, 'cursor', otherSort]);
    expect(await refusal(`search=ls-&limit=1&sort=email&order=desc&cursor=${first.nextCursor}`)).toEqual([400, 'cursor', otherSort]);
    // Not one the server gave out: five parts, or a date sort whose value is not an exact timestamp.
    const forged = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const notOurs = [400, 'cursor', 'cursor is not one this server gave out'];
    expect(await refusal(`cursor=${forged(['createdAt', 'desc', '2026-03-01T10:00:00.000000Z', 'ls-anna', 'extra'])}`)).toEqual(notOurs);
    expect(await refusal(`cursor=${forged(['createdAt', 'desc', 'yesterday', 'ls-anna'])}`)).toEqual(notOurs);
    // An empty range is refused too: "to" must be later than "from".
    expect(await refusal('createdFrom=2026-03-01T10:00:00Z&createdTo=2026-03-01T10:00:00Z')).toEqual([
      400,
      'createdTo',
      'createdTo must be later than createdFrom',
    ]);
  });

  it('sorts by username and display name, records without one last in both directions', async () => {
    // (Usernames differ in case, "BJORN_99" beside "annaj": their order is the database collation's, so only the
    // place of the record without one is asserted.)
    expect(uids(await list('search=ls-&sort=username&order=asc')).sort()).toEqual(['ls-anna', 'ls-bjorn', 'ls-carla', 'ls-dan']);
    expect(uids(await list('search=ls-&sort=displayName&order=desc'))).toEqual(['ls-dan', 'ls-carla', 'ls-bjorn', 'ls-anna']);
    await insertUsers([{ uid: 'ls-zed', username: null, displayName: null, createdAt: '2025-06-01T00:00:00Z' }]);
    try {
      for (const order of ['asc', 'desc']) expect(uids(await list(`search=ls-&sort=username&order=${order}`)).at(-1)).toBe('ls-zed');
      expect(uids(await list('search=ls-&sort=displayName&order=asc'))).toEqual(['ls-anna', 'ls-bjorn', 'ls-carla', 'ls-dan', 'ls-zed']);
      expect(uids(await list('search=ls-&sort=displayName&order=desc'))).toEqual(['ls-dan', 'ls-carla', 'ls-bjorn', 'ls-anna', 'ls-zed']);
    } finally {
      await t.db.query(`DELETE FROM users WHERE uid = 'ls-zed'`);
    }
  });

  it('pages by cursor on a text sort, and gives no cursor after the last page, a full one included', async () => {
    const seen: string[] = [];
    let page = await list('search=ls-&sort=email&order=asc&limit=2');
    seen.push(...uids(page));
    while (page.nextCursor) {
      page = await list(`search=ls-&sort=email&order=asc&limit=2&cursor=${page.nextCursor}`);
      seen.push(...uids(page));
    }
    expect(seen).toEqual(['ls-anna', 'ls-bjorn', 'ls-dan', 'ls-carla']);
    // Exactly as many matches as the limit: one full page, and nothing after it.
    expect(await list('search=ls-&limit=4')).toMatchObject({ total: 4, nextCursor: null });
    expect((await list('search=ls-&limit=3')).nextCursor).toEqual(expect.any(String));
  });
});

describe('totals', () => {
  it('equal a count of the rows for every combination of the equality filters, after inserts, updates and deletes', async () => {
    await insertUsers(
      Array.from({ length: 40 }, (_, i) => ({
        uid: `tot-${i}`,
        isPremium: i % 2 === 0,
        accountActive: i % 3 !== 0,
        connectedUserId: i % 5 === 0 ? 'tot-0' : null,
        preferredGender: ['all', 'female', 'male'][i % 3]!,
        preferredNationality: i % 4 === 0 ? 'icelandic' : 'all',
      })),
    );
    await call('PATCH', '/users/tot-1', { isPremium: true, accountActive: false });
    await t.db.query(`UPDATE users SET preferred_nationality = 'german', connected_user_id = 'tot-2' WHERE uid IN ('tot-3', 'tot-4')`);
    await call('DELETE', '/users/tot-5');
    const combos = [
      '',
      'isPremium=true',
      'accountActive=false',
      'connected=true',
      'connected=false&isPremium=false',
      'preferredGender=female&preferredNationality=icelandic',
      'preferredNationality=german',
      'isPremium=true&accountActive=true&connected=false&preferredGender=male&preferredNationality=all',
    ];
    for (const combo of combos) {
      const { body } = await call<UsersPage>('GET', `/users?limit=1&${combo}`);
      const params = new URLSearchParams(combo);
      const where: string[] = ['true'];
      const values: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        values.push(value);
        where.push(sql.replace('?', `$${values.length}`));
      };
      if (params.has('isPremium')) add('is_premium = ?', params.get('isPremium') === 'true');
      if (params.has('accountActive')) add('account_active = ?', params.get('accountActive') === 'true');
      if (params.has('connected')) add('(connected_user_id IS NOT NULL) = ?', params.get('connected') === 'true');
      if (params.has('preferredGender')) add('preferred_gender = ?', params.get('preferredGender'));
      if (params.has('preferredNationality')) add('preferred_nationality = ?', params.get('preferredNationality'));
      const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ${where.join(' AND ')}`, values);
      expect({ combo, total: body.total }).toEqual({ combo, total: rows[0]!.n });
    }
  });
});

describe('totals that need the rows (a search, a date range)', () => {
  beforeAll(async () => {
    await t.db.query(
      `INSERT INTO users (uid, email, preferred_gender, preferred_nationality, created_at)
       SELECT 'cap-' || lpad(i::text, 4, '0'), 'cap-' || i || '@example.test', 'all', 'all', '2026-07-01T00:00:00Z'::timestamptz + i * interval '1 minute'
         FROM generate_series(1, ${USER_TOTAL_COUNT_LIMIT + 1}) AS i`,
    );
  });

  it('are exact up to the limit and say "at least" past it, while the pages still reach every record', async () => {
    const over = await list('search=cap-&limit=250');
    expect([over.total, over.totalIsLowerBound]).toEqual([USER_TOTAL_COUNT_LIMIT, true]);
    const range = await list('createdFrom=2026-07-01T00:00:00Z&createdTo=2026-07-02T00:00:00Z&limit=1');
    expect([range.total, range.totalIsLowerBound]).toEqual([USER_TOTAL_COUNT_LIMIT, true]);

    let seen = over.users.length;
    for (let cursor = over.nextCursor; cursor;) {
      const next: UsersPage = await list(`search=cap-&limit=250&cursor=${cursor}`);
      seen += next.users.length;
      cursor = next.nextCursor;
    }
    expect(seen).toBe(USER_TOTAL_COUNT_LIMIT + 1);

    await call('DELETE', '/users/cap-0001');
    const exact = await list('search=cap-&limit=1');
    expect(exact.total).toBe(USER_TOTAL_COUNT_LIMIT);
    expect(exact).not.toHaveProperty('totalIsLowerBound');
    // Equality filters only: the group counts, exact at any size.
    const all = await list('limit=1');
    expect(all.totalIsLowerBound).toBeUndefined();
    expect(all.total).toBeGreaterThan(USER_TOTAL_COUNT_LIMIT);
  });
});

describe('paging users with equal sort values', () => {
  const count = 137;
  beforeAll(async () => {
    // Every record created at the same microsecond, and half of them never active.
    await insertUsers(
      Array.from({ length: count }, (_, i) => ({
        uid: `pg-${String(i).padStart(3, '0')}`,
        createdAt: '2026-06-01T12:00:00.123456Z',
        lastActiveDate: i % 2 === 0 ? null : `2026-06-0${1 + (i % 3)}T00:00:00.000001Z`,
      })),
    );
  });

  async function readAll(query: string, limit: number): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: UsersPage = await list(`search=pg-&limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(count);
      seen.push(...uids(page));
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  }

  it.each(['sort=createdAt&order=desc', 'sort=createdAt&order=asc', 'sort=lastActiveDate&order=desc', 'sort=lastActiveDate&order=asc'])(
    'loses and repeats no record across cursor pages (%s)',
    async (query) => {
      const whole = uids(await list(`search=pg-&limit=1000&${query}`));
      expect(whole).toHaveLength(count);
      expect(await readAll(query, 10)).toEqual(whole);
    },
  );

  it('gives the same rows by offset as by cursor', async () => {
    const whole = uids(await list('search=pg-&limit=1000'));
    const byOffset: string[] = [];
    for (let offset = 0; offset < count; offset += 25) byOffset.push(...uids(await list(`search=pg-&limit=25&offset=${offset}`)));
    expect(byOffset).toEqual(whole);
  });
});

async function consoleActions(targetId: string) {
  const { rows } = await t.db.query<{
    action: string;
    actor_uid: string;
    actor_email: string;
    before: unknown;
    after: unknown;
    details: unknown;
  }>('SELECT action, actor_uid, actor_email, before, after, details FROM console_actions WHERE target_id = $1 ORDER BY id', [targetId]);
  return rows;
}

describe('PATCH /api/users/:uid', () => {
  beforeAll(async () => {
    await insertUsers([{ uid: 'pt-erla' }, { uid: 'pt-fail' }]);
  });

  it('sets isPremium and accountActive with a new updatedAt, and records who did it with before and after', async () => {
    const before = (await list('search=pt-erla')).users[0]!;
    const { status, body } = await call<UserRecord>('PATCH', '/users/pt-erla', { isPremium: true });
    expect(status).toBe(200);
    expect(body.isPremium).toBe(true);
    expect(new Date(body.updatedAt!).getTime()).toBeGreaterThan(new Date(before.updatedAt!).getTime());
    const both = await call<UserRecord>('PATCH', '/users/pt-erla', { isPremium: false, accountActive: false });
    expect([both.body.isPremium, both.body.accountActive]).toEqual([false, false]);
    // Stored, not only answered.
    expect((await list('search=pt-erla')).users[0]).toMatchObject({ isPremium: false, accountActive: false });

    expect(await consoleActions('pt-erla')).toEqual([
      {
        action: 'user.update',
        actor_uid: DEMO_ADMIN.uid,
        actor_email: DEMO_ADMIN.email,
        before: { isPremium: false },
        after: { isPremium: true },
        details: null,
      },
      {
        action: 'user.update',
        actor_uid: DEMO_ADMIN.uid,
        actor_email: DEMO_ADMIN.email,
        before: { isPremium: true, accountActive: true },
        after: { isPremium: false, accountActive: false },
        details: null,
      },
    ]);
  });

  it.each([
    [{ isPremium: 'true' }, 'isPremium'],
    [{ accountActive: 1 }, 'accountActive'],
    [{ isPremium: true, isAdmin: true }, 'isAdmin'],
    [{ email: 'x@example.test' }, 'email'],
    [{}, 'body'],
    [[true], 'body'],
  ])('answers 400 naming the field for %j, changing nothing and recording nothing', async (payload, field) => {
    const { status, body } = await call<{ field: string }>('PATCH', '/users/pt-fail', payload);
    expect([status, body.field]).toEqual([400, field]);
    expect((await list('search=pt-fail')).users[0]).toMatchObject({ isPremium: false, accountActive: true, isAdmin: false });
    expect(await consoleActions('pt-fail')).toEqual([]);
  });

  it('answers 404 for a user that does not exist, 400 for a malformed uid', async () => {
    expect((await call('PATCH', '/users/nobody-here', { isPremium: true })).status).toBe(404);
    expect((await call<{ field: string }>('PATCH', '/users/bad%20uid', { isPremium: true })).body.field).toBe('uid');
    expect(await consoleActions('nobody-here')).toEqual([]);
  });

  it('does not let an admin deactivate or delete their own account', async () => {
    const deactivate = await call<{ field: string }>('PATCH', `/users/${DEMO_ADMIN.uid}`, { accountActive: false });
    expect([deactivate.status, deactivate.body.field]).toEqual([409, 'accountActive']);
    expect((await call('DELETE', `/users/${DEMO_ADMIN.uid}`)).status).toBe(409);
    expect((await list(`search=${DEMO_ADMIN.uid}`)).users[0]!.accountActive).toBe(true);
  });

  it('is admin-only', async () => {
    expect((await call('PATCH', '/users/pt-fail', { isPremium: true }, t.userToken)).status).toBe(403);
    expect((await call('PATCH', '/users/pt-fail', { isPremium: true }, null)).status).toBe(401);
  });
});

describe('a failed change leaves no record', () => {
  beforeAll(async () => {
    await insertUsers([{ uid: 'tx-gina' }]);
  });

  it('rolls back the flag change when its console action cannot be written', async () => {
    // The trail refuses this one write: the change must not land without it.
    await t.db.exec(`ALTER TABLE console_actions ADD CONSTRAINT test_refuse_gina CHECK (target_id IS DISTINCT FROM 'tx-gina')`);
    try {
      const { status } = await call('PATCH', '/users/tx-gina', { isPremium: true });
      expect(status).toBe(500);
      expect((await list('search=tx-gina')).users[0]!.isPremium).toBe(false);
      const deleted = await call('DELETE', '/users/tx-gina');
      expect(deleted.status).toBe(500);
      expect(uids(await list('search=tx-gina'))).toEqual(['tx-gina']);
      const { rows } = await t.db.query(`SELECT 1 FROM audit_logs WHERE user_id = 'tx-gina'`);
      expect(rows).toEqual([]);
    } finally {
      await t.db.exec('ALTER TABLE console_actions DROP CONSTRAINT test_refuse_gina');
    }
    expect(await consoleActions('tx-gina')).toEqual([]);
  });

  it('rolls back the deletion and its trail when a later step fails', async () => {
    await t.db.exec(`ALTER TABLE audit_logs ADD CONSTRAINT test_refuse_gina CHECK (user_id IS DISTINCT FROM 'tx-gina')`);
    try {
      expect((await call('DELETE', '/users/tx-gina')).status).toBe(500);
    } finally {
      await t.db.exec('ALTER TABLE audit_logs DROP CONSTRAINT test_refuse_gina');
    }
    expect(uids(await list('search=tx-gina'))).toEqual(['tx-gina']);
    expect(await consoleActions('tx-gina')).toEqual([]);
  });
});

describe('DELETE /api/users/:uid', () => {
  const victim = 'del-hanna';
  beforeAll(async () => {
    await createAccount(t.db, { uid: victim, email: 'hanna@example.test', password: 'hanna-password-1' });
    await insertUsers([
      { uid: victim, connectedUserId: 'del-ivar', lastSwipeDate: '2026-11-01T08:00:00Z' },
      { uid: 'del-ivar', connectedUserId: victim },
      { uid: 'del-jon' },
    ]);
    await t.db.query(
      `INSERT INTO names (name, gender, nationality, first_letter) VALUES ('Hanna', 'female', 'icelandic', 'H'), ('Jón', 'male', 'icelandic', 'J')`,
    );
    await t.db.query(`INSERT INTO swipes (user_id, name_id, liked) SELECT u, n.id, true FROM names n, unnest($1::text[]) u`, [
      [victim, 'del-jon'],
    ]);
    await t.db.query(
      `INSERT INTO connection_requests (from_user_id, to_user_id, status) VALUES ($1, 'del-ivar', 'accepted'), ('del-jon', $1, 'pending'), ('del-jon', 'del-ivar', 'pending')`,
      [victim],
    );
    await t.db.query(`INSERT INTO connections (user_a, user_b) VALUES ($1, 'del-ivar'), ('del-jon', 'del-ivar')`, [victim]);
  });

  const countOf = async (sql: string) => Number((await t.db.query<{ n: number }>(sql, [victim])).rows[0]!.n);

  it('removes the record, its swipes, requests, connections and account in one go, and says so', async () => {
    const { status, body } = await call<DeleteUserResponse>('DELETE', `/users/${victim}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      uid: victim,
      deleted: { user: true, account: true, swipes: 2, connectionRequests: 2, connections: 1, partnersUnlinked: 1 },
    });
    expect(await countOf('SELECT count(*) AS n FROM users WHERE uid = $1')).toBe(0);
    expect(await countOf('SELECT count(*) AS n FROM accounts WHERE uid = $1')).toBe(0);
    expect(await countOf('SELECT count(*) AS n FROM swipes WHERE user_id = $1')).toBe(0);
    expect(await countOf('SELECT count(*) AS n FROM connection_requests WHERE $1 IN (from_user_id, to_user_id)')).toBe(0);
    expect(await countOf('SELECT count(*) AS n FROM connections WHERE $1 IN (user_a, user_b)')).toBe(0);
    // Other users keep theirs; the partner no longer points at a missing user.
    expect(await countOf(`SELECT count(*) AS n FROM swipes WHERE user_id = 'del-jon' AND $1 <> ''`)).toBe(2);
    expect(
      await countOf(
        `SELECT count(*) AS n FROM connection_requests WHERE from_user_id = 'del-jon' AND to_user_id = 'del-ivar' AND $1 <> ''`,
      ),
    ).toBe(1);
    expect((await list('search=del-ivar')).users[0]).toMatchObject({ connectedUserId: null, connectionStatus: null });
    // The sign-in account is gone too.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: 'hanna@example.test', password: 'hanna-password-1' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('writes ACCOUNT_DELETED as the app would, and the console action with the record as it was', async () => {
    const { rows } = await t.db.query<{ event: string; last_swipe_date: Date }>(
      `SELECT event, last_swipe_date FROM audit_logs WHERE user_id = $1`,
      [victim],
    );
    expect(rows).toEqual([{ event: 'ACCOUNT_DELETED', last_swipe_date: new Date('2026-11-01T08:00:00Z') }]);
    const [action] = await consoleActions(victim);
    expect(action).toMatchObject({
      action: 'user.delete',
      actor_uid: DEMO_ADMIN.uid,
      before: { uid: victim, email: `${victim}@example.test`, connectedUserId: 'del-ivar' },
      after: null,
      details: { swipes: 2, connectionRequests: 2, connections: 1, account: true, partnersUnlinked: 1 },
    });
  });

  it('answers 404 the second time, recording nothing more', async () => {
    expect((await call('DELETE', `/users/${victim}`)).status).toBe(404);
    expect(await consoleActions(victim)).toHaveLength(1);
  });

  it('is admin-only', async () => {
    expect((await call('DELETE', '/users/del-jon', undefined, t.userToken)).status).toBe(403);
    expect(uids(await list('search=del-jon'))).toEqual(['del-jon']);
  });
});

describe('GET /api/audit-logs', () => {
  const at = '2026-09-09T09:09:09.123456Z';
  beforeAll(async () => {
    await t.db.exec('DELETE FROM audit_logs; DELETE FROM console_actions;');
    // 230 app events and 45 console actions at ONE timestamp, plus a few around it.
    await t.db.query(
      `INSERT INTO audit_logs (timestamp, event, user_id)
       SELECT $1::timestamptz, (ARRAY['USER_CREATED','CANCELLATION','SUBSCRIPTION_START'])[1 + i % 3], 'u' || i FROM generate_series(1, 230) i`,
      [at],
    );
    await t.db.query(
      `INSERT INTO audit_logs (timestamp, event, user_id) VALUES ('2026-09-10T00:00:00Z', 'SUBSCRIPTION_END', 'later'), ('2026-09-01T00:00:00Z', 'USER_CREATED', 'earlier')`,
    );
    await t.db.query(
      `INSERT INTO console_actions (timestamp, actor_uid, actor_email, action, target_type, target_id, before, after)
       SELECT $1::timestamptz, $2, $3, 'user.update', 'user', 'u' || i, '{"isPremium":false}', '{"isPremium":true}' FROM generate_series(1, 45) i`,
      [at, DEMO_ADMIN.uid, DEMO_ADMIN.email],
    );
    await t.db.query(
      `INSERT INTO console_actions (timestamp, actor_uid, actor_email, action, target_type, target_id) VALUES ('2026-09-09T09:09:09.123457Z', $1, $2, 'name.delete', 'name', '7')`,
      [DEMO_ADMIN.uid, DEMO_ADMIN.email],
    );
  });

  async function readAll(query: string, limit = 100) {
    const entries: AuditLogsPage['entries'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body }: { status: number; body: AuditLogsPage } = await call<AuditLogsPage>(
        'GET',
        `/audit-logs?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(status).toBe(200);
      expect(body.entries.length).toBeLessThanOrEqual(limit);
      entries.push(...body.entries);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    return { entries, pages };
  }
  const keys = (entries: AuditLogsPage['entries']) => entries.map((e) => `${e.source}:${e.id}`);

  it('pages 100 at a time, newest first, app events and console actions merged, none lost or repeated at equal timestamps', async () => {
    const { entries, pages } = await readAll('source=all');
    expect(entries).toHaveLength(232 + 46);
    expect(pages).toBe(3);
    expect(new Set(keys(entries)).size).toBe(entries.length);
    const times = entries.map((e) => new Date(e.timestamp).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(entries[0]).toMatchObject({ source: 'app', event: 'SUBSCRIPTION_END', userId: 'later' });
    expect(entries[1]).toMatchObject({ source: 'console', event: 'name.delete', targetType: 'name', targetId: '7', userId: null });
    expect(entries[entries.length - 1]).toMatchObject({ source: 'app', event: 'USER_CREATED', userId: 'earlier' });
    // Page edges in the middle of the equal-timestamp run, with small pages too.
    expect(keys((await readAll('source=all', 7)).entries)).toEqual(keys(entries));
  });

  it('shows console actions with actor, target, before and after', async () => {
    const { entries } = await readAll('source=console&event=user.update');
    expect(entries).toHaveLength(45);
    const entry = entries[0] as ConsoleAuditEntry;
    expect(entry).toMatchObject({
      source: 'console',
      event: 'user.update',
      actor: { uid: DEMO_ADMIN.uid, email: DEMO_ADMIN.email },
      targetType: 'user',
      userId: entry.targetId,
      before: { isPremium: false },
      after: { isPremium: true },
    });
  });

  it('filters by source, event and a lower timestamp bound', async () => {
    expect((await readAll('source=app')).entries).toHaveLength(232);
    expect((await readAll('source=console')).entries).toHaveLength(46);
    const cancellations = (await readAll('event=CANCELLATION')).entries;
    expect(cancellations).toHaveLength(77);
    expect(cancellations.every((e) => e.event === 'CANCELLATION' && e.source === 'app')).toBe(true);
    const recent = (await readAll('since=2026-09-09T09:09:09.123457Z')).entries;
    expect(recent.map((e) => e.event)).toEqual(['SUBSCRIPTION_END', 'name.delete']);
    expect((await readAll('since=2026-09-05T00:00:00Z&source=app')).entries).toHaveLength(231);
  });

  it.each([
    ['source=everything', 'source'],
    ['limit=1001', 'limit'],
    ['since=last-week', 'since'],
    ['cursor=abc', 'cursor'],
    ['evnt=CANCELLATION', 'evnt'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const { status, body } = await call<{ field: string }>('GET', `/audit-logs?${query}`);
    expect([status, body.field]).toEqual([400, field]);
  });
});

describe('GET /api/audit-logs/stats', () => {
  beforeAll(async () => {
    await t.db.exec('DELETE FROM audit_logs; DELETE FROM console_actions;');
    await t.db.query(
      `INSERT INTO audit_logs (timestamp, event, user_id)
       SELECT timestamptz '2026-08-01T00:00:00Z' + (i * interval '37 minutes 11.5 seconds'), (ARRAY['USER_CREATED','CANCELLATION','SUBSCRIPTION_START','SUBSCRIPTION_END','ACCOUNT_DELETED','SOMETHING_NEW'])[1 + i % 6], 'u' || i
       FROM generate_series(1, 4000) i`,
    );
    await t.db.query(
      `INSERT INTO console_actions (timestamp, actor_uid, actor_email, action, target_type) VALUES ('2026-09-15T00:00:00Z', 'a', 'a@x', 'name.create', 'name'), ('2026-07-01T00:00:00Z', 'a', 'a@x', 'name.create', 'name')`,
    );
  });

  /** The same figures counted the slow way, straight from the rows. */
  async function direct(since: string | null) {
    const { rows } = await t.db.query<{ event: string; count: number }>(
      `SELECT event, count(*)::int AS count FROM audit_logs WHERE $1::timestamptz IS NULL OR timestamp >= $1::timestamptz GROUP BY event`,
      [since],
    );
    return Object.fromEntries(rows.map((r) => [r.event, r.count]));
  }
  async function stats(query: string) {
    const { status, body } = await call<AuditStats>('GET', `/audit-logs/stats?${query}`);
    expect(status).toBe(200);
    return body;
  }
  const appCounts = (s: AuditStats) => Object.fromEntries(s.byEvent.filter((e) => e.source === 'app').map((e) => [e.event, e.count]));

  it.each(['2026-08-20T13:47:02.5Z', '2026-08-20T00:00:00Z', '2026-09-30T23:59:00Z', '2030-01-01T00:00:00Z'])(
    'counts per event from %s as the rows say',
    async (since) => {
      const s = await stats(`since=${since}&source=app`);
      expect(appCounts(s)).toEqual(await direct(since));
      expect(s.total).toBe(Object.values(await direct(since)).reduce((a, b) => a + b, 0));
    },
  );

  it('counts all time, and console actions by action with source=all', async () => {
    expect(appCounts(await stats('source=app'))).toEqual(await direct(null));
    const all = await stats('since=2026-09-01T00:00:00Z');
    expect(all.byEvent).toContainEqual({ source: 'console', event: 'name.create', count: 1 });
    expect(all.total).toBe(Object.values(await direct('2026-09-01T00:00:00Z')).reduce((a, b) => a + b, 0) + 1);
    const consoleOnly = await stats('source=console');
    expect(consoleOnly).toEqual({
      since: null,
      source: 'console',
      total: 2,
      byEvent: [{ source: 'console', event: 'name.create', count: 2 }],
    });
  });

  it('stays right after rows are updated and deleted (the daily counts follow)', async () => {
    await t.db.query(`UPDATE audit_logs SET event = 'CANCELLATION' WHERE event = 'SOMETHING_NEW' AND user_id LIKE 'u1%'`);
    await t.db.query(`UPDATE audit_logs SET timestamp = timestamp - interval '40 days' WHERE user_id LIKE 'u2%'`);
    await t.db.query(`DELETE FROM audit_logs WHERE user_id LIKE 'u3%'`);
    for (const since of [null, '2026-08-10T05:00:00Z']) {
      expect(appCounts(await stats(since ? `since=${since}&source=app` : 'source=app'))).toEqual(await direct(since));
    }
  });

  it('answers 400 naming the parameter', async () => {
    const { status, body } = await call<{ field: string }>('GET', '/audit-logs/stats?since=90d');
    expect([status, body.field]).toEqual([400, 'since']);
  });
});

describe('POST /api/users', () => {
  it('records the creation on the console trail beside the app event USER_CREATED', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { uid: 'cr-kari', email: 'kari@example.test' },
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(response.statusCode).toBe(201);
    expect(await consoleActions('cr-kari')).toEqual([
      expect.objectContaining({
        action: 'user.create',
        actor_uid: DEMO_ADMIN.uid,
        before: null,
        after: expect.objectContaining({ uid: 'cr-kari' }),
      }),
    ]);
    const { rows } = await t.db.query(`SELECT event FROM audit_logs WHERE user_id = 'cr-kari'`);
    expect(rows).toEqual([{ event: 'USER_CREATED' }]);
  });
});

describe('the demo user is not an admin', () => {
  it('gets 403 on every new route', async () => {
    for (const url of ['/users', '/audit-logs', '/audit-logs/stats'])
      expect((await call('GET', url, undefined, t.userToken)).status).toBe(403);
    expect((await call('DELETE', `/users/${DEMO_USER.uid}`, undefined, t.userToken)).status).toBe(403);
  });
});
