// DELETE /api/accounts/:uid: Firebase mode only (app.ts registers it with the Firebase identity), inside the
// admin-guarded /api scope. What it deletes and in which order: users/accountDeletion.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../audit/consoleActions';
import type { FirebaseIdentity } from '../auth/firebaseIdentity';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { deleteFirebaseAccount } from '../users/accountDeletion';

export interface AccountsRoutesOptions {
  db: Db;
  identity: FirebaseIdentity;
}

export const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, { db, identity }) => {
  // DELETE /accounts/:uid -> AccountDeletionResponse (the Auth account's outcome and the rows removed)
  onEndpoint(app, 'DELETE /api/accounts/:uid', async (request) =>
    deleteFirebaseAccount(db, identity, actorOf(request), request.params.uid),
  );
};
