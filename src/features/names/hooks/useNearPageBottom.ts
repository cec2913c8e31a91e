import { useEffect, useRef, type RefObject } from 'react';

/** Spec 9: the next page loads when the viewport is within 300 px of the page bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 300;

/** Whether the bottom of the viewport is within `threshold` px of the bottom of the page. */
export function isNearPageBottom(threshold = INFINITE_SCROLL_THRESHOLD_PX): boolean {
  const doc = document.documentElement;
  const viewportBottom = window.scrollY + window.innerHeight;
  return doc.scrollHeight - viewportBottom <= threshold;
}

export interface NearPageBottomOptions {
  /** Rendered content to watch: when it changes, the page height may have changed without any scroll. */
  contentRef: RefObject<HTMLElement | null>;
  /**
   * False while the content has not caught up with the data yet (rows committed but not rendered). A
   * check then would measure the old, shorter page and ask for a page too many; the content watcher
   * checks again once the rows are in.
   */
  isSettled?: () => boolean;
  /** Check again when this changes (e.g. loading becomes possible again without the page changing). */
  recheckKey?: unknown;
  threshold?: number;
}

/**
 * Calls `onNear` whenever the viewport is within the threshold of the page bottom. The page, not the grid,
 * is what scrolls (the grid grows with its rows; the grid's `onRowsScrollEnd` is Pro-only), so this
 * listens to the window's scroll and resize events, and also watches the rendered content with a
 * MutationObserver: after a page of rows arrives the page may still not fill the screen, and no scroll
 * event would say so.
 *
 * `onNear` must be idempotent: it is called again and again while the bottom stays in reach.
 */
export function useNearPageBottom(
  onNear: () => void,
  { contentRef, isSettled, recheckKey, threshold = INFINITE_SCROLL_THRESHOLD_PX }: NearPageBottomOptions,
) {
  // The latest callbacks, without re-subscribing the listeners on every render.
  const latest = useRef({ onNear, isSettled });
  useEffect(() => {
    latest.current = { onNear, isSettled };
  });
  const scheduleRef = useRef<() => void>(() => {});

  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const { onNear: near, isSettled: settled } = latest.current;
      if ((settled?.() ?? true) && isNearPageBottom(threshold)) near();
    };
    // At most one check per frame, run after layout: events come far more often than anything changes.
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    scheduleRef.current = schedule;
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const mutations = new MutationObserver(schedule);
    if (contentRef.current) mutations.observe(contentRef.current, { childList: true, subtree: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      mutations.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
      scheduleRef.current = () => {};
    };
  }, [threshold, contentRef]);

  useEffect(() => {
    scheduleRef.current();
  }, [recheckKey]);
}
