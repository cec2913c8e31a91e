// The names API (spec 7, issue 3): registered by app.ts inside the admin-guarded /api scope.
import type { FastifyPluginAsync } from 'fastify';
import type { NamesPageResponse } from '../../../contract/wire';
import type { Db } from '../db/types';
import { actorOf } from '../audit/consoleActions';
import { badRequest } from '../http/errors';
import { createName, deleteNameRecorded, deleteNamesRecorded, updateNameRecorded } from '../names/nameWrites';
import { countByNationality, listNamesPage, listNationalities } from '../names/repository';
import type { FieldError } from '../names/result';
import { parseBulkDelete, parseNameId, parseNameInput, parseNamesQuery } from '../names/validation';

/** A validator's failure as the 400 the error handler sends: { error: 'bad_request', message, field }. */
const invalid = (error: FieldError) => badRequest(error.message, error.field);

type IdParams = { id?: string };

export const namesRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // GET /names?gender&nationality&limit&offset&alphabetFilter -> { names (ordered by name, id), total, totalIsEstimate }.
  app.get('/names', async (request): Promise<NamesPageResponse> => {
    const filter = parseNamesQuery(request.query as Record<string, unknown>);
    if (!filter.ok) throw invalid(filter.error);
    const { names, total } = await listNamesPage(db, filter.value);
    // The group counters are exact; the flag exists for backends that can only estimate (the contract's promise).
    return { names, total, totalIsEstimate: false };
  });

  // Static segments win over /names/:id in Fastify's router, so these are never read as ids.
  app.get('/names/nationalities', async () => listNationalities(db));
  app.get('/names/nationalities-with-counts', async () => countByNationality(db));

  app.post('/names', async (request, reply) => {
    const input = parseNameInput(request.body);
    if (!input.ok) throw invalid(input.error);
    return reply.code(201).send(await createName(db, actorOf(request), input.value));
  });

  app.put<{ Params: IdParams }>('/names/:id', async (request) => {
    const id = parseNameId(request.params.id);
    if (!id.ok) throw invalid(id.error);
    const input = parseNameInput(request.body);
    if (!input.ok) throw invalid(input.error);
    return updateNameRecorded(db, actorOf(request), id.value, input.value);
  });

  app.delete<{ Params: IdParams }>('/names/:id', async (request, reply) => {
    const id = parseNameId(request.params.id);
    if (!id.ok) throw invalid(id.error);
    await deleteNameRecorded(db, actorOf(request), id.value);
    return reply.code(204).send();
  });

  // POST /names/bulk-delete { nameIds } -> { deletedCount }: one DELETE for the whole selection.
  app.post('/names/bulk-delete', async (request) => {
    const ids = parseBulkDelete(request.body);
    if (!ids.ok) throw invalid(ids.error);
    return { deletedCount: await deleteNamesRecorded(db, actorOf(request), ids.value) };
  });
};
