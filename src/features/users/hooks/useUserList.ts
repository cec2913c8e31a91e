import { useEffect, useMemo, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { UserRecord, UsersPage } from '../../../../contract/schemas/usersAudit';
import { errorReason } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import { useListAllUsersInfiniteQuery, useListUsersQuery } from '../usersApi';
import { userListKey, userPageQuery, type UserListKey } from '../usersQuery';
import {
  selectUserFilters,
  selectUserPage,
  selectUserPageAnchor,
  selectUserPageSize,
  selectUserSort,
  type PageAnchor,
  type UserPageSize,
} from '../usersSlice';

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
  /** How Next or Previous reaches a page (pageStepped's anchor). */
  anchorFor(page: number): PageAnchor;
}

/**
 * How pages are reached. The page on screen goes by the slice's anchor (Next and Previous set it; the address
 * keeps it), else by offset (a page number alone: a typed link). `anchorFor` is what Next or Previous uses: the
 * anchor a page was read with before (so going back to it reuses its cached read), else the neighbour's cursor.
 */
function usePageAnchors(key: UserListKey, pageSize: UserPageSize, page: number, anchor: PageAnchor, shown: () => UsersPage | undefined) {
  const memory = useRef<{ key: UserListKey; pageSize: UserPageSize; anchors: Map<number, PageAnchor> } | null>(null);
  if (!memory.current || memory.current.key !== key || memory.current.pageSize !== pageSize) {
    memory.current = { key, pageSize, anchors: new Map() };
  }
  const anchors = memory.current.anchors;
  if (anchor) anchors.set(page, anchor);
  const anchorFor = (target: number): PageAnchor => {
    if (target === 0) return null;
    const known = anchors.get(target);
    if (known) return known;
    const data = shown();
    if (target === page + 1 && data?.nextCursor) return { cursor: data.nextCursor };
    if (target === page - 1 && data?.previousCursor) return { before: data.previousCursor };
    return null;
  };
  return { anchor: page === 0 ? null : anchor, anchorFor };
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

  const sliceAnchor = useAppSelector(selectUserPageAnchor);
  const shown = useRef<UsersPage | undefined>(undefined);
  const { anchor, anchorFor } = usePageAnchors(key, pageSize, page, sliceAnchor, () => shown.current);
  const pageQuery = useListUsersQuery(enabled && !showAll ? userPageQuery(key, pageSize, page, anchor) : skipToken);
  shown.current = pageQuery.currentData;
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
      anchorFor: () => null,
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
    anchorFor,
  };
}
