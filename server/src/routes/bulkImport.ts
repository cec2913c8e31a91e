// POST /admin/names/bulk-import (spec 7, issue 3): registered by app.ts inside the admin-guarded /api scope.
import type { FastifyPluginAsync } from 'fastify';
import { BULK_IMPORT_MAX_ROWS, type BulkImportResponse } from '../../../src/api/contract';
import type { Db } from '../db/types';
import { badRequest, HttpError } from '../http/errors';
import { validateBulkImportRows } from '../names/bulkImportRows';
import { insertNameColumns } from '../names/repository';

/**
 * The JSON schema checks only the envelope ({ names: [...] } with at most BULK_IMPORT_MAX_ROWS
 * items), which Fastify compiles once and runs before the handler (body validators are strict, no
 * type coercion: see http/validators.ts). The rows themselves are left to validateBulkImportRows,
 * which answers every row error in one format that names the row and field (names[i].gender) and
 * normalizes the values it accepts.
 */
const bodySchema = {
  type: 'object',
  required: ['names'],
  properties: {
    names: { type: 'array', maxItems: BULK_IMPORT_MAX_ROWS },
  },
} as const;

/**
 * The route's own body limit, so it does not depend on the app-wide one (Fastify's default is 1 MiB):
 * a full batch must reach the row checks, and ~1 KiB a row is far above a real row (~100 bytes of
 * JSON; 200-character name and nationality at most). Larger bodies get 413 before being parsed.
 */
const BODY_LIMIT = BULK_IMPORT_MAX_ROWS * 1024;

export const bulkImportRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post('/admin/names/bulk-import', { schema: { body: bodySchema }, attachValidation: true, bodyLimit: BODY_LIMIT }, async (request) => {
    const body = request.body as { names?: unknown } | undefined;
    if (request.validationError) {
      if (Array.isArray(body?.names) && body.names.length > BULK_IMPORT_MAX_ROWS) {
        throw new HttpError(
          413,
          'payload_too_large',
          `At most ${BULK_IMPORT_MAX_ROWS} rows per request, got ${body.names.length}: split the import into batches`,
          'names',
        );
      }
      throw badRequest(`Expected { names: [...] } (${request.validationError.message})`, 'names');
    }
    const rows = body?.names as unknown[];

    // Every row is checked before anything is written: one invalid row rejects the request (see
    // validateBulkImportRows for why), so a 400 always means "nothing from this batch was added".
    const columns = validateBulkImportRows(rows, new Date());
    if (!columns.ok) throw badRequest(columns.error.message, columns.error.field);

    // One request = one transaction around one set-based INSERT: either every row lands or none.
    const addedCount = await db.transaction((tx) => insertNameColumns(tx, columns.value));
    const response: BulkImportResponse = { addedCount };
    return response;
  });
};
