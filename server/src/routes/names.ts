// The names API (spec 7): registered by app.ts inside the admin-guarded /api scope. Every input is checked by its
// schema in contract/endpoints.ts before a handler runs. A delete moves names to the trash (names/trash.ts);
// the trash routes list, restore and delete forever (contract/dataSafety.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { NamesPageResponse } from '../../../contract/schemas/names';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { actorOf } from '../audit/consoleActions';
import { expectedVersion } from '../http/versions';
import {
  createName,
  deleteNameRecorded,
  deleteNamesRecorded,
  purgeNamesRecorded,
  restoreNamesRecorded,
  updateNameRecorded,
} from '../names/nameWrites';
import { nameValues, namesFilter } from '../names/nameInput';
import { countByNationality, listNamesPage, listNationalities } from '../names/repository';
import { searchNames } from '../names/nameSearch';
import { listTrash, namesImpact } from '../names/trash';
import {
  cancelNameBulkJob,
  createNameBulkJob,
  readNameBulkJob,
  resumeIfStalled,
  startNameBulkJob,
  stopNameBulkJobs,
} from '../names/bulkJobs';

export interface NamesRoutesOptions {
  db: Db;
  /** TRASH_RETENTION_DAYS: how long a deleted name stays restorable */
  retentionDays: number;
}

export const namesRoutes: FastifyPluginAsyncTypebox<NamesRoutesOptions> = async (app, { db, retentionDays }) => {
  // GET /names?gender&nationality&limit&offset&alphabetFilter -> { names (ordered by name, id), total, totalIsEstimate };
  // with q, the search's order (names/nameSearch.ts) and what it found per group.
  onEndpoint(app, 'GET /api/names', async (request): Promise<NamesPageResponse> => {
    const filter = namesFilter(request.query);
    const { names, total, search } = filter.search
      ? await searchNames(db, { ...filter, search: filter.search })
      : { ...(await listNamesPage(db, filter)), search: undefined };
    // The group counters are exact (the flag exists for backends that can only estimate); a search says in
    // search.exact whether it counted every match or stopped at its bound (contract/nameSearch.ts).
    return { names, total, totalIsEstimate: false, ...(search ? { search } : {}) };
  });

  // Static segments win over /names/:id in Fastify's router, so these are never read as ids.
  onEndpoint(app, 'GET /api/names/nationalities', async () => listNationalities(db));
  onEndpoint(app, 'GET /api/names/nationalities-with-counts', async () => countByNationality(db));

  onEndpoint(app, 'POST /api/names', async (request, reply) =>
    reply.code(201).send(await createName(db, actorOf(request), nameValues(request.body), retentionDays)),
  );

  onEndpoint(app, 'PUT /api/names/:id', async (request) =>
    updateNameRecorded(db, actorOf(request), request.params.id, nameValues(request.body), {
      expectedVersion: expectedVersion(request.headers),
      retentionDays,
    }),
  );

  onEndpoint(app, 'DELETE /api/names/:id', async (request, reply) => {
    await deleteNameRecorded(db, actorOf(request), request.params.id, expectedVersion(request.headers));
    return reply.code(204).send(null);
  });

  // POST /names/bulk-delete { nameIds, versions? } -> what moved to the trash, as one deletion.
  onEndpoint(app, 'POST /api/names/bulk-delete', async (request) => {
    const move = await deleteNamesRecorded(db, actorOf(request), request.body.nameIds, request.body.versions);
    return { deletedCount: move.moved.length, swipes: move.swipes, matches: move.matches, deletionId: move.deletionId };
  });

  // Every name matching a filter (contract/namesBulkJobs.ts): the job starts here and runs on in the background,
  // batch by batch; the console polls its progress and may cancel it.
  const logJobError = (error: unknown) => app.log.error({ err: error }, 'names job batch failed');
  app.addHook('onClose', async () => stopNameBulkJobs(db));
  onEndpoint(app, 'POST /api/names/bulk-jobs', async (request, reply) => {
    const job = await createNameBulkJob(db, actorOf(request), request.body);
    startNameBulkJob(db, job.id, logJobError);
    return reply.code(202).send(job);
  });
  onEndpoint(app, 'GET /api/names/bulk-jobs/:id', async (request) => {
    await resumeIfStalled(db, request.params.id, logJobError);
    return readNameBulkJob(db, request.params.id);
  });
  onEndpoint(app, 'POST /api/names/bulk-jobs/:id/cancel', async (request) => cancelNameBulkJob(db, request.params.id));

  // What a delete would take to the trash, for its confirmation: read from the per-name summary.
  onEndpoint(app, 'POST /api/names/delete-preview', async (request) => namesImpact(db, request.body.nameIds));

  onEndpoint(app, 'GET /api/names/trash', async (request) =>
    listTrash(
      db,
      { limit: request.query.limit ?? 50, offset: request.query.offset ?? 0, deletionId: request.query.deletionId },
      retentionDays,
    ),
  );

  onEndpoint(app, 'POST /api/names/restore', async (request) => {
    const body = request.body;
    const selection = 'deletionId' in body ? { deletionId: body.deletionId, limit: body.limit } : { nameIds: body.nameIds };
    const result = await db.transaction((tx) => restoreNamesRecorded(tx, actorOf(request), selection));
    const answer = { restoredCount: result.restored.length, swipes: result.swipes, matches: result.matches };
    return result.remaining === undefined ? answer : { ...answer, remaining: result.remaining };
  });

  // Delete forever: the names and the swipes they carry, recorded with what went.
  onEndpoint(app, 'POST /api/names/trash/purge', async (request) => {
    const result = await db.transaction((tx) => purgeNamesRecorded(tx, actorOf(request), request.body.nameIds));
    return { purgedCount: result.purged.length, swipes: result.swipes, matches: result.matches };
  });
};
