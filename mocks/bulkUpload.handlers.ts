import { http, HttpResponse, type HttpHandler } from 'msw';
import { BULK_IMPORT_MAX_ROWS, GENDERS, type ApiErrorBody, type BulkImportRequest, type BulkImportRow } from '../src/api/contract';

/**
 * POST /admin/names/bulk-import answering like the reference backend: every row re-validated, one
 * invalid row rejects the request with 400 { error, message, field }, more than BULK_IMPORT_MAX_ROWS
 * rows is a 413. Accepted batches are recorded so tests can check what landed.
 * (GET /names/nationalities-with-counts is served by names.handlers.ts.)
 */
export const bulkImportLog = {
  batches: [] as BulkImportRow[][],
  reset() {
    bulkImportLog.batches = [];
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
    bulkImportLog.batches.push(rows);
    return HttpResponse.json({ addedCount: rows.length });
  }),
];
