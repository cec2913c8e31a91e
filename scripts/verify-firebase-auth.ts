// Checks the Firebase adapter's auth port against a running Firebase Auth emulator (not part of CI: the emulator
// comes from firebase-tools, ~310 MB). Run:
//   npm install --prefix /tmp/fbtools firebase-tools
//   /tmp/fbtools/node_modules/.bin/firebase emulators:start --only auth --project demo-babynames   (auth on 127.0.0.1:9099)
//   npx tsx scripts/verify-firebase-auth.ts
// Firestore has no offline emulator here (STACK.md), so the document ports are not exercised by this script.
import { createFirebaseBackend } from '../src/backend/firebase/firebaseBackend';
import type { AuthAccount } from '../contract/schemas/auth';
import type { AppConfig } from '../src/config/types';

const emulator = process.env.FIREBASE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
const email = `verify-${Date.now()}@example.com`;
const password = 'correct-horse-battery';

const config: AppConfig = {
  backend: 'firebase',
  apiBaseUrl: '/api',
  authBaseUrl: '/auth',
  apiTimeoutMs: 10_000,
  isDevelopment: true,
  firebase: { projectId: 'demo-babynames', apiKey: 'demo', authEmulatorUrl: emulator },
  invite: { appScheme: 'babynames', androidStoreUrl: '', iosStoreUrl: '' },
};

let failures = 0;
function check(name: string, ok: boolean, detail?: unknown) {
  if (!ok) failures += 1;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail === undefined ? '' : ` :: ${JSON.stringify(detail)}`}`);
}

async function main() {
  const signUp = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { localId: uid } = (await signUp.json()) as { localId: string };
  check('emulator user created', signUp.ok && typeof uid === 'string', uid);

  const backend = createFirebaseBackend(config);
  const seen: (AuthAccount | null)[] = [];
  const unsubscribe = backend.auth.observeAccount((account) => seen.push(account));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  await settle();
  check('observeAccount reports null first', seen.length === 1 && seen[0] === null, seen);
  check('no token before sign-in', (await backend.auth.getIdToken()) === null);

  const wrong = await backend.auth.signIn(email, 'wrong-password').then(
    () => 'resolved',
    (error: { code?: string }) => error.code ?? 'rejected',
  );
  check('a wrong password is refused', wrong !== 'resolved', wrong);

  const account = await backend.auth.signIn(email, password);
  check('sign-in resolves with the account', account.uid === uid && account.email === email, account);
  await settle();
  check('observeAccount reports the account', seen.at(-1)?.uid === uid, seen);

  const token = await backend.auth.getIdToken();
  const payload = token ? JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) : null;
  check(
    'ID token carries the account',
    payload?.email === email && payload?.sub === uid,
    payload && { email: payload.email, sub: payload.sub },
  );

  await backend.auth.signOut();
  await settle();
  check('sign-out reports null', seen.at(-1) === null, seen);
  check('no token after sign-out', (await backend.auth.getIdToken()) === null);
  unsubscribe();

  console.log(failures === 0 ? 'Firebase auth port: all checks passed' : `Firebase auth port: ${failures} check(s) failed`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
