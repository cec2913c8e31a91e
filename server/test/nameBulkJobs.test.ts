// Jobs over every name matching a filter (contract/namesBulkJobs.ts, src/names/bulkJobs.ts), on the demo data:
// the filter as it was when confirmed (names added later untouched, names edited since skipped), batches in their
// own transactions, cancel between batches, delete as one restorable deletion, edit validated as a single edit,
// and one trail entry with its counts. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import type { NameBulkJob } from '../../contract/schemas/namesBulkJobs';
import type { NamesPageResponse } from '../../contract/schemas/names';
import type { TrashPage } from '../../contract/schemas/dataSafety';
import { cancelNameBulkJob, createNameBulkJob, runNameBulkJobBatch } from '../src/names/bulkJobs';
import { createTestApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const actor = { uid: 'admin-test', email: 'admin@test' };

type Method = 'GET' | 'POST';
async function call<T = unknown>(method: Method, url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${t.adminToken}` },
  });
  return { status: response.statusCode, body: (response.body === '' ? undefined : response.json()) as T };
}
const rows = async <T>(sql: string, params?: unknown[]) => (await t.db.query<T>(sql, params)).rows;

/** A letter and nationality with between `min` and 300 live names (the demo data has many such groups). */
async function group(min: number, skip = 0): Promise<{ letter: string; nationality: string; n: number }> {
  const found = await rows<{ letter: string; nationality: string; n: number }>(
    `SELECT first_letter AS letter, nationality, count(*)::int AS n FROM names GROUP BY 1, 2
      HAVING count(*) BETWEEN $1 AND 300 ORDER BY count(*) DESC, 1, 2 OFFSET $2 LIMIT 1`,
    [min, skip],
  );
  if (!found[0]) throw new Error('the demo data has no such group');
  return found[0];
}

async function total(query: string): Promise<number> {
  const { status, body } = await call<NamesPageResponse>('GET', `/names?limit=1&${query}`);
  expect(status).toBe(200);
  return body.total;
}

async function untilFinished(id: number): Promise<NameBulkJob> {
  for (let i = 0; i < 400; i++) {
    const { status, body } = await call<NameBulkJob>('GET', `/names/bulk-jobs/${id}`);
    expect(status).toBe(200);
    if (['done', 'cancelled', 'failed'].includes(body.state)) return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not finish`);
}

test('a count that is no longer what matches answers 409 with the new count, and keeps nothing', async () => {
  const g = await group(5);
  const before = await rows<{ n: number }>('SELECT count(*)::int AS n FROM name_bulk_jobs');
  const { status, body } = await call<{ error: string; count: number; message: string }>('POST', '/names/bulk-jobs', {
    action: 'delete',
    filter: { letter: g.letter, nationality: g.nationality },
    expectedCount: g.n + 1,
  });
  expect(status).toBe(409);
  expect(body.error).toBe('count_changed');
  expect(body.count).toBe(g.n);
  expect(body.message).toContain(`letter ${g.letter}, nationality ${g.nationality}`);
  expect(await rows<{ n: number }>('SELECT count(*)::int AS n FROM name_bulk_jobs')).toEqual(before);
});

test('an edit is checked as a single edit is: one field, a valid value; a delete sets nothing', async () => {
  const g = await group(5);
  const start = { filter: { letter: g.letter }, expectedCount: 1 };
  for (const [body, field] of [
    [{ ...start, action: 'edit' }, 'set'],
    [{ ...start, action: 'edit', set: { gender: 'robot' } }, 'set.gender'],
    [{ ...start, action: 'edit', set: { nationality: '   ' } }, 'set.nationality'],
    [{ ...start, action: 'delete', set: { gender: 'male' } }, 'set'],
    [{ ...start, action: 'edit', set: { gender: 'male', nationality: 'x' } }, undefined],
  ] as const) {
    const answer = await call<{ field?: string }>('POST', '/names/bulk-jobs', body);
    expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    if (field) expect(answer.body.field).toMatch(new RegExp(`^${field.replace('.', '\\.')}|^set`));
  }
});

