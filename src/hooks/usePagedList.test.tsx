import type { ReactNode } from 'react';
import { configureStore, createAction, type UnknownAction } from '@reduxjs/toolkit';
import { renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { uniqueRows, usePagedList, type InfiniteListQuery } from './usePagedList';

// The paging logic Manage Names and Audit Logs share, against a stand-in for RTK Query's infinite query.

interface Page {
  items: { id: number }[];
}

const pageRequested = createAction<number>('test/pageRequested');
const rowsOf = (pages: readonly Page[]) =>
  uniqueRows(
    pages,
    (page) => page.items,
    (item) => item.id,
  );

function setup(query: Partial<InfiniteListQuery<Page>>, options: { enabled?: boolean; requestedPages?: number } = {}) {
  const actions: UnknownAction[] = [];
  const store = configureStore({
    reducer: (state: null = null, action: UnknownAction) => {
      actions.push(action);
      return state;
    },
  });
  const full: InfiniteListQuery<Page> = {
    currentData: undefined,
    hasNextPage: false,
    isFetching: false,
    isFetchingNextPage: false,
    isError: false,
    isFetchNextPageError: false,
    fetchNextPage: jest.fn(),
    refetch: jest.fn(),
    ...query,
  };
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(
    () => usePagedList(full, { enabled: options.enabled ?? true, requestedPages: options.requestedPages ?? 1, pageRequested, rowsOf }),
    { wrapper },
  );
  return { result, query: full, requested: () => actions.filter(pageRequested.match).map((a) => a.payload) };
}

const pages = (...ids: number[][]): { pages: Page[] } => ({ pages: ids.map((list) => ({ items: list.map((id) => ({ id })) })) });

describe('usePagedList', () => {
  it('shows the rows of every loaded page in order, a row repeated by offset paging once', () => {
    const { result } = setup({ currentData: pages([1, 2, 3], [3, 4]), hasNextPage: true });
    expect(result.current.rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(result.current.isLoadingFirstPage).toBe(false);
    expect(result.current.canLoadMore).toBe(true);
  });

  it('is loading (and asks for nothing) until enabled', () => {
    const { result, query } = setup({ currentData: pages([1]), hasNextPage: true }, { enabled: false, requestedPages: 3 });
    expect(result.current.isLoadingFirstPage).toBe(true);
    expect(result.current.canLoadMore).toBe(false);
    expect(query.fetchNextPage).not.toHaveBeenCalled();
  });

  it('fetches the next page while fewer pages are loaded than were asked for, one at a time', () => {
    const wanted = setup({ currentData: pages([1]), hasNextPage: true }, { requestedPages: 2 });
    expect(wanted.query.fetchNextPage).toHaveBeenCalledTimes(1);
    const busy = setup({ currentData: pages([1]), hasNextPage: true, isFetching: true }, { requestedPages: 2 });
    expect(busy.query.fetchNextPage).not.toHaveBeenCalled();
    const enough = setup({ currentData: pages([1], [2]), hasNextPage: true }, { requestedPages: 2 });
    expect(enough.query.fetchNextPage).not.toHaveBeenCalled();
  });

  it('requestMore asks for the page after the loaded ones, and only when there is one to load', () => {
    const open = setup({ currentData: pages([1], [2]), hasNextPage: true });
    open.result.current.requestMore();
    expect(open.requested()).toEqual([2]);
    const last = setup({ currentData: pages([1], [2]), hasNextPage: false });
    last.result.current.requestMore();
    expect(last.requested()).toEqual([]);
    const failed = setup({ currentData: pages([1]), hasNextPage: true, isError: true, error: { status: 500, reason: 'boom' } });
    failed.result.current.requestMore();
    expect(failed.requested()).toEqual([]);
    expect(failed.result.current.error).toBe('boom');
  });

  it('retry reads the next page again when only that failed, else the whole list', () => {
    const next = setup({ currentData: pages([1]), isError: true, isFetchNextPageError: true });
    next.result.current.retry();
    expect(next.query.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(next.query.refetch).not.toHaveBeenCalled();
    const first = setup({ isError: true });
    first.result.current.retry();
    expect(first.query.refetch).toHaveBeenCalledTimes(1);
  });
});
