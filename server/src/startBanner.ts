// The lines both start scripts (server/src/main.ts, scripts/start.ts) print about security: plainly
// when a public demo password is live, and where the session secret lives.
import type { RunningBackend } from './server';
import { DEMO_ADMIN, DEMO_USER } from './seed/demoAccounts';

export function securityBannerLines(backend: RunningBackend): string[] {
  if (backend.firebase) return firebaseBannerLines(backend.firebase);
  const secret =
    backend.sessionSecretFrom === 'env'
      ? 'Session secret: from SESSION_SECRET.'
      : backend.sessionSecretFrom === 'memory'
        ? 'Session secret: generated for this in-memory database (gone when it stops).'
        : `Session secret: ${backend.sessionSecretFrom} (mode 0600; keep it out of backups others can read).`;
  if (!backend.demoPasswordLive) {
    return [
      backend.seedSkipped ? `Demo accounts: disabled (${backend.demo.because}).` : 'Demo accounts: none can sign in.',
      // An empty database started with SEED_DEMO=0 has nobody to sign in as: say how to make the first operator.
      ...(backend.activeAdmins === 0
        ? [
            'No admin can sign in yet. Make the first one: npm run admin -- create --email you@example.com (on the embedded PGlite, stop the server first).',
          ]
        : []),
      secret,
    ];
  }
  return [
    `WARNING: the demo accounts are live with PUBLIC passwords. Anyone who can reach ${backend.url} can sign in as admin:`,
    `  Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    `  Non-admin:  ${DEMO_USER.email} / ${DEMO_USER.password}`,
    '  Start with SEED_DEMO=0 to disable them.',
    secret,
  ];
}

/** Firebase mode: who may call /api, and plainly when unsigned emulator tokens are accepted. */
function firebaseBannerLines(firebase: NonNullable<RunningBackend['firebase']>): string[] {
  const lines = [
    `Sign-in: Firebase Auth, project ${firebase.projectId}. /api takes Firebase ID tokens; admin = users/{uid}.isAdmin in Firestore.`,
  ];
  if (firebase.authEmulatorHost) {
    lines.push(
      `Firebase emulators: Auth ${firebase.authEmulatorHost} (its UNSIGNED tokens are accepted), Firestore ${firebase.firestoreEmulatorHost}.`,
    );
  } else {
    lines.push(
      "Tokens are checked against Google's keys; revocation and the users records are read with the service account's credentials.",
    );
  }
  return lines;
}
