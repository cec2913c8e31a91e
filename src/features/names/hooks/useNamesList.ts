import { useCallback, useEffect, useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { NameRecord } from '../../../../contract/wire';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useGetNamesInfiniteQuery, type NamesPage } from '../namesApi';
import { nextPageRequested, selectNamesFilters, selectRequestedPages } from '../namesSlice';

/**
 * The rows of all loaded pages, in order. With offset paging a name inserted by someone else can shift a
 * row into the next page as well; the grid requires unique ids, so the first occurrence wins.
 */
export function flattenNamePages(pages: readonly NamesPage[] | undefined): NameRecord[] {
  if (!pages) return [];
  const seen = new Set<number>();
  const rows: NameRecord[] = [];
  for (const page of pages) {
    for (const name of page.names) {
      if (seen.has(name.id)) continue;
      seen.add(name.id);
      rows.push(name);
    }
  }
  return rows;
}

/**
 * The filtered names list: the slice says which list and how many pages the operator wants, RTK Query's
 * infinite query holds the pages. `enabled` is false until the filters have been read from the address,
 * so the page never fetches the default list first and the shared one second.
 */
export function useNamesList(enabled: boolean) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectNamesFilters);
  const requestedPages = useAppSelector(selectRequestedPages);
  const query = useGetNamesInfiniteQuery(enabled ? filters : skipToken);
  // currentData, not data: after a filter change the hook would otherwise keep showing (and counting)
  // the previous filter's rows until the new list arrives.
  const { currentData, hasNextPage, isFetching, isError, isFetchNextPageError, fetchNextPage, refetch } = query;

  const rows = useMemo(() => flattenNamePages(currentData?.pages), [currentData]);
  // The newest figure: each page carries the total as it stood when that page was read.
  const lastPage = currentData?.pages.findLast((page) => page.total !== undefined);
  const loadedPages = currentData?.pages.length ?? 0;
  const canLoadMore = enabled && loadedPages > 0 && hasNextPage && !isFetching && !isError;

  // Fetch until the cache holds as many pages as were asked for. One page at a time: `isFetching` gates it.
  useEffect(() => {
    if (canLoadMore && loadedPages < requestedPages) void fetchNextPage();
  }, [canLoadMore, loadedPages, requestedPages, fetchNextPage]);

  /** Ask for the page after the loaded ones; a no-op while a fetch runs, after a short page, or after an error. */
  const requestMore = useCallback(() => {
    if (canLoadMore) dispatch(nextPageRequested(loadedPages));
  }, [canLoadMore, dispatch, loadedPages]);

  /** Retry what failed: the next page if only that failed, else the whole list. */
  const retry = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage();
    else void refetch();
  }, [isFetchNextPageError, fetchNextPage, refetch]);

  return {
    rows,
    /** first page of this list still loading (nothing to show yet) */
    isLoadingFirstPage: !enabled || (isFetching && loadedPages === 0),
    isFetchingNextPage: query.isFetchingNextPage,
    hasNextPage: Boolean(hasNextPage),
    isError,
    /** how many names match the filters in all, when the backend says */
    total: lastPage?.total,
    totalIsEstimate: lastPage?.totalIsEstimate ?? false,
    canLoadMore,
    requestMore,
    retry,
  };
}
