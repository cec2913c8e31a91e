// The CSP the production build carries in a <meta> tag (vite.config.ts), from the same Vite env
// variables src/config/env.ts reads: a console hosted apart from the reference backend (Firebase
// mode, a hosted API) still gets script-src 'self' and a connect-src limited to what it talks to.
import { contentSecurityPolicy, FIREBASE_CONNECT_SOURCES, originOf } from './contentSecurityPolicy.ts';

/**
 * The origins besides its own that a console built with this env talks to: an absolute API or auth base
 * URL, and in Firebase mode Google's endpoints or the emulators. The server serving that build sends the
 * same list in its CSP header (scripts/start.ts), so header and meta tag agree.
 */
export function consoleConnectSources(env: Record<string, string | undefined>): string[] {
  const firebase = env.VITE_BACKEND === 'firebase';
  const emulatorHost = env.VITE_FIREBASE_FIRESTORE_EMULATOR_HOST;
  return [
    originOf(env.VITE_API_BASE_URL),
    originOf(env.VITE_AUTH_BASE_URL),
    ...(firebase ? FIREBASE_CONNECT_SOURCES : []),
    ...(firebase ? [originOf(env.VITE_FIREBASE_AUTH_EMULATOR_URL), emulatorHost ? `http://${emulatorHost}` : undefined] : []),
  ].filter((source): source is string => source !== undefined);
}

export function buildTimeCsp(env: Record<string, string | undefined>): string {
  return contentSecurityPolicy({ connectSources: consoleConnectSources(env), forHeader: false });
}
