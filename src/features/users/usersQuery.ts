// The screen's view of the list (slice) as the port's query (wire contract).
import type { UserFilters as WireUserFilters, UsersQuery } from '../../../contract/schemas/usersAudit';
import { endOfDayIso, startOfDayIso } from '../../lib/dayRange';
import type { PageAnchor, UserListFilters, UserPageSize, UserSort } from './usersSlice';

export function wireUserFilters(filters: UserListFilters): WireUserFilters {
  const wire: WireUserFilters = {};
  if (filters.search) wire.search = filters.search;
  if (filters.premium !== 'all') wire.isPremium = filters.premium === 'premium';
  if (filters.active !== 'all') wire.accountActive = filters.active === 'active';
  if (filters.connected !== 'all') wire.connected = filters.connected === 'connected';
  if (filters.preferredGender !== 'all') wire.preferredGender = filters.preferredGender;
  if (filters.preferredNationality !== 'all') wire.preferredNationality = filters.preferredNationality;
  // Days are inclusive on screen; the wire's upper bound is exclusive, so "to" is the next day's start.
  if (filters.createdFrom) wire.createdFrom = startOfDayIso(filters.createdFrom);
  if (filters.createdTo) wire.createdTo = endOfDayIso(filters.createdTo);
  if (filters.lastActiveFrom) wire.lastActiveFrom = startOfDayIso(filters.lastActiveFrom);
  if (filters.lastActiveTo) wire.lastActiveTo = endOfDayIso(filters.lastActiveTo);
  return wire;
}

/** The list a view shows, without its paging: the cache key of Show All, and the base of a page query. */
export interface UserListKey {
  filters: WireUserFilters;
  sort: UserSort['field'];
  order: UserSort['direction'];
}

export function userListKey(filters: UserListFilters, sort: UserSort): UserListKey {
  return { filters: wireUserFilters(filters), sort: sort.field, order: sort.direction };
}

/**
 * One page of the grid (25, 50, 100 or 250 rows). Next and Previous read from the neighbour's cursor (a page
 * of reads in Firebase mode, wherever it is); a page reached otherwise (a link, a reload) goes by offset.
 */
export function userPageQuery(
  key: UserListKey,
  pageSize: Exclude<UserPageSize, 'all'>,
  page: number,
  anchor: PageAnchor = null,
): UsersQuery {
  const base = { ...key.filters, sort: key.sort, order: key.order, limit: pageSize };
  return anchor ? { ...base, ...anchor } : { ...base, offset: page * pageSize };
}
