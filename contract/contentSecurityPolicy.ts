// The console's Content-Security-Policy, built in one place for the reference backend (a response
// header) and the Vite build (a <meta> tag for a console hosted elsewhere, e.g. in Firebase mode).
// Pure: imported by the server and vite.config.ts, so no import.meta and no DOM.

/** Where the Firebase web SDK talks to: Auth (sign-in, token refresh), Firestore, installations. */
export const FIREBASE_CONNECT_SOURCES = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firestore.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
  'https://firebase.googleapis.com',
] as const;

export interface CspOptions {
  /** Origins the console may fetch from besides its own (an absolute API base URL, Firebase, emulators). */
  connectSources?: readonly string[];
  /**
   * frame-ancestors only works as a header (browsers ignore it in <meta>), so the meta variant leaves it out.
   * Default true.
   */
  forHeader?: boolean;
}

/** The origin of an absolute http(s)/ws(s) URL, or undefined for a relative one ('/api'). */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^(https?|wss?):\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * script-src 'self' only: no inline or eval'd script. style-src needs 'unsafe-inline' because MUI's
 * emotion inserts <style> elements at run time. Workers (the CSV parser) come from our own files;
 * blob: covers downloads shown as images and worker fallbacks.
 */
export function contentSecurityPolicy({ connectSources = [], forHeader = true }: CspOptions = {}): string {
  const connect = ["'self'", ...new Set(connectSources.filter((source) => source.trim() !== ''))];
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(forHeader ? ["frame-ancestors 'none'"] : []),
  ];
  return directives.join('; ');
}
