// POST /admin/names/bulk-import (spec 7, issue 3): registered by app.ts inside the admin-guarded /api scope.
import type { FastifyPluginAsync } from 'fastify';
import { BULK_IMPORT_MAX_ROWS, type BulkImportResponse } from '../../../src/api/contract';
import type { Db } from '../db/types';
import { validateBulkImportRows } from '../names/bulkImportRows';
import { badRequest, payloadTooLarge } from '../names/replies';
import { insertNameColumns } from '../names/repository';

/**
 * The JSON schema checks only the envelope ({ names: [...] } with at most BULK_IMPORT_MAX_ROWS
 * items), which Fastify compiles once and runs before the handler. The rows themselves are
 * deliberately left to validateBulkImportRows: Fastify's Ajv coerces types (a number becomes a
 * string, null becomes ""), and the row validator must see what the client really sent, and answer
 * every row error in one format that names the row and field.
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
  app.post(
    '/admin/names/bulk-import',
    { schema: { body: bodySchema }, attachValidation: true, bodyLimit: BODY_LIMIT },
    async (request, reply) => {
      const body = request.body as { names?: unknown } | undefined;
      if (request.validationError) {
        if (Array.isArray(body?.names) && body.names.length > BULK_IMPORT_MAX_ROWS) {
          return payloadTooLarge(
            reply,
            `At most ${BULK_IMPORT_MAX_ROWS} rows per request, got ${body.names.length}: split the import into batches`,
            'names',
          );
        }
        return badRequest(reply, { field: 'names', message: `Expected { names: [...] } (${request.validationError.message})` });
      }
      const rows = body?.names as unknown[];

      // Every row is checked before anything is written: one invalid row rejects the request (see
      // validateBulkImportRows for why), so a 400 always means "nothing from this batch was added".
      const columns = validateBulkImportRows(rows, new Date());
      if (!columns.ok) return badRequest(reply, columns.error);

      // One request = one transaction around one set-based INSERT: either every row lands or none.
      const addedCount = await db.transaction((tx) => insertNameColumns(tx, columns.value));
      const response: BulkImportResponse = { addedCount };
      return response;
    },
  );
};
