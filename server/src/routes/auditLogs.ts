// Audit Logs: the app's events and the console's own actions, registered inside the admin-guarded /api scope from their
// contract keys (http/contractRoutes.ts). The SQL is the audit area's (server/src/audit).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditStats, auditStatsFilter } from '../audit/auditStats';
import { auditLogsFilter, pageAuditLogs } from '../audit/auditTrail';
import type { Db } from '../db/types';
import { onEndpoint } from '../http/contractRoutes';

export const auditLogsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  onEndpoint(app, 'GET /api/audit-logs', async (request) => pageAuditLogs(db, auditLogsFilter(request.query)));
  onEndpoint(app, 'GET /api/audit-logs/stats', async (request) => auditStats(db, auditStatsFilter(request.query)));
};
