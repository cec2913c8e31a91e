import { useEffect, useMemo, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { UserRecord } from '../../../../contract/wire';
import { errorReason } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import { useListAllUsersInfiniteQuery, useListUsersQuery } from '../usersApi';
import { userListKey, userPageQuery, type PageAnchor, type UserListKey } from '../usersQuery';
import type { UsersPage } from '../../../../contract/usersAudit';
import { selectUserFilters, selectUserPage, selectUserPageSize, selectUserSort, type UserPageSize } from '../usersSlice';

export interface UserList {
  rows: UserRecord[];
  /** records matching the filters; null when the backend cannot say */
  total: number | null;
  /** a page follows this one (false on the last page, and while Show All reads) */
  hasNextPage: boolean;
  /** the backend stopped counting at `total`: more records match */
  totalIsLowerBound: boolean;
  /** nothing to show yet for this view */
  isLoading: boolean;
  /** a page (or the next Show All page) is on its way */
  isFetching: boolean;
  error: string | null;
  /** Show All still reading pages: loaded so far, and the total when known */
  showAllProgress: { loaded: number; total: number | null } | null;
  retry(): void;
}

/**
 * How the page on screen is reached. Next and Previous from a page with cursors go by them (remembered, so
 * going back to a page reuses its cached read); any other page (a link, a reload, Last) goes by offset.
 */
function usePageAnchor(key: UserListKey, pageSize: UserPageSize, page: number): [PageAnchor, (data: UsersPage | undefined) => void] {
  const shown = useRef<{ key: UserListKey; pageSize: UserPageSize; page: number; data: UsersPage | undefined } | null>(null);
  const anchors = useRef(new Map<number, PageAnchor>());
  const last = shown.current;
  if (!last || last.key !== key || last.pageSize !== pageSize) anchors.current = new Map();
  else if (last.page !== page && last.data && !anchors.current.has(page)) {
    if (page === last.page + 1 && last.data.nextCursor) anchors.current.set(page, { cursor: last.data.nextCursor });
    if (page === last.page - 1 && last.data.previousCursor) anchors.current.set(page, { before: last.data.previousCursor });
  }
  const anchor = page === 0 ? null : (anchors.current.get(page) ?? null);
  return [
    anchor,
    (data) => {
      shown.current = { key, pageSize, page, data };
    },
  ];
}

/**
 * The rows the grid shows. A page size of 25..250 is one page (see usePageAnchor); Show All reads the whole list with
 * the keyset cursor, one page of 1,000 after another (never one giant request), and the grid shows the rows
 * as they arrive.
 */
export function useUserList(enabled: boolean): UserList {
  const filters = useAppSelector(selectUserFilters);
  const sort = useAppSelector(selectUserSort);
  const pageSize = useAppSelector(selectUserPageSize);
  const page = useAppSelector(selectUserPage);
  const key = useMemo(() => userListKey(filters, sort), [filters, sort]);
  const showAll = pageSize === 'all';

  const [anchor, remember] = usePageAnchor(key, pageSize, page);
  const pageQuery = useListUsersQuery(enabled && !showAll ? userPageQuery(key, pageSize, page, anchor) : skipToken);
  remember(pageQuery.currentData);
  const allQuery = useListAllUsersInfiniteQuery(enabled && showAll ? key : skipToken);

  const { currentData: allData, hasNextPage, isFetching: allFetching, isError: allFailed, fetchNextPage } = allQuery;
  const loadedPages = allData?.pages.length ?? 0;
  // Read on one page at a time until the list ends; `isFetching` gates it, an error stops it.
  useEffect(() => {
    if (showAll && loadedPages > 0 && hasNextPage && !allFetching && !allFailed) void fetchNextPage();
  }, [showAll, loadedPages, hasNextPage, allFetching, allFailed, fetchNextPage]);

  const allRows = useMemo(() => allData?.pages.flatMap((p) => p.users) ?? [], [allData]);

  if (showAll) {
    const first = allData?.pages[0];
    // "More than 1,000" cannot measure progress; once every page is in, the count is the rows.
    const total = first?.totalIsLowerBound ? null : (first?.total ?? null);
    const reading = loadedPages === 0 || Boolean(hasNextPage);
    return {
      rows: allRows,
      total: reading ? total : allRows.length,
      hasNextPage: false,
      totalIsLowerBound: false,
      isLoading: !enabled || (allFetching && loadedPages === 0),
      isFetching: allFetching,
      error: allFailed ? errorReason(allQuery.error) : null,
      showAllProgress: reading && !allFailed ? { loaded: allRows.length, total } : null,
      retry: () => (loadedPages > 0 ? void fetchNextPage() : void allQuery.refetch()),
    };
  }
  // currentData: after a view change the previous view's rows must not linger under the new filters.
  const data = pageQuery.currentData;
  return {
    rows: data?.users ?? [],
    total: data?.total ?? null,
    hasNextPage: data ? data.nextCursor !== null : false,
    totalIsLowerBound: data?.totalIsLowerBound === true,
    isLoading: !enabled || (pageQuery.isFetching && !data),
    isFetching: pageQuery.isFetching,
    error: pageQuery.isError ? errorReason(pageQuery.error) : null,
    showAllProgress: null,
    retry: () => void pageQuery.refetch(),
  };
}
