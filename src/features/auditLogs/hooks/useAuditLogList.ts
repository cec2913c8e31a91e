import { useCallback, useEffect, useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { AuditEntry } from '../../../../contract/usersAudit';
import { errorReason } from '../../../api/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useGetAuditLogsInfiniteQuery } from '../auditLogsApi';
import { morePagesRequested, selectAuditRequestedPages, selectAuditView } from '../auditLogsSlice';

/** A row of the table: entries are unique by source and id together. */
export type AuditRow = AuditEntry & { rowId: string };

export function toAuditRows(pages: readonly { entries: AuditEntry[] }[] | undefined): AuditRow[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const rows: AuditRow[] = [];
  for (const page of pages) {
    for (const entry of page.entries) {
      const rowId = `${entry.source}:${entry.id}`;
      if (seen.has(rowId)) continue;
      seen.add(rowId);
      rows.push({ ...entry, rowId });
    }
  }
  return rows;
}

/** The loaded entries: 100 per page, Load more reads the next page with the cursor. */
export function useAuditLogList(enabled: boolean) {
  const dispatch = useAppDispatch();
  const view = useAppSelector(selectAuditView);
  const requestedPages = useAppSelector(selectAuditRequestedPages);
  const query = useGetAuditLogsInfiniteQuery(enabled ? view : skipToken);
  const { currentData, hasNextPage, isFetching, isError, isFetchNextPageError, fetchNextPage, refetch } = query;
  const rows = useMemo(() => toAuditRows(currentData?.pages), [currentData]);
  const loadedPages = currentData?.pages.length ?? 0;
  const canLoadMore = enabled && loadedPages > 0 && hasNextPage && !isFetching && !isError;

  useEffect(() => {
    if (canLoadMore && loadedPages < requestedPages) void fetchNextPage();
  }, [canLoadMore, loadedPages, requestedPages, fetchNextPage]);

  const loadMore = useCallback(() => {
    if (canLoadMore) dispatch(morePagesRequested(loadedPages));
  }, [canLoadMore, dispatch, loadedPages]);

  const retry = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage();
    else void refetch();
  }, [isFetchNextPageError, fetchNextPage, refetch]);

  return {
    rows,
    isLoadingFirstPage: !enabled || (isFetching && loadedPages === 0),
    isFetchingMore: query.isFetchingNextPage,
    hasNextPage: Boolean(hasNextPage),
    error: isError ? errorReason(query.error) : null,
    loadMore,
    retry,
  };
}
