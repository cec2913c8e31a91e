import { useEffect } from 'react';

export const APP_TITLE = 'Baby Names Admin Console';

/** Sets the browser tab's title for the page on screen, so tabs and history entries say where they lead. */
export function usePageTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${APP_TITLE}` : APP_TITLE;
  }, [pageTitle]);
}
