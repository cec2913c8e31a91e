// Restoring the console's full backup (contract/backupRestore.ts): open, stage rows, check, apply (in the background:
// 202), cancel, and the restores as the console follows them. Registered by app.ts inside the admin-guarded /api
// scope; every input is checked by its schema in contract/endpoints.ts.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { RESTORE_BATCH_MAX_ROWS, RESTORE_ROW_MAX_BYTES } from '../../../contract/backupRestore';
import { ENDPOINTS } from '../../../contract/endpoints';
import { actorOf } from '../audit/consoleActions';
import { onEndpoint } from '../http/contractRoutes';
import type { Db } from '../db/types';
import { badRequest, conflict, HttpError } from '../http/errors';
import { adminChangeCount, refuseSelfLockout, RestoreRefused } from '../restores/restoreApply';
import { checkRestore, type LiveSource } from '../restores/restorePlan';
import type { RestoreRunner } from '../restores/restoreRunner';
import {
  endUnapplied,
  findRestore,
  listRestores,
  openRestore,
  assertNoOtherApplying,
  takeApplyLock,
  stageBatch,
  toSession,
  type RestoreRow,
} from '../restores/restoreSessions';

export interface RestoresRoutesOptions {
  db: Db;
  runner: RestoreRunner;
  /** Firebase mode: the check compares users, connections and audit_logs with Firestore (restores/firestoreRestore.ts) */
  live?: LiveSource;
}

/** A full batch of rows at their largest, and room for the envelope. */
const ROWS_BODY_LIMIT = RESTORE_BATCH_MAX_ROWS * RESTORE_ROW_MAX_BYTES + 64 * 1024;

/** The admin changes of a plan, named as the confirmation would name them. */
function adminChangeText(plan: NonNullable<RestoreRow['plan']>, mode: 'add' | 'replace'): string {
  const { add, replace, examples } = plan.adminChanges;
  const granted = mode === 'add' ? add.granted : replace.granted;
  const revoked = mode === 'add' ? 0 : replace.revoked;
  const named = examples
    .filter((e) => e.modes.includes(mode))
    .slice(0, 3)
    .map((e) => e.email ?? e.uid)
    .join(', ');
  const parts = [
    ...(granted > 0 ? [`${granted} would become admins`] : []),
    ...(revoked > 0 ? [`${revoked} would stop being admins`] : []),
  ];
  return `${parts.join(' and ')}${named ? ` (${named}${granted + revoked > 3 ? ', …' : ''})` : ''}`;
}

export const restoresRoutes: FastifyPluginAsyncTypebox<RestoresRoutesOptions> = async (app, { db, runner, live }) => {
  const answer = (row: RestoreRow) => toSession(row, runner.progressOf(Number(row.id)));

  onEndpoint(app, 'GET /api/admin/restores', async () => ({
    restores: (await listRestores(db)).map(answer),
  }));

  onEndpoint(app, 'POST /api/admin/restores', async (request, reply) => {
    const fileName = request.body.fileName.trim();
    if (fileName === '') throw badRequest('fileName must not be empty', 'fileName');
    const actor = actorOf(request);
    const row = await db.transaction((tx) => openRestore(tx, actor, fileName, request.body.fileSize));
    return reply.code(201).send(answer(row));
  });

  onEndpoint(app, 'GET /api/admin/restores/:id', async (request) => answer(await findRestore(db, request.params.id)));

  await app.register(async (scope) => {
    const rows = scope.withTypeProvider<TypeBoxTypeProvider>();
    // A backup row with a __proto__ or constructor key is refused as that row (contract/backupRestore.ts names it),
    // not as the whole batch: the app's JSON parser (http/errorHandling.ts) refuses such a body outright, so this
    // route reads its body with JSON.parse, which keeps such a key as plain data (it sets no prototype). The rows
    // are only checked (Object.keys) and serialised: nothing assigns from them.
    rows.removeContentTypeParser('application/json');
    rows.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(badRequest('The body is not valid JSON', 'body'), undefined);
      }
    });
    rows.post(
      '/admin/restores/:id/rows',
      { schema: ENDPOINTS['POST /api/admin/restores/:id/rows'], bodyLimit: ROWS_BODY_LIMIT },
      async (request) => {
        const { collection, firstIndex, rows: batch } = request.body;
        return db.transaction((tx) => stageBatch(tx, request.params.id, collection, firstIndex, batch));
      },
    );
  });

  onEndpoint(app, 'POST /api/admin/restores/:id/check', async (request) =>
    answer(await db.transaction((tx) => checkRestore(tx, request.params.id, request.body, live))),
  );

  onEndpoint(app, 'POST /api/admin/restores/:id/apply', async (request, reply) => {
    const { id } = request.params;
    const { mode, confirmAdminChanges } = request.body;
    const actor = actorOf(request);
    const row = await db.transaction(async (tx) => {
      await takeApplyLock(tx);
      const restore = await findRestore(tx, id, true);
      if (restore.state !== 'ready') {
        throw conflict(`Restore ${id} is ${restore.state}: only a checked restore (ready) can be applied`, 'id');
      }
      await assertNoOtherApplying(tx, id);
      const plan = restore.plan!;
      if (plan.applyRefusal) throw conflict(`This restore cannot be applied: ${plan.applyRefusal}`, 'id');
      if (mode === 'replace' && plan.replaceRefusal) throw conflict(`Replace cannot be applied: ${plan.replaceRefusal}`, 'mode');
      if (adminChangeCount(plan.adminChanges, mode) > 0 && !confirmAdminChanges) {
        throw conflict(
          `This restore changes who may sign in to the console: ${adminChangeText(plan, mode)}. Confirm it (confirmAdminChanges: true)`,
          'confirmAdminChanges',
        );
      }
      if (mode === 'replace') {
        try {
          await refuseSelfLockout(tx, id, actor);
        } catch (error) {
          if (error instanceof RestoreRefused) throw conflict(error.message, 'mode');
          throw error;
        }
      }
      const { rows: started } = await tx.query<RestoreRow>(
        `UPDATE backup_restores
            SET state = 'applying', mode = $2, applied_by_uid = $3, applied_by_email = $4, apply_started_at = now(),
                progress = '{"step":"starting","done":0,"total":0}', cancel_requested_by = NULL, last_activity_at = now()
          WHERE id = $1 RETURNING *`,
        [id, mode, actor.uid, actor.email],
      );
      return started[0]!;
    });
    runner.start(row, { mode, actor, confirmAdminChanges });
    return reply.code(202).send(answer(row));
  });

  onEndpoint(app, 'POST /api/admin/restores/:id/cancel', async (request) => {
    const { id } = request.params;
    const actor = actorOf(request);
    const row = await db.transaction(async (tx) => {
      const restore = await findRestore(tx, id, true);
      if (restore.state === 'staging' || restore.state === 'ready') {
        return (await endUnapplied(tx, id, 'cancelled', `Cancelled by ${actor.email}. Nothing was written.`, ['staging', 'ready']))!;
      }
      if (restore.state === 'applying') {
        // The apply stops at its next slice and rolls back; GET .../:id shows 'cancelled' then.
        const { rows } = await tx.query<RestoreRow>(
          `UPDATE backup_restores SET cancel_requested_by = coalesce(cancel_requested_by, $2) WHERE id = $1 RETURNING *`,
          [id, actor.email],
        );
        return rows[0]!;
      }
      throw new HttpError(409, 'conflict', `Restore ${id} already ended (${restore.state}): there is nothing to cancel`, 'id');
    });
    if (row.state === 'applying') runner.requestCancel(id, actor.email);
    return answer(row);
  });
};
