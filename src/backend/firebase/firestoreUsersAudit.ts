// User Management and Audit Logs on Cloud Firestore (collections `users` and `audit_logs`).
// What runs where, and what a browser cannot do, is written down in docs/operations.md ("Firebase and a hosted API").
import {
  collection,
  deleteField,
  doc,
  documentId,
  FieldPath,
  getDoc,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  startAfter,
  Timestamp,
  where,
  writeBatch,
  type DocumentReference,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type Transaction,
  type WriteBatch,
} from 'firebase/firestore';
import type {
  UserRecord,
  AppAuditEntry,
  AuditEventCount,
  AuditLogsPage,
  ConsoleAuditEntry,
  DeleteUserResponse,
  UserFlagsUpdate,
  UsersPage,
  AuditLogsQuery,
  UserFilters,
} from '../../../contract/schemas/usersAudit';
import { APP_AUDIT_EVENTS, AUDIT_LOG_PAGE_SIZE, type AuditSource, type UserSortField } from '../../../contract/usersAudit';
import { matchesUserFilters } from '../../lib/userFilters';
import { withDeletionElsewhere } from '../local/hostedAccountDeletion';
import type { LocalUsersAuditOptions } from '../local/localUsersAudit';
import type { AuditLogsPort, UserManagementPort } from '../ports';
import { reader, type ReadMeter } from './readMeter';
import {
  encodeCursor,
  planAuditLogsQuery,
  planUsersQuery,
  type CursorValue,
  type FieldFilter,
  type Position,
  type UsersPlan,
} from './usersAuditPlan';
import { readSearchMatches } from './firestoreUserSearch';
import { planSearch } from './userSearchPlan';
import { toIsoDate, toUserRecord } from './userRecord';
import { refuseIfChangedSince } from './firestoreWriteBasis';
import { CONSOLE_ACTIONS, FIRESTORE_CONSOLE_ACTIONS, lastConsoleChangeBy, recordUserAction, type ConsoleActor } from './consoleActions';
import { HttpError, errorDetail } from '../../api/errors';
import type { VersionConflict } from '../../../contract/schemas/dataSafety';

/** Documents read per request while filtering in the browser. */
export const SCAN_BATCH = 500;
/** Firestore's limit of writes in one batch (and in one transaction). */
const MAX_BATCH_WRITES = 500;
/** Counted apart in the statistics: events outside APP_AUDIT_EVENTS (Firestore cannot group by a field). */
export const OTHER_EVENTS = '(other events)';

/**
 * Where the app keeps what hangs off a user. The spec does not show these fields; these are the names the
 * reference backend's seed uses (fromUserId / toUserId, userA / userB, names.swipedBy.{uid}).
 */
export const USER_LINKS = {
  connectionRequests: ['fromUserId', 'toUserId'],
  connections: ['userA', 'userB'],
} as const;

/** Read options of listUsers: a superseded read stops before its next request. */
export interface ListUsersOptions {
  signal?: AbortSignal;
}

const toWhere = (f: FieldFilter) => where(f.field, f.op, f.date ? Timestamp.fromDate(new Date(f.value as string)) : f.value);

function toCursorValue(value: unknown): CursorValue {
  if (value instanceof Timestamp) return { ts: [value.seconds, value.nanoseconds] };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}
const fromCursorValue = (value: CursorValue) =>
  value !== null && typeof value === 'object' ? new Timestamp(value.ts[0], value.ts[1]) : value;
/** Resumes after (sort value, document id): no read of the document the page continued from. */
export const startAfterPosition = (p: Position) => startAfter(fromCursorValue(p.value), p.id);
export const positionOf = (d: QueryDocumentSnapshot, field: string): Position => ({ value: toCursorValue(d.get(field)), id: d.id });

/** Wire records sort like the reference backend's: never-set values last in either order, uid breaks ties. */
function compareRecords(field: UserSortField, direction: 'asc' | 'desc') {
  const isDate = field === 'createdAt' || field === 'lastActiveDate';
  const key = (u: UserRecord) => {
    const v = u[field];
    if (v === null || v === undefined) return null;
    return isDate ? new Date(v).getTime() : v.toLowerCase();
  };
  return (a: UserRecord, b: UserRecord) => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) return x === y ? a.uid.localeCompare(b.uid) : x === null ? 1 : -1;
    const c = x < y ? -1 : x > y ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
    return direction === 'asc' ? c : -c;
  };
}

