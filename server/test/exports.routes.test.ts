import Papa from 'papaparse';
import type { UserRecord } from '../../contract/schemas/usersAudit';
import type { AuditLogExportRow, ExportPageResponse, NameExportRow, NameAnalyticsExportRow } from '../../contract/exports';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'full' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: unknown, token: string | null = t.adminToken) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.body === '' ? undefined : (response.json() as unknown), headers: response.headers };
}

/** Every page of a collection through the cursor, as the console reads it. */
async function readAll<T>(collection: string, limit: number, extra = ''): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const query: string = `limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}${extra}`;
    const { status, body } = await call('GET', `/export/${collection}?${query}`);
    expect(status).toBe(200);
    const page = body as ExportPageResponse<T>;
    rows.push(...page.rows);
    after = page.next;
    pages += 1;
  } while (after !== null);
  return { rows, pages };
}

const count = async (sql: string) => Number((await t.db.query<{ n: number }>(sql)).rows[0]!.n);

describe('access and validation', () => {
  it('sits behind the admin guard', async () => {
    expect((await call('GET', '/export/names', undefined, null)).status).toBe(401);
    expect((await call('GET', '/export/names', undefined, t.userToken)).status).toBe(403);
    expect((await call('POST', '/export/runs', { kind: 'names', format: 'csv' }, t.userToken)).status).toBe(403);
  });

  it.each([
    ['/export/passwords', 'collection'],
    ['/export/names?limit=0', 'limit'],
    ['/export/names?limit=10001', 'limit'],
    ['/export/names?after=abc', 'after'],
    ['/export/names?after=1;DROP', 'after'],
    ['/export/audit-logs?after=2026-01-01|1', 'after'],
    ['/export/names?sort=name', 'sort'],
    ['/export/names?from=2026-01-01T00:00:00Z', 'from'],
    ['/export/audit-logs?from=yesterday', 'from'],
    ['/export/audit-logs?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
  ])('refuses %s naming %s', async (url, field) => {
    const { status, body } = await call('GET', url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'bad_request', field });
  });
});

