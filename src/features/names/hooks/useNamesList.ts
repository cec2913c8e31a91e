import { skipToken } from '@reduxjs/toolkit/query/react';
import type { NameRecord } from '../../../../contract/schemas/names';
import { useAppSelector } from '../../../app/hooks';
import { uniqueRows, usePagedList } from '../../../hooks/usePagedList';
import { useGetNamesInfiniteQuery, type NamesPage } from '../namesApi';
import { nextPageRequested, selectNamesFilters, selectRequestedPages } from '../namesSlice';

/** The grid requires unique ids: a name that offset paging shows twice appears where it came first. */
const namesOf = (pages: readonly NamesPage[]): NameRecord[] =>
  uniqueRows(
    pages,
    (page) => page.names,
    (name) => name.id,
  );

/**
 * The filtered names list (infinite scroll). `enabled` is false until the filters have been read from the
 * address, so the page never fetches the default list first and the shared one second.
 */
export function useNamesList(enabled: boolean) {
  const filters = useAppSelector(selectNamesFilters);
  const requestedPages = useAppSelector(selectRequestedPages);
  const query = useGetNamesInfiniteQuery(enabled ? filters : skipToken);
  const list = usePagedList(query, { enabled, requestedPages, pageRequested: nextPageRequested, rowsOf: namesOf });
  // The newest figure: each page carries the total as it stood when that page was read.
  const lastPage = list.pages?.findLast((page) => page.total !== undefined);
  return {
    ...list,
    /** how many names match the filters in all, when the backend says */
    total: lastPage?.total,
    totalIsEstimate: lastPage?.totalIsEstimate ?? false,
    /** what the search found per group, when the backend applied it (the newest page's figure) */
    search: list.pages?.findLast((page) => page.search !== undefined)?.search,
  };
}
