import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DocumentCounts, SwipeStats } from '../../../contract/schemas/dashboard';
import { readCounters } from '../counters/rowCounters';
import { onEndpoint } from '../http/contractRoutes';
import type { Db, Queryable } from '../db/types';

/** From the trigger-kept counters (migration 015), never count(*) over whole tables per request. */
const countNamesAndSwipes = (db: Queryable): Promise<{ names: number; swipes: number }> => readCounters(db, ['names', 'swipes']);

/** GET /swipes/stats (spec 7) and the document-count fallback the dashboard uses when it fails. */
export const statsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  onEndpoint(app, 'GET /api/swipes/stats', async (): Promise<SwipeStats> => {
    const { names, swipes } = await countNamesAndSwipes(db);
    return { totalNames: names, totalSwipes: swipes };
  });

  // In this backend the "document store" and the API share one database, so the figures agree;
  // on Firebase the console reads them from Firestore instead.
  onEndpoint(app, 'GET /api/documents/counts', async (): Promise<DocumentCounts> => countNamesAndSwipes(db));
};
