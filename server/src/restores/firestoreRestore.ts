// A restore in Firebase mode (the hosted API of a console built with VITE_BACKEND=firebase): the console's users,
// connections and audit_logs live in Firestore, its names in this database. The steps and the routes are the same
// as in the local mode (routes/restores.ts): the four collections are staged here alike; what differs is what the
// staged rows are compared with and where they are written.
// - The plan: names against this database as always (restorePlan.ts); users, connections and audit_logs against the
//   Firestore collections' document ids, read with the Admin SDK (auth/firebaseIdentity.ts restoreTarget).
// - The apply: names in one PostgreSQL transaction (restoreApply.ts applyNames), first, so that a cancel or a failure
//   there leaves everything as it was; then users, connections and audit_logs in Firestore batches of at most 500
//   writes. Add create()s the absent documents only (one that exists is kept, never overwritten); replace set()s
//   every document of the file and deletes those the file lacks. Firestore has no transaction that large: a failure
//   or a cancel (read between batches) leaves the batches written so far, and the report says which.
// Every restore is recorded on this database's console-action trail and as a console_actions document in Firestore,
// where the Firebase console's History reads the console's own writes (src/backend/firebase/consoleActions.ts).
import type { RestoreMode } from '../../../contract/backupRestore';
import type { RestoreCollectionFigures, RestorePlan, RestoreReport } from '../../../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS, type BackupCollection } from '../../../contract/exports';
import { recordConsoleAction, type Actor } from '../audit/consoleActions';
import { FIRESTORE_BATCH_MAX_WRITES, type FirestoreRestoreTarget, type FirestoreWrite } from '../auth/firebaseIdentity';
import type { Db, Queryable } from '../db/types';
import {
  applyNames,
  refuseSelfLockout,
  refuseUnconfirmedAdminChanges,
  RestoreCancelled,
  RestoreRefused,
  untouchedReport,
  type ApplyControl,
  type ApplyOutcome,
} from './restoreApply';
import { collectionFigures, connectionsOutsideFile, replaceRefusal, type LiveSource } from './restorePlan';
import { RESTORE_LOCK_CLASS, type RestoreRow, type StagedCounts } from './restoreSessions';
import { documentOf, type StagedPayload } from './stagedRows';

/** The collections Firestore holds in Firebase mode; names stay in this database. */
export const FIRESTORE_COLLECTIONS = ['users', 'connections', 'audit_logs'] as const;
type FirestoreCollection = (typeof FIRESTORE_COLLECTIONS)[number];

/** What the plan says of how the apply writes, shown before the operator chooses a mode. */
export const FIRESTORE_WRITE_NOTE =
  'In Firebase mode the Firestore collections (users, connections, audit logs) are written in batches of at most 500 ' +
  'documents, not in one transaction: a failure or a cancel part-way leaves the batches written so far (the report ' +
  'says which). Names are written in one transaction first.';

const num = (value: unknown) => Number(value ?? 0);

/** A collection's document ids, all of them (ids only: see restoreTarget.documentIds for what that costs). */
async function idsOf(target: FirestoreRestoreTarget, collection: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const id of target.documentIds(collection)) ids.add(id);
  return ids;
}

/** The staged keys of a collection, in file order. */
async function stagedKeys(db: Queryable, id: number, collection: BackupCollection): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(
    'SELECT key FROM backup_restore_rows WHERE restore_id = $1 AND collection = $2 ORDER BY row_index',
    [id, collection],
  );
  return rows.map((r) => r.key);
}

function firestoreFigures(
  counts: StagedCounts,
  collection: BackupCollection,
  keys: readonly string[],
  live: Set<string>,
): RestoreCollectionFigures {
  const inFile = new Set(keys);
  const existing = keys.filter((k) => live.has(k)).length;
  let extra = 0;
  for (const id of live) if (!inFile.has(id)) extra += 1;
  return {
    read: counts[collection].read,
    refused: counts[collection].refused,
    existing,
    missing: keys.length - existing,
    inTrash: 0,
    extra,
  };
}

/**
 * The check's refusal of connections whose users are neither in the file nor in Firestore (restorePlan.ts refuses
 * the same against this database's users in the local mode). Answers the rows refused, first ones named.
 */
