import type { UrlBackedView } from '../../hooks/useUrlBackedView';
import { searchParamsWith, type ParamWithDefault } from '../../lib/searchParams';
import {
  DEFAULT_USER_LIST_FILTERS,
  DEFAULT_USER_PAGE_SIZE,
  DEFAULT_USER_SORT,
  isUserPageSize,
  sanitizeAnchor,
  sanitizeFilters,
  sanitizeSort,
  selectUsersView,
  viewReplaced,
  type UserListFilters,
  type UserPageSize,
  type UsersViewReplaced,
} from './usersSlice';

// The user list's view in the address (?q=anna&premium=premium&size=250&page=2, and the cursor the page was
// reached by: &after=…) so an operator can share or reload it. Defaults are left out to keep links short; unreadable values fall back to the default.

const FILTER_PARAMS: Record<keyof UserListFilters, string> = {
  search: 'q',
  premium: 'premium',
  active: 'active',
  connected: 'connected',
  preferredGender: 'gender',
  preferredNationality: 'nationality',
  createdFrom: 'createdFrom',
  createdTo: 'createdTo',
  lastActiveFrom: 'activeFrom',
  lastActiveTo: 'activeTo',
};
const SIZE = 'size';
const PAGE = 'page';
const SORT = 'sort';
/** The cursor a page was reached by (Next: after, Previous: before), kept so a reload reads it the same way. */
const AFTER = 'after';
const BEFORE = 'before';

function readPageSize(raw: string | null): UserPageSize {
  if (raw === 'all') return 'all';
  const n = Number(raw);
  return raw !== null && isUserPageSize(n) ? n : DEFAULT_USER_PAGE_SIZE;
}

export function usersViewFromSearchParams(params: URLSearchParams): UsersViewReplaced {
  const raw: Partial<Record<keyof UserListFilters, unknown>> = {};
  for (const [key, param] of Object.entries(FILTER_PARAMS) as [keyof UserListFilters, string][]) {
    const value = params.get(param);
    if (value !== null) raw[key] = value;
  }
  const [field, direction] = (params.get(SORT) ?? '').split(':');
  const pageSize = readPageSize(params.get(SIZE));
  // The address counts pages from 1, as people do.
  const page = pageSize === 'all' ? 0 : Math.max(0, (Math.floor(Number(params.get(PAGE))) || 1) - 1);
  const anchor = page === 0 ? null : sanitizeAnchor({ cursor: params.get(AFTER), before: params.get(BEFORE) });
  return {
    filters: sanitizeFilters({ ...DEFAULT_USER_LIST_FILTERS, ...raw }),
    sort: sanitizeSort({ field, direction }),
    pageSize,
    page,
    anchor,
  };
}

/** A copy of `current` with the view's params set; params of others are kept untouched. */
export function searchParamsWithUsersView(view: UsersViewReplaced, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const anchor = view.page === 0 ? null : (view.anchor ?? null);
  return searchParamsWith(current, [
    ...(Object.entries(FILTER_PARAMS) as [keyof UserListFilters, string][]).map(([key, param]): ParamWithDefault => [
      param,
      view.filters[key],
      DEFAULT_USER_LIST_FILTERS[key],
    ]),
    [SORT, `${view.sort.field}:${view.sort.direction}`, `${DEFAULT_USER_SORT.field}:${DEFAULT_USER_SORT.direction}`],
    [SIZE, String(view.pageSize), String(DEFAULT_USER_PAGE_SIZE)],
    [PAGE, String(view.page + 1), '1'],
    [AFTER, anchor && 'cursor' in anchor ? anchor.cursor : '', ''],
    [BEFORE, anchor && 'before' in anchor ? anchor.before : '', ''],
  ]);
}

export const usersUrlView: UrlBackedView<UsersViewReplaced> = {
  select: selectUsersView,
  replaced: viewReplaced,
  fromSearchParams: usersViewFromSearchParams,
  toSearchParams: searchParamsWithUsersView,
  history: 'replace',
};
