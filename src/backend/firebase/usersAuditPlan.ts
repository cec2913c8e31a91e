// What Firestore can be asked and what the browser must check itself, decided without the SDK so the
// decisions can be tested plainly. firestoreUsersAudit.ts turns a plan into where / orderBy / limit calls,
// and queryShapes() below is what firestore.indexes.json must cover (a test derives it from these plans).
import type { UserSortField } from '../../../contract/usersAudit';
import type { AuditLogsQuery, UserFilters, UsersQuery } from '../../../contract/schemas/usersAudit';
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

/** Where a page starts: after a (sort value, id) position, before one (the previous page), or an offset. */
export type PageAnchor =
  { kind: 'after'; position: Position } | { kind: 'before'; position: Position } | { kind: 'offset'; offset: number };

/** A sort value as the cursor carries it: Timestamps as [seconds, nanoseconds]. */
export type CursorValue = string | number | boolean | null | { ts: [number, number] };
export interface Position {
  value: CursorValue;
  id: string;
}

export interface UsersPlan {
  where: FieldFilter[];
  orderBy: { field: UserSortField; direction: 'asc' | 'desc' };
  /** Normalized search text: the adapter reads the search's matches (userSearchPlan.ts) instead of the ordered list. */
  search: string | null;
  /** Filters Firestore cannot run here (`connected`, ranges on a field other than the sort field, and with a
   * search all of them): the adapter checks them in the browser. */
  clientFilters: UserFilters | null;
  limit: number;
  anchor: PageAnchor;
}

const RANGE_FIELDS = { createdAt: ['createdFrom', 'createdTo'], lastActiveDate: ['lastActiveFrom', 'lastActiveTo'] } as const;
/** Equality filters in the order firestore.indexes.json lists them. */
export const USER_EQUALITY_FIELDS = ['isPremium', 'accountActive', 'preferredGender', 'preferredNationality'] as const;

export function encodeCursor(position: Position): string {
  return `k${JSON.stringify([position.value, position.id])}`;
}

/** A cursor this adapter issued (keyset `k…`, search offset `s…`), or null for anything else. */
export function decodeCursor(cursor: string): Position | { offset: number } | null {
  try {
    if (cursor.startsWith('s')) {
      const offset = Number(cursor.slice(1));
      return Number.isInteger(offset) && offset >= 0 ? { offset } : null;
    }
    if (!cursor.startsWith('k')) return null;
    const parsed = JSON.parse(cursor.slice(1)) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== 'string') return null;
    return { value: parsed[0] as CursorValue, id: parsed[1] };
  } catch {
    return null;
  }
}

function anchorOf(q: UsersQuery): PageAnchor {
  const given = q.before !== undefined ? decodeCursor(q.before) : q.cursor !== undefined ? decodeCursor(q.cursor) : null;
  if (q.before !== undefined || q.cursor !== undefined) {
    if (!given) throw new Error('The list cursor is not valid here; reload the list.');
    if ('offset' in given) return { kind: 'offset', offset: given.offset };
    return { kind: q.before !== undefined ? 'before' : 'after', position: given };
  }
  return { kind: 'offset', offset: q.offset ?? 0 };
}

export function planUsersQuery(q: UsersQuery): UsersPlan {
  const where: FieldFilter[] = [];
  const client: UserFilters = {};
  const search = normalizeSearch(q.search);
  // With a search the prefix reads carry no other filter (no composite index per search field): all are checked here.
  const serverSide = search === '';
  const equality = (field: (typeof USER_EQUALITY_FIELDS)[number], value: string | boolean | undefined) => {
    if (value === undefined) return;
    if (serverSide) where.push({ field, op: '==', value });
    else Object.assign(client, { [field]: value });
  };
  equality('isPremium', q.isPremium);
  equality('accountActive', q.accountActive);
  equality('preferredGender', q.preferredGender);
  equality('preferredNationality', q.preferredNationality);
  const sort = q.sort ?? 'createdAt';
  // A range runs on the server only on the field the query is ordered by; any other range is checked here.
  for (const [field, [fromKey, toKey]] of Object.entries(RANGE_FIELDS) as [
    keyof typeof RANGE_FIELDS,
    readonly [keyof UserFilters, keyof UserFilters],
  ][]) {
    const from = q[fromKey] as string | undefined;
    const to = q[toKey] as string | undefined;
    if (field === sort && serverSide) {
      if (from !== undefined) where.push({ field, op: '>=', value: from, date: true });
      if (to !== undefined) where.push({ field, op: '<', value: to, date: true });
    } else {
      if (from !== undefined) Object.assign(client, { [fromKey]: from });
      if (to !== undefined) Object.assign(client, { [toKey]: to });
    }
  }
  // `connectedUserId != null` would need its own ordering.
  if (q.connected !== undefined) client.connected = q.connected;
  return {
    where,
    orderBy: { field: sort, direction: q.order ?? 'desc' },
    search: serverSide ? null : search,
    clientFilters: Object.keys(client).length > 0 ? client : null,
    limit: q.limit ?? DEFAULT_USER_PAGE_SIZE,
    anchor: anchorOf(q),
  };
}

