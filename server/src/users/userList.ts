// GET /api/users: one page of end-user records matching the User Management filters, with the total and
// a keyset cursor. Validation answers 400 naming the parameter; the SQL holds only the filters in use.
import { DEFAULT_USER_PAGE_SIZE, USER_SORT_FIELDS, type SortOrder, type UserSortField } from '../../../contract/usersAudit';
import { EXACT_TIMESTAMP, exactTimestampSql } from '../db/exactTimestamp';
import type { Queryable } from '../db/types';
import type { UserListQuery, UsersPage } from '../../../contract/schemas/usersAudit';
import { badRequest } from '../http/errors';
import { toInstant, type Instant } from '../http/instant';
import { toUserRecord, type UserRow } from './userRecord';

export interface UserListFilter {
  search?: string;
  isPremium?: boolean;
  accountActive?: boolean;
  connected?: boolean;
  preferredGender?: string;
  preferredNationality?: string;
  createdFrom?: Instant;
  createdTo?: Instant;
  lastActiveFrom?: Instant;
  lastActiveTo?: Instant;
  sort: UserSortField;
  order: SortOrder;
  limit: number;
  offset: number;
  cursor?: UserCursor;
}

/** Where the previous page ended: its last record's sort value (ISO text for dates) and uid. */
export interface UserCursor {
  sort: UserSortField;
  order: SortOrder;
  value: string | null;
  uid: string;
}

const hasNul = (text: string) => text.includes('\u0000');

export function encodeUserCursor(cursor: UserCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.uid])).toString('base64url');
}

function decodeUserCursor(text: string): UserCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [sort, order, value, uid] = parsed as unknown[];
    if (!(USER_SORT_FIELDS as readonly unknown[]).includes(sort) || (order !== 'asc' && order !== 'desc')) return null;
    if ((value !== null && typeof value !== 'string') || typeof uid !== 'string' || hasNul(uid)) return null;
    // Date sort values go back to PostgreSQL as timestamptz: only the form the server wrote is taken.
    if (typeof value === 'string' && (SORT_COLUMNS[sort as UserSortField].date ? !EXACT_TIMESTAMP.test(value) : hasNul(value))) return null;
    return { sort: sort as UserSortField, order, value, uid };
  } catch {
    return null;
  }
}

/** The filter of a GET /api/users page from its query (shape, bounds and formats checked by the schema). */
export function userListFilter(q: UserListQuery): UserListFilter {
  const f: UserListFilter = {
    sort: q.sort ?? 'createdAt',
    order: q.order ?? 'desc',
    limit: q.limit ?? DEFAULT_USER_PAGE_SIZE,
    offset: q.offset ?? 0,
  };
  for (const field of ['search', 'preferredGender', 'preferredNationality', 'isPremium', 'accountActive', 'connected'] as const) {
    if (q[field] !== undefined) (f as unknown as Record<string, unknown>)[field] = q[field];
  }
  for (const field of ['createdFrom', 'createdTo', 'lastActiveFrom', 'lastActiveTo'] as const) {
    const text = q[field];
    if (text !== undefined) f[field] = toInstant(text);
  }
  for (const [from, to] of [
    ['createdFrom', 'createdTo'],
    ['lastActiveFrom', 'lastActiveTo'],
  ] as const) {
    const start = f[from];
    const end = f[to];
    if (start && end && start.ms >= end.ms) throw badRequest(`${to} must be later than ${from}`, to);
  }
  if (q.cursor !== undefined) {
    if (q.offset !== undefined) throw badRequest('Give either cursor or offset, not both', 'cursor');
    const cursor = decodeUserCursor(q.cursor);
    if (!cursor) throw badRequest('cursor is not one this server gave out', 'cursor');
    if (cursor.sort !== f.sort || cursor.order !== f.order)
      throw badRequest('cursor belongs to another sort order: start again from the first page', 'cursor');
    f.cursor = cursor;
  }
  return f;
}

interface SortColumn {
  column: string;
  nullable: boolean;
  date: boolean;
}
const SORT_COLUMNS: Record<UserSortField, SortColumn> = {
  createdAt: { column: 'created_at', nullable: false, date: true },
  lastActiveDate: { column: 'last_active_date', nullable: true, date: true },
  email: { column: 'email', nullable: true, date: false },
  username: { column: 'username', nullable: true, date: false },
  displayName: { column: 'display_name', nullable: true, date: false },
};

/** Exactly the expression of migration 040's trigram index: the planner matches it by its form. */
export const SEARCH_TEXT_SQL = `lower(uid || E'\\n' || coalesce(email, '') || E'\\n' || coalesce(username, '') || E'\\n' || coalesce(display_name, ''))`;

/** The length of a pg_trgm trigram: shorter search terms cannot use the index. */
const TRIGRAM_LENGTH = 3;

/**
 * Where a total that needs the rows stops counting. Past it the page says "more than 1,000": counting every
 * match of a broad search ("an") or a date range reads most of the table on every page turn, while the
 * page itself stops after 51 rows.
 */
export const USER_TOTAL_COUNT_LIMIT = 1_000;

