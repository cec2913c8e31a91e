// User Management and Audit Logs on Cloud Firestore (collections `users` and `audit_logs`).
// What runs where, and what a browser cannot do, is written down in the README ("Firebase mode").
import {
  collection,
  deleteField,
  doc,
  documentId,
  FieldPath,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  startAfter,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentReference,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
  type WriteBatch,
} from 'firebase/firestore';
import type { UserRecord } from '../../../contract/wire';
import {
  APP_AUDIT_EVENTS,
  type AppAuditEntry,
  type AuditEventCount,
  type AuditSource,
  type DeleteUserResponse,
  type UserFlagsUpdate,
} from '../../../contract/usersAudit';
import { matchesUserFilters } from '../../lib/userFilters';
import type { AuditLogsPort, UserManagementPort } from '../ports';
import { planAuditLogsQuery, planUsersQuery, type FieldFilter } from './usersAuditPlan';
import { toIsoDate, toUserRecord } from './userRecord';

/** Documents read per request while filtering in the browser. */
export const SCAN_BATCH = 500;
/** Firestore's limit of writes in one batch. */
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

const toWhere = (f: FieldFilter) => where(f.field, f.op, f.date ? Timestamp.fromDate(new Date(f.value as string)) : f.value);

async function startAfterDoc(ref: DocumentReference): Promise<QueryConstraint> {
  const snapshot = await getDoc(ref);
  // The record the page continued from was deleted meanwhile: its position is gone with it.
  if (!snapshot.exists()) throw new Error('The list changed while it was being read; reload it.');
  return startAfter(snapshot);
}

export function createFirestoreUserManagement(db: Firestore): UserManagementPort {
  const users = collection(db, 'users');
  const record = (d: QueryDocumentSnapshot) => toUserRecord(d.id, d.data());

  return {
    async listUsers(q) {
      const plan = planUsersQuery(q);
      const filters = plan.where.map(toWhere);
      // documentId() breaks ties so equal sort values never make a page skip or repeat a record.
      const ordered = [...filters, orderBy(plan.orderBy.field, plan.orderBy.direction), orderBy(documentId(), plan.orderBy.direction)];
      const from = plan.startAfterId ? [await startAfterDoc(doc(users, plan.startAfterId))] : [];

      if (!plan.clientFilters) {
        // Firestore has no offset: a page jump reads the skipped documents too (billed as reads).
        const [snapshot, count] = await Promise.all([
          getDocs(query(users, ...ordered, ...from, limit(plan.offset + plan.limit + 1))),
          getCountFromServer(query(users, ...filters)),
        ]);
        const docs = snapshot.docs.slice(plan.offset);
        const page = docs.slice(0, plan.limit);
        return {
          users: page.map(record),
          total: count.data().count,
          nextCursor: docs.length > plan.limit ? page[page.length - 1]!.id : null,
        };
      }

      // Substring search and the other browser-side filters: read the ordered query in batches, keep matches.
      const clientFilters = plan.clientFilters;
      const found: UserRecord[] = [];
      let skip = plan.offset;
      let after = from;
      for (;;) {
        const snapshot = await getDocs(query(users, ...ordered, ...after, limit(SCAN_BATCH)));
        for (const d of snapshot.docs) {
          const user = record(d);
          if (!matchesUserFilters(user, clientFilters)) continue;
          if (skip > 0) skip -= 1;
          else found.push(user);
          if (found.length > plan.limit) break;
        }
        if (found.length > plan.limit || snapshot.size < SCAN_BATCH) break;
        after = [startAfter(snapshot.docs[snapshot.docs.length - 1]!)];
      }
      const page = found.slice(0, plan.limit);
      return { users: page, total: null, nextCursor: found.length > plan.limit ? page[page.length - 1]!.uid : null };
    },

    async updateUserFlags(uid, update) {
      const changes = validFlags(update);
      const ref = doc(users, uid);
      // updateDoc fails with not-found when there is no such record (it never creates one).
      await updateDoc(ref, { ...changes, updatedAt: serverTimestamp() });
      const snapshot = await getDoc(ref);
      if (!snapshot.exists()) throw new Error(`No user record ${uid}`);
      return toUserRecord(uid, snapshot.data());
    },

    async deleteUser(uid): Promise<DeleteUserResponse> {
      const userRef = doc(users, uid);
      const snapshot = await getDoc(userRef);
      if (!snapshot.exists()) throw new Error(`No user record ${uid}`);
      const user = toUserRecord(uid, snapshot.data());

      const linked = async (name: keyof typeof USER_LINKS) => {
        const snapshots = await Promise.all(USER_LINKS[name].map((field) => getDocs(query(collection(db, name), where(field, '==', uid)))));
        // A request from a user to themself would otherwise be counted twice.
        return [...new Map(snapshots.flatMap((s) => s.docs).map((d) => [d.id, d.ref])).values()];
      };
      const swipedBy = new FieldPath('swipedBy', uid);
      const [requests, connections, swiped, partnerDocs] = await Promise.all([
        linked('connectionRequests'),
        linked('connections'),
        getDocs(query(collection(db, 'names'), where(swipedBy, '!=', null))),
        getDocs(query(users, where('connectedUserId', '==', uid))),
      ]);
      const partners = partnerDocs.docs.filter((d) => d.id !== uid);

      type Write = (batch: WriteBatch) => void;
      const remove =
        (ref: DocumentReference): Write =>
        (batch) =>
          batch.delete(ref);
      const forgetSwipe =
        (ref: DocumentReference): Write =>
        (batch) =>
          batch.update(ref, swipedBy, deleteField());
      // A partner's record must not point at a user who no longer exists.
      const unlink =
        (ref: DocumentReference): Write =>
        (batch) =>
          batch.update(ref, { connectedUserId: null, connectionStatus: null, updatedAt: serverTimestamp() });
      const writes: Write[] = [
        ...requests.map(remove),
        ...connections.map(remove),
        ...swiped.docs.map((d) => forgetSwipe(d.ref)),
        ...partners.map((d) => unlink(d.ref)),
      ];
      // Dependants first: if a batch fails, the record is still there and deleting again finishes the job.
      for (let i = 0; i < writes.length; i += MAX_BATCH_WRITES) {
        const batch = writeBatch(db);
        for (const write of writes.slice(i, i + MAX_BATCH_WRITES)) write(batch);
        await batch.commit();
      }
      // The record and the app's ACCOUNT_DELETED event land together.
      const last = writeBatch(db);
      last.delete(userRef);
      last.set(doc(collection(db, 'audit_logs')), {
        timestamp: serverTimestamp(),
        event: 'ACCOUNT_DELETED',
        userId: uid,
        lastSwipeDate: user.lastSwipeDate ? Timestamp.fromDate(new Date(user.lastSwipeDate)) : null,
        totalActiveTimeFormatted: user.totalActiveTimeFormatted,
      });
      await last.commit();
      return {
        uid,
        deleted: {
          user: true,
          account: false,
          swipes: swiped.size,
          connectionRequests: requests.length,
          connections: connections.length,
          partnersUnlinked: partners.length,
        },
      };
    },
  };
}

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

