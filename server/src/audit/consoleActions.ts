// The console-action trail: every write the console makes is recorded here by the server, inside the
// transaction that makes the change (pass the `tx` you change things with), so the record and the change
// land together or not at all. The browser never writes these.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types';

/** Actions the console performs. Extend the union as screens gain writes. */
export type ConsoleAction =
  | 'name.create'
  | 'name.update'
  | 'name.delete'
  | 'names.bulk_delete'
  | 'names.restore'
  | 'names.purge'
  | 'names.purge_expired'
  | 'name.revert'
  | 'names.import_batch'
  | 'import.undo'
  | 'user.update'
  | 'user.revert'
  | 'user.delete'
  | 'account.delete'
  | 'migration.run'
  | 'export.run'
  | 'backup.restore'
  | (string & {});

export interface Actor {
  uid: string;
  email: string;
}

export interface ConsoleActionEntry {
  action: ConsoleAction;
  targetType: string;
  targetId?: string | number | null;
  /**
   * The records an action on several touched (a bulk delete, a restore, an import's undo): each record's history
   * finds the action through them (console_action_targets, migration 060).
   */
  touched?: { targetType: string; ids: readonly (string | number)[] };
  before?: unknown;
  after?: unknown;
  details?: unknown;
}

/** The acting admin of a request that passed the admin guard. */
export function actorOf(request: FastifyRequest): Actor {
  const account = request.account;
  if (!account) throw new Error('actorOf: the request has no signed-in account (is the route behind the guard?)');
  return { uid: account.uid, email: account.email ?? account.uid };
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** The server's own actions (the trash's retention purge): no operator made them. */
export const SYSTEM_ACTOR: Actor = { uid: 'system', email: 'the server (automatic)' };

/** Records the action; answers its id. */
export async function recordConsoleAction(tx: Queryable, actor: Actor, entry: ConsoleActionEntry): Promise<number> {
  const { rows } = await tx.query<{ id: number | string }>(
    `INSERT INTO console_actions (actor_uid, actor_email, action, target_type, target_id, before, after, details)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb) RETURNING id`,
    [
      actor.uid,
      actor.email,
      entry.action,
      entry.targetType,
      entry.targetId == null ? null : String(entry.targetId),
      json(entry.before),
      json(entry.after),
      json(entry.details),
    ],
  );
  const id = Number(rows[0]!.id);
  if (entry.touched && entry.touched.ids.length > 0) {
    await tx.query(
      `INSERT INTO console_action_targets (target_type, target_id, action_id)
       SELECT $1, t, $3 FROM unnest($2::text[]) AS t ON CONFLICT DO NOTHING`,
      [entry.touched.targetType, entry.touched.ids.map(String), id],
    );
  }
  return id;
}