describe('GET /export/{collection}', () => {
  it('pages through every name exactly once, in id order, with a count that matches', async () => {
    const total = await count('SELECT count(*)::int AS n FROM names');
    expect(total).toBeGreaterThan(100);
    const { rows, pages } = await readAll<NameExportRow>('names', 37);
    expect(rows).toHaveLength(total);
    expect(pages).toBe(Math.floor(total / 37) + 1);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => Number(a) - Number(b)));
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      name_id: rows[0]!.id,
      name: expect.any(String),
      gender: expect.stringMatching(/^(male|female|unisex)$/),
      nationality: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/),
    });
    const [first] = rows;
    const stored = await t.db.query<{ created_at: Date }>('SELECT created_at FROM names WHERE id = $1', [first!.id]);
    expect(new Date(first!.created_at).getTime()).toBe(stored.rows[0]!.created_at.getTime());
    expect((await call('GET', '/export/names/count')).body).toEqual({ total });
  });

  it('carries a name with a quote and a comma unchanged, and through CSV', async () => {
    await t.db.query(`INSERT INTO names (name, gender, nationality, first_letter) VALUES ('O"Hara, Jr.', 'male', 'irish', 'O')`);
    const { rows } = await readAll<NameExportRow>('names', 1000);
    const tricky = rows.find((r) => r.name === 'O"Hara, Jr.');
    expect(tricky).toBeDefined();
    const csv = Papa.unparse([tricky]);
    expect(Papa.parse<Record<string, string>>(csv, { header: true }).data[0]!.name).toBe('O"Hara, Jr.');
  });

  it('pages users by uid with full records', async () => {
    const total = await count('SELECT count(*)::int AS n FROM users');
    const { rows } = await readAll<UserRecord>('users', 7);
    expect(rows).toHaveLength(total);
    expect(rows[0]).toHaveProperty('notificationSettings.dailyReminder');
    expect((await call('GET', '/export/users/count')).body).toEqual({ total });
  });

  it('pages connections', async () => {
    const total = await count('SELECT count(*)::int AS n FROM connections');
    const { rows } = await readAll('connections', 3);
    expect(rows).toHaveLength(total);
  });

  it('pages audit logs by time within the range, even when timestamps tie', async () => {
    // Three rows in one microsecond: the cursor must carry the id to split them.
    await t.db.query(
      `INSERT INTO audit_logs (timestamp, event, user_id) SELECT '2026-03-03T10:00:00.123456Z', 'USER_CREATED', 'tie-' || g FROM generate_series(1, 3) g`,
    );
    const all = await count('SELECT count(*)::int AS n FROM audit_logs');
    const { rows } = await readAll<AuditLogExportRow>('audit-logs', 2);
    expect(rows).toHaveLength(all);
    expect(new Set(rows.map((r) => r.id)).size).toBe(all);
    const ties = rows.filter((r) => r.userId?.startsWith('tie-'));
    expect(ties).toHaveLength(3);

    const range = '&from=2026-03-03T00:00:00Z&to=2026-03-04T00:00:00Z';
    const inRange = await count(`SELECT count(*)::int AS n FROM audit_logs WHERE timestamp >= '2026-03-03' AND timestamp < '2026-03-04'`);
    const { rows: ranged } = await readAll<AuditLogExportRow>('audit-logs', 1, range);
    expect(ranged).toHaveLength(inRange);
    expect(ranged.every((r) => r.timestamp.startsWith('2026-03-03'))).toBe(true);
    expect((await call('GET', `/export/audit-logs/count?${range.slice(1)}`)).body).toEqual({ total: inRange });
  });

  it('gives each name its swipe figures for the analytics export', async () => {
    const { rows } = await readAll<NameAnalyticsExportRow>('name-analytics', 500);
    expect(rows).toHaveLength(await count('SELECT count(*)::int AS n FROM names'));
    const swiped = rows.filter((r) => r.total_swipes > 0);
    const expected = await count('SELECT count(DISTINCT name_id)::int AS n FROM swipes');
    expect(swiped).toHaveLength(expected);
    const sample = swiped[0]!;
    const likes = await count(`SELECT count(*)::int AS n FROM swipes WHERE name_id = ${sample.name_id} AND liked`);
    expect(sample.total_likes).toBe(likes);
    expect(sample.total_dislikes).toBe(sample.total_swipes - likes);
    expect(sample.like_ratio).toBeCloseTo(likes / sample.total_swipes, 4);
    expect(rows.find((r) => r.total_swipes === 0)?.like_ratio ?? null).toBeNull();
  });
});

describe('POST /export/runs', () => {
  it('records the run on the console-action trail and answers its id', async () => {
    const { status, body } = await call('POST', '/export/runs', {
      kind: 'audit-logs',
      format: 'csv',
      from: '2026-03-01T00:00:00Z',
      to: '2026-03-08T00:00:00Z',
    });
    expect(status).toBe(201);
    const { runId } = body as { runId: number };
    const { rows } = await t.db.query<{ action: string; target_id: string; details: unknown; actor_email: string }>(
      'SELECT action, target_id, details, actor_email FROM console_actions WHERE id = $1',
      [runId],
    );
    expect(rows[0]).toEqual({
      action: 'export.run',
      target_id: 'audit-logs',
      details: { kind: 'audit-logs', format: 'csv', from: '2026-03-01T00:00:00Z', to: '2026-03-08T00:00:00Z' },
      actor_email: 'admin@babynames.test',
    });
  });

  it.each([
    [{ kind: 'everything', format: 'csv' }, 'kind'],
    [{ kind: 'names', format: 'xml' }, 'format'],
    [{ kind: 'backup', format: 'csv' }, 'format'],
    [{ kind: 'names', format: 'csv', from: '2026-01-01T00:00:00Z' }, 'from'],
    [{ kind: 'names', format: 'csv', extra: 1 }, 'extra'],
  ])('refuses %j', async (payload, field) => {
    const before = await count(`SELECT count(*)::int AS n FROM console_actions WHERE action = 'export.run'`);
    const { status, body } = await call('POST', '/export/runs', payload);
    expect(status).toBe(400);
    expect(body).toMatchObject({ field });
    expect(await count(`SELECT count(*)::int AS n FROM console_actions WHERE action = 'export.run'`)).toBe(before);
  });
});
