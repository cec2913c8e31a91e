import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { analyticsFiltersReplaced, sameAnalyticsFilters, selectAnalyticsFilters } from '../analyticsSlice';
import { analyticsFiltersFromSearchParams, searchParamsWithAnalyticsFilters } from '../analyticsUrl';

/**
 * Keeps the address and the analytics filters in step: the address seeds the slice on mount and when it
 * changes from outside (back/forward, a shared link); filter changes are written back with `replace`.
 * Returns false until the slice holds the address's filters, so nothing is fetched for the wrong filter.
 */
export function useAnalyticsUrlSync(): boolean {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectAnalyticsFilters);
  const [searchParams, setSearchParams] = useSearchParams();
  const [ready, setReady] = useState(false);
  // Read inside the address effect without making slice changes re-run it (that would undo them).
  const filtersRef = useRef(filters);
  // And the address inside the filters effect, so an address change alone does not write it back.
  const searchParamsRef = useRef(searchParams);
  useEffect(() => {
    filtersRef.current = filters;
    searchParamsRef.current = searchParams;
  }, [filters, searchParams]);

  useEffect(() => {
    const fromUrl = analyticsFiltersFromSearchParams(searchParams);
    if (!sameAnalyticsFilters(fromUrl, filtersRef.current)) {
      filtersRef.current = fromUrl;
      dispatch(analyticsFiltersReplaced(fromUrl));
    }
    setReady(true);
  }, [searchParams, dispatch]);

  useEffect(() => {
    if (!ready) return;
    const current = searchParamsRef.current;
    const next = searchParamsWithAnalyticsFilters(filters, current);
    if (next.toString() !== current.toString()) setSearchParams(next, { replace: true });
  }, [filters, ready, setSearchParams]);

  return ready;
}
