// Checks of a file before its import (contract/importChecks.ts): registered by app.ts inside the admin-guarded /api
// scope. A batch is validated as an import's batch is (contract/bulkImportRows.ts), so the check refuses what the
// import would refuse, with the same message.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { validateBulkImportRows } from '../../../contract/bulkImportRows';
import { IMPORT_CHECK_ACTION } from '../../../contract/importChecks';
import { actorOf, recordConsoleAction } from '../audit/consoleActions';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { badRequest } from '../http/errors';
import { checkImportBatch, endImportCheck, startImportCheck } from '../names/importCheck';
import { BULK_IMPORT_BODY_LIMIT } from './bulkImport';

export const importChecksRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  onEndpoint(app, 'POST /api/admin/import-checks', async (request, reply) => {
    const check = await db.transaction((tx) => startImportCheck(tx, actorOf(request)));
    return reply.code(201).send(check);
  });

  onEndpoint(app, 'POST /api/admin/import-checks/:id/batches', { bodyLimit: BULK_IMPORT_BODY_LIMIT }, async (request) => {
    const columns = validateBulkImportRows(request.body.names, new Date());
    if (!columns.ok) throw badRequest(columns.error.message, columns.error.field);
    return db.transaction((tx) => checkImportBatch(tx, actorOf(request), request.params.id, columns.value));
  });

  // Ending a check is its record on the trail: what the file's import would have done, counted when it was checked.
  onEndpoint(app, 'DELETE /api/admin/import-checks/:id', async (request) => {
    const actor = actorOf(request);
    return db.transaction(async (tx) => {
      const totals = await endImportCheck(tx, actor, request.params.id);
      await recordConsoleAction(tx, actor, {
        action: IMPORT_CHECK_ACTION,
        targetType: 'import_check',
        targetId: request.params.id,
        after: totals,
      });
      return totals;
    });
  });
};
