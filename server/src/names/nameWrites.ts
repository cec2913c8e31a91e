// The names API's writes (issue 6 §3): each one in a transaction with its console-action record
// (before and after values), and refusing a second copy of a name, gender and nationality
// (names_identity_key, migration 010) with 409 "already exists".
import type { NameRecord } from '../../../contract/wire';
import { NAME_EXISTS_REASON } from '../../../contract/importRuns';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import type { Db, Queryable } from '../db/types';
import { conflict, notFound } from '../http/errors';
import { NAME_COLUMNS, toNameRecord } from './repository';
import type { NameValues } from './nameInput';

type NameRow = Parameters<typeof toNameRecord>[0];

const alreadyExists = () => conflict(NAME_EXISTS_REASON, 'name');

/** A concurrent write can still pass the existence check; the unique index then decides, and says the same. */
function isIdentityViolation(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== '23505') return false;
  return e.constraint === undefined || e.constraint === 'names_identity_key' || String(e.message).includes('names_identity_key');
}

async function translatingConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isIdentityViolation(error)) throw alreadyExists();
    throw error;
  }
}

/** Another row (not `exceptId`) already holds this name, gender and nationality. */
async function identityTaken(db: Queryable, v: NameValues, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM names
      WHERE lower(name) = lower($1) AND gender = $2 AND lower(nationality) = lower($3) AND ($4::bigint IS NULL OR id <> $4::bigint)
      LIMIT 1`,
    [v.name, v.gender, v.nationality, exceptId],
  );
  return rows.length > 0;
}

async function lockName(tx: Queryable, id: number): Promise<NameRecord> {
  const { rows } = await tx.query<NameRow>(`SELECT ${NAME_COLUMNS} FROM names WHERE id = $1 FOR UPDATE`, [id]);
  if (!rows[0]) throw notFound(`No name with id ${id}`);
  return toNameRecord(rows[0]);
}

export function createName(db: Db, actor: Actor, v: NameValues): Promise<NameRecord> {
  return translatingConflicts(() =>
    db.transaction(async (tx) => {
      const { rows } = await tx.query<NameRow>(
        `INSERT INTO names (name, gender, nationality, first_letter) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING ${NAME_COLUMNS}`,
        [v.name, v.gender, v.nationality, v.firstLetter],
      );
      if (!rows[0]) throw alreadyExists();
      const created = toNameRecord(rows[0]);
      await recordConsoleAction(tx, actor, { action: 'name.create', targetType: 'name', targetId: created.id, after: created });
      return created;
    }),
  );
}

export function updateNameRecorded(db: Db, actor: Actor, id: number, v: NameValues): Promise<NameRecord> {
  return translatingConflicts(() =>
    db.transaction(async (tx) => {
      const before = await lockName(tx, id);
      if (await identityTaken(tx, v, id)) throw alreadyExists();
      const { rows } = await tx.query<NameRow>(
        `UPDATE names SET name = $2, gender = $3, nationality = $4, first_letter = $5 WHERE id = $1 RETURNING ${NAME_COLUMNS}`,
        [id, v.name, v.gender, v.nationality, v.firstLetter],
      );
      const after = toNameRecord(rows[0]!);
      await recordConsoleAction(tx, actor, { action: 'name.update', targetType: 'name', targetId: id, before, after });
      return after;
    }),
  );
}

export function deleteNameRecorded(db: Db, actor: Actor, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<NameRow>(`DELETE FROM names WHERE id = $1 RETURNING ${NAME_COLUMNS}`, [id]);
    if (!rows[0]) throw notFound(`No name with id ${id}`);
    await recordConsoleAction(tx, actor, { action: 'name.delete', targetType: 'name', targetId: id, before: toNameRecord(rows[0]) });
  });
}

/** One DELETE for the selection; ids that do not exist are simply not counted. One record lists what was deleted. */
export function deleteNamesRecorded(db: Db, actor: Actor, ids: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<NameRow>(`DELETE FROM names WHERE id = ANY($1::bigint[]) RETURNING ${NAME_COLUMNS}`, [ids]);
    if (rows.length > 0) {
      await recordConsoleAction(tx, actor, {
        action: 'names.bulk_delete',
        targetType: 'name',
        before: rows.map(toNameRecord),
        details: { requested: ids.length, deleted: rows.length },
      });
    }
    return rows.length;
  });
}
