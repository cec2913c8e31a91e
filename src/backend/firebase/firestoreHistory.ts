// Record history in Firebase mode. Names live in the hosted API's database, so a name's history is the hosted
// API's answer as it is. A user lives in Firestore: the record (state and current) is read there, the console's
// changes from Firestore's console_actions (the console writes them with each change: consoleActions.ts) and the
// app's events from Firestore's audit_logs (userId, newest first: the composite index (userId, timestamp desc) in
// firestore.indexes.json), merged page by page (historyMerge.ts). Reverts go to the hosted API, which keeps the
// console-action trail they undo (a name's); a user's Firestore change is taken back by changing the flag again.
import {
  collection,
  doc,
  documentId,
  getDoc,
  limit,
  orderBy,
  query,
  where,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import type { HistoryEntry, RecordHistory } from '../../../contract/schemas/dataSafety';
import { fetchRecordHistory, postRevert } from '../local/localHistory';
import { CONSOLE_ACTIONS, consoleActionEntry } from './consoleActions';
import type { LocalUsersAuditOptions } from '../local/localUsersAudit';
import type { HistoryPort, HistoryTarget } from '../ports';
import { positionOf, startAfterPosition, toAppAuditEntry } from './firestoreUsersAudit';
import {
  afterShown,
  decodeMergedCursor,
  encodeMergedCursor,
  FIRST_PAGE,
  mergeHistoryPages,
  type AppRead,
  type ConsoleRead,
  type MergedHistoryCursor,
} from './historyMerge';
import { reader, type ReadMeter } from './readMeter';
import { decodeCursor, encodeCursor } from './usersAuditPlan';
import { toUserRecord } from './userRecord';

const DEFAULT_LIMIT = 50;

/** An app event as a history entry: the wording the reference backend gives the same event. */
export function appEventEntry(d: QueryDocumentSnapshot): HistoryEntry {
  const event = toAppAuditEntry(d);
  return {
    id: `app:${d.id}`,
    source: 'app',
    at: event.timestamp,
    actor: null,
    action: event.event,
    summary: `The app recorded ${event.event}`,
    changes: [],
    revertActionId: null,
  };
}

export function createFirestoreHistory(db: Firestore, api: LocalUsersAuditOptions, meter?: ReadMeter): HistoryPort {
  const r = reader(meter);
  const logs = collection(db, 'audit_logs');
  const actions = collection(db, CONSOLE_ACTIONS);

  /**
   * The console's changes of a user are Firestore's console_actions (consoleActions.ts), newest first by (timestamp,
   * id): the composite index (targetId, timestamp desc) in firestore.indexes.json. A page is read again from `before`
   * (a keyset position) and continues after the entry last shown (historyMerge.ts).
   */
  async function readConsole(uid: string, from: NonNullable<MergedHistoryCursor['console']>, n: number): Promise<ConsoleRead> {
    let { before, shownThrough } = from;
    for (;;) {
      const position = before === null ? null : decodeCursor(before);
      if (before !== null && (!position || 'offset' in position))
        throw new Error('The history cursor is not valid here; reload the history.');
      const snapshot = await r.docs(
        query(
          actions,
          where('targetId', '==', uid),
          orderBy('timestamp', 'desc'),
          orderBy(documentId(), 'desc'),
          ...(position && !('offset' in position) ? [startAfterPosition(position)] : []),
          limit(n + 1),
        ),
      );
      const docs = snapshot.docs.slice(0, n);
      const nextCursor = snapshot.size > n ? encodeCursor(positionOf(docs[docs.length - 1]!, 'timestamp')) : null;
      const entries = afterShown(docs.map(consoleActionEntry), shownThrough);
      // Everything on this page was shown already: read on, so the page has something to bound the merge by.
      if (entries.length === 0 && nextCursor) {
        before = nextCursor;
        shownThrough = null;
        continue;
      }
      return { before, shownThrough, entries, nextCursor };
    }
  }

  async function readApp(uid: string, after: string | null, n: number): Promise<AppRead> {
    const position = after === null ? null : decodeCursor(after);
    if (after !== null && (!position || 'offset' in position)) throw new Error('The history cursor is not valid here; reload the history.');
    const snapshot = await r.docs(
      query(
        logs,
        where('userId', '==', uid),
        orderBy('timestamp', 'desc'),
        orderBy(documentId(), 'desc'),
        ...(position && !('offset' in position) ? [startAfterPosition(position)] : []),
        limit(n + 1),
      ),
    );
    const docs = snapshot.docs.slice(0, n);
    return {
      after,
      entries: docs.map(appEventEntry),
      positions: docs.map((d) => encodeCursor(positionOf(d, 'timestamp'))),
      more: snapshot.size > n,
    };
  }

  async function readUserHistory(target: HistoryTarget, q: { limit?: number; before?: string }): Promise<RecordHistory> {
    const n = q.limit ?? DEFAULT_LIMIT;
    const cursor = q.before === undefined ? FIRST_PAGE : decodeMergedCursor(q.before);
    const [snapshot, consoleRead, appRead] = await Promise.all([
      getDoc(doc(db, 'users', target.id)),
      cursor.console ? readConsole(target.id, cursor.console, n) : null,
      cursor.app ? readApp(target.id, cursor.app.after, n) : null,
    ]);
    const page = mergeHistoryPages(n, consoleRead, appRead);
    return {
      state: snapshot.exists() ? 'live' : 'gone',
      current: snapshot.exists() ? toUserRecord(target.id, snapshot.data()) : null,
      entries: page.entries,
      nextCursor: page.next ? encodeMergedCursor(page.next) : null,
    };
  }

  return {
    readHistory: (target, q) => (target.type === 'user' ? readUserHistory(target, q) : fetchRecordHistory(api, target, q)),
    revert: (request, basis) => postRevert(api, request, basis),
  };
}
