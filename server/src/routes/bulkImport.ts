import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
// POST /admin/names/bulk-import (spec 7): registered by app.ts inside the admin-guarded /api scope.
import type { FastifyError } from 'fastify';
import type { BulkImportResponse } from '../../../contract/schemas/importRuns';
import { BULK_IMPORT_MAX_ROWS } from '../../../contract/importRuns';
import { actorOf, recordConsoleAction } from '../audit/consoleActions';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { badRequest, HttpError } from '../http/errors';
import { describeValidationError, fieldOfValidationError } from '../http/validation';
import { assertRunOpen, countBatch, finishRun, startRun } from '../imports/importRuns';
import { validateBulkImportRows } from '../../../contract/bulkImportRows';
import { insertImportBatch } from '../names/importInsert';

/**
 * The route's own body limit, so it does not depend on the app-wide one (Fastify's default is 1 MiB):
 * a full batch must reach the row checks, and ~1 KiB a row is far above a real row (~100 bytes of
 * JSON; 200-character name and nationality at most). Larger bodies get 413 before being parsed.
 */
export const BULK_IMPORT_BODY_LIMIT = BULK_IMPORT_MAX_ROWS * 1024;

/** The file name a batch sent without a run is recorded under (it becomes a run of its own). */
export const SINGLE_BATCH_RUN_NAME = '(a single bulk-import request)';

export interface BulkImportRoutesOptions {
  db: Db;
  /** Hears each stored batch's rows (the metrics count them). */
  onBatch?: (rows: { added: number; duplicates: number; trashed: number }) => void;
}

export const bulkImportRoutes: FastifyPluginAsyncTypebox<BulkImportRoutesOptions> = async (app, { db, onBatch }) => {
  onEndpoint(app, 'POST /api/admin/names/bulk-import', { attachValidation: true, bodyLimit: BULK_IMPORT_BODY_LIMIT }, async (request) => {
    const body = request.body as { names?: unknown; runId?: unknown } | undefined;
    if (request.validationError) {
      if (Array.isArray(body?.names) && body.names.length > BULK_IMPORT_MAX_ROWS) {
        throw new HttpError(
          413,
          'payload_too_large',
          `At most ${BULK_IMPORT_MAX_ROWS} rows per request, got ${body.names.length}: split the import into batches`,
          'names',
        );
      }
      // Named as every other route names it (http/errorHandling.ts): the unknown parameter or field itself, or
      // the property at fault; a request without a body is missing its rows.
      const { validation, validationContext = 'body' } = request.validationError as FastifyError;
      const first = validation?.[0];
      const named = first ? fieldOfValidationError(first, validationContext) : 'names';
      const field = named === 'body' ? 'names' : named;
      const problem = first ? describeValidationError(first, field, validationContext) : request.validationError.message;
      throw badRequest(
        validationContext === 'body' ? `Expected { names: [...], runId?: a positive integer } (${problem})` : problem,
        field,
      );
    }
    const rows = body?.names as unknown[];
    const givenRunId = body?.runId as number | undefined;

    // Every row is checked before anything is written: one invalid row rejects the request (see
    // validateBulkImportRows for why), so a 400 always means "nothing from this batch was added".
    const columns = validateBulkImportRows(rows, new Date());
    if (!columns.ok) throw badRequest(columns.error.message, columns.error.field);

    const actor = actorOf(request);
    // One request = one transaction: the rows, the run's counts and the console-action record land
    // together or not at all.
    const response: BulkImportResponse = await db.transaction(async (tx) => {
      if (givenRunId !== undefined) await assertRunOpen(tx, givenRunId);
      const runId = givenRunId ?? (await startRun(tx, actor, SINGLE_BATCH_RUN_NAME)).id;
      const { added: addedCount, trashed: trashedCount } = await insertImportBatch(tx, columns.value, runId);
      const duplicateCount = rows.length - addedCount - trashedCount;
      const run = await countBatch(tx, runId, {
        received: rows.length,
        added: addedCount,
        duplicates: duplicateCount,
        trashed: trashedCount,
      });
      if (givenRunId === undefined) await finishRun(tx, runId, 'done', undefined);
      await recordConsoleAction(tx, actor, {
        action: 'names.import_batch',
        targetType: 'import_run',
        targetId: runId,
        after: { received: rows.length, added: addedCount, duplicates: duplicateCount, trashed: trashedCount },
        details: { batch: run.batches, fileName: run.fileName },
      });
      return { addedCount, duplicateCount, trashedCount, runId };
    });
    onBatch?.({ added: response.addedCount, duplicates: response.duplicateCount ?? 0, trashed: response.trashedCount ?? 0 });
    return response;
  });
};
