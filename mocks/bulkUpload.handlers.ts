import { http, HttpResponse, type HttpHandler } from 'msw';
import { validateBulkImportRows } from '../contract/bulkImportRows';
import { BULK_IMPORT_MAX_ROWS } from '../contract/importRuns';
import type { ImportRun, BulkImportRow } from '../contract/schemas/importRuns';
import type { ApiErrorBody } from '../contract/schemas/parts';
import { checkedRequest, refused, refusedBy } from './contract';

/**
 * POST /admin/names/bulk-import answering like the reference backend: the envelope by its schema, every row
 * by the server's own row rule (contract/bulkImportRows.ts), one invalid row rejects the request with 400
 * { error, message, field }, more than BULK_IMPORT_MAX_ROWS rows is a 413. Accepted batches are recorded so
 * tests can check what landed.
 * (GET /names/nationalities-with-counts is served by names.handlers.ts.)
 */
export const bulkImportLog = {
  batches: [] as BulkImportRow[][],
  /** the server's import runs, newest last, and the names each one stored (by identity key) */
  runs: [] as ImportRun[],
  storedBy: new Map<string, number>(),
  /** names an undo moved to the trash: identity key -> the undo's deletion id (restored by POST /names/restore) */
  trashedBy: new Map<string, number>(),
  /** open checks: id -> the keys each would add; and every batch a check was sent */
  checks: new Map<number, Set<string>>(),
  checkedBatches: [] as BulkImportRow[][],
  reset() {
    bulkImportLog.checks = new Map();
    bulkImportLog.checkedBatches = [];
    bulkImportLog.batches = [];
    bulkImportLog.runs = [];
    bulkImportLog.storedBy = new Map();
    bulkImportLog.trashedBy = new Map();
  },
  get rows(): BulkImportRow[] {
    return bulkImportLog.batches.flat();
  },
};

