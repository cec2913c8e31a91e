// Whether the page is being left (a reload, a link away, the tab closing). A browser aborts the requests
// still in flight when it leaves a page, and their failures can reach the code before the page is gone:
// a job must not mistake that for the server failing (and record a run as failed that was interrupted).
//
// Leaving starts when the console asked "leave the page?" (beforeunload, while a job runs) or at pagehide.
// The browser never says that the operator chose to stay; the operator's next key or click does, so input
// ends it, as does pageshow (the page came back from the back/forward cache).

let leaving = false;
let listening = false;

function stay() {
  leaving = false;
}

function listen() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', stay);
  window.addEventListener('pointerdown', stay, { capture: true });
  window.addEventListener('keydown', stay, { capture: true });
}

listen();

/** Called by the beforeunload guard when it asks: the page is left unless the operator stays. */
export function leaveAsked(): void {
  listen();
  leaving = true;
}

export function isPageLeaving(): boolean {
  return leaving;
}
