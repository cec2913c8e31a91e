// User Management and Audit Logs routes (issue 9), registered inside the admin-guarded /api scope.
import type { FastifyPluginAsync } from 'fastify';
import { auditStats, parseAuditStatsQuery } from '../audit/auditStats';
import { pageAuditLogs, parseAuditLogsQuery } from '../audit/auditTrail';
import { actorOf } from '../audit/consoleActions';
import type { Db } from '../db/types';
import { badRequest } from '../http/errors';
import type { LiveCountsHub } from '../live/liveCounts';
import type { Parsed } from '../names/result';
import { deleteUser, parseUid, parseUserFlagsUpdate, updateUserFlags } from '../users/userAdmin';
import { listUsers, parseUserListQuery } from '../users/userList';

export interface UsersAuditRoutesOptions {
  db: Db;
  liveCounts: LiveCountsHub;
}

/** The value of a validator, or the 400 naming the input it refused. */
function valid<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw badRequest(parsed.error.message, parsed.error.field);
  return parsed.value;
}

type UidParams = { uid?: string };

export const usersAuditRoutes: FastifyPluginAsync<UsersAuditRoutesOptions> = async (app, { db, liveCounts }) => {
  // GET /users?search&isPremium&...&sort&order&limit&offset|cursor -> UsersPage
  app.get('/users', async (request) => listUsers(db, valid(parseUserListQuery(request.query as Record<string, unknown>))));

  // PATCH /users/:uid { isPremium?, accountActive? } -> the updated UserRecord
  app.patch<{ Params: UidParams }>('/users/:uid', async (request) => {
    const uid = valid(parseUid(request.params.uid));
    return updateUserFlags(db, actorOf(request), uid, valid(parseUserFlagsUpdate(request.body)));
  });

  // DELETE /users/:uid -> DeleteUserResponse
  app.delete<{ Params: UidParams }>('/users/:uid', async (request) => {
    const result = await deleteUser(db, actorOf(request), valid(parseUid(request.params.uid)));
    void liveCounts.refresh();
    return result;
  });

  // GET /audit-logs?since&event&source&limit&cursor -> AuditLogsPage
  app.get('/audit-logs', async (request) => pageAuditLogs(db, valid(parseAuditLogsQuery(request.query as Record<string, unknown>))));

  // GET /audit-logs/stats?since&source -> AuditStats
  app.get('/audit-logs/stats', async (request) => auditStats(db, valid(parseAuditStatsQuery(request.query as Record<string, unknown>))));
};
