// Import runs: the console starts a run, sends its batches with the run id
// (routes/bulkImport.ts), finishes it, lists recent runs after a reload, and can undo one.
// Registered by app.ts inside the admin-guarded /api scope.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RECENT_IMPORT_RUNS } from '../../../contract/importRuns';
import type { UndoImportRunResponse } from '../../../contract/schemas/importRuns';
import { actorOf, recordConsoleAction } from '../audit/consoleActions';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { badRequest } from '../http/errors';
import { finishRun, getRunDetail, listRecentRuns, startRun, undoRun } from '../imports/importRuns';

export const importRunsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  onEndpoint(app, 'GET /api/admin/import-runs', async (request) => listRecentRuns(db, request.query.limit ?? RECENT_IMPORT_RUNS));

  onEndpoint(app, 'GET /api/admin/import-runs/:id', async (request) => getRunDetail(db, request.params.id));

  onEndpoint(app, 'POST /api/admin/import-runs', async (request, reply) => {
    const fileName = request.body.fileName.trim();
    if (fileName === '') throw badRequest('fileName must not be empty', 'fileName');
    const actor = actorOf(request);
    const run = await db.transaction(async (tx) => {
      const started = await startRun(tx, actor, fileName);
      await recordConsoleAction(tx, actor, { action: 'import.start', targetType: 'import_run', targetId: started.id, after: started });
      return started;
    });
    return reply.code(201).send(run);
  });

  onEndpoint(app, 'POST /api/admin/import-runs/:id/finish', async (request) => {
    const actor = actorOf(request);
    return db.transaction(async (tx) => {
      const { before, after } = await finishRun(tx, request.params.id, request.body.state, request.body.report);
      await recordConsoleAction(tx, actor, { action: 'import.finish', targetType: 'import_run', targetId: after.id, before, after });
      return after;
    });
  });

  onEndpoint(app, 'POST /api/admin/import-runs/:id/undo', async (request) => {
    const actor = actorOf(request);
    const response: UndoImportRunResponse = await db.transaction(async (tx) => {
      const { before, after, move, keptEditedCount } = await undoRun(tx, actor, request.params.id);
      const deletedCount = move.moved.length;
      await recordConsoleAction(tx, actor, {
        action: 'import.undo',
        targetType: 'import_run',
        targetId: after.id,
        before,
        after,
        details: { deletedCount, keptEditedCount, trash: true, deletionId: move.deletionId, swipes: move.swipes, matches: move.matches },
        // Each name's history finds the undo that moved it; `moved` below says what each was.
        touched: { targetType: 'name', ids: move.moved.map((n) => n.id) },
      });
      return { deletedCount, keptEditedCount, deletionId: move.deletionId, run: after };
    });
    return response;
  });
};
