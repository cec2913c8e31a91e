import { onEndpoint } from '../http/contractRoutes';
// The operators page (contract/operators.ts): who may sign in to the console, invitations, password links, grant and
// revoke. Registered by app.ts inside the admin-guarded /api scope with the reference backend's directory; the
// directory is an option so that another backend's (Firebase mode's) can be handed in instead.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../audit/consoleActions';
import { HttpError } from '../http/errors';
import type { OperatorDirectory } from '../operators/directory';

export interface OperatorsRoutesOptions {
  directory: OperatorDirectory;
}

export const operatorsRoutes: FastifyPluginAsyncTypebox<OperatorsRoutesOptions> = async (app, { directory }) => {
  onEndpoint(app, 'GET /api/admin/operators', async () => directory.list());

  // The answer carries the link's token once; the server keeps only its hash.
  onEndpoint(app, 'POST /api/admin/operators/invites', async (request, reply) =>
    reply.code(201).send(await directory.invite(actorOf(request), request.body.email)),
  );

  onEndpoint(app, 'DELETE /api/admin/operators/invites/:id', async (request, reply) => {
    await directory.withdrawInvite(actorOf(request), request.params.id);
    return reply.code(204).send(null);
  });

  onEndpoint(app, 'POST /api/admin/operators/:uid/grant', async (request) => directory.grant(actorOf(request), request.params.uid));

  onEndpoint(app, 'POST /api/admin/operators/:uid/revoke', async (request) => directory.revoke(actorOf(request), request.params.uid));

  // Another operator's two-factor sign-in off, their sessions ended (contract/mfa.ts); where the directory can.
  onEndpoint(app, 'POST /api/admin/operators/:uid/reset-mfa', async (request) => {
    if (!directory.resetMfa)
      throw new HttpError(501, 'not_available', 'This sign-in service keeps its own second factors: reset them there.');
    return directory.resetMfa(actorOf(request), request.params.uid);
  });

  onEndpoint(app, 'POST /api/admin/operators/:uid/reset-password', async (request, reply) =>
    reply.code(201).send(await directory.resetLink(actorOf(request), request.params.uid)),
  );
};