test('edit nationality for all matching: the snapshot decides, changed names are skipped, one trail entry counts it', async () => {
  const g = await group(20);
  const filter = { letter: g.letter, nationality: g.nationality };
  const job = await createNameBulkJob(t.db, actor, { action: 'edit', filter, set: { nationality: 'Zetlandic' }, expectedCount: g.n });
  expect(job).toMatchObject({ state: 'running', total: g.n, done: 0 });

  // After the confirmation: a new name that matches, and an edit of a matching one.
  const { rows: added } = await t.db.query<{ id: number }>(
    `INSERT INTO names (name, gender, nationality, first_letter) VALUES ($1, 'female', $2, $3) RETURNING id`,
    [`${g.letter}zzlater`, g.nationality, g.letter],
  );
  const [edited] = await rows<{ id: number }>(
    `UPDATE names SET gender = CASE gender WHEN 'female' THEN 'unisex' ELSE 'female' END
      WHERE id = (SELECT min(name_id) FROM name_bulk_job_items WHERE job_id = $1) RETURNING id`,
    [job.id],
  );

  let now = job;
  let batches = 0;
  while (now.state === 'running') {
    now = await runNameBulkJobBatch(t.db, job.id, 7);
    batches++;
  }
  expect(batches).toBe(Math.ceil(g.n / 7) + 1);
  expect(now).toMatchObject({ state: 'done', total: g.n, done: g.n, applied: g.n - 1, changedSince: 1, gone: 0, duplicates: 0 });

  const left = await rows<{ id: number }>('SELECT id::int AS id FROM names WHERE first_letter = $1 AND nationality = $2 ORDER BY id', [
    g.letter,
    g.nationality,
  ]);
  expect(left.map((r) => r.id).sort()).toEqual([Number(added[0]!.id), Number(edited!.id)].sort());
  const moved = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM names WHERE first_letter = $1 AND nationality = 'zetlandic'`, [
    g.letter,
  ]);
  expect(moved[0]!.n).toBe(g.n - 1);

  const trail = await rows<{ action: string; details: Record<string, unknown>; targets: number }>(
    `SELECT a.action, a.details, (SELECT count(*)::int FROM console_action_targets c WHERE c.action_id = a.id) AS targets
       FROM console_actions a WHERE a.action LIKE 'names.filter_%' AND (a.details ->> 'jobId')::bigint = $1`,
    [job.id],
  );
  expect(trail).toHaveLength(1);
  expect(trail[0]).toMatchObject({
    action: 'names.filter_edit',
    targets: g.n - 1,
    details: {
      state: 'done',
      total: g.n,
      applied: g.n - 1,
      changedSince: 1,
      filterText: `letter ${g.letter}, nationality ${g.nationality}`,
    },
  });
  // A batch's before: what the field held.
  const befores = await rows<{ before: string }>(
    `SELECT DISTINCT before FROM name_bulk_job_items WHERE job_id = $1 AND outcome = 'applied'`,
    [job.id],
  );
  expect(befores).toEqual([{ before: g.nationality }]);
});

test('an edit that would make a second copy of a name skips it and counts it', async () => {
  const g = await group(3, 2);
  const [victim] = await rows<{ name: string; gender: string }>(
    'SELECT name, gender FROM names WHERE first_letter = $1 AND nationality = $2 ORDER BY id LIMIT 1',
    [g.letter, g.nationality],
  );
  await t.db.query(`INSERT INTO names (name, gender, nationality, first_letter) VALUES ($1, $2, 'twinland', $3)`, [
    victim!.name,
    victim!.gender,
    g.letter,
  ]);
  const job = await createNameBulkJob(t.db, actor, {
    action: 'edit',
    filter: { letter: g.letter, nationality: g.nationality },
    set: { nationality: 'twinland' },
    expectedCount: g.n,
  });
  let now = job;
  while (now.state === 'running') now = await runNameBulkJobBatch(t.db, job.id, 100);
  expect(now).toMatchObject({ state: 'done', applied: g.n - 1, duplicates: 1 });
  const still = await rows('SELECT 1 FROM names WHERE name = $1 AND gender = $2 AND nationality = $3', [
    victim!.name,
    victim!.gender,
    g.nationality,
  ]);
  expect(still).toHaveLength(1);
});

test('cancel stops between batches and says what landed', async () => {
  const g = await group(10, 4);
  const job = await createNameBulkJob(t.db, actor, {
    action: 'edit',
    filter: { letter: g.letter, nationality: g.nationality },
    set: { gender: 'unisex' },
    expectedCount: g.n,
  });
  const first = await runNameBulkJobBatch(t.db, job.id, 3);
  expect(first.done).toBe(3);
  expect((await cancelNameBulkJob(t.db, job.id)).state).toBe('cancelling');
  const last = await runNameBulkJobBatch(t.db, job.id, 3);
  expect(last).toMatchObject({ state: 'cancelled', done: 3, total: g.n });
  expect(last.finishedAt).not.toBeNull();
  expect(await rows('SELECT 1 FROM name_bulk_job_items WHERE job_id = $1 AND outcome IS NULL', [job.id])).toHaveLength(g.n - 3);
  // Nothing more happens to a cancelled job.
  expect(await runNameBulkJobBatch(t.db, job.id, 3)).toMatchObject({ state: 'cancelled', done: 3 });
  const [trail] = await rows<{ details: { state: string; outcome: string } }>(
    `SELECT details FROM console_actions WHERE (details ->> 'jobId')::bigint = $1`,
    [job.id],
  );
  expect(trail!.details.state).toBe('cancelled');
  expect(trail!.details.outcome).toMatch(/cancelled: \d+ not touched/);
});

test('delete all matching through the API: one deletion in the trash, restorable as one', async () => {
  const g = await group(20, 6);
  const query = `alphabetFilter=${encodeURIComponent(g.letter)}&nationality=${encodeURIComponent(g.nationality)}`;
  expect(await total(query)).toBe(g.n);
  const swipesBefore = await rows<{ n: number }>('SELECT count(*)::int AS n FROM swipes');
  const started = await call<NameBulkJob>('POST', '/names/bulk-jobs', {
    action: 'delete',
    filter: { letter: g.letter, nationality: g.nationality },
    expectedCount: g.n,
  });
  expect(started.status).toBe(202);
  const job = await untilFinished(started.body.id);
  expect(job).toMatchObject({ state: 'done', total: g.n, applied: g.n, done: g.n });
  expect(job.deletionId).not.toBeNull();
  expect(await total(query)).toBe(0);
  const swipesGone = (await rows<{ n: number }>('SELECT count(*)::int AS n FROM swipes'))[0]!.n;
  expect(swipesBefore[0]!.n - swipesGone).toBe(job.swipes);

  const trash = await call<TrashPage>('GET', `/names/trash?deletionId=${job.deletionId}&limit=500`);
  expect(trash.body.total).toBe(g.n);
  const [deletion] = await rows<{ names: number }>('SELECT names FROM name_deletions WHERE id = $1', [job.deletionId]);
  expect(deletion!.names).toBe(g.n);

  // Each name's history finds the job's one action, and names it.
  const [one] = await rows<{ id: number }>('SELECT id::int AS id FROM names_trash WHERE deletion_id = $1 LIMIT 1', [job.deletionId]);
  const history = await call<{ entries: { action: string; summary: string; revertActionId: number | null }[] }>(
    'GET',
    `/history/name/${one!.id}`,
  );
  expect(history.status).toBe(200);
  expect(history.body.entries[0]).toMatchObject({
    action: 'names.filter_delete',
    summary: `Moved to the trash with the other names matching letter ${g.letter}, nationality ${g.nationality} (${g.n} in all)`,
  });
  expect(history.body.entries[0]!.revertActionId).not.toBeNull();

  const restored = await call<{ restoredCount: number; swipes: number }>('POST', '/names/restore', { deletionId: job.deletionId });
  expect(restored.status).toBe(200);
  expect(restored.body).toMatchObject({ restoredCount: g.n, swipes: job.swipes });
  expect(await total(query)).toBe(g.n);
});

test('a search is taken as the list counts it', async () => {
  const [some] = await rows<{ name: string }>(`SELECT name FROM names WHERE length(name) > 4 ORDER BY id LIMIT 1`);
  const q = some!.name.slice(0, 3);
  const n = await total(`q=${encodeURIComponent(q)}`);
  expect(n).toBeGreaterThan(0);
  const job = await createNameBulkJob(t.db, actor, { action: 'edit', filter: { q }, set: { gender: 'unisex' }, expectedCount: n });
  expect(job.total).toBe(n);
  await cancelNameBulkJob(t.db, job.id);
  expect((await runNameBulkJobBatch(t.db, job.id)).state).toBe('cancelled');
});

test('progress and cancel of an unknown job answer 404', async () => {
  expect((await call('GET', '/names/bulk-jobs/999999')).status).toBe(404);
  expect((await call('POST', '/names/bulk-jobs/999999/cancel', {})).status).toBe(404);
});
