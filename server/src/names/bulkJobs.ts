// Jobs over every name matching a filter (contract/namesBulkJobs.ts; tables of migration 120).
//
// Start: one transaction fixes the job's items (the matching ids and their versions, one INSERT ... SELECT through
// the same filter SQL as GET /api/names, and its search), checks the count against the one the operator confirmed,
// and writes the job's one console action. Then batches of NAME_BULK_JOB_BATCH items, each in its own transaction
// under the job row's lock: so two runners (another process taking over a stalled job) never handle an item twice,
// and a cancel lands between batches. Each batch locks its names, skips the ones whose version moved, applies the
// rest set-based, adds the names to the job's trail entry (console_action_targets) and its counts.
import type { NameBulkJobState } from '../../../contract/namesBulkJobs';
import type { NameBulkJob, NameBulkJobStart } from '../../../contract/schemas/namesBulkJobs';
import {
  COUNT_CHANGED,
  NAME_BULK_JOB_BATCH,
  NAME_BULK_JOB_MAX,
  filterInWords,
  isFinished,
  jobOutcomeInWords,
} from '../../../contract/namesBulkJobs';
import { cleanKey, cleanText, describeTextProblem, isGender, textProblem } from '../../../contract/nameRules';
import type { NameRecord } from '../../../contract/schemas/names';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import { nameFilterConditions } from '../counters/rowCounters';
import type { Db, Queryable } from '../db/types';
import { badRequest, HttpError, notFound } from '../http/errors';
import { namesFilter, type NamesFilter } from './nameInput';
import { buildSearchQuery, trigramSchema } from './nameSearch';
import { NAME_COLUMNS, toNameRecord } from './repository';
import { moveNamesToTrash } from './trash';

type NameRow = Parameters<typeof toNameRecord>[0];
type SetValues = { gender?: string; nationality?: string };

