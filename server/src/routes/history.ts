// A record's history and reverting a change (contract/dataSafety.ts), inside the admin-guarded /api scope.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../audit/consoleActions';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { badRequest } from '../http/errors';
import { expectedVersion } from '../http/versions';
import { readHistory } from '../history/recordHistory';
import { revertChange } from '../history/revert';

export const historyRoutes: FastifyPluginAsyncTypebox<{ db: Db; retentionDays: number }> = async (app, { db, retentionDays }) => {
  onEndpoint(app, 'GET /api/history/:targetType/:id', async (request) => {
    const { targetType, id } = request.params;
    if (targetType === 'name' && !/^[1-9][0-9]{0,15}$/.test(id)) throw badRequest('A name id is a positive whole number', 'id');
    const { limit = 50, before, source = 'all' } = request.query;
    return readHistory(db, targetType, id, { limit, before, appEvents: source === 'all' });
  });

  onEndpoint(app, 'POST /api/history/revert', async (request) =>
    revertChange(db, actorOf(request), { ...request.body, expectedVersion: expectedVersion(request.headers) }, retentionDays),
  );
};
