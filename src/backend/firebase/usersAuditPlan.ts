// What Firestore can be asked and what the browser must check itself, decided without the SDK so the
// decisions can be tested plainly. firestoreUsersAudit.ts turns a plan into where / orderBy / limit calls.
import type { AuditLogsQuery, UserFilters, UserSortField, UsersQuery } from '../../../contract/usersAudit';
import { AUDIT_LOG_PAGE_SIZE, DEFAULT_USER_PAGE_SIZE } from '../../../contract/usersAudit';
import { normalizeSearch } from '../../lib/userFilters';

export type Comparison = '==' | '>=' | '<';
/** A where() on a field: `date` values are ISO instants, sent as Firestore Timestamps. */
export interface FieldFilter {
  field: string;
  op: Comparison;
  value: string | boolean;
  date?: true;
}

export interface UsersPlan {
  where: FieldFilter[];
  orderBy: { field: UserSortField; direction: 'asc' | 'desc' };
  /** Filters Firestore cannot run here (substring search, `connected`, ranges on a field other than the sort
   * field): the adapter reads the ordered query in batches and keeps the records that pass them. */
  clientFilters: UserFilters | null;
  limit: number;
  offset: number;
  /** A users document id: the page starts after it. */
  startAfterId: string | null;
}

const RANGE_FIELDS = { createdAt: ['createdFrom', 'createdTo'], lastActiveDate: ['lastActiveFrom', 'lastActiveTo'] } as const;

export function planUsersQuery(q: UsersQuery): UsersPlan {
  const where: FieldFilter[] = [];
  const client: UserFilters = {};
  // Equalities combine with any orderBy (given the composite index Firestore asks for).
  if (q.isPremium !== undefined) where.push({ field: 'isPremium', op: '==', value: q.isPremium });
  if (q.accountActive !== undefined) where.push({ field: 'accountActive', op: '==', value: q.accountActive });
  if (q.preferredGender !== undefined) where.push({ field: 'preferredGender', op: '==', value: q.preferredGender });
  if (q.preferredNationality !== undefined) where.push({ field: 'preferredNationality', op: '==', value: q.preferredNationality });
  const sort = q.sort ?? 'createdAt';
  // A range runs on the server only on the field the query is ordered by; any other range is checked here.
  for (const [field, [fromKey, toKey]] of Object.entries(RANGE_FIELDS) as [
    keyof typeof RANGE_FIELDS,
    readonly [keyof UserFilters, keyof UserFilters],
  ][]) {
    const from = q[fromKey] as string | undefined;
    const to = q[toKey] as string | undefined;
    if (field === sort) {
      if (from !== undefined) where.push({ field, op: '>=', value: from, date: true });
      if (to !== undefined) where.push({ field, op: '<', value: to, date: true });
    } else {
      if (from !== undefined) Object.assign(client, { [fromKey]: from });
      if (to !== undefined) Object.assign(client, { [toKey]: to });
    }
  }
  // Firestore has no substring or case-insensitive match, and `connectedUserId != null` would need its own ordering.
  if (normalizeSearch(q.search) !== '') client.search = q.search;
  if (q.connected !== undefined) client.connected = q.connected;
  return {
    where,
    orderBy: { field: sort, direction: q.order ?? 'desc' },
    clientFilters: Object.keys(client).length > 0 ? client : null,
    limit: q.limit ?? DEFAULT_USER_PAGE_SIZE,
    offset: q.cursor !== undefined ? 0 : (q.offset ?? 0),
    startAfterId: q.cursor ?? null,
  };
}

export interface AuditPlan {
  where: FieldFilter[];
  limit: number;
  startAfterId: string | null;
}

/** The spec's audit log query: optional timestamp lower bound, optional event equality, timestamp descending. */
export function planAuditLogsQuery(q: AuditLogsQuery): AuditPlan {
  const where: FieldFilter[] = [];
  if (q.since !== undefined) where.push({ field: 'timestamp', op: '>=', value: q.since, date: true });
  if (q.event !== undefined) where.push({ field: 'event', op: '==', value: q.event });
  return { where, limit: q.limit ?? AUDIT_LOG_PAGE_SIZE, startAfterId: q.cursor ?? null };
}
