// The names jobs of the reference backend (server/src/names/bulkJobs.ts) in memory: the snapshot of the matching
// names and their versions at the start (409 count_changed when the confirmed count is not what matches), then one
// batch of `batch` names per progress read, so a screen test sees the job run, and can cancel it between batches.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { COUNT_CHANGED, filterInWords, isFinished, type NameBulkJobFilter } from '../contract/namesBulkJobs';
import type { NameBulkJob } from '../contract/schemas/namesBulkJobs';
import { namesFilterOf } from '../contract/namesInput';
import type { ApiErrorBody } from '../contract/schemas/parts';
import { checkedRequest, refusedBy } from './contract';
import { matchingNames, moveToTrash, namesDb, searchedNames } from './names.handlers';

interface MockJob {
  job: NameBulkJob;
  items: { id: number; version: number | undefined }[];
}

export const namesJobsDb = {
  jobs: new Map<number, MockJob>(),
  nextId: 1,
  /** names per batch (one batch per GET of the job's progress) */
  batch: 2,
  /** the progress reads that fail with 503 before the next one answers (a dropped connection) */
  failReads: 0,
  reset() {
    namesJobsDb.jobs = new Map();
    namesJobsDb.nextId = 1;
    namesJobsDb.batch = 2;
    namesJobsDb.failReads = 0;
  },
};

function matchingIds(filter: NameBulkJobFilter) {
  const parsed = refusedBy(
    namesFilterOf({
      alphabetFilter: filter.letter,
      gender: filter.gender,
      nationality: filter.nationality,
      q: filter.q,
      limit: 1,
      offset: 0,
    }),
  );
  if (parsed instanceof Response) return parsed;
  const names = parsed.search ? searchedNames({ ...parsed, search: parsed.search }).names : matchingNames(parsed);
  return names.map((n) => ({ id: n.id, version: n.version }));
}

function runBatch(entry: MockJob) {
  const { job } = entry;
  if (isFinished(job.state)) return;
  if (job.state === 'cancelling') {
    job.state = 'cancelled';
    job.finishedAt = new Date().toISOString();
    return;
  }
  const next = entry.items.slice(job.done, job.done + namesJobsDb.batch);
  if (next.length === 0) {
    job.state = 'done';
    job.finishedAt = new Date().toISOString();
    return;
  }
  const ok: number[] = [];
  for (const item of next) {
    const live = namesDb.records.find((r) => r.id === item.id);
    if (!live) job.gone++;
    else if (live.version !== item.version) job.changedSince++;
    else ok.push(item.id);
  }
  if (job.action === 'delete' && ok.length > 0) {
    const moved = moveToTrash(ok, 'bulk_delete', namesDb.actor);
    // One deletion for the whole job, as the server's batches add to the first one.
    if (job.deletionId === null) job.deletionId = moved.deletionId;
    else for (const e of namesDb.trash) if (e.trashed.deletionId === moved.deletionId) e.trashed.deletionId = job.deletionId;
    job.applied += moved.deletedCount;
    job.swipes += moved.swipes;
    job.matches += moved.matches;
  } else if (job.set) {
    const field = job.set.gender !== undefined ? 'gender' : 'nationality';
    const value = (job.set.gender ?? job.set.nationality)!;
    for (const id of ok) {
      const index = namesDb.records.findIndex((r) => r.id === id);
      const record = namesDb.records[index]!;
      if (record[field] === value) job.unchanged++;
      else {
        namesDb.records[index] = { ...record, [field]: value, version: (record.version ?? 1) + 1 } as typeof record;
        job.applied++;
      }
    }
  }
  job.done += next.length;
}

export const namesJobsHandlers: HttpHandler[] = [
  http.post('*/api/names/bulk-jobs', async ({ request }) => {
    const checked = await checkedRequest('POST /api/names/bulk-jobs', { request });
    if (checked instanceof Response) return checked;
    const { action, filter, set, expectedCount } = checked.body;
    const items = matchingIds(filter);
    if (items instanceof Response) return items;
    if (items.length !== expectedCount) {
      return HttpResponse.json<ApiErrorBody>(
        {
          error: COUNT_CHANGED,
          message: `${items.length} names match ${filterInWords(filter)} now, not ${expectedCount}: nothing was changed`,
          field: 'expectedCount',
          count: items.length,
        },
        { status: 409 },
      );
    }
    const job: NameBulkJob = {
      id: namesJobsDb.nextId++,
      action,
      state: 'running',
      filter,
      set: set ? { ...set, ...('nationality' in set ? { nationality: set.nationality.toLowerCase() } : {}) } : null,
      total: items.length,
      done: 0,
      applied: 0,
      changedSince: 0,
      gone: 0,
      duplicates: 0,
      unchanged: 0,
      deletionId: null,
      swipes: 0,
      matches: 0,
      message: null,
      createdAt: new Date().toISOString(),
      finishedAt: null,
    };
    namesJobsDb.jobs.set(job.id, { job, items });
    return HttpResponse.json(job, { status: 202 });
  }),

  http.get('*/api/names/bulk-jobs/:id', async ({ request, params }) => {
    const checked = await checkedRequest('GET /api/names/bulk-jobs/:id', { request, params });
    if (checked instanceof Response) return checked;
    if (namesJobsDb.failReads > 0) {
      namesJobsDb.failReads--;
      return HttpResponse.json<ApiErrorBody>({ error: 'unavailable', message: 'Service unavailable' }, { status: 503 });
    }
    const entry = namesJobsDb.jobs.get(checked.params.id);
    if (!entry) return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: 'No names job' }, { status: 404 });
    runBatch(entry);
    return HttpResponse.json(entry.job);
  }),

  http.post('*/api/names/bulk-jobs/:id/cancel', async ({ request, params }) => {
    const checked = await checkedRequest('POST /api/names/bulk-jobs/:id/cancel', { request, params });
    if (checked instanceof Response) return checked;
    const entry = namesJobsDb.jobs.get(checked.params.id);
    if (!entry) return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: 'No names job' }, { status: 404 });
    if (entry.job.state === 'running') entry.job.state = 'cancelling';
    return HttpResponse.json(entry.job);
  }),
];
