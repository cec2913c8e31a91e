// The invite page's own boot: React and the page only, no store, router, theme or backend, so a phone
// opening a shared link downloads a few kilobytes instead of the console (see src/boot.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import InvitePage from './InvitePage';

export function mountInvitePage(container: HTMLElement): void {
  // The console's CSS baseline is not loaded here; without it the body keeps the browser's 8 px margin.
  document.body.style.margin = '0';
  createRoot(container).render(
    <StrictMode>
      <InvitePage />
    </StrictMode>,
  );
}
