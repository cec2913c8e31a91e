// The names API (spec 7, issue 3): registered by app.ts inside the admin-guarded /api scope.
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/types';
import { badRequest, notFound } from '../names/replies';
import {
  countByNationality,
  deleteName,
  deleteNames,
  insertName,
  listNames,
  listNationalities,
  updateName,
} from '../names/repository';
import { parseBulkDelete, parseNameId, parseNameInput, parseNamesQuery } from '../names/validation';

type IdParams = { id?: string };

export const namesRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // GET /names?gender&nationality&limit&offset&alphabetFilter -> NameRecord[] ordered by name, id.
  app.get('/names', async (request, reply) => {
    const filter = parseNamesQuery(request.query as Record<string, unknown>);
    if (!filter.ok) return badRequest(reply, filter.error);
    return listNames(db, filter.value);
  });

  // Static segments win over /names/:id in Fastify's router, so these are never read as ids.
  app.get('/names/nationalities', async () => listNationalities(db));
  app.get('/names/nationalities-with-counts', async () => countByNationality(db));

  app.post('/names', async (request, reply) => {
    const input = parseNameInput(request.body);
    if (!input.ok) return badRequest(reply, input.error);
    return reply.code(201).send(await insertName(db, input.value));
  });

  app.put<{ Params: IdParams }>('/names/:id', async (request, reply) => {
    const id = parseNameId(request.params.id);
    if (!id.ok) return badRequest(reply, id.error);
    const input = parseNameInput(request.body);
    if (!input.ok) return badRequest(reply, input.error);
    const updated = await updateName(db, id.value, input.value);
    return updated ?? notFound(reply, `No name with id ${id.value}`);
  });

  app.delete<{ Params: IdParams }>('/names/:id', async (request, reply) => {
    const id = parseNameId(request.params.id);
    if (!id.ok) return badRequest(reply, id.error);
    if (!(await deleteName(db, id.value))) return notFound(reply, `No name with id ${id.value}`);
    return reply.code(204).send();
  });

  // POST /names/bulk-delete { nameIds } -> { deletedCount }: one DELETE for the whole selection.
  app.post('/names/bulk-delete', async (request, reply) => {
    const ids = parseBulkDelete(request.body);
    if (!ids.ok) return badRequest(reply, ids.error);
    return { deletedCount: await deleteNames(db, ids.value) };
  });
};
