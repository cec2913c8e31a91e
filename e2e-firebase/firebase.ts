// What the Firebase-mode specs share: whether to skip, the emulators through firebase-admin (to arrange data
// and to read what the console wrote), and ID tokens for calling the hosted API as the console does.
import { test, type APIRequestContext } from '@playwright/test';
import { openAdmin } from '../scripts/firebase/seedFirebase';

/** Why the emulators could not run (set by globalSetup.ts); every spec skips then. */
export const skipReason = process.env.FIREBASE_E2E_SKIP ?? '';

/** Skips the spec file when the emulators cannot run here. Call at the top of every spec. */
export function skipWithoutEmulators(): void {
  test.skip(skipReason !== '', `the Firebase emulators cannot run here: ${skipReason}`);
}

/**
 * How long a search's rows may take to show. The Firebase-mode search is a few sequential reads (the skip scan of
 * src/backend/firebase/userSearchPlan.ts: 3-5 rounds), and the emulator answers a browser's reads seconds apart on
 * a loaded machine (2-5 s in the trace of a run that timed out at the default 15 s); Firestore, in tens of ms.
 */
export const SEARCH_SHOWN = { timeout: 45_000 };

type Admin = Awaited<ReturnType<typeof openAdmin>>;

/** firebase-admin on the emulators, opened once per spec file and closed after it. */
export function emulatorAdmin(): () => Promise<Admin> {
  let admin: Promise<Admin> | null = null;
  test.afterAll(async () => {
    if (admin) await (await admin).close();
  });
  return () => (admin ??= openAdmin(process.env.GCLOUD_PROJECT!));
}

/** An ID token from the Auth emulator, as the console's web SDK gets one. */
export async function idToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  if (!response.ok()) throw new Error(`emulator sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`GET /api${path} -> ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The newest console action on the hosted API's trail. */
export async function newestConsoleAction(request: APIRequestContext, token: string) {
  const page = await apiGet<{ entries: { event: string; actor?: { uid: string; email: string }; target?: unknown }[] }>(
    request,
    token,
    '/audit-logs?source=console&limit=1',
  );
  return page.entries[0];
}
