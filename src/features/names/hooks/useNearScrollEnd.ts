import { useEffect, useRef, type RefObject } from 'react';

/** Spec 9: the next page loads when the viewport is within 300 px of the page bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 300;

/** Pixels of `scroller`'s content below its visible area. */
export const remainingBelow = (scroller: Element) => Math.max(0, scroller.scrollHeight - (scroller.scrollTop + scroller.clientHeight));

/** Pixels of the page below the viewport. */
export function pageRemainingBelow(): number {
  const page = document.scrollingElement ?? document.documentElement;
  return Math.max(0, page.scrollHeight - (window.scrollY + window.innerHeight));
}

/**
 * Whether the viewport is within `threshold` px of the page bottom. The grid's rows are part of the page
 * (NamesGrid: the page's scroll drives the grid's, useWindowScrolledGrid), so the rows below the grid's view
 * are already in what the page has below the viewport; the larger of the two is what is left. (A grid that
 * scrolled on its own, as it did before, counted its rows besides the page's: only the grid's end fired.)
 */
export function isNearScrollEnd(scroller: Element, threshold = INFINITE_SCROLL_THRESHOLD_PX): boolean {
  return Math.max(remainingBelow(scroller), pageRemainingBelow()) <= threshold;
}

export interface NearScrollEndOptions {
  /** Rendered content to watch: the scroller is found inside it, and mutations in it trigger a check. */
  contentRef: RefObject<HTMLElement | null>;
  /** The element that scrolls, looked up in `contentRef` (it may be replaced while the grid re-renders). */
  findScroller: (content: HTMLElement) => Element | null;
  /**
   * False while the scroller's content has not caught up with the data yet (rows committed but not laid
   * out). A check then would measure the old, shorter content and ask for a page too many; the content
   * watchers check again once it has.
   */
  isSettled?: (scroller: Element) => boolean;
  /** Check again when this changes (e.g. loading becomes possible again without anything moving). */
  recheckKey?: unknown;
  threshold?: number;
}

/**
 * Calls `onNear` whenever the viewport is within the threshold of the page's end, the scroller's hidden
 * rows included (isNearScrollEnd).
 * The grid scrolls itself (so its rows stay virtualized; the grid's `onRowsScrollEnd` is Pro-only): this
 * listens to its scroll events, to size changes, and to mutations of the rendered content, because after
 * a page of rows arrives the content may still not fill the grid, and no scroll event would say so.
 *
 * `onNear` must be idempotent: it is called again and again while the end stays in reach.
 */
export function useNearScrollEnd(
  onNear: () => void,
  { contentRef, findScroller, isSettled, recheckKey, threshold = INFINITE_SCROLL_THRESHOLD_PX }: NearScrollEndOptions,
) {
  // The latest callbacks, without re-subscribing the listeners on every render.
  const latest = useRef({ onNear, findScroller, isSettled });
  useEffect(() => {
    latest.current = { onNear, findScroller, isSettled };
  });
  const scheduleRef = useRef<() => void>(() => {});

  useEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    let frame = 0;
    let scroller: Element | null = null;
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => schedule());

    const check = () => {
      frame = 0;
      attach();
      const { onNear: near, isSettled: settled } = latest.current;
      if (scroller && (settled?.(scroller) ?? true) && isNearScrollEnd(scroller, threshold)) near();
    };
    // At most one check per frame, run after layout: events come far more often than anything changes.
    function schedule() {
      if (!frame) frame = window.requestAnimationFrame(check);
    }
    // (Re)binds to the current scroller: the grid may render a new one (e.g. from its empty state).
    function attach() {
      const found = latest.current.findScroller(content!);
      if (found === scroller) return;
      scroller?.removeEventListener('scroll', schedule);
      if (scroller) resize?.unobserve(scroller);
      scroller = found;
      scroller?.addEventListener('scroll', schedule, { passive: true });
      if (scroller) resize?.observe(scroller);
    }

    scheduleRef.current = schedule;
    attach();
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { passive: true });
    const mutations = new MutationObserver(schedule);
    mutations.observe(content, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    schedule();
    return () => {
      scroller?.removeEventListener('scroll', schedule);
      resize?.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule);
      mutations.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
      scheduleRef.current = () => {};
    };
  }, [threshold, contentRef]);

  useEffect(() => {
    scheduleRef.current();
  }, [recheckKey]);
}
