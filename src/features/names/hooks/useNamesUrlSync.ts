import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { filtersReplaced, sameFilters, selectNamesFilters } from '../namesSlice';
import { filtersFromSearchParams, searchParamsWithFilters } from '../namesUrl';

/**
 * Keeps the address and the names slice in step. The slice is the source of truth while the page is open;
 * the address only seeds it: on mount, and when the address changes from outside (back/forward, a link
 * clicked while the page is open). Filter changes are written back with `replace`, so the back button
 * leaves the page instead of stepping through every letter clicked.
 *
 * Returns false until the slice holds the address's filters, so nothing is fetched for the wrong list.
 */
export function useNamesUrlSync(): boolean {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectNamesFilters);
  const [searchParams, setSearchParams] = useSearchParams();
  const [ready, setReady] = useState(false);
  // Read inside the address effect without making slice changes re-run it (that would undo them).
  const filtersRef = useRef(filters);
  filtersRef.current = filters;

  // address -> slice
  useEffect(() => {
    const fromUrl = filtersFromSearchParams(searchParams);
    // On mount always: opening the page starts at page one, even when the filters are unchanged.
    if (!ready) dispatch(filtersReplaced(fromUrl));
    else if (!sameFilters(fromUrl, filtersRef.current)) dispatch(filtersReplaced(fromUrl));
    setReady(true);
    // `ready` is deliberately left out: flipping it must not re-read the address.
  }, [searchParams, dispatch]);

  // slice -> address
  useEffect(() => {
    if (!ready) return;
    const next = searchParamsWithFilters(filters, searchParams);
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true });
    // Only a filter change writes the address; an address change is handled by the effect above.
  }, [filters, ready]);

  return ready;
}