export async function refuseConnectionsWithoutUsers(
  tx: Queryable,
  id: number,
  liveUsers: Set<string>,
): Promise<{ count: number; first: { index: number; problem: string }[] }> {
  const fileUsers = new Set(await stagedKeys(tx, id, 'users'));
  const { rows } = await tx.query<{ row_index: number; key: string; user_a: string; user_b: string }>(
    `SELECT row_index, key, payload ->> 'user_a' AS user_a, payload ->> 'user_b' AS user_b
       FROM backup_restore_rows WHERE restore_id = $1 AND collection = 'connections' ORDER BY row_index`,
    [id],
  );
  const present = (uid: string) => fileUsers.has(uid) || liveUsers.has(uid);
  const refused = rows
    .filter((r) => !present(r.user_a) || !present(r.user_b))
    .map((r) => ({
      index: r.row_index,
      key: r.key,
      problem: `${present(r.user_a) ? `userB ${r.user_b}` : `userA ${r.user_a}`} is neither in the file nor in Firestore`,
    }));
  if (refused.length > 0) {
    await tx.query(`DELETE FROM backup_restore_rows WHERE restore_id = $1 AND collection = 'connections' AND key = ANY($2::text[])`, [
      id,
      refused.map((r) => r.key),
    ]);
  }
  return { count: refused.length, first: refused.slice(0, 50).map(({ index, problem }) => ({ index, problem })) };
}

const EXAMPLES = 10;

/** Sign-in rights the restore changes, against the Firestore users' isAdmin (restorePlan.ts adminChanges in the local mode). */
async function firestoreAdminChanges(
  tx: Queryable,
  id: number,
  target: FirestoreRestoreTarget,
  liveUsers: Set<string>,
): Promise<RestorePlan['adminChanges']> {
  const admins = await target.admins();
  const adminUids = new Set(admins.map((a) => a.uid));
  const { rows } = await tx.query<{ key: string; is_admin: boolean | null; email: string | null }>(
    `SELECT key, (payload ->> 'is_admin')::boolean AS is_admin, payload ->> 'email' AS email
       FROM backup_restore_rows WHERE restore_id = $1 AND collection = 'users' ORDER BY row_index`,
    [id],
  );
  const granted = rows.filter((r) => r.is_admin === true && !adminUids.has(r.key));
  const grantedByAdd = granted.filter((r) => !liveUsers.has(r.key));
  const fileAdmin = new Map(rows.map((r) => [r.key, r.is_admin]));
  // A row without isAdmin: add creates the user without it (not an admin); replace sets the document as the file has it.
  const revoked = admins.filter((a) => fileAdmin.get(a.uid) !== true).sort((a, b) => (a.uid < b.uid ? -1 : 1));
  const examples: RestorePlan['adminChanges']['examples'] = [
    ...granted.slice(0, EXAMPLES).map((g) => ({
      uid: g.key,
      email: g.email,
      change: 'granted' as const,
      modes: (liveUsers.has(g.key) ? ['replace'] : ['add', 'replace']) as RestoreMode[],
    })),
    ...revoked
      .slice(0, EXAMPLES)
      .map((r) => ({ uid: r.uid, email: r.email, change: 'revoked' as const, modes: ['replace'] as RestoreMode[] })),
  ].slice(0, EXAMPLES);
  return { add: { granted: grantedByAdd.length }, replace: { granted: granted.length, revoked: revoked.length }, examples };
}

/** Firestore users replace would delete: those not in the file. */
function goneUsers(liveUsers: Set<string>, fileUsers: readonly string[]): string[] {
  const inFile = new Set(fileUsers);
  return [...liveUsers].filter((uid) => !inFile.has(uid));
}

/**
 * What replace deletes with the users it removes: their rows in this database (swipes, connection requests), as
 * DELETE /api/accounts/:uid removes them (users/accountDeletion.ts), and the swipes of the names it moves to the trash.
 */
