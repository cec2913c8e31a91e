import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { UserRecord } from '../../../contract/wire';
import { actorOf, recordConsoleAction } from '../audit/consoleActions';
import type { Db } from '../db/types';
import { conflict, notFound } from '../http/errors';
import type { LiveCountsHub } from '../live/liveCounts';
import { createUserRecord, findUserRecord, newUid } from '../users/userRecord';

export interface UsersRoutesOptions {
  db: Db;
  liveCounts: LiveCountsHub;
}

interface CreateUserBody {
  uid?: string;
  email: string;
  username?: string;
  displayName?: string;
}

/** End-user records (the users collection of spec 3). */
export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (app, { db, liveCounts }) => {
  app.get<{ Params: { uid: string } }>(
    '/users/:uid',
    { schema: ENDPOINTS['GET /api/users/:uid'] },
    async (request): Promise<UserRecord> => {
      const record = await findUserRecord(db, request.params.uid);
      if (!record) throw notFound(`No user record ${request.params.uid}`);
      return record;
    },
  );

  app.post<{ Body: CreateUserBody }>('/users', { schema: ENDPOINTS['POST /api/users'] }, async (request, reply) => {
    const { uid = newUid(), email, username, displayName } = request.body;
    const record = await db.transaction(async (tx) => {
      const created = await createUserRecord(tx, { uid, email, username: username ?? null, displayName: displayName ?? null });
      if (created) {
        await tx.query(`INSERT INTO audit_logs (event, user_id, total_active_time_formatted) VALUES ('USER_CREATED', $1, $2)`, [
          uid,
          created.totalActiveTimeFormatted,
        ]);
        await recordConsoleAction(tx, actorOf(request), { action: 'user.create', targetType: 'user', targetId: uid, after: created });
      }
      return created;
    });
    if (!record) throw conflict(`A user record ${uid} already exists`, 'uid');
    // Subscribers to the live counts hear about it now rather than at the next poll.
    void liveCounts.refresh();
    return reply.code(201).send(record);
  });
};