/** A LIKE pattern matching `text` literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE conditions of the filters (shared by the page and its total). */
function filterConditions(f: UserListFilter, params: unknown[]): string[] {
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.search !== undefined) {
    // pg_trgm finds nothing to look up in a term under three characters and scans its whole index, slower
    // than reading the table (bench:users-audit, "an": 224 ms with the index, 171 ms without). strpos() is
    // the same test in a form the index does not serve, so the planner reads the rows in the list's order.
    where.push(
      [...f.search].length < TRIGRAM_LENGTH
        ? `strpos(${SEARCH_TEXT_SQL}, lower(${param(f.search)})) > 0`
        : `${SEARCH_TEXT_SQL} LIKE lower(${param(containsPattern(f.search))})`,
    );
  }
  if (f.isPremium !== undefined) where.push(`is_premium = ${param(f.isPremium)}`);
  if (f.accountActive !== undefined) where.push(`account_active = ${param(f.accountActive)}`);
  if (f.connected !== undefined) where.push(f.connected ? 'connected_user_id IS NOT NULL' : 'connected_user_id IS NULL');
  if (f.preferredGender !== undefined) where.push(`preferred_gender = ${param(f.preferredGender)}`);
  if (f.preferredNationality !== undefined) where.push(`preferred_nationality = ${param(f.preferredNationality)}`);
  if (f.createdFrom) where.push(`created_at >= ${param(f.createdFrom.text)}`);
  if (f.createdTo) where.push(`created_at < ${param(f.createdTo.text)}`);
  if (f.lastActiveFrom) where.push(`last_active_date >= ${param(f.lastActiveFrom.text)}`);
  if (f.lastActiveTo) where.push(`last_active_date < ${param(f.lastActiveTo.text)}`);
  return where;
}

/** Records after the cursor in the list's order: (value, uid) past the cursor's, records without a value last. */
function cursorCondition(cursor: UserCursor, params: unknown[]): string {
  const { column, nullable, date } = SORT_COLUMNS[cursor.sort];
  const after = cursor.order === 'asc' ? '>' : '<';
  params.push(cursor.uid);
  const uid = `$${params.length}`;
  if (cursor.value === null) return `(${column} IS NULL AND uid ${after} ${uid})`;
  params.push(cursor.value);
  const value = date ? `$${params.length}::timestamptz` : `$${params.length}`;
  // A row comparison is what a (column, uid) index can seek to.
  const past = `(${column}, uid) ${after} (${value}, ${uid})`;
  return nullable ? `(${past} OR ${column} IS NULL)` : past;
}

/**
 * The total from user_group_counts (migration 042) when only its columns are filtered on: a sum over
 * at most a few hundred groups. null when a search or a date range needs the rows themselves.
 */
function groupCountTotal(f: UserListFilter): { sql: string; params: unknown[] } | null {
  if (f.search !== undefined || f.createdFrom || f.createdTo || f.lastActiveFrom || f.lastActiveTo) return null;
  const params: unknown[] = [];
  const where: string[] = [];
  const equal = (column: string, value: unknown) => {
    if (value === undefined) return;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  equal('is_premium', f.isPremium);
  equal('account_active', f.accountActive);
  equal('connected', f.connected);
  equal('preferred_gender', f.preferredGender);
  equal('preferred_nationality', f.preferredNationality);
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  return { sql: `SELECT coalesce(sum(count), 0)::int AS total FROM user_group_counts${whereSql}`, params };
}

export function buildUserListQueries(f: UserListFilter): {
  page: { sql: string; params: unknown[] };
  total: { sql: string; params: unknown[] };
  /** null when `total` is exact; else the count it stops at (it reads at most one row more). */
  totalLimit: number | null;
} {
  const grouped = groupCountTotal(f);
  const totalParams: unknown[] = [];
  const totalWhere = filterConditions(f, totalParams);
  const params: unknown[] = [];
  const where = filterConditions(f, params);
  if (f.cursor) where.push(cursorCondition(f.cursor, params));

  const { column, nullable, date } = SORT_COLUMNS[f.sort];
  const direction = f.order === 'asc' ? 'ASC' : 'DESC';
  // ASC puts NULLs last by default; DESC needs it said (and only then, so a NOT NULL column's index still fits).
  const nulls = nullable && f.order === 'desc' ? ' NULLS LAST' : '';
  const sortKey = date ? exactTimestampSql(column) : column;
  params.push(f.limit + 1, f.offset);
  const whereSql = (conditions: string[]) => (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '');
  return {
    page: {
      sql:
        `SELECT *, ${sortKey} AS list_sort_key FROM users${whereSql(where)}` +
        ` ORDER BY ${column} ${direction}${nulls}, uid ${direction} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    },
    ...(grouped
      ? { total: grouped, totalLimit: null }
      : {
          total: {
            sql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM users${whereSql(totalWhere)} LIMIT ${USER_TOTAL_COUNT_LIMIT + 1}) matching`,
            params: totalParams,
          },
          totalLimit: USER_TOTAL_COUNT_LIMIT,
        }),
  };
}

export async function listUsers(db: Queryable, f: UserListFilter): Promise<UsersPage> {
  const queries = buildUserListQueries(f);
  const [rows, count] = await Promise.all([
    db.query<UserRow & { list_sort_key: string | null }>(queries.page.sql, queries.page.params),
    db.query<{ total: number }>(queries.total.sql, queries.total.params),
  ]);
  const shown = rows.rows.slice(0, f.limit);
  const last = shown[shown.length - 1];
  const total = count.rows[0]!.total;
  const limit = queries.totalLimit;
  return {
    users: shown.map(toUserRecord),
    ...(limit !== null && total > limit ? { total: limit, totalIsLowerBound: true } : { total }),
    nextCursor:
      rows.rows.length > f.limit && last
        ? encodeUserCursor({ sort: f.sort, order: f.order, value: last.list_sort_key, uid: last.uid })
        : null,
  };
}
