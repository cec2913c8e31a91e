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
  | 'names.import_batch'
  | 'import.undo'
  | 'user.update'
  | 'user.delete'
  | 'migration.run'
  | 'export.run'
  | (string & {});

export interface Actor {
  uid: string;
  email: string;
}

export interface ConsoleActionEntry {
  action: ConsoleAction;
  targetType: string;
  targetId?: string | number | null;
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

export async function recordConsoleAction(tx: Queryable, actor: Actor, entry: ConsoleActionEntry): Promise<void> {
  await tx.query(
    `INSERT INTO console_actions (actor_uid, actor_email, action, target_type, target_id, before, after, details)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb)`,
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
}