async function firestoreReplaceTakes(tx: Queryable, id: number, gone: readonly string[]): Promise<RestorePlan['replaceTakes']> {
  const { rows } = await tx.query<{ swipes: number | string; requests: number | string; names_swipes: number | string }>(
    `WITH extra AS (SELECT n.id FROM names n WHERE NOT EXISTS (
                      SELECT 1 FROM backup_restore_rows r WHERE r.restore_id = $1 AND r.collection = 'names' AND r.key = n.id::text))
     SELECT (SELECT count(*) FROM swipes WHERE user_id = ANY($2::text[]))
              + (SELECT count(*) FROM swipes_trash WHERE user_id = ANY($2::text[])) AS swipes,
            (SELECT count(*) FROM connection_requests WHERE from_user_id = ANY($2::text[]) OR to_user_id = ANY($2::text[])) AS requests,
            (SELECT count(*) FROM swipes s JOIN extra e ON e.id = s.name_id WHERE NOT (s.user_id = ANY($2::text[]))) AS names_swipes`,
    [id, gone],
  );
  return { swipes: num(rows[0]?.swipes), connectionRequests: num(rows[0]?.requests), namesSwipes: num(rows[0]?.names_swipes) };
}

/** How the check compares the staged rows in Firebase mode (restorePlan.ts checkRestore). */
export function firestoreCheckSource(target: FirestoreRestoreTarget): LiveSource {
  return () => {
    // The users' ids, read once per check (its refusals and its plan both need them).
    let users: Promise<Set<string>> | null = null;
    const liveUsers = () => (users ??= idsOf(target, 'users'));
    return {
      refuseConnections: async (tx, id) => refuseConnectionsWithoutUsers(tx, id, await liveUsers()),
      plan: async (tx, restore, applyRefusal) => computeFirestorePlan(tx, restore, applyRefusal, target, await liveUsers()),
    };
  };
}

/** The plan in Firebase mode: names against this database, the other three against Firestore's document ids. */
export async function computeFirestorePlan(
  tx: Queryable,
  restore: RestoreRow,
  applyRefusal: string | null,
  target: FirestoreRestoreTarget,
  liveUsers?: Set<string>,
): Promise<RestorePlan> {
  const id = Number(restore.id);
  const users = liveUsers ?? (await idsOf(target, 'users'));
  const collections = {} as RestorePlan['collections'];
  const fileUsers = await stagedKeys(tx, id, 'users');
  for (const collection of BACKUP_COLLECTIONS) {
    if (collection === 'names') collections.names = await collectionFigures(tx, id, 'names', restore.staged);
    else {
      const live = collection === 'users' ? users : await idsOf(target, collection);
      const keys = collection === 'users' ? fileUsers : await stagedKeys(tx, id, collection);
      collections[collection] = firestoreFigures(restore.staged, collection, keys, live);
    }
  }
  const outside = await connectionsOutsideFile(tx, id);
  return {
    collections,
    replaceTakes: await firestoreReplaceTakes(tx, id, goneUsers(users, fileUsers)),
    adminChanges: await firestoreAdminChanges(tx, id, target, users),
    replaceRefusal: replaceRefusal(applyRefusal, collections, outside),
    applyRefusal,
    writeNote: FIRESTORE_WRITE_NOTE,
    // Firestore cannot be read here as one snapshot in the apply's step: the console saves a full backup first.
    beforeBackup: 'console',
  };
}

/** Stopped part-way through the Firestore batches: what landed is in `report` (the figures written so far). */
export class RestorePartlyWritten extends Error {
  constructor(
    readonly state: 'cancelled' | 'failed',
    readonly failure: string,
    readonly report: RestoreReport,
  ) {
    super(failure);
  }
}

/** Staged rows of a collection, page by page in file order (bounded memory). */
async function* stagedPages(
  db: Queryable,
  id: number,
  collection: BackupCollection,
): AsyncGenerator<{ key: string; payload: StagedPayload }[]> {
  let after = -1;
  for (;;) {
    const { rows } = await db.query<{ row_index: number; key: string; payload: StagedPayload }>(
      `SELECT row_index, key, payload FROM backup_restore_rows
        WHERE restore_id = $1 AND collection = $2 AND row_index > $3 ORDER BY row_index LIMIT ${FIRESTORE_BATCH_MAX_WRITES}`,
      [id, collection, after],
    );
    if (rows.length === 0) return;
    after = rows.at(-1)!.row_index;
    yield rows;
  }
}

/** The sentence a restore stopped part-way ends with: what landed in Firestore, per collection. */
function partialText(report: RestoreReport['collections'], written: readonly FirestoreCollection[]): string {
  const landed = FIRESTORE_COLLECTIONS.map((c) => {
    const r = report[c];
    return `${c}: ${r.added} added, ${r.replaced} replaced, ${r.removed} removed${written.includes(c) ? '' : ' (not reached)'}`;
  });
  return `Names were restored in full. In Firestore the batches written before it stopped stay: ${landed.join('; ')}.`;
}

