import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { filtersReplaced, sameFilters, selectNamesFilters } from '../namesSlice';
import { filtersFromSearchParams, searchParamsWithFilters } from '../namesUrl';

/**
 * Keeps the address and the names slice in step. The slice is the source of truth while the page is open;
 * the address only seeds it: on mount, and when the address changes from outside (back/forward, a link
 * clicked while the page is open). Each filter change the operator makes is a new history entry, so Back
 * steps through the views they went through (issue 6); only tidying a hand-written address (?letter=b to
 * ?letter=B) replaces the entry.
 *
 * Returns false until the slice holds the address's filters, so nothing is fetched for the wrong list.
 */
export function useNamesUrlSync(): boolean {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectNamesFilters);
  const [searchParams, setSearchParams] = useSearchParams();
  const [ready, setReady] = useState(false);
  // Read inside the effects without making them re-run: a slice change must not re-read the address (that
  // would undo it), an address change must not write the address, and becoming ready must not re-read it.
  const latest = useRef({ filters, searchParams, setSearchParams, ready });
  latest.current = { filters, searchParams, setSearchParams, ready };

  // address -> slice
  useEffect(() => {
    const fromUrl = filtersFromSearchParams(searchParams);
    // On mount always: opening the page starts at page one, even when the filters are unchanged.
    if (!latest.current.ready || !sameFilters(fromUrl, latest.current.filters)) dispatch(filtersReplaced(fromUrl));
    setReady(true);
  }, [searchParams, dispatch]);

  // slice -> address
  useEffect(() => {
    if (!ready) return;
    const { searchParams: current, setSearchParams: write } = latest.current;
    const next = searchParamsWithFilters(filters, current);
    if (next.toString() === current.toString()) return;
    const sameView = sameFilters(filtersFromSearchParams(current), filters);
    // The slice moved synchronously (the click); the address must follow in the same task. By default the
    // router hands the new location to React in a transition, rendered in a later task: a Back pressed before
    // that was batched with this push into one update from the old address to the same old address
    // (?letter=B -> ?letter=Á -> back to ?letter=B rendered as "no change"), so the effect above never ran
    // and the page stayed on Á under ?letter=B. flushSync renders the address at once, so it never lags a
    // filter change and a Back or Forward (always a later task) is always a change React sees. From a
    // microtask because React cannot flush while it is running effects; cancelled if the filters changed
    // again or the page closed in between.
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) write(next, { replace: sameView, flushSync: true });
    });
    return () => {
      cancelled = true;
    };
  }, [filters, ready]);

  return ready;
}
