import { useCallback, useEffect, useMemo } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { errorReason } from '../api/errors';
import { useAppDispatch } from '../app/hooks';

/** What the list needs of an RTK Query infinite query's result (`useXInfiniteQuery`). */
export interface InfiniteListQuery<Page> {
  currentData?: { pages: Page[] };
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  error?: unknown;
  fetchNextPage(): unknown;
  refetch(): unknown;
}

export interface PagedListOptions<Page, Row> {
  /** false until the list's arguments are known (read from the address): nothing is fetched before */
  enabled: boolean;
  /** how many pages the operator asked for (the slice's intent; the pages live in RTK Query's cache) */
  requestedPages: number;
  /** asks for the page after `loadedPages`; a repeated ask for the same page changes nothing */
  pageRequested(loadedPages: number): UnknownAction;
  /** the rows of the loaded pages, in order; a module-level function (the rows are memoized on the pages) */
  rowsOf(pages: readonly Page[]): Row[];
}

/**
 * A list read page by page (Manage Names' infinite scroll, Audit Logs' Load more): the slice says how many
 * pages the operator wants, the infinite query holds them, and this fetches until the two agree.
 */
export function usePagedList<Page, Row>(query: InfiniteListQuery<Page>, options: PagedListOptions<Page, Row>) {
  const { enabled, requestedPages, pageRequested, rowsOf } = options;
  const dispatch = useAppDispatch();
  // currentData, not data: after a change of arguments the list would otherwise keep showing (and
  // counting) the previous list's rows until the new one arrives.
  const { currentData, hasNextPage, isFetching, isError, isFetchNextPageError, fetchNextPage, refetch } = query;
  const pages = currentData?.pages;
  const rows = useMemo(() => (pages ? rowsOf(pages) : []), [pages, rowsOf]);
  const loadedPages = pages?.length ?? 0;
  const canLoadMore = enabled && loadedPages > 0 && hasNextPage && !isFetching && !isError;

  // Fetch until the cache holds as many pages as were asked for. One page at a time: `isFetching` gates it.
  useEffect(() => {
    if (canLoadMore && loadedPages < requestedPages) void fetchNextPage();
  }, [canLoadMore, loadedPages, requestedPages, fetchNextPage]);

  /** Ask for the page after the loaded ones; a no-op while a fetch runs, after the last page, or after an error. */
  const requestMore = useCallback(() => {
    if (canLoadMore) dispatch(pageRequested(loadedPages));
  }, [canLoadMore, dispatch, loadedPages, pageRequested]);

  /** Retry what failed: the next page if only that failed, else the whole list. */
  const retry = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage();
    else void refetch();
  }, [isFetchNextPageError, fetchNextPage, refetch]);

  return {
    rows,
    pages,
    /** first page of this list still loading (nothing to show yet) */
    isLoadingFirstPage: !enabled || (isFetching && loadedPages === 0),
    isFetchingNextPage: query.isFetchingNextPage,
    hasNextPage: Boolean(hasNextPage),
    isError,
    /** why the last read failed, for the screen; null without an error */
    error: isError ? errorReason(query.error) : null,
    canLoadMore,
    requestMore,
    retry,
  };
}

/** The items of all pages in order, each key once: with offset paging a row can shift into the next page too. */
export function uniqueRows<Page, Item>(
  pages: readonly Page[],
  items: (page: Page) => readonly Item[],
  key: (item: Item) => string | number,
): Item[] {
  const seen = new Set<string | number>();
  const rows: Item[] = [];
  for (const page of pages) {
    for (const item of items(page)) {
      const k = key(item);
      if (seen.has(k)) continue;
      seen.add(k);
      rows.push(item);
    }
  }
  return rows;
}
