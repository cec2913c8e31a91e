// The console's trail of what it writes to Firestore itself (a user's flags, a user's deletion): in Firebase mode no
// server stands between the browser and those writes, so each write carries its own record in the same transaction,
// and firestore.rules refuse the write without it:
// - console_actions/{id}: who (the signed-in admin), when (serverTimestamp(): the rules require the request's time,
//   so nothing is backdated), which user, the fields before and after;
// - console_marks/{uid}: the newest action on that user. A rule can only look a document up by a path it can build
//   from the write it checks, and users/{uid} -> console_marks/{uid} is that path.
// The history drawer reads console_actions by user (firestoreHistory.ts), a conflict names the operator from the mark.
import {
  collection,
  doc,
  getDoc,
  serverTimestamp,
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase/firestore';
import type { HistoryChange, HistoryEntry } from '../../../contract/schemas/dataSafety';
import { toIsoDate } from './userRecord';

export const CONSOLE_ACTIONS = 'console_actions';
export const CONSOLE_MARKS = 'console_marks';

/** What the console writes to Firestore itself; firestore.rules list the same two. */
export const FIRESTORE_CONSOLE_ACTIONS = ['user.update', 'user.delete'] as const;
export type FirestoreConsoleAction = (typeof FIRESTORE_CONSOLE_ACTIONS)[number];

/** The signed-in operator, as Firebase Auth knows them. */
export interface ConsoleActor {
  uid: string;
  email: string | null;
}

/** Adds the action's record and the user's mark to the transaction that makes the change. */
export function recordUserAction(
  db: Firestore,
  tx: Transaction,
  actor: ConsoleActor,
  action: FirestoreConsoleAction,
  uid: string,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
): void {
  const entry = doc(collection(db, CONSOLE_ACTIONS));
  tx.set(entry, {
    action,
    targetType: 'user',
    targetId: uid,
    actorUid: actor.uid,
    actorEmail: actor.email,
    timestamp: serverTimestamp(),
    before: change.before,
    after: change.after,
  });
  tx.set(doc(db, CONSOLE_MARKS, uid), { actionId: entry.id, actorUid: actor.uid, at: serverTimestamp() });
}

const asMap = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The fields an action changed, in the order it wrote them. */
function changesOf(data: DocumentData): HistoryChange[] {
  const before = asMap(data.before);
  const after = asMap(data.after);
  return Object.keys(after)
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] }));
}

/** A console_actions entry as a history entry, in the reference backend's wording (server/src/history/recordHistory.ts). */
export function consoleActionEntry(d: QueryDocumentSnapshot): HistoryEntry {
  const data = d.data();
  const action = typeof data.action === 'string' ? data.action : '';
  const actorUid = typeof data.actorUid === 'string' ? data.actorUid : null;
  return {
    id: `console:${d.id}`,
    source: 'console',
    at: toIsoDate(data.timestamp) ?? '',
    actor: actorUid ? { uid: actorUid, email: typeof data.actorEmail === 'string' ? data.actorEmail : actorUid } : null,
    action,
    summary: action === 'user.delete' ? 'Deleted with their swipes and connections' : action === 'user.update' ? 'Edited' : action,
    changes: action === 'user.update' ? changesOf(data) : [],
    // Reverting is the hosted API's, over its own trail; a Firestore change is taken back by changing the flag again.
    revertActionId: null,
  };
}

/**
 * Who made the user's last change through the console, when that change is the record's latest (the mark's time
 * equals the record's updatedAt): the conflict dialog names them. Null when the app or anyone else changed it last.
 */
export async function lastConsoleChangeBy(
  db: Firestore,
  uid: string,
  updatedAt: string | null,
): Promise<{ uid: string; email: string } | null> {
  if (!updatedAt) return null;
  const mark = await getDoc(doc(db, CONSOLE_MARKS, uid));
  const data = mark.exists() ? mark.data() : null;
  if (!data || toIsoDate(data.at) !== updatedAt || typeof data.actionId !== 'string') return null;
  const entry = await getDoc(doc(db, CONSOLE_ACTIONS, data.actionId));
  const actor = entry.exists() ? entry.data() : null;
  if (!actor || typeof actor.actorUid !== 'string') return null;
  return { uid: actor.actorUid, email: typeof actor.actorEmail === 'string' ? actor.actorEmail : actor.actorUid };
}
