import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import type { RootState } from '../app/store';

/** How one page's view (its filters, sort, page) lives in a slice and in the address. */
export interface UrlBackedView<V> {
  select(state: RootState): V;
  /** The page opened or the address changed from outside: adopt this view (and start the list over). */
  replaced(view: V): UnknownAction;
  /** The view an address describes; unreadable values fall back to defaults, so any link opens the page. */
  fromSearchParams(params: URLSearchParams): V;
  /** A copy of `current` with the view's params set; other params are kept. */
  toSearchParams(view: V, current: URLSearchParams): URLSearchParams;
  /**
   * 'push': every change of view is a history entry, so Back steps through the views the operator went
   * through (Manage Names). 'replace': the address only mirrors the view, Back leaves the page.
   */
  history: 'push' | 'replace';
}

/** Two views are the same when they write the same address: no per-view comparison to keep in step. */
function sameView<V>(binding: UrlBackedView<V>, a: V, b: V): boolean {
  return binding.toSearchParams(a, new URLSearchParams()).toString() === binding.toSearchParams(b, new URLSearchParams()).toString();
}

/**
 * Keeps the address and a slice in step. The slice is the source of truth while the page is open; the
 * address only seeds it: on mount (always, so opening the page starts the list again at its first page and
 * re-anchors time windows) and when the address changes from outside (back/forward, a link clicked while
 * the page is open). Tidying a hand-written address (?letter=b to ?letter=B) replaces the entry.
 *
 * Returns false until the slice holds the address's view, so nothing is fetched for the wrong list.
 * `binding` must be a constant (module level): the effects do not re-run when it changes.
 */
export function useUrlBackedView<V>(binding: UrlBackedView<V>): boolean {
  const dispatch = useAppDispatch();
  const view = useAppSelector(binding.select);
  const [searchParams, setSearchParams] = useSearchParams();
  const [ready, setReady] = useState(false);
  // Read inside the effects without making them re-run: a slice change must not re-read the address (that
  // would undo it), an address change must not write the address, and becoming ready must not re-read it.
  const latest = useRef({ binding, view, searchParams, setSearchParams, ready });
  latest.current = { binding, view, searchParams, setSearchParams, ready };

  // address -> slice
  useEffect(() => {
    const { binding: b, view: current, ready: wasReady } = latest.current;
    const fromUrl = b.fromSearchParams(searchParams);
    if (!wasReady || !sameView(b, fromUrl, current)) dispatch(b.replaced(fromUrl));
    setReady(true);
  }, [searchParams, dispatch]);

  // slice -> address
  useEffect(() => {
    if (!ready) return;
    const { binding: b, searchParams: current, setSearchParams: write } = latest.current;
    const next = b.toSearchParams(view, current);
    if (next.toString() === current.toString()) return;
    const replace = b.history === 'replace' || sameView(b, b.fromSearchParams(current), view);
    // The slice moved synchronously (the click); the address must follow in the same task. By default the
    // router hands the new location to React in a transition, rendered in a later task: a Back pressed before
    // that was batched with this write into one update from the old address to the same old address
    // (?letter=B -> ?letter=Á -> back to ?letter=B rendered as "no change"), so the effect above never ran
    // and the page stayed on Á under ?letter=B. flushSync renders the address at once, so it never lags a
    // view change and a Back or Forward (always a later task) is always a change React sees. From a
    // microtask because React cannot flush while it is running effects; cancelled if the view changed
    // again or the page closed in between.
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) write(next, { replace, flushSync: true });
    });
    return () => {
      cancelled = true;
    };
  }, [view, ready]);

  return ready;
}