export interface AuditPlan {
  where: FieldFilter[];
  limit: number;
  after: Position | null;
}

/** The spec's audit log query: optional timestamp lower bound, optional event equality, timestamp descending. */
export function planAuditLogsQuery(q: AuditLogsQuery): AuditPlan {
  const where: FieldFilter[] = [];
  if (q.since !== undefined) where.push({ field: 'timestamp', op: '>=', value: q.since, date: true });
  if (q.event !== undefined) where.push({ field: 'event', op: '==', value: q.event });
  let after: Position | null = null;
  if (q.cursor !== undefined) {
    const decoded = decodeCursor(q.cursor);
    if (!decoded || 'offset' in decoded) throw new Error('The audit log cursor is not valid here; reload the list.');
    after = decoded;
  }
  return { where, limit: q.limit ?? AUDIT_LOG_PAGE_SIZE, after };
}

/**
 * A query the adapter sends that filters on one field and orders (or ranges) on another: what needs a composite
 * index. `direction` null means a range without orderBy (either direction's index serves it).
 */
export interface QueryShape {
  collection: string;
  equality: string[];
  order: { field: string; direction: 'asc' | 'desc' | null };
}

function usersShape(plan: UsersPlan): QueryShape | null {
  if (plan.search !== null) return null;
  const equality = plan.where.filter((f) => f.op === '==').map((f) => f.field);
  return equality.length === 0
    ? null
    : { collection: 'users', equality, order: { field: plan.orderBy.field, direction: plan.orderBy.direction } };
}

function auditShapes(plan: AuditPlan): QueryShape[] {
  const equality = plan.where.filter((f) => f.op === '==').map((f) => f.field);
  if (equality.length === 0) return [];
  // The page orders by timestamp; the statistics count the same filters without an order. The console's own
  // entries (console_actions) are filtered the same way, their action standing for the event.
  const consoleEquality = equality.map((field) => (field === 'event' ? 'action' : field));
  return [
    { collection: 'audit_logs', equality, order: { field: 'timestamp', direction: 'desc' } },
    { collection: 'audit_logs', equality, order: { field: 'timestamp', direction: null } },
    { collection: 'console_actions', equality: consoleEquality, order: { field: 'timestamp', direction: 'desc' } },
    { collection: 'console_actions', equality: consoleEquality, order: { field: 'timestamp', direction: null } },
  ];
}

/**
 * A user's history reads the app's events of one user, newest first (firestoreHistory.ts): userId equality,
 * ordered by timestamp descending.
 */
export const USER_HISTORY_SHAPE: QueryShape = {
  collection: 'audit_logs',
  equality: ['userId'],
  order: { field: 'timestamp', direction: 'desc' },
};

/** ... and the console's own changes of that user (console_actions by targetId, newest first: consoleActions.ts). */
export const USER_CONSOLE_HISTORY_SHAPE: QueryShape = {
  collection: 'console_actions',
  equality: ['targetId'],
  order: { field: 'timestamp', direction: 'desc' },
};

function subsets<T>(items: readonly T[]): T[][] {
  return items.reduce<T[][]>((all, item) => [...all, ...all.map((s) => [...s, item])], [[]]);
}

/**
 * Every composite query shape the users, audit and history adapters can send, derived by running their planners over
 * every combination of filters, sort fields and orders.
 */
export function queryShapes(): QueryShape[] {
  const shapes = new Map<string, QueryShape>();
  const add = (shape: QueryShape | null) => {
    if (shape) shapes.set(JSON.stringify(shape), shape);
  };
  const sample = { isPremium: true, accountActive: true, preferredGender: 'female', preferredNationality: 'all' } as const;
  for (const fields of subsets(USER_EQUALITY_FIELDS)) {
    const filters = Object.fromEntries(fields.map((f) => [f, sample[f]])) as UserFilters;
    for (const sort of ['createdAt', 'lastActiveDate', 'email', 'username', 'displayName'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        for (const extra of [{}, { createdFrom: '2026-01-01T00:00:00.000Z' }, { lastActiveTo: '2026-01-01T00:00:00.000Z' }]) {
          add(usersShape(planUsersQuery({ ...filters, ...extra, sort, order })));
        }
      }
    }
  }
  for (const q of [
    {},
    { event: 'USER_CREATED' },
    { since: '2026-01-01T00:00:00.000Z' },
    { event: 'CANCELLATION', since: '2026-01-01T00:00:00.000Z' },
  ]) {
    auditShapes(planAuditLogsQuery(q)).forEach(add);
  }
  add(USER_HISTORY_SHAPE);
  add(USER_CONSOLE_HISTORY_SHAPE);
  return [...shapes.values()];
}