/**
 * The apply in Firebase mode (the caller moved the restore to 'applying'). Names in one transaction (rolled back on
 * a cancel or a failure: nothing written then), then the Firestore batches; ends by recording the restore on both
 * trails and marking it done. Throws RestoreCancelled / RestoreRefused / an error before any write lands, and
 * RestorePartlyWritten once some did.
 */
export async function applyFirestoreRestore(
  db: Db,
  target: FirestoreRestoreTarget,
  request: { restore: RestoreRow; mode: RestoreMode; actor: Actor; confirmAdminChanges: boolean },
  control: ApplyControl,
): Promise<ApplyOutcome> {
  const { restore, mode, actor } = request;
  const id = Number(restore.id);
  const read = (c: BackupCollection) => restore.staged[c].read;

  // What Firestore holds now: the plan's figures again (Firestore may have changed since the check).
  await control.checkpoint('reading the Firestore document ids', 0, 0);
  const live = {} as Record<FirestoreCollection, Set<string>>;
  for (const c of FIRESTORE_COLLECTIONS) live[c] = await idsOf(target, c);
  const plan = await computeFirestorePlan(db, restore, null, target, live.users);
  const changes = plan.adminChanges;
  refuseUnconfirmedAdminChanges(changes, mode, request.confirmAdminChanges);

  const report = {} as RestoreReport['collections'];
  const base = (c: BackupCollection) => untouchedReport(restore, c);
  const fileUsers = await stagedKeys(db, id, 'users');
  const gone = mode === 'replace' ? goneUsers(live.users, fileUsers) : [];
  const takenWithUsers = { swipes: 0, connectionRequests: 0, connections: 0 };

  // Names, and in replace the rows here of the users it removes from Firestore: one transaction.
  const names = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [RESTORE_LOCK_CLASS, id]);
    if (mode === 'replace') {
      await refuseSelfLockout(tx, id, actor);
      const outside = await connectionsOutsideFile(tx, id);
      if (outside > 0) throw new RestoreRefused(`${outside} connections in the file name users who are not in it`);
      if (gone.length > 0) {
        const swipes = await tx.query('DELETE FROM swipes WHERE user_id = ANY($1::text[])', [gone]);
        const trashed = await tx.query('DELETE FROM swipes_trash WHERE user_id = ANY($1::text[])', [gone]);
        const requests = await tx.query(
          'DELETE FROM connection_requests WHERE from_user_id = ANY($1::text[]) OR to_user_id = ANY($1::text[])',
          [gone],
        );
        takenWithUsers.swipes = swipes.affectedRows + trashed.affectedRows;
        takenWithUsers.connectionRequests = requests.affectedRows;
      }
    }
    return applyNames(tx, request, control);
  });
  report.names = names.report;

  // Firestore, batch by batch: a cancel is read between batches.
  const reached: FirestoreCollection[] = [];
  let written = 0;
  const total = FIRESTORE_COLLECTIONS.reduce((n, c) => n + read(c) + (mode === 'replace' ? plan.collections[c].extra : 0), 0);
  try {
    for (const c of FIRESTORE_COLLECTIONS) {
      const r = (report[c] = base(c));
      reached.push(c);
      const step = `${c}: writing to Firestore`;
      await control.checkpoint(step, written, total);
      const inFile = new Set<string>();
      for await (const page of stagedPages(db, id, c)) {
        const writes: FirestoreWrite[] = [];
        for (const row of page) {
          inFile.add(row.key);
          const exists = live[c].has(row.key);
          if (mode === 'add' && exists) {
            r.kept += 1;
            continue;
          }
          writes.push({ kind: mode === 'add' ? 'create' : 'set', collection: c, id: row.key, data: documentOf(c, row.payload) });
        }
        if (writes.length > 0) {
          const { existed } = await target.commit(writes);
          const landed = writes.length - existed.length;
          if (mode === 'add') {
            r.added += landed;
            r.kept += existed.length;
          } else {
            const replaced = writes.filter((w) => live[c].has(w.id)).length;
            r.replaced += replaced;
            r.added += writes.length - replaced;
          }
        }
        written += page.length;
        await control.checkpoint(step, written, total);
      }
      if (mode === 'replace') {
        const extra = [...live[c]].filter((docId) => !inFile.has(docId));
        for (let from = 0; from < extra.length; from += FIRESTORE_BATCH_MAX_WRITES) {
          const ids = extra.slice(from, from + FIRESTORE_BATCH_MAX_WRITES);
          await target.commit(ids.map((docId) => ({ kind: 'delete' as const, collection: c, id: docId })));
          r.removed += ids.length;
          written += ids.length;
          await control.checkpoint(`${c}: deleting what the file lacks`, written, total);
        }
      }
    }
  } catch (error) {
    for (const c of FIRESTORE_COLLECTIONS) report[c] ??= base(c);
    const state = error instanceof RestoreCancelled ? 'cancelled' : 'failed';
    const why =
      error instanceof RestoreCancelled
        ? `Cancelled by ${error.by} while it was being applied`
        : `The restore failed part-way: ${error instanceof Error ? error.message : String(error)}`;
    const partial = partialText(report, reached);
    const stopped: RestoreReport = { collections: report, beforeBackupFile: null, partial };
    // Recorded on both trails as far as they can be reached now (Firestore may be what failed).
    await recordRestore(db, target, actor, restore, mode, stopped, { takenWithUsers, names, changes, stopped: state }).catch(
      () => undefined,
    );
    throw new RestorePartlyWritten(state, `${why}. ${partial}`, stopped);
  }

  const outcome: ApplyOutcome = {
    report: { collections: report, beforeBackupFile: null },
    takenWithUsers,
    namesSwipesToTrash: names.namesSwipesToTrash,
    swipesBackFromTrash: names.swipesBackFromTrash,
    adminChanges: changes,
  };
  await recordRestore(db, target, actor, restore, mode, outcome.report, { takenWithUsers, names, changes, stopped: null });
  await db.query(
    `UPDATE backup_restores SET state = 'done', report = $2::jsonb, progress = NULL, failure = NULL, finished_at = now(), last_activity_at = now()
      WHERE id = $1`,
    [id, JSON.stringify(outcome.report)],
  );
  return outcome;
}