/**
 * `actor`: the signed-in operator, recorded with each write (consoleActions.ts); firestore.rules refuse a write without
 * its record. `hostedApi`: where deleteUser asks for the parts outside Firestore (the Auth account, the hosted API's
 * rows: ../local/hostedAccountDeletion.ts). firebaseBackend.ts always gives it; tests of the Firestore part alone may not.
 */
export function createFirestoreUserManagement(
  db: Firestore,
  actor: () => ConsoleActor,
  meter?: ReadMeter,
  hostedApi?: LocalUsersAuditOptions,
): UserManagementPort {
  const r = reader(meter);
  /** A refused write's 409 names the operator whose console change is the record's latest (the conflict dialog shows it). */
  async function withChangedBy<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      const detail = errorDetail(error) as { code?: string; conflict?: VersionConflict } | undefined;
      const conflict = detail?.conflict;
      if (error instanceof HttpError && conflict?.current && !conflict.changedBy) {
        const current = conflict.current as UserRecord;
        conflict.changedBy = await lastConsoleChangeBy(db, current.uid, current.updatedAt).catch(() => null);
      }
      throw error;
    }
  }
  const users = collection(db, 'users');
  const record = (d: QueryDocumentSnapshot) => toUserRecord(d.id, d.data());
  /**
   * Totals by filters and sort field. A count aggregation is billed one read per 1,000 records counted (100 at
   * 100,000 users), so Next and Previous reuse the total their list was opened with; opening a list or a page
   * by offset counts again, and so does any change made here.
   */
  const totals = new Map<string, number>();

  /** One page of the ordered list: page size + 1 documents from a cursor, plus one count aggregation. */
  async function orderedPage(plan: UsersPlan): Promise<UsersPage> {
    const filters = plan.where.map(toWhere);
    const { field, direction } = plan.orderBy;
    const reverse = direction === 'asc' ? 'desc' : 'asc';
    const ordered = (dir: 'asc' | 'desc') => [...filters, orderBy(field, dir), orderBy(documentId(), dir)];
    const n = plan.limit;
    // Counted with the list's own orderBy: a document without the sort field is in neither, so the total
    // is what paging can reach (docs/operations.md: keep every users document's sort fields set, null when unknown).
    const anchor = plan.anchor;
    const countKey = JSON.stringify([plan.where, field]);
    const known = anchor.kind === 'offset' ? undefined : totals.get(countKey);
    const counting =
      known !== undefined
        ? Promise.resolve(known)
        : r.count(query(users, ...filters, orderBy(field, direction))).then((n) => {
            totals.set(countKey, n);
            return n;
          });
    let docs: QueryDocumentSnapshot[];
    let hasNext: boolean;
    let hasPrevious: boolean;
    if (anchor.kind === 'after' || (anchor.kind === 'offset' && anchor.offset === 0)) {
      const from = anchor.kind === 'after' ? [startAfterPosition(anchor.position)] : [];
      const snapshot = await r.docs(query(users, ...ordered(direction), ...from, limit(n + 1)));
      docs = snapshot.docs.slice(0, n);
      hasNext = snapshot.size > n;
      hasPrevious = anchor.kind === 'after';
    } else if (anchor.kind === 'before') {
      const snapshot = await r.docs(query(users, ...ordered(reverse), startAfterPosition(anchor.position), limit(n + 1)));
      docs = snapshot.docs.slice(0, n).reverse();
      hasPrevious = snapshot.size > n;
      hasNext = true;
    } else {
      // A jump without a cursor (a link to page N): Firestore has no free offset, so read from whichever end
      // of the list is nearer. The last page costs a page; the middle of the list costs half of it.
      const total = await counting;
      const remaining = total - anchor.offset;
      if (remaining <= 0) {
        docs = [];
      } else if (anchor.offset <= remaining) {
        const snapshot = await r.docs(query(users, ...ordered(direction), limit(anchor.offset + n)));
        docs = snapshot.docs.slice(anchor.offset);
      } else {
        const snapshot = await r.docs(query(users, ...ordered(reverse), limit(remaining)));
        docs = snapshot.docs.reverse().slice(0, n);
      }
      hasNext = remaining > n;
      hasPrevious = docs.length > 0;
    }
    const total = await counting;
    return {
      users: docs.map(record),
      total,
      nextCursor: hasNext && docs.length > 0 ? encodeCursor(positionOf(docs[docs.length - 1]!, field)) : null,
      previousCursor: hasPrevious && docs.length > 0 ? encodeCursor(positionOf(docs[0]!, field)) : null,
    };
  }

  /**
   * Search: the documents whose email, username or display name (as the app writes them) starts with the text in
   * any case, or whose id starts with it (firestoreUserSearch.ts, userSearchPlan.ts: reads of the matches plus a
   * few per field), then the other filters, the sort and the page here. Up to SEARCH_CAP matches per field; beyond
   * that the total is a lower bound.
   */
  async function searchPage(plan: UsersPlan, typed: string | undefined, signal?: AbortSignal): Promise<UsersPage> {
    signal?.throwIfAborted();
    const searchPlan = planSearch(typed);
    const { docs, capped } = searchPlan ? await readSearchMatches(users, r, searchPlan, signal) : { docs: [], capped: false };
    signal?.throwIfAborted();
    const byId = new Map<string, UserRecord>();
    for (const d of docs) byId.set(d.id, record(d));
    const filters: UserFilters = { ...plan.clientFilters, search: typed };
    const matches = [...byId.values()]
      .filter((u) => matchesUserFilters(u, filters))
      .sort(compareRecords(plan.orderBy.field, plan.orderBy.direction));
    const offset = plan.anchor.kind === 'offset' ? plan.anchor.offset : 0;
    const n = plan.limit;
    return {
      users: matches.slice(offset, offset + n),
      total: matches.length,
      ...(capped ? { totalIsLowerBound: true } : {}),
      nextCursor: matches.length > offset + n ? `s${offset + n}` : null,
      previousCursor: offset > 0 ? `s${offset}` : null,
    };
  }

  /** Filters Firestore cannot run with this ordering (`connected`, a range on another field): read in batches. */
  async function scanPage(plan: UsersPlan, clientFilters: UserFilters, signal?: AbortSignal): Promise<UsersPage> {
    const { field, direction } = plan.orderBy;
    const ordered = [...plan.where.map(toWhere), orderBy(field, direction), orderBy(documentId(), direction)];
    const anchor = plan.anchor;
    if (anchor.kind === 'before') throw new Error('This list pages back by offset; reload it.');
    const found: QueryDocumentSnapshot[] = [];
    let skip = anchor.kind === 'offset' ? anchor.offset : 0;
    let after = anchor.kind === 'after' ? [startAfterPosition(anchor.position)] : [];
    for (;;) {
      signal?.throwIfAborted();
      const snapshot = await r.docs(query(users, ...ordered, ...after, limit(SCAN_BATCH)));
      for (const d of snapshot.docs) {
        if (!matchesUserFilters(record(d), clientFilters)) continue;
        if (skip > 0) skip -= 1;
        else found.push(d);
        if (found.length > plan.limit) break;
      }
      if (found.length > plan.limit || snapshot.size < SCAN_BATCH) break;
      after = [startAfter(snapshot.docs[snapshot.docs.length - 1]!)];
    }
    const page = found.slice(0, plan.limit);
    return {
      users: page.map(record),
      total: null,
      nextCursor: found.length > plan.limit ? encodeCursor(positionOf(page[page.length - 1]!, field)) : null,
    };
  }

  return {
    async listUsers(q, options?: ListUsersOptions) {
      const plan = planUsersQuery(q);
      if (plan.search !== null) return searchPage(plan, q.search, options?.signal);
      if (plan.clientFilters) return scanPage(plan, plan.clientFilters, options?.signal);
      return orderedPage(plan);
    },

    async updateUserFlags(uid, update, basis) {
      const changes = validFlags(update);
      totals.clear();
      const ref = doc(users, uid);
      // Read and write in one transaction: Firestore retries it if the record changes in between, so the check
      // against what the operator was shown holds at the moment of the write (firestoreWriteBasis.ts).
      const by = actor();
      await withChangedBy(
        runTransaction(db, async (tx) => {
          const snapshot = await tx.get(ref);
          const now = snapshot.exists() ? toUserRecord(uid, snapshot.data()) : null;
          const fields = Object.keys(changes) as (keyof UserFlagsUpdate)[];
          refuseIfChangedSince(uid, now, basis?.shown, fields);
          tx.update(ref, { ...changes, updatedAt: serverTimestamp() });
          recordUserAction(db, tx, by, 'user.update', uid, {
            before: Object.fromEntries(fields.map((f) => [f, now[f]])),
            after: { ...changes },
          });
        }),
      );
      const snapshot = await getDoc(ref);
      if (!snapshot.exists()) throw new Error(`No user record ${uid}`);
      return toUserRecord(uid, snapshot.data());
    },

    async deleteUser(uid, basis): Promise<DeleteUserResponse> {
      totals.clear();
      const by = actor();
      const userRef = doc(users, uid);
      const snapshot = await getDoc(userRef);
      const user = snapshot.exists() ? toUserRecord(uid, snapshot.data()) : null;
      // A delete takes every field: any change since the row was shown refuses it before anything is written.
      await withChangedBy(Promise.resolve().then(() => refuseIfChangedSince(uid, user, basis?.shown)));

      const linked = async (name: keyof typeof USER_LINKS) => {
        const snapshots = await Promise.all(USER_LINKS[name].map((field) => r.docs(query(collection(db, name), where(field, '==', uid)))));
        // A request from a user to themself would otherwise be counted twice.
        return [...new Map(snapshots.flatMap((s) => s.docs).map((d) => [d.id, d.ref])).values()];
      };
      const swipedBy = new FieldPath('swipedBy', uid);
      const [requests, connections, swiped, partnerDocs] = await Promise.all([
        linked('connectionRequests'),
        linked('connections'),
        r.docs(query(collection(db, 'names'), where(swipedBy, '!=', null))),
        r.docs(query(users, where('connectedUserId', '==', uid))),
      ]);
      const partners = partnerDocs.docs.filter((d) => d.id !== uid);

      type Write = (writes: Writes) => void;
      const remove =
        (ref: DocumentReference): Write =>
        (writes) =>
          writes.delete(ref);
      const forgetSwipe =
        (ref: DocumentReference): Write =>
        (writes) =>
          writes.update(ref, swipedBy, deleteField());
      // A partner's record must not point at a user who no longer exists.
      const unlink =
        (ref: DocumentReference): Write =>
        (writes) =>
          writes.update(ref, { connectedUserId: null, connectionStatus: null, updatedAt: serverTimestamp() });
      const dependants: Write[] = [...requests.map(remove), ...connections.map(remove), ...swiped.docs.map((d) => forgetSwipe(d.ref))];
      // Partners are unlinked in the record's own transaction: firestore.rules let the console clear a link only to a
      // user deleted in the same write.
      const unlinks = partners.map((d) => unlink(d.ref));
      // The record, the app's ACCOUNT_DELETED event and the console's record of the deletion land together, in a
      // transaction that reads the record again and refuses if it changed since it was shown (or since the check
      // above, without a basis: only if it is gone).
      const deleteRecord = async (alsoFirst: Write[]) =>
        withChangedBy(
          runTransaction(db, async (tx) => {
            const current = await tx.get(userRef);
            const now = current.exists() ? toUserRecord(uid, current.data()) : null;
            refuseIfChangedSince(uid, now, basis?.shown);
            const writes = transactionWrites(tx);
            for (const write of [...alsoFirst, ...unlinks]) write(writes);
            tx.delete(userRef);
            tx.set(doc(collection(db, 'audit_logs')), {
              timestamp: serverTimestamp(),
              event: 'ACCOUNT_DELETED',
              userId: uid,
              lastSwipeDate: now.lastSwipeDate ? Timestamp.fromDate(new Date(now.lastSwipeDate)) : null,
              totalActiveTimeFormatted: now.totalActiveTimeFormatted,
            });
            recordUserAction(db, tx, by, 'user.delete', uid, { before: { ...now }, after: {} });
          }),
        );
      // The record, its ACCOUNT_DELETED event, its console_actions entry and mark: 4 writes besides the dependants.
      if (dependants.length + unlinks.length + 4 <= MAX_BATCH_WRITES) {
        // Everything in one transaction: a refused delete writes nothing at all.
        await deleteRecord(dependants);
      } else {
        // Too many for one transaction: dependants first, in batches, so that if one fails the record is still there
        // and deleting again finishes the job. A change to the record while they run refuses only the last step.
        for (let i = 0; i < dependants.length; i += MAX_BATCH_WRITES) {
          const batch = writeBatch(db);
          const writes = batchWrites(batch);
          for (const write of dependants.slice(i, i + MAX_BATCH_WRITES)) write(writes);
          await batch.commit();
        }
        await deleteRecord([]);
      }
      return withDeletionElsewhere(hostedApi, {
        uid,
        deleted: {
          user: true,
          account: false,
          swipes: swiped.size,
          connectionRequests: requests.length,
          connections: connections.length,
          partnersUnlinked: partners.length,
        },
      });
    },
  };
}

