import { useEffect, useState } from 'react';
import { INVITE_FALLBACK_DELAY_MS } from './inviteLinks';

/**
 * Spec 4: first try to open the app through its link, then after the delay show the fallback (store
 * links). If the app opens, the page is in the background by then and the fallback goes unseen.
 * Without a code there is nothing to open: the fallback shows at once.
 */
export function useAppOpenAttempt(link: string | null, open: (url: string) => void, delayMs = INVITE_FALLBACK_DELAY_MS): boolean {
  const [showFallback, setShowFallback] = useState(link === null);
  useEffect(() => {
    if (link === null) return undefined;
    open(link);
    const timer = setTimeout(() => setShowFallback(true), delayMs);
    return () => clearTimeout(timer);
  }, [link, open, delayMs]);
  return showFallback;
}
