import { useEffect, useState } from 'react';
import { activePagePath } from '../adminPages';

/**
 * The address query each admin page last had (e.g. '?letter=B&gender=female' for /manage-names), so its
 * navigation tab leads back to the view the operator left instead of the page's defaults. Kept for the
 * life of the console's layout, i.e. the browser tab's session.
 */
export function useLastSearchByPage(pathname: string, search: string): Readonly<Record<string, string>> {
  const [lastSearch, setLastSearch] = useState<Record<string, string>>({});
  useEffect(() => {
    const page = activePagePath(pathname);
    // Only the page's own address: /manage-names/123 would not be the same view.
    if (page !== pathname) return;
    setLastSearch((previous) => (previous[page] === search ? previous : { ...previous, [page]: search }));
  }, [pathname, search]);
  return lastSearch;
}

/** New pages open at their top; the window would otherwise keep the previous page's scroll offset. */
export function useScrollToTopOnPathChange(pathname: string): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
