import { useEffect, type RefObject } from 'react';

/** The sticky top navigation's height: the rows scroll under it, so the grid's window starts below it. */
export function stickyTopHeight(): number {
  const bar = document.querySelector<HTMLElement>('header.MuiAppBar-positionSticky');
  return bar ? bar.getBoundingClientRect().height : 0;
}

/**
 * Lets the page's scrollbar scroll the grid's rows, so the list scrolls as one page (spec: the trigger is the page's
 * bottom) while the grid still renders only the rows in view.
 *
 * `frameRef` is as tall as all the loaded rows; inside it, a sticky box the height of the window holds the grid,
 * whose own scroller has no scrollbar of its own and ignores the wheel (NamesGrid's styles), so the wheel scrolls the
 * page. Here the page's scroll position is turned into the grid's: how far the page has scrolled past the frame's
 * top is how far the grid's rows are scrolled. The other way round too: when the grid scrolls itself (keyboard
 * focus moving to a row out of view, a new filter's scroll back to the first row), the page follows.
 */
export function useWindowScrolledGrid(frameRef: RefObject<HTMLElement | null>, scrollerSelector: string) {
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    let scroller: HTMLElement | null = null;
    let pending = 0;

    /** Where the grid's rows should be for the page's scroll position. */
    const wanted = (el: HTMLElement) => {
      const past = stickyTopHeight() - frame.getBoundingClientRect().top;
      return Math.min(Math.max(0, past), Math.max(0, el.scrollHeight - el.clientHeight));
    };
    const pageToGrid = () => {
      pending = 0;
      // The sticky box sits right below the navigation (its height changes with the window's width).
      const top = `${stickyTopHeight()}px`;
      if (frame.style.getPropertyValue('--names-sticky-top') !== top) frame.style.setProperty('--names-sticky-top', top);
      attach();
      if (!scroller) return;
      const rowsTop = wanted(scroller);
      if (Math.abs(scroller.scrollTop - rowsTop) >= 1) scroller.scrollTop = rowsTop;
    };
    const schedule = () => {
      if (!pending) pending = window.requestAnimationFrame(pageToGrid);
    };
    /** The grid scrolled on its own: move the page by as much, so the rows it scrolled to are in view. */
    const gridToPage = () => {
      if (!scroller) return;
      const off = scroller.scrollTop - wanted(scroller);
      if (Math.abs(off) < 1) return;
      const page = document.scrollingElement ?? document.documentElement;
      page.scrollTop += off;
    };
    function attach() {
      const found = frame!.querySelector<HTMLElement>(scrollerSelector);
      if (found === scroller) return;
      scroller?.removeEventListener('scroll', gridToPage);
      scroller = found;
      scroller?.addEventListener('scroll', gridToPage, { passive: true });
    }

    attach();
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resize?.observe(frame);
    return () => {
      scroller?.removeEventListener('scroll', gridToPage);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resize?.disconnect();
      if (pending) window.cancelAnimationFrame(pending);
    };
  }, [frameRef, scrollerSelector]);
}
