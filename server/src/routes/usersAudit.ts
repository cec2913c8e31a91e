// User Management and Audit Logs routes, registered inside the admin-guarded /api scope.
// Inputs are checked by their schemas in contract/endpoints.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ENDPOINTS } from '../../../contract/endpoints';
import { auditStats, auditStatsFilter } from '../audit/auditStats';
import { auditLogsFilter, pageAuditLogs } from '../audit/auditTrail';
import { actorOf } from '../audit/consoleActions';
import type { Db } from '../db/types';
import { expectedVersion } from '../http/versions';
import type { LiveCountsHub } from '../live/liveCounts';
import { deleteUser, updateUserFlags } from '../users/userAdmin';
import { listUsers, userListFilter } from '../users/userList';

export interface UsersAuditRoutesOptions {
  db: Db;
  liveCounts: LiveCountsHub;
}

export const usersAuditRoutes: FastifyPluginAsyncTypebox<UsersAuditRoutesOptions> = async (app, { db, liveCounts }) => {
  // GET /users?search&isPremium&...&sort&order&limit&offset|cursor -> UsersPage
  app.get('/users', { schema: ENDPOINTS['GET /api/users'] }, async (request) => listUsers(db, userListFilter(request.query)));

  // PATCH /users/:uid { isPremium?, accountActive? } -> the updated UserRecord
  app.patch('/users/:uid', { schema: ENDPOINTS['PATCH /api/users/:uid'] }, async (request) =>
    updateUserFlags(db, actorOf(request), request.params.uid, request.body, { expectedVersion: expectedVersion(request.headers) }),
  );

  // DELETE /users/:uid -> DeleteUserResponse
  app.delete('/users/:uid', { schema: ENDPOINTS['DELETE /api/users/:uid'] }, async (request) => {
    const result = await deleteUser(db, actorOf(request), request.params.uid, expectedVersion(request.headers));
    void liveCounts.refresh();
    return result;
  });

  // GET /audit-logs?since&event&source&limit&cursor -> AuditLogsPage
  app.get('/audit-logs', { schema: ENDPOINTS['GET /api/audit-logs'] }, async (request) =>
    pageAuditLogs(db, auditLogsFilter(request.query)),
  );

  // GET /audit-logs/stats?since&source -> AuditStats
  app.get('/audit-logs/stats', { schema: ENDPOINTS['GET /api/audit-logs/stats'] }, async (request) =>
    auditStats(db, auditStatsFilter(request.query)),
  );
};
