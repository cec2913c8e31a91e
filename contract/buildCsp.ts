// The CSP the production build carries in a <meta> tag (vite.config.ts), from the same Vite env
// variables src/config/env.ts reads: a console hosted apart from the reference backend (Firebase
// mode, a hosted API) still gets script-src 'self' and a connect-src limited to what it talks to.
import { contentSecurityPolicy, FIREBASE_CONNECT_SOURCES, originOf } from './contentSecurityPolicy';

export function buildTimeCsp(env: Record<string, string | undefined>): string {
  const firebase = env.VITE_BACKEND === 'firebase';
  const emulatorHost = env.VITE_FIREBASE_FIRESTORE_EMULATOR_HOST;
  const sources = [
    originOf(env.VITE_API_BASE_URL),
    originOf(env.VITE_AUTH_BASE_URL),
    ...(firebase ? FIREBASE_CONNECT_SOURCES : []),
    ...(firebase ? [originOf(env.VITE_FIREBASE_AUTH_EMULATOR_URL), emulatorHost ? `http://${emulatorHost}` : undefined] : []),
  ].filter((source): source is string => source !== undefined);
  return contentSecurityPolicy({ connectSources: sources, forHeader: false });
}
