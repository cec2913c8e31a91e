// Import runs (issue 6 §3): the console starts a run, sends its batches with the run id
// (routes/bulkImport.ts), finishes it, lists recent runs after a reload, and can undo one.
// Registered by app.ts inside the admin-guarded /api scope.
import type { FastifyPluginAsync } from 'fastify';
import {
  IMPORT_RUN_FINISH_STATES,
  RECENT_IMPORT_RUNS,
  type FinishImportRunRequest,
  type StartImportRunRequest,
  type UndoImportRunResponse,
} from '../../../contract/importRuns';
import { actorOf, recordConsoleAction } from '../audit/consoleActions';
import type { Db } from '../db/types';
import { badRequest } from '../http/errors';
import { finishRun, getRunDetail, listRecentRuns, MAX_FILE_NAME_LENGTH, startRun, undoRun } from '../imports/importRuns';

const count = { type: 'integer', minimum: 0 } as const;

const startSchema = {
  type: 'object',
  required: ['fileName'],
  additionalProperties: false,
  properties: { fileName: { type: 'string', minLength: 1, maxLength: MAX_FILE_NAME_LENGTH } },
} as const;

const finishSchema = {
  type: 'object',
  required: ['state'],
  additionalProperties: false,
  properties: {
    state: { type: 'string', enum: IMPORT_RUN_FINISH_STATES },
    report: {
      type: 'object',
      required: ['rowsRead', 'rowsSkipped', 'skippedByReason', 'encoding'],
      additionalProperties: false,
      properties: {
        rowsRead: count,
        rowsSkipped: count,
        skippedByReason: { type: 'object', maxProperties: 32, additionalProperties: count, propertyNames: { maxLength: 64 } },
        encoding: { type: ['string', 'null'], maxLength: 32 },
      },
    },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

const listQuery = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: RECENT_IMPORT_RUNS } },
} as const;

type IdParams = { id: number };

export const importRunsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Querystring: { limit: number } }>('/admin/import-runs', { schema: { querystring: listQuery } }, async (request) =>
    listRecentRuns(db, request.query.limit),
  );

  app.get<{ Params: IdParams }>('/admin/import-runs/:id', { schema: { params: idParams } }, async (request) =>
    getRunDetail(db, request.params.id),
  );

  app.post<{ Body: StartImportRunRequest }>('/admin/import-runs', { schema: { body: startSchema } }, async (request, reply) => {
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

  app.post<{ Params: IdParams; Body: FinishImportRunRequest }>(
    '/admin/import-runs/:id/finish',
    { schema: { params: idParams, body: finishSchema } },
    async (request) => {
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const { before, after } = await finishRun(tx, request.params.id, request.body.state, request.body.report);
        await recordConsoleAction(tx, actor, { action: 'import.finish', targetType: 'import_run', targetId: after.id, before, after });
        return after;
      });
    },
  );

  app.post<{ Params: IdParams }>('/admin/import-runs/:id/undo', { schema: { params: idParams } }, async (request) => {
    const actor = actorOf(request);
    const response: UndoImportRunResponse = await db.transaction(async (tx) => {
      const { before, after, deletedCount } = await undoRun(tx, actor, request.params.id);
      await recordConsoleAction(tx, actor, {
        action: 'import.undo',
        targetType: 'import_run',
        targetId: after.id,
        before,
        after,
        details: { deletedCount },
      });
      return { deletedCount, run: after };
    });
    return response;
  });
};