export const bulkUploadHandlers: HttpHandler[] = [
  http.post('*/api/admin/names/bulk-import', async ({ request }) => {
    const body = (await request.clone().json()) as { names?: unknown } | null;
    // The server's own answer past the limit: 413 before the schema's 400 (routes/bulkImport.ts).
    if (Array.isArray(body?.names) && body.names.length > BULK_IMPORT_MAX_ROWS) {
      return refused('names', `At most ${BULK_IMPORT_MAX_ROWS} rows per request, got ${body.names.length}`, 413);
    }
    const checked = await checkedRequest('POST /api/admin/names/bulk-import', { request });
    if (checked instanceof Response) return checked;
    const rows = checked.body.names as BulkImportRow[];
    const valid = refusedBy(validateBulkImportRows(rows, new Date()));
    if (valid instanceof Response) return valid;
    const run =
      checked.body.runId === undefined
        ? startRun('(a single bulk-import request)')
        : bulkImportLog.runs.find((r) => r.id === checked.body.runId);
    if (!run)
      return HttpResponse.json<ApiErrorBody>(
        { error: 'not_found', message: `No import run with id ${checked.body.runId}` },
        { status: 404 },
      );
    if (run.state !== 'running' && run.state !== 'interrupted') {
      return HttpResponse.json<ApiErrorBody>(
        { error: 'conflict', message: `Import run ${run.id} is ${run.state}`, field: 'runId' },
        { status: 409 },
      );
    }
    bulkImportLog.batches.push(rows);
    // The same name, gender and nationality (case-insensitive) is stored once.
    let added = 0;
    let trashed = 0;
    for (const row of rows) {
      const key = identityKey(row);
      if (bulkImportLog.trashedBy.has(key)) {
        trashed += 1;
        continue;
      }
      if (bulkImportLog.storedBy.has(key)) continue;
      bulkImportLog.storedBy.set(key, run.id);
      added += 1;
    }
    const duplicates = rows.length - added - trashed;
    Object.assign(run, {
      batches: run.batches + 1,
      rowsReceived: run.rowsReceived + rows.length,
      rowsAdded: run.rowsAdded + added,
      duplicatesSkipped: run.duplicatesSkipped + duplicates,
      trashedSkipped: (run.trashedSkipped ?? 0) + trashed,
      ...(checked.body.runId === undefined ? { state: 'done', finishedAt: new Date().toISOString() } : {}),
    });
    return HttpResponse.json({ addedCount: added, duplicateCount: duplicates, trashedCount: trashed, runId: run.id });
  }),
  // Checks (contract/importChecks.ts): each batch counted as its import would be, against what is stored, nothing
  // stored; the keys a check would add are kept until it ends.
  http.post('*/api/admin/import-checks', async ({ request }) => {
    const checked = await checkedRequest('POST /api/admin/import-checks', { request });
    if (checked instanceof Response) return checked;
    const id = bulkImportLog.checks.size + 1;
    bulkImportLog.checks.set(id, new Set());
    return HttpResponse.json({ id, createdAt: new Date().toISOString() }, { status: 201 });
  }),
  http.post('*/api/admin/import-checks/:id/batches', async ({ params, request }) => {
    const checked = await checkedRequest('POST /api/admin/import-checks/:id/batches', { request, params });
    if (checked instanceof Response) return checked;
    const keys = bulkImportLog.checks.get(checked.params.id);
    if (!keys)
      return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: `No import check ${checked.params.id}` }, { status: 404 });
    const rows = checked.body.names as BulkImportRow[];
    const valid = refusedBy(validateBulkImportRows(rows, new Date()));
    if (valid instanceof Response) return valid;
    bulkImportLog.checkedBatches.push(rows);
    let added = 0;
    let trashed = 0;
    for (const row of rows) {
      const key = identityKey(row);
      if (bulkImportLog.trashedBy.has(key)) trashed += 1;
      else if (!bulkImportLog.storedBy.has(key) && !keys.has(key)) {
        keys.add(key);
        added += 1;
      }
    }
    return HttpResponse.json({ addedCount: added, duplicateCount: rows.length - added - trashed, trashedCount: trashed });
  }),
  http.delete('*/api/admin/import-checks/:id', async ({ params, request }) => {
    const checked = await checkedRequest('DELETE /api/admin/import-checks/:id', { request, params });
    if (checked instanceof Response) return checked;
    const keys = bulkImportLog.checks.get(checked.params.id);
    if (!keys)
      return HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: `No import check ${checked.params.id}` }, { status: 404 });
    bulkImportLog.checks.delete(checked.params.id);
    return HttpResponse.json({ rowsReceived: 0, addedCount: keys.size, duplicateCount: 0, trashedCount: 0 });
  }),
  http.post('*/api/admin/import-runs', async ({ request }) => {
    const checked = await checkedRequest('POST /api/admin/import-runs', { request });
    if (checked instanceof Response) return checked;
    return HttpResponse.json(startRun(checked.body.fileName), { status: 201 });
  }),
  http.get('*/api/admin/import-runs', async ({ request }) => {
    const checked = await checkedRequest('GET /api/admin/import-runs', { request });
    if (checked instanceof Response) return checked;
    return HttpResponse.json([...bulkImportLog.runs].reverse().slice(0, checked.query.limit));
  }),
  http.get('*/api/admin/import-runs/:id', async ({ params, request }) => {
    const checked = await checkedRequest('GET /api/admin/import-runs/:id', { request, params });
    if (checked instanceof Response) return checked;
    const run = findRun(checked.params.id);
    if (!run) return notFoundRun(checked.params.id);
    const rowsPresent = [...bulkImportLog.storedBy.values()].filter((id) => id === run.id).length;
    return HttpResponse.json({ ...run, rowsPresent, rowsEdited: 0, swipes: 0, matches: 0 });
  }),
  http.post('*/api/admin/import-runs/:id/finish', async ({ params, request }) => {
    const checked = await checkedRequest('POST /api/admin/import-runs/:id/finish', { request, params });
    if (checked instanceof Response) return checked;
    const run = findRun(checked.params.id);
    if (!run) return notFoundRun(checked.params.id);
    const body = checked.body;
    Object.assign(run, { state: body.state, finishedAt: new Date().toISOString(), consoleReport: body.report ?? null });
    return HttpResponse.json(run);
  }),
  http.post('*/api/admin/import-runs/:id/undo', async ({ params, request }) => {
    const checked = await checkedRequest('POST /api/admin/import-runs/:id/undo', { request, params });
    if (checked instanceof Response) return checked;
    const run = findRun(checked.params.id);
    if (!run) return notFoundRun(checked.params.id);
    if (run.state === 'undone')
      return HttpResponse.json<ApiErrorBody>({ error: 'conflict', message: `Import run ${run.id} was already undone` }, { status: 409 });
    let deletedCount = 0;
    // The undo's deletion: one id per run here (the server numbers deletions on their own).
    const deletionId = 1000 + run.id;
    for (const [key, id] of bulkImportLog.storedBy) {
      if (id !== run.id) continue;
      bulkImportLog.storedBy.delete(key);
      bulkImportLog.trashedBy.set(key, deletionId);
      deletedCount += 1;
    }
    stateBeforeUndo.set(run.id, run.state);
    Object.assign(run, {
      state: 'undone',
      undoneAt: new Date().toISOString(),
      undoneBy: 'admin@babynames.test',
      rowsUndone: deletedCount,
      undoDeletionId: deletedCount > 0 ? deletionId : null,
    });
    return HttpResponse.json({ deletedCount, keptEditedCount: 0, deletionId: deletedCount > 0 ? deletionId : null, run });
  }),
  // Restoring an import's undo (by its deletion); any other restore falls through to the names handlers.
  http.post('*/api/names/restore', async ({ request }) => {
    const body = (await request.clone().json()) as { deletionId?: unknown } | null;
    const run = bulkImportLog.runs.find(
      (r) => r.undoDeletionId !== undefined && r.undoDeletionId !== null && r.undoDeletionId === body?.deletionId,
    );
    if (!run) return undefined;
    const checked = await checkedRequest('POST /api/names/restore', { request });
    if (checked instanceof Response) return checked;
    let restoredCount = 0;
    for (const [key, deletionId] of bulkImportLog.trashedBy) {
      if (deletionId !== run.undoDeletionId) continue;
      bulkImportLog.trashedBy.delete(key);
      bulkImportLog.storedBy.set(key, run.id);
      restoredCount += 1;
    }
    Object.assign(run, {
      state: stateBeforeUndo.get(run.id) ?? 'done',
      undoneAt: null,
      undoneBy: null,
      rowsUndone: null,
      undoDeletionId: null,
    });
    return HttpResponse.json({ restoredCount, swipes: 0, matches: 0 });
  }),
];

const identityKey = (row: BulkImportRow) =>
  `${row.name.trim().toLowerCase()}|${row.gender.trim().toLowerCase()}|${row.nationality.trim().toLowerCase()}`;

/** An undone run goes back to this state when its undo is restored (the server keeps it as state_before_undo). */
const stateBeforeUndo = new Map<number, ImportRun['state']>();

const findRun = (id: number) => bulkImportLog.runs.find((r) => r.id === id);

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
    trashedSkipped: 0,
    undoDeletionId: null,
    consoleReport: null,
    undoneAt: null,
    undoneBy: null,
    rowsUndone: null,
  };
  bulkImportLog.runs.push(run);
  return run;
}
