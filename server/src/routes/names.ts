// The names API (spec 7, issue 3): registered by app.ts inside the admin-guarded /api scope. Every
// input is checked by its schema in contract/endpoints.ts before a handler runs.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { NamesPageResponse } from '../../../contract/wire';
import type { Db } from '../db/types';
import { actorOf } from '../audit/consoleActions';
import { createName, deleteNameRecorded, deleteNamesRecorded, updateNameRecorded } from '../names/nameWrites';
import { nameValues, namesFilter } from '../names/nameInput';
import { countByNationality, listNamesPage, listNationalities } from '../names/repository';

export const namesRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // GET /names?gender&nationality&limit&offset&alphabetFilter -> { names (ordered by name, id), total, totalIsEstimate }.
  app.get('/names', { schema: ENDPOINTS['GET /api/names'] }, async (request): Promise<NamesPageResponse> => {
    const { names, total } = await listNamesPage(db, namesFilter(request.query));
    // The group counters are exact; the flag exists for backends that can only estimate (the contract's promise).
    return { names, total, totalIsEstimate: false };
  });

  // Static segments win over /names/:id in Fastify's router, so these are never read as ids.
  app.get('/names/nationalities', { schema: ENDPOINTS['GET /api/names/nationalities'] }, async () => listNationalities(db));
  app.get('/names/nationalities-with-counts', { schema: ENDPOINTS['GET /api/names/nationalities-with-counts'] }, async () =>
    countByNationality(db),
  );

  app.post('/names', { schema: ENDPOINTS['POST /api/names'] }, async (request, reply) =>
    reply.code(201).send(await createName(db, actorOf(request), nameValues(request.body))),
  );

  app.put('/names/:id', { schema: ENDPOINTS['PUT /api/names/:id'] }, async (request) =>
    updateNameRecorded(db, actorOf(request), request.params.id, nameValues(request.body)),
  );

  app.delete('/names/:id', { schema: ENDPOINTS['DELETE /api/names/:id'] }, async (request, reply) => {
    await deleteNameRecorded(db, actorOf(request), request.params.id);
    return reply.code(204).send(null);
  });

  // POST /names/bulk-delete { nameIds } -> { deletedCount }: one DELETE for the whole selection.
  app.post('/names/bulk-delete', { schema: ENDPOINTS['POST /api/names/bulk-delete'] }, async (request) => ({
    deletedCount: await deleteNamesRecorded(db, actorOf(request), request.body.nameIds),
  }));
};
