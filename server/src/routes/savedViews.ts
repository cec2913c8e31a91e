// Saved views and grid preferences (contract/savedViews.ts): registered by app.ts inside the admin-guarded /api
// scope on both stacks. The body's schema (a closed state per page, every text bounded) has been checked by Fastify
// before a handler runs; the handlers check ownership, the version, the name and the per-operator limit.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../audit/consoleActions';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { expectedVersion } from '../http/versions';
import { createView, deleteView, listViews, readPreferences, updateView, writePreferences } from '../views/savedViewsStore';

/** A view is a few kilobytes at most (contract/savedViews.ts bounds every part): anything larger is refused unread. */
export const SAVED_VIEW_BODY_LIMIT = 16 * 1024;

export const savedViewsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  onEndpoint(app, 'GET /api/views', async (request) => ({
    views: await listViews(db, actorOf(request).uid, request.query.page),
  }));

  onEndpoint(app, 'POST /api/views', { bodyLimit: SAVED_VIEW_BODY_LIMIT }, async (request, reply) => {
    const view = await db.transaction((tx) => createView(tx, actorOf(request), request.body));
    return reply.code(201).send(view);
  });

  onEndpoint(app, 'PUT /api/views/:id', { bodyLimit: SAVED_VIEW_BODY_LIMIT }, async (request) =>
    db.transaction((tx) => updateView(tx, actorOf(request), request.params.id, expectedVersion(request.headers), request.body)),
  );

  onEndpoint(app, 'DELETE /api/views/:id', async (request, reply) => {
    await db.transaction((tx) => deleteView(tx, actorOf(request), request.params.id, expectedVersion(request.headers)));
    return reply.code(204).send(null);
  });

  onEndpoint(app, 'GET /api/views/preferences/:page', async (request) => readPreferences(db, actorOf(request).uid, request.params.page));

  onEndpoint(app, 'PUT /api/views/preferences/:page', { bodyLimit: SAVED_VIEW_BODY_LIMIT }, async (request) =>
    db.transaction((tx) => writePreferences(tx, actorOf(request), request.params.page, request.body)),
  );
};