/** The restore on this database's console-action trail and as a console_actions document in Firestore. */
async function recordRestore(
  db: Db,
  target: FirestoreRestoreTarget,
  actor: Actor,
  restore: RestoreRow,
  mode: RestoreMode,
  report: RestoreReport,
  extra: {
    takenWithUsers: ApplyOutcome['takenWithUsers'];
    names: { namesSwipesToTrash: number; swipesBackFromTrash: number };
    changes: RestorePlan['adminChanges'];
    stopped: 'cancelled' | 'failed' | null;
  },
): Promise<void> {
  const id = Number(restore.id);
  const details = {
    fileName: restore.file_name,
    fileSize: Number(restore.file_size),
    mode,
    collections: report.collections,
    beforeBackupFile: null,
    takenWithUsers: extra.takenWithUsers,
    namesSwipesToTrash: extra.names.namesSwipesToTrash,
    swipesBackFromTrash: extra.names.swipesBackFromTrash,
    adminChanges: mode === 'add' ? extra.changes.add : extra.changes.replace,
    ...(extra.stopped ? { stopped: extra.stopped, partial: report.partial } : {}),
  };
  await db.transaction((tx) =>
    recordConsoleAction(tx, actor, { action: 'backup.restore', targetType: 'backup_restore', targetId: id, details }),
  );
  await target.recordConsoleAction({
    action: 'backup.restore',
    targetType: 'backup_restore',
    targetId: String(id),
    actorUid: actor.uid,
    actorEmail: actor.email,
    details,
  });
}

/** Ends a restore that wrote part of itself: its state, why, and the report of what landed. */
export async function endPartlyWritten(db: Queryable, id: number, stopped: RestorePartlyWritten): Promise<void> {
  await db.query(
    `UPDATE backup_restores SET state = $2, failure = $3, report = $4::jsonb, progress = NULL, finished_at = now(), last_activity_at = now()
      WHERE id = $1 AND state = 'applying'`,
    [id, stopped.state, stopped.failure.slice(0, 1000), JSON.stringify(stopped.report)],
  );
}