/** The writes a delete makes, on a batch or in a transaction alike. */
interface Writes {
  delete(ref: DocumentReference): void;
  update(ref: DocumentReference, field: FieldPath, value: unknown): void;
  update(ref: DocumentReference, data: Record<string, unknown>): void;
}

const batchWrites = (batch: WriteBatch): Writes => ({
  delete: (ref) => void batch.delete(ref),
  update: (ref: DocumentReference, ...rest: [FieldPath, unknown] | [Record<string, unknown>]) =>
    void (rest.length === 2 ? batch.update(ref, rest[0], rest[1]) : batch.update(ref, rest[0])),
});

const transactionWrites = (tx: Transaction): Writes => ({
  delete: (ref) => void tx.delete(ref),
  update: (ref: DocumentReference, ...rest: [FieldPath, unknown] | [Record<string, unknown>]) =>
    void (rest.length === 2 ? tx.update(ref, rest[0], rest[1]) : tx.update(ref, rest[0])),
});

/** The same rule the reference backend enforces: booleans only, at least one, nothing else. */
export function validFlags(update: UserFlagsUpdate): UserFlagsUpdate {
  const allowed = new Set(['isPremium', 'accountActive']);
  const entries = Object.entries(update as Record<string, unknown>);
  const unknown = entries.find(([key]) => !allowed.has(key));
  if (unknown) throw new Error(`${unknown[0]} is not allowed`);
  const wrong = entries.find(([, value]) => typeof value !== 'boolean');
  if (wrong) throw new Error(`${wrong[0]} must be boolean`);
  if (entries.length === 0) throw new Error('Nothing to update: give isPremium or accountActive');
  return update;
}

