// STUB: replaced by the names API work (issue 3).
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/types';
export const bulkImportRoutes: FastifyPluginAsync<{ db: Db }> = async () => {};
