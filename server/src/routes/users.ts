// End-user records (the users collection of spec 3), registered inside the admin-guarded /api scope from their contract
// keys (http/contractRoutes.ts). The SQL is the users area's (server/src/users).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UserRecord } from '../../../contract/schemas/usersAudit';
import { actorOf } from '../audit/consoleActions';
import type { Db } from '../db/types';
import { onEndpoint } from '../http/contractRoutes';
import { conflict, notFound } from '../http/errors';
import { expectedVersion } from '../http/versions';
import type { LiveCountsHub } from '../live/liveCounts';
import { createUserRecorded, deleteUser, updateUserFlags } from '../users/userAdmin';
import { listUsers, userListFilter } from '../users/userList';
import { findUserRecord, newUid } from '../users/userRecord';

export interface UsersRoutesOptions {
  db: Db;
  liveCounts: LiveCountsHub;
}

export const usersRoutes: FastifyPluginAsyncTypebox<UsersRoutesOptions> = async (app, { db, liveCounts }) => {
  onEndpoint(app, 'GET /api/users', async (request) => listUsers(db, userListFilter(request.query)));

  onEndpoint(app, 'GET /api/users/:uid', async (request): Promise<UserRecord> => {
    const record = await findUserRecord(db, request.params.uid);
    if (!record) throw notFound(`No user record ${request.params.uid}`);
    return record;
  });

  onEndpoint(app, 'POST /api/users', async (request, reply) => {
    const { uid = newUid(), email, username, displayName } = request.body;
    const record = await createUserRecorded(db, actorOf(request), {
      uid,
      email,
      username: username ?? null,
      displayName: displayName ?? null,
    });
    if (!record) throw conflict(`A user record ${uid} already exists`, 'uid');
    // Subscribers to the live counts hear about it now rather than at the next poll.
    void liveCounts.refresh();
    return reply.code(201).send(record);
  });

  onEndpoint(app, 'PATCH /api/users/:uid', async (request) =>
    updateUserFlags(db, actorOf(request), request.params.uid, request.body, { expectedVersion: expectedVersion(request.headers) }),
  );

  onEndpoint(app, 'DELETE /api/users/:uid', async (request) => {
    const result = await deleteUser(db, actorOf(request), request.params.uid, expectedVersion(request.headers));
    void liveCounts.refresh();
    return result;
  });
};