export function toAppAuditEntry(d: QueryDocumentSnapshot): AppAuditEntry {
  const data = d.data();
  return {
    source: 'app',
    id: d.id,
    timestamp: toIsoDate(data.timestamp) ?? '',
    event: typeof data.event === 'string' ? data.event : '',
    userId: typeof data.userId === 'string' ? data.userId : null,
    lastSwipeDate: toIsoDate(data.lastSwipeDate),
    totalActiveTimeFormatted: typeof data.totalActiveTimeFormatted === 'string' ? data.totalActiveTimeFormatted : null,
  };
}

/** A console_actions entry (consoleActions.ts) as an audit-log row of the console's source. */
export function toConsoleAuditEntry(d: QueryDocumentSnapshot): ConsoleAuditEntry {
  const data = d.data();
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const actorUid = text(data.actorUid) ?? '';
  return {
    source: 'console',
    id: d.id,
    timestamp: toIsoDate(data.timestamp) ?? '',
    event: text(data.action) ?? '',
    userId: data.targetType === 'user' ? text(data.targetId) : null,
    actor: { uid: actorUid, email: text(data.actorEmail) ?? actorUid },
    targetType: text(data.targetType) ?? '',
    targetId: text(data.targetId),
    before: data.before ?? null,
    after: data.after ?? null,
    details: null,
  };
}