interface JobRow {
  id: string | number;
  created_at: Date | string;
  finished_at: Date | string | null;
  actor_uid: string;
  actor_email: string;
  action: NameBulkJob['action'];
  filter: NameBulkJob['filter'];
  set_values: SetValues | null;
  state: NameBulkJobState;
  total: number;
  done: number;
  applied: number;
  changed_since: number;
  gone: number;
  duplicates: number;
  unchanged: number;
  swipes: string | number;
  matches: string | number;
  deletion_id: string | number | null;
  action_id: string | number | null;
  message: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toJob(row: JobRow): NameBulkJob {
  return {
    id: Number(row.id),
    action: row.action,
    state: row.state,
    filter: row.filter,
    set: row.set_values,
    total: row.total,
    done: row.done,
    applied: row.applied,
    changedSince: row.changed_since,
    gone: row.gone,
    duplicates: row.duplicates,
    unchanged: row.unchanged,
    deletionId: row.deletion_id === null ? null : Number(row.deletion_id),
    swipes: Number(row.swipes),
    matches: Number(row.matches),
    message: row.message,
    createdAt: iso(row.created_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
  };
}

/** The filter as GET /api/names reads it (the same rules and the same 400s). */
function filterOf(start: NameBulkJobStart): NamesFilter {
  const f = start.filter;
  return namesFilter({ gender: f.gender, nationality: f.nationality, alphabetFilter: f.letter, q: f.q, limit: 1, offset: 0 });
}

/** The one field an edit sets, checked as a single edit checks it (contract/namesInput.ts's rules). */
function setOf(start: NameBulkJobStart): SetValues | null {
  if (start.action === 'delete') {
    if (start.set) throw badRequest('a delete sets nothing: leave out set', 'set');
    return null;
  }
  const set = start.set as SetValues | undefined;
  if (!set || (set.gender === undefined && set.nationality === undefined))
    throw badRequest('an edit needs set: gender or nationality', 'set');
  if (set.gender !== undefined) {
    const gender = cleanKey(set.gender);
    if (!isGender(gender)) throw badRequest('gender must be one of male, female, unisex', 'set.gender');
    return { gender };
  }
  const nationality = cleanText(set.nationality!);
  const problem = textProblem(nationality);
  if (problem) throw badRequest(describeTextProblem('nationality', problem), 'set.nationality');
  return { nationality: nationality.toLowerCase() };
}

/** INSERT ... SELECT of the matching ids and versions into the job's items; answers how many. */
async function snapshot(tx: Queryable, jobId: number, filter: NamesFilter): Promise<number> {
  if (!filter.search) {
    const params: unknown[] = [jobId];
    const where = nameFilterConditions(filter, params);
    const { affectedRows } = await tx.query(
      `INSERT INTO name_bulk_job_items (job_id, name_id, version)
       SELECT $1, id, version FROM names${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    return affectedRows;
  }
  // The search's own statement with every match on one page: the job takes exactly what the search counted.
  const { sql, params } = buildSearchQuery(
    { ...filter, search: filter.search, limit: NAME_BULK_JOB_MAX, offset: 0 },
    { trigramSchema: await trigramSchema(tx), withSeed: false },
  );
  params.push(jobId);
  const { affectedRows } = await tx.query(
    `INSERT INTO name_bulk_job_items (job_id, name_id, version)
     SELECT $${params.length}, s.id, s.version FROM (${sql}) s WHERE s.id IS NOT NULL`,
    params,
  );
  return affectedRows;
}

const trailAction = (action: NameBulkJob['action']) => (action === 'delete' ? 'names.filter_delete' : 'names.filter_edit');

/** Fixes the job's names and records it; 409 'count_changed' (nothing kept) when the count is not the confirmed one. */
export async function createNameBulkJob(db: Db, actor: Actor, start: NameBulkJobStart): Promise<NameBulkJob> {
  const filter = filterOf(start);
  const set = setOf(start);
  return db.transaction(async (tx) => {
    const { rows: created } = await tx.query<{ id: string | number }>(
      `INSERT INTO name_bulk_jobs (actor_uid, actor_email, action, filter, set_values, total) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, 0) RETURNING id`,
      [actor.uid, actor.email, start.action, JSON.stringify(start.filter), set === null ? null : JSON.stringify(set)],
    );
    const jobId = Number(created[0]!.id);
    const total = await snapshot(tx, jobId, filter);
    if (total !== start.expectedCount) {
      throw new HttpError(
        409,
        COUNT_CHANGED,
        `${total.toLocaleString('en-US')} names match ${filterInWords(start.filter)} now, not ${start.expectedCount.toLocaleString('en-US')}: nothing was changed`,
        'expectedCount',
        { count: total },
      );
    }
    const actionId = await recordConsoleAction(tx, actor, {
      action: trailAction(start.action),
      targetType: 'name',
      after: set ?? undefined,
      details: { jobId, filter: start.filter, filterText: filterInWords(start.filter), set, total, state: 'running' },
    });
    const { rows } = await tx.query<JobRow>(`UPDATE name_bulk_jobs SET total = $2, action_id = $3 WHERE id = $1 RETURNING *`, [
      jobId,
      total,
      actionId,
    ]);
    return toJob(rows[0]!);
  });
}

export async function readNameBulkJob(db: Queryable, id: number): Promise<NameBulkJob> {
  const { rows } = await db.query<JobRow>('SELECT * FROM name_bulk_jobs WHERE id = $1', [id]);
  if (!rows[0]) throw notFound(`No names job with id ${id}`);
  return toJob(rows[0]);
}

/** Asks a running job to stop: its next batch does not start. A finished job answers as it is. */
export async function cancelNameBulkJob(db: Queryable, id: number): Promise<NameBulkJob> {
  await db.query(`UPDATE name_bulk_jobs SET state = 'cancelling' WHERE id = $1 AND state = 'running'`, [id]);
  return readNameBulkJob(db, id);
}

/** The job's trail entry keeps its counts and state current (the entry is one action: the job). */
async function updateTrail(tx: Queryable, job: JobRow, appliedIds: readonly number[]): Promise<void> {
  if (job.action_id === null) return;
  if (appliedIds.length > 0) {
    await tx.query(
      `INSERT INTO console_action_targets (target_type, target_id, action_id)
       SELECT 'name', t, $2 FROM unnest($1::text[]) AS t ON CONFLICT DO NOTHING`,
      [appliedIds.map(String), job.action_id],
    );
  }
  const wire = toJob(job);
  await tx.query(`UPDATE console_actions SET details = details || $2::jsonb WHERE id = $1`, [
    job.action_id,
    JSON.stringify({
      state: wire.state,
      done: wire.done,
      applied: wire.applied,
      changedSince: wire.changedSince,
      gone: wire.gone,
      duplicates: wire.duplicates,
      unchanged: wire.unchanged,
      deletionId: wire.deletionId,
      swipes: wire.swipes,
      matches: wire.matches,
      outcome: jobOutcomeInWords(wire),
    }),
  ]);
}

type Outcome = 'applied' | 'changed' | 'gone' | 'duplicate' | 'unchanged';

/**
 * The edit of one batch, set-based: the names not already so, less those the change would make a second copy of
 * a live name or of one in the trash (names_identity_key, as a single edit refuses), and of two in the batch that
 * would become the same name only the first by id.
 */
async function editBatch(tx: Queryable, names: readonly NameRecord[], set: SetValues): Promise<Map<number, Outcome>> {
  const field = set.gender !== undefined ? 'gender' : 'nationality';
  const value = (set.gender ?? set.nationality)!;
  const outcomes = new Map<number, Outcome>();
  const candidates: number[] = [];
  for (const n of names) {
    if (n[field].toLowerCase() === value) outcomes.set(n.id, 'unchanged');
    else candidates.push(n.id);
  }
  if (candidates.length === 0) return outcomes;
  // The identity after the change: the set field takes $2, the others stay.
  const g = field === 'gender' ? '$2' : 'c.gender';
  const nat = field === 'nationality' ? 'lower($2)' : 'lower(c.nationality)';
  // What stays of the identity: names equal in it become the same name.
  const kept = field === 'gender' ? 'lower(c.name), lower(c.nationality)' : 'lower(c.name), c.gender';
  const { rows } = await tx.query<{ id: string | number }>(
    `WITH cand AS (SELECT id, name, gender, nationality FROM names WHERE id = ANY($1::bigint[])),
     pick AS (
       SELECT DISTINCT ON (${kept}) c.id FROM cand c
        WHERE NOT EXISTS (SELECT 1 FROM names t WHERE lower(t.name) = lower(c.name) AND t.gender = ${g} AND lower(t.nationality) = ${nat})
          AND NOT EXISTS (SELECT 1 FROM names_trash t WHERE lower(t.name) = lower(c.name) AND t.gender = ${g} AND lower(t.nationality) = ${nat})
        ORDER BY ${kept}, c.id)
     UPDATE names n SET ${field} = $2 FROM pick WHERE n.id = pick.id RETURNING n.id`,
    [candidates, value],
  );
  const applied = new Set(rows.map((r) => Number(r.id)));
  for (const id of candidates) outcomes.set(id, applied.has(id) ? 'applied' : 'duplicate');
  return outcomes;
}

/**
 * One batch of the job, in its own transaction; answers the job after it. A job asked to cancel ends here as
 * cancelled; one with nothing left ends as done.
 */
export async function runNameBulkJobBatch(db: Db, id: number, batchSize = NAME_BULK_JOB_BATCH): Promise<NameBulkJob> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.query<JobRow>('SELECT * FROM name_bulk_jobs WHERE id = $1 FOR UPDATE', [id]);
    const job = locked[0];
    if (!job) throw notFound(`No names job with id ${id}`);
    if (isFinished(job.state)) return toJob(job);
    const finish = async (state: NameBulkJobState) => {
      const { rows } = await tx.query<JobRow>(
        `UPDATE name_bulk_jobs SET state = $2, finished_at = now(), heartbeat_at = now() WHERE id = $1 RETURNING *`,
        [id, state],
      );
      await updateTrail(tx, rows[0]!, []);
      return toJob(rows[0]!);
    };
    if (job.state === 'cancelling') return finish('cancelled');

    const { rows: items } = await tx.query<{ name_id: string | number; version: number }>(
      `SELECT name_id, version FROM name_bulk_job_items WHERE job_id = $1 AND outcome IS NULL ORDER BY name_id LIMIT $2`,
      [id, batchSize],
    );
    if (items.length === 0) return finish('done');
    const ids = items.map((i) => Number(i.name_id));
    const { rows: nameRows } = await tx.query<NameRow>(
      `SELECT ${NAME_COLUMNS} FROM names WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    const live = new Map(nameRows.map((r) => [Number(r.id), toNameRecord(r)]));
    const outcomes = new Map<number, Outcome>();
    const current: NameRecord[] = [];
    for (const item of items) {
      const nameId = Number(item.name_id);
      const name = live.get(nameId);
      if (!name) outcomes.set(nameId, 'gone');
      else if (name.version !== item.version) outcomes.set(nameId, 'changed');
      else current.push(name);
    }

    let swipes = 0;
    let matches = 0;
    let deletionId = job.deletion_id === null ? undefined : Number(job.deletion_id);
    if (current.length > 0 && job.action === 'delete') {
      const actor = { uid: job.actor_uid, email: job.actor_email };
      const move = await moveNamesToTrash(
        tx,
        actor,
        current.map((n) => n.id),
        { kind: 'bulk_delete', deletionId },
      );
      for (const n of move.moved) outcomes.set(n.id, 'applied');
      swipes = move.swipes;
      matches = move.matches;
      deletionId = move.deletionId ?? deletionId;
    } else if (current.length > 0) {
      for (const [nameId, outcome] of await editBatch(tx, current, job.set_values!)) outcomes.set(nameId, outcome);
    }
    const field = job.set_values?.gender !== undefined ? 'gender' : 'nationality';
    const entries = [...outcomes.entries()];
    await tx.query(
      `UPDATE name_bulk_job_items i SET outcome = u.outcome, before = u.before
         FROM unnest($2::bigint[], $3::text[], $4::text[]) AS u (name_id, outcome, before)
        WHERE i.job_id = $1 AND i.name_id = u.name_id`,
      [
        id,
        entries.map(([nameId]) => nameId),
        entries.map(([, outcome]) => outcome),
        entries.map(([nameId, outcome]) => (job.action === 'edit' && outcome === 'applied' ? (live.get(nameId)?.[field] ?? null) : null)),
      ],
    );
    const countOf = (o: Outcome) => entries.filter(([, outcome]) => outcome === o).length;
    const { rows } = await tx.query<JobRow>(
      `UPDATE name_bulk_jobs SET done = done + $2, applied = applied + $3, changed_since = changed_since + $4, gone = gone + $5,
              duplicates = duplicates + $6, unchanged = unchanged + $7, swipes = swipes + $8, matches = matches + $9,
              deletion_id = $10, heartbeat_at = now()
        WHERE id = $1 RETURNING *`,
      [
        id,
        items.length,
        countOf('applied'),
        countOf('changed'),
        countOf('gone'),
        countOf('duplicate'),
        countOf('unchanged'),
        swipes,
        matches,
        deletionId ?? null,
      ],
    );
    await updateTrail(
      tx,
      rows[0]!,
      entries.filter(([, o]) => o === 'applied').map(([nameId]) => nameId),
    );
    return toJob(rows[0]!);
  });
}

async function markFailed(db: Db, id: number, error: unknown): Promise<void> {
  const message = `A batch failed: ${error instanceof Error ? error.message : String(error)}`;
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<JobRow>(
      `UPDATE name_bulk_jobs SET state = 'failed', finished_at = now(), message = $2 WHERE id = $1 AND state IN ('running', 'cancelling') RETURNING *`,
      [id, message],
    );
    if (rows[0]) await updateTrail(tx, rows[0], []);
  });
}

