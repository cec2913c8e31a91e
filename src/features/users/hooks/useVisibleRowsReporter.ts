import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { visibleUsersChanged } from '../swipeTotalsSlice';

/** Cells register the row they render; the grid mounts cells only for rows in (or next to) the viewport. */
export type RegisterVisibleRow = (uid: string) => () => void;

export const VisibleRowsContext = createContext<RegisterVisibleRow>(() => () => {});

/**
 * Collects the rows whose cells are mounted (the DataGrid virtualizes: that is the rows on screen plus a
 * small overscan) and reports them in row order, at most once per animation frame.
 */
export function useVisibleRowsReporter(rowOrder: readonly string[]): RegisterVisibleRow {
  const dispatch = useAppDispatch();
  const mounted = useRef(new Map<string, number>());
  const frame = useRef(0);
  const order = useRef(new Map<string, number>());
  order.current = useMemo(() => new Map(rowOrder.map((uid, i) => [uid, i])), [rowOrder]);

  const flush = useCallback(() => {
    frame.current = 0;
    const rank = order.current;
    const uids = [...mounted.current.keys()].filter((uid) => rank.has(uid)).sort((a, b) => rank.get(a)! - rank.get(b)!);
    dispatch(visibleUsersChanged(uids));
  }, [dispatch]);

  const schedule = useCallback(() => {
    if (!frame.current) frame.current = window.requestAnimationFrame(flush);
  }, [flush]);

  useEffect(() => () => window.cancelAnimationFrame(frame.current), []);
  useEffect(schedule, [rowOrder, schedule]);

  return useCallback(
    (uid: string) => {
      // Counted, not a set: a row can briefly have two cells mounted while the grid re-renders it.
      mounted.current.set(uid, (mounted.current.get(uid) ?? 0) + 1);
      schedule();
      return () => {
        const n = (mounted.current.get(uid) ?? 1) - 1;
        if (n <= 0) mounted.current.delete(uid);
        else mounted.current.set(uid, n);
        schedule();
      };
    },
    [schedule],
  );
}

export function useRegisterVisibleRow(uid: string) {
  const register = useContext(VisibleRowsContext);
  useEffect(() => register(uid), [register, uid]);
}
