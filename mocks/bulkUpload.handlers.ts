import { http, HttpResponse, type HttpHandler } from 'msw';
import { BULK_IMPORT_MAX_ROWS, GENDERS, type ApiErrorBody, type BulkImportRequest, type BulkImportRow } from '../contract/wire';
import type { FinishImportRunRequest, ImportRun } from '../contract/importRuns';

/**
 * POST /admin/names/bulk-import answering like the reference backend: every row re-validated, one
 * invalid row rejects the request with 400 { error, message, field }, more than BULK_IMPORT_MAX_ROWS
 * rows is a 413. Accepted batches are recorded so tests can check what landed.
 * (GET /names/nationalities-with-counts is served by names.handlers.ts.)
 */
export const bulkImportLog = {
  batches: [] as BulkImportRow[][],
  /** the server's import runs, newest last, and the names each one stored (by identity key) */
  runs: [] as ImportRun[],
  storedBy: new Map<string, number>(),
  reset() {
    bulkImportLog.batches = [];
    bulkImportLog.runs = [];
    bulkImportLog.storedBy = new Map();
  },
  get rows(): BulkImportRow[] {
    return bulkImportLog.batches.flat();
  },
};

function reject(status: number, message: string, field: string) {
  return HttpResponse.json<ApiErrorBody>({ error: status === 400 ? 'bad_request' : 'payload_too_large', message, field }, { status });
}

function invalidRow(rows: unknown[]): { message: string; field: string } | null {
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as Partial<Record<keyof BulkImportRow, unknown>> | null;
    for (const field of ['name', 'gender', 'nationality'] as const) {
      const value = row?.[field];
      if (typeof value !== 'string' || value.trim() === '')
        return { message: `Row ${i}: ${field} must not be empty`, field: `names[${i}].${field}` };
    }
    if (!(GENDERS as readonly unknown[]).includes(String(row?.gender).toLowerCase())) {
      return { message: `Row ${i}: gender must be one of male, female, unisex`, field: `names[${i}].gender` };
    }
    if (typeof row?.createdAt !== 'string' || Number.isNaN(Date.parse(row.createdAt))) {
      return { message: `Row ${i}: createdAt must be an ISO 8601 date`, field: `names[${i}].createdAt` };
    }
  }
  return null;
}

export const bulkUploadHandlers: HttpHandler[] = [
  http.post('*/api/admin/names/bulk-import', async ({ request }) => {
    const body = (await request.json()) as Partial<BulkImportRequest> | null;
    const rows = body?.names;
    if (!Array.isArray(rows)) return reject(400, 'Expected { names: [...] }', 'names');
    if (rows.length > BULK_IMPORT_MAX_ROWS)
      return reject(413, `At most ${BULK_IMPORT_MAX_ROWS} rows per request, got ${rows.length}`, 'names');
    const problem = invalidRow(rows);
    if (problem) return reject(400, problem.message, problem.field);
    const run =
      body?.runId === undefined ? startRun('(a single bulk-import request)') : bulkImportLog.runs.find((r) => r.id === body.runId);
    if (!run)
      return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: `No import run with id ${body?.runId}` }, { status: 404 });
    if (run.state !== 'running' && run.state !== 'interrupted') {
      return HttpResponse.json<ApiErrorBody>(
        { error: 'conflict', message: `Import run ${run.id} is ${run.state}`, field: 'runId' },
        { status: 409 },
      );
    }
    bulkImportLog.batches.push(rows);
    // The same name, gender and nationality (case-insensitive) is stored once.
    let added = 0;
    for (const row of rows as BulkImportRow[]) {
      const key = identityKey(row);
      if (bulkImportLog.storedBy.has(key)) continue;
      bulkImportLog.storedBy.set(key, run.id);
      added += 1;
    }
    Object.assign(run, {
      batches: run.batches + 1,
      rowsReceived: run.rowsReceived + rows.length,
      rowsAdded: run.rowsAdded + added,
      duplicatesSkipped: run.duplicatesSkipped + rows.length - added,
      ...(body?.runId === undefined ? { state: 'done', finishedAt: new Date().toISOString() } : {}),
    });
    return HttpResponse.json({ addedCount: added, duplicateCount: rows.length - added, runId: run.id });
  }),
  http.post('*/api/admin/import-runs', async ({ request }) => {
    const { fileName } = (await request.json()) as { fileName: string };
    return HttpResponse.json(startRun(fileName), { status: 201 });
  }),
  http.get('*/api/admin/import-runs', () => HttpResponse.json([...bulkImportLog.runs].reverse())),
  http.get('*/api/admin/import-runs/:id', ({ params }) => {
    const run = findRun(params.id);
    if (!run) return notFoundRun(params.id);
    const rowsPresent = [...bulkImportLog.storedBy.values()].filter((id) => id === run.id).length;
    return HttpResponse.json({ ...run, rowsPresent });
  }),
  http.post('*/api/admin/import-runs/:id/finish', async ({ params, request }) => {
    const run = findRun(params.id);
    if (!run) return notFoundRun(params.id);
    const body = (await request.json()) as FinishImportRunRequest;
    Object.assign(run, { state: body.state, finishedAt: new Date().toISOString(), consoleReport: body.report ?? null });
    return HttpResponse.json(run);
  }),
  http.post('*/api/admin/import-runs/:id/undo', ({ params }) => {
    const run = findRun(params.id);
    if (!run) return notFoundRun(params.id);
    if (run.state === 'undone')
      return HttpResponse.json<ApiErrorBody>({ error: 'conflict', message: `Import run ${run.id} was already undone` }, { status: 409 });
    let deletedCount = 0;
    for (const [key, id] of bulkImportLog.storedBy) {
      if (id !== run.id) continue;
      bulkImportLog.storedBy.delete(key);
      deletedCount += 1;
    }
    Object.assign(run, { state: 'undone', undoneAt: new Date().toISOString(), undoneBy: 'admin@babynames.test', rowsUndone: deletedCount });
    return HttpResponse.json({ deletedCount, run });
  }),
];

const identityKey = (row: BulkImportRow) =>
  `${row.name.trim().toLowerCase()}|${row.gender.trim().toLowerCase()}|${row.nationality.trim().toLowerCase()}`;

const findRun = (id: unknown) => bulkImportLog.runs.find((r) => r.id === Number(id));

const notFoundRun = (id: unknown) =>
  HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: `No import run with id ${String(id)}` }, { status: 404 });

function startRun(fileName: string): ImportRun {
  const now = new Date().toISOString();
  const run: ImportRun = {
    id: bulkImportLog.runs.length + 1,
    fileName,
    actorEmail: 'admin@babynames.test',
    startedAt: now,
    lastBatchAt: now,
    finishedAt: null,
    state: 'running',
    batches: 0,
    rowsReceived: 0,
    rowsAdded: 0,
    duplicatesSkipped: 0,
    consoleReport: null,
    undoneAt: null,
    undoneBy: null,
    rowsUndone: null,
  };
  bulkImportLog.runs.push(run);
  return run;
}