/** Firebase mode has no server to record console actions: only the app's events exist. */
const hasAppEvents = (source: AuditSource | undefined) => source !== 'console';

export function createFirestoreAuditLogs(db: Firestore): AuditLogsPort {
  const logs = collection(db, 'audit_logs');
  const count = async (q: Query) => (await getCountFromServer(q)).data().count;

  return {
    async pageAuditLogs(q) {
      if (!hasAppEvents(q.source)) return { entries: [], nextCursor: null };
      const plan = planAuditLogsQuery(q);
      const from = plan.startAfterId ? [await startAfterDoc(doc(logs, plan.startAfterId))] : [];
      // Firestore orders equal timestamps by document id, and startAfter(snapshot) resumes on both.
      const snapshot = await getDocs(query(logs, ...plan.where.map(toWhere), orderBy('timestamp', 'desc'), ...from, limit(plan.limit + 1)));
      const page = snapshot.docs.slice(0, plan.limit);
      return { entries: page.map(toAppAuditEntry), nextCursor: snapshot.size > plan.limit ? page[page.length - 1]!.id : null };
    },

    async auditStats(q) {
      const source = q.source ?? 'all';
      if (!hasAppEvents(q.source)) return { since: q.since ?? null, source, total: 0, byEvent: [] };
      const range = planAuditLogsQuery({ since: q.since }).where.map(toWhere);
      // One count aggregation per known event type (billed per 1,000 entries counted), none of them read documents.
      const [total, ...perEvent] = await Promise.all([
        count(query(logs, ...range)),
        ...APP_AUDIT_EVENTS.map((event) => count(query(logs, ...range, where('event', '==', event)))),
      ]);
      const byEvent: AuditEventCount[] = APP_AUDIT_EVENTS.map((event, i) => ({ source: 'app' as const, event, count: perEvent[i]! }));
      const other = total! - byEvent.reduce((n, e) => n + e.count, 0);
      if (other > 0) byEvent.push({ source: 'app', event: OTHER_EVENTS, count: other });
      return {
        since: q.since ?? null,
        source,
        total: total!,
        byEvent: byEvent.filter((e) => e.count > 0).sort((a, b) => b.count - a.count || a.event.localeCompare(b.event)),
      };
    },
  };
}