/** Where a merged page of both sources continues: each source's keyset position, or null once it has nothing older. */
interface MergedAuditCursor {
  app: Position | null | 'start';
  console: Position | null | 'start';
}
const MERGED = 'm';
const encodeMerged = (cursor: MergedAuditCursor) => MERGED + JSON.stringify(cursor);
function decodeMerged(cursor: string | undefined): MergedAuditCursor {
  if (cursor === undefined) return { app: 'start', console: 'start' };
  try {
    if (cursor.startsWith(MERGED)) return JSON.parse(cursor.slice(MERGED.length)) as MergedAuditCursor;
  } catch {
    // falls through to the refusal
  }
  throw new Error('The audit log cursor is not valid here; reload the list.');
}

export function createFirestoreAuditLogs(db: Firestore, meter?: ReadMeter): AuditLogsPort {
  const logs = collection(db, 'audit_logs');
  // The console's own Firestore writes (a user's flags, a deletion) are its source here; the hosted API keeps the
  // trail of what it does itself (names, imports, exports: GET /api/audit-logs?source=console on that server).
  const actions = collection(db, CONSOLE_ACTIONS);
  const r = reader(meter);
  const count = (q: Query) => r.count(q);

  /** One source's entries after `after`, newest first by (timestamp, id): `limit` + 1 documents. */
  async function readSource(source: AuditSource, q: AuditLogsQuery, after: Position | null, n: number) {
    const plan = planAuditLogsQuery({ ...q, cursor: undefined });
    const filters = plan.where.map((f) => (source === 'console' && f.field === 'event' ? { ...f, field: 'action' } : f)).map(toWhere);
    const snapshot = await r.docs(
      query(
        source === 'console' ? actions : logs,
        ...filters,
        orderBy('timestamp', 'desc'),
        orderBy(documentId(), 'desc'),
        ...(after ? [startAfterPosition(after)] : []),
        limit(n + 1),
      ),
    );
    return snapshot.docs.map((d) => ({
      entry: source === 'console' ? toConsoleAuditEntry(d) : toAppAuditEntry(d),
      position: positionOf(d, 'timestamp'),
    }));
  }

  /** Both sources, newest first: each read from where it stopped, the page the newest `limit` of the two. */
  async function mergedPage(q: AuditLogsQuery): Promise<AuditLogsPage> {
    const n = q.limit ?? AUDIT_LOG_PAGE_SIZE;
    const cursor = decodeMerged(q.cursor);
    const read = (source: AuditSource, at: MergedAuditCursor['app']) =>
      at === null ? Promise.resolve([]) : readSource(source, q, at === 'start' ? null : at, n);
    const [app, console] = await Promise.all([read('app', cursor.app), read('console', cursor.console)]);
    const tagged = [
      ...app.map((row) => ({ ...row, from: 'app' as const })),
      ...console.map((row) => ({ ...row, from: 'console' as const })),
    ];
    tagged.sort((a, b) => b.entry.timestamp.localeCompare(a.entry.timestamp) || (b.entry.id < a.entry.id ? -1 : 1));
    const page = tagged.slice(0, n);
    const next = (from: AuditSource, rows: typeof app, at: MergedAuditCursor['app']): MergedAuditCursor['app'] => {
      const taken = page.filter((t) => t.from === from);
      if (taken.length === 0) return rows.length === 0 ? null : at;
      return rows.length > taken.length ? taken[taken.length - 1]!.position : null;
    };
    const following = { app: next('app', app, cursor.app), console: next('console', console, cursor.console) };
    return {
      entries: page.map((t) => t.entry),
      nextCursor: following.app === null && following.console === null ? null : encodeMerged(following),
    };
  }

  return {
    async pageAuditLogs(q) {
      if (q.source === undefined || q.source === 'all') return mergedPage(q);
      const plan = planAuditLogsQuery(q);
      const rows = await readSource(q.source, q, plan.after, plan.limit);
      const page = rows.slice(0, plan.limit);
      return {
        entries: page.map((row) => row.entry),
        nextCursor: rows.length > plan.limit ? encodeCursor(page[page.length - 1]!.position) : null,
      };
    },

    async auditStats(q) {
      const source = q.source ?? 'all';
      const range = planAuditLogsQuery({ since: q.since }).where.map(toWhere);
      const withApp = source !== 'console';
      const withConsole = source !== 'app';
      // One count aggregation per known event type (billed per 1,000 entries counted), none of them read documents.
      const [appTotal, consoleTotal, appCounts, consoleCounts] = await Promise.all([
        withApp ? count(query(logs, ...range)) : 0,
        withConsole ? count(query(actions, ...range)) : 0,
        Promise.all(withApp ? APP_AUDIT_EVENTS.map((event) => count(query(logs, ...range, where('event', '==', event)))) : []),
        Promise.all(
          withConsole ? FIRESTORE_CONSOLE_ACTIONS.map((action) => count(query(actions, ...range, where('action', '==', action)))) : [],
        ),
      ]);
      const byEvent: AuditEventCount[] = [
        ...(withApp ? APP_AUDIT_EVENTS.map((event, i) => ({ source: 'app' as const, event, count: appCounts[i]! })) : []),
        ...(withConsole
          ? FIRESTORE_CONSOLE_ACTIONS.map((event, i) => ({ source: 'console' as const, event, count: consoleCounts[i]! }))
          : []),
      ];
      const other = appTotal - byEvent.filter((e) => e.source === 'app').reduce((n, e) => n + e.count, 0);
      if (other > 0) byEvent.push({ source: 'app', event: OTHER_EVENTS, count: other });
      return {
        since: q.since ?? null,
        source,
        total: appTotal + consoleTotal,
        byEvent: byEvent.filter((e) => e.count > 0).sort((a, b) => b.count - a.count || a.event.localeCompare(b.event)),
      };
    },
  };
}
