// The SQL GET /api/users builds, where the results alone cannot tell a mistake: which search form a term
// gets (pg_trgm serves only terms of three characters or more; a shorter one through the index reads it
// whole), and NULLS LAST only where a nullable column is sorted descending (anywhere else it would stop
// the (column, uid) index from serving the order). bench:users-audit measures both.
import { buildUserListQueries, type UserListFilter } from '../src/users/userList';

const filter = (f: Partial<UserListFilter>): UserListFilter => ({ sort: 'createdAt', order: 'desc', limit: 50, offset: 0, ...f });
const pageSql = (f: Partial<UserListFilter>) => buildUserListQueries(filter(f)).page.sql;

test('a search term under three characters uses strpos(), from three on the indexed LIKE', () => {
  for (const search of ['a', 'ab', 'öé']) {
    expect(pageSql({ search })).toContain('strpos(');
    expect(pageSql({ search })).not.toContain(' LIKE ');
  }
  for (const search of ['abc', 'öéü', 'anna@example']) {
    expect(pageSql({ search })).toContain(' LIKE ');
    expect(pageSql({ search })).not.toContain('strpos(');
  }
});

test('NULLS LAST only for a nullable column sorted descending', () => {
  expect(pageSql({ sort: 'lastActiveDate', order: 'desc' })).toContain('NULLS LAST');
  expect(pageSql({ sort: 'email', order: 'desc' })).toContain('NULLS LAST');
  expect(pageSql({ sort: 'lastActiveDate', order: 'asc' })).not.toContain('NULLS LAST');
  expect(pageSql({ sort: 'createdAt', order: 'desc' })).not.toContain('NULLS LAST');
  expect(pageSql({ sort: 'createdAt', order: 'desc' })).toMatch(/ORDER BY created_at DESC, uid DESC LIMIT/);
  expect(pageSql({ sort: 'createdAt', order: 'asc' })).toMatch(/ORDER BY created_at ASC, uid ASC LIMIT/);
});

test('a cursor on created_at (never NULL) seeks by the row comparison alone', () => {
  const cursor = { sort: 'createdAt' as const, order: 'desc' as const, value: '2026-03-01T10:00:00.000000Z', uid: 'u-1' };
  const sql = pageSql({ cursor });
  expect(sql).toContain('(created_at, uid) < ($2::timestamptz, $1)'); // the uid is pushed first
  expect(sql).not.toContain('created_at IS NULL');
});