/** The jobs this process is running, per database: one runner per job here, and a clean stop on close. */
const runners = new WeakMap<Db, { stopping: boolean; running: Map<number, Promise<void>> }>();

function runnersOf(db: Db) {
  let known = runners.get(db);
  if (!known) {
    known = { stopping: false, running: new Map() };
    runners.set(db, known);
  }
  return known;
}

/**
 * Runs the job's batches to its end in the background. Between batches it yields, so requests (and, on the
 * embedded database's one connection, their queries) go between them. A failed batch rolls back alone; the job
 * then ends as failed, saying what landed before it.
 */
export function startNameBulkJob(db: Db, id: number, log: (error: unknown) => void, batchSize = NAME_BULK_JOB_BATCH): void {
  const state = runnersOf(db);
  if (state.stopping || state.running.has(id)) return;
  const run = (async () => {
    try {
      for (;;) {
        if (state.stopping) return; // the server is closing: heartbeat_at goes stale, another process takes over
        const job = await runNameBulkJobBatch(db, id, batchSize);
        if (isFinished(job.state)) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      if (state.stopping) return;
      log(error);
      await markFailed(db, id, error).catch(log);
    } finally {
      state.running.delete(id);
    }
  })();
  state.running.set(id, run);
}

/** Seconds without a batch after which another process may take a running job over. */
export const TAKEOVER_AFTER_SECONDS = 60;

/**
 * A job whose runner stopped (its process ended) is taken over by the process that reads its progress: the claim
 * (heartbeat_at) is one UPDATE, so of two readers one wins; and batches are serialized by the job row's lock anyway.
 */
export async function resumeIfStalled(db: Db, id: number, log: (error: unknown) => void): Promise<void> {
  if (runnersOf(db).running.has(id)) return;
  const { rows } = await db.query(
    `UPDATE name_bulk_jobs SET heartbeat_at = now()
      WHERE id = $1 AND state IN ('running', 'cancelling') AND heartbeat_at < now() - $2 * interval '1 second' RETURNING id`,
    [id, TAKEOVER_AFTER_SECONDS],
  );
  if (rows.length > 0) startNameBulkJob(db, id, log);
}

/** On close: no new batch starts; the one under way finishes (or rolls back with the connection). */
export async function stopNameBulkJobs(db: Db): Promise<void> {
  const state = runnersOf(db);
  state.stopping = true;
  await Promise.allSettled([...state.running.values()]);
}
