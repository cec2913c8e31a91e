// Saved views and grid preferences (contract/savedViews.ts) in this server's database, keyed by the operator's uid:
// the same code serves the reference backend and the hosted API in Firebase mode (there the uid is the Firebase
// uid, as the import checks and the console-action trail key theirs). Every write records its console action in the
// transaction that makes it.
import {
  MAX_SAVED_VIEWS_PER_OPERATOR,
  SAVED_VIEW_ACTIONS,
  SAVED_VIEW_ERRORS,
  type GridDensityChoice,
  type SavedViewPage,
} from '../../../contract/savedViews';
import { VERSION_CONFLICT } from '../../../contract/dataSafety';
import type { SavedViewSchema, GridPreferences } from '../../../contract/schemas/savedViews';
import type { Static } from 'typebox';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import type { Queryable, Transaction } from '../db/types';
import { HttpError, notFound } from '../http/errors';

type SavedViewWire = Static<typeof SavedViewSchema>;

interface ViewRow {
  id: number | string;
  owner_uid: string;
  owner_email: string;
  page: SavedViewPage;
  name: string;
  state: unknown;
  shared: boolean;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, owner_uid, owner_email, page, name, state, shared, version, created_at, updated_at';

const toWire = (row: ViewRow, callerUid: string): SavedViewWire => ({
  id: Number(row.id),
  page: row.page,
  name: row.name,
  state: row.state,
  shared: row.shared,
  ownerUid: row.owner_uid,
  ownerEmail: row.owner_email,
  mine: row.owner_uid === callerUid,
  version: row.version,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** What the trail keeps of a view: enough to see what changed, not the uid twice. */
const trailed = (row: ViewRow) => ({ page: row.page, name: row.name, shared: row.shared, state: row.state, version: row.version });

const nameTaken = (name: string) =>
  new HttpError(409, SAVED_VIEW_ERRORS.nameTaken, `You already have a view called “${name}” on this page: choose another name`, 'name');

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The caller's views of a page, then the views others shared on it; each group by name. */
export async function listViews(db: Queryable, callerUid: string, page: SavedViewPage): Promise<SavedViewWire[]> {
  const { rows } = await db.query<ViewRow>(
    `SELECT ${COLUMNS} FROM saved_views
      WHERE page = $2 AND (owner_uid = $1 OR shared)
      ORDER BY (owner_uid = $1) DESC, lower(name), id`,
    [callerUid, page],
  );
  return rows.map((row) => toWire(row, callerUid));
}

/** Serializes one operator's view writes, so two saves at once cannot both pass the limit. */
const lockOperator = (tx: Transaction, uid: string) => tx.query(`SELECT pg_advisory_xact_lock(hashtext('saved_views:' || $1))`, [uid]);

export async function createView(
  tx: Transaction,
  actor: Actor,
  input: { page: SavedViewPage; name: string; state: unknown; shared?: boolean },
): Promise<SavedViewWire> {
  await lockOperator(tx, actor.uid);
  const { rows: counted } = await tx.query<{ n: number | string }>('SELECT count(*) AS n FROM saved_views WHERE owner_uid = $1', [
    actor.uid,
  ]);
  if (Number(counted[0]!.n) >= MAX_SAVED_VIEWS_PER_OPERATOR) {
    throw new HttpError(
      409,
      SAVED_VIEW_ERRORS.limit,
      `You have ${MAX_SAVED_VIEWS_PER_OPERATOR} saved views, the most one operator keeps: delete one you no longer use first`,
    );
  }
  const name = input.name.trim();
  let row: ViewRow;
  try {
    const { rows } = await tx.query<ViewRow>(
      `INSERT INTO saved_views (owner_uid, owner_email, page, name, state, shared)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING ${COLUMNS}`,
      [actor.uid, actor.email, input.page, name, JSON.stringify(input.state), input.shared ?? false],
    );
    row = rows[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  await recordConsoleAction(tx, actor, { action: SAVED_VIEW_ACTIONS.create, targetType: 'view', targetId: row.id, after: trailed(row) });
  return toWire(row, actor.uid);
}

/**
 * The view, locked for a write by its owner: someone else's shared view is a 403 naming its owner, anyone else's
 * private one a 404 (its existence is not the caller's to learn), a stale If-Match a 409 with the view as it is.
 */
async function ownViewForWrite(tx: Transaction, actor: Actor, id: number, expected: number | undefined): Promise<ViewRow> {
  const { rows } = await tx.query<ViewRow>(`SELECT ${COLUMNS} FROM saved_views WHERE id = $1 FOR UPDATE`, [id]);
  const row = rows[0];
  if (!row || (row.owner_uid !== actor.uid && !row.shared)) throw notFound(`No saved view ${id}`);
  if (row.owner_uid !== actor.uid) {
    throw new HttpError(
      403,
      SAVED_VIEW_ERRORS.notOwner,
      `“${row.name}” is ${row.owner_email}'s view: only its owner can change or delete it`,
    );
  }
  if (expected !== undefined && expected !== row.version) {
    throw new HttpError(
      409,
      VERSION_CONFLICT,
      `The view “${row.name}” was changed since you loaded it (your version ${expected}, now ${row.version}): nothing was saved`,
      'if-match',
      {
        conflict: {
          current: toWire(row, actor.uid),
          changedBy: { uid: row.owner_uid, email: row.owner_email },
          changedAt: new Date(row.updated_at).toISOString(),
        },
      },
    );
  }
  return row;
}

export async function updateView(
  tx: Transaction,
  actor: Actor,
  id: number,
  expected: number | undefined,
  change: { page: SavedViewPage; name?: string; state?: unknown; shared?: boolean },
): Promise<SavedViewWire> {
  const before = await ownViewForWrite(tx, actor, id, expected);
  if (change.page !== before.page) {
    throw new HttpError(
      400,
      SAVED_VIEW_ERRORS.wrongPage,
      `The view “${before.name}” is a view of ${before.page}, not of ${change.page}`,
      'page',
    );
  }
  const name = change.name?.trim() ?? before.name;
  let row: ViewRow;
  try {
    const { rows } = await tx.query<ViewRow>(
      `UPDATE saved_views SET name = $2, state = COALESCE($3::jsonb, state), shared = COALESCE($4, shared),
              version = version + 1, updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, name, change.state === undefined ? null : JSON.stringify(change.state), change.shared ?? null],
    );
    row = rows[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  await recordConsoleAction(tx, actor, {
    action: SAVED_VIEW_ACTIONS.update,
    targetType: 'view',
    targetId: id,
    before: trailed(before),
    after: trailed(row),
  });
  return toWire(row, actor.uid);
}

export async function deleteView(tx: Transaction, actor: Actor, id: number, expected: number | undefined): Promise<void> {
  const before = await ownViewForWrite(tx, actor, id, expected);
  await tx.query('DELETE FROM saved_views WHERE id = $1', [id]);
  await recordConsoleAction(tx, actor, { action: SAVED_VIEW_ACTIONS.delete, targetType: 'view', targetId: id, before: trailed(before) });
}

/** Never saved: the console's own defaults (every column it shows by default, standard density). */
const NO_PREFERENCES = (page: SavedViewPage): GridPreferences => ({ page, columns: {}, density: 'standard', updatedAt: null });

export async function readPreferences(db: Queryable, uid: string, page: SavedViewPage): Promise<GridPreferences> {
  const { rows } = await db.query<{ columns: Record<string, boolean>; density: GridDensityChoice; updated_at: Date | string }>(
    'SELECT columns, density, updated_at FROM grid_preferences WHERE owner_uid = $1 AND page = $2',
    [uid, page],
  );
  const row = rows[0];
  return row
    ? { page, columns: row.columns, density: row.density, updatedAt: new Date(row.updated_at).toISOString() }
    : NO_PREFERENCES(page);
}

export async function writePreferences(
  tx: Transaction,
  actor: Actor,
  page: SavedViewPage,
  value: { columns: Record<string, boolean>; density: GridDensityChoice },
): Promise<GridPreferences> {
  const before = await readPreferences(tx, actor.uid, page);
  const { rows } = await tx.query<{ updated_at: Date | string }>(
    `INSERT INTO grid_preferences (owner_uid, page, columns, density) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (owner_uid, page) DO UPDATE SET columns = excluded.columns, density = excluded.density, updated_at = now()
     RETURNING updated_at`,
    [actor.uid, page, JSON.stringify(value.columns), value.density],
  );
  await recordConsoleAction(tx, actor, {
    action: SAVED_VIEW_ACTIONS.preferences,
    targetType: 'grid_preferences',
    targetId: page,
    before: before.updatedAt === null ? null : { columns: before.columns, density: before.density },
    after: value,
  });
  return { page, ...value, updatedAt: new Date(rows[0]!.updated_at).toISOString() };
}
