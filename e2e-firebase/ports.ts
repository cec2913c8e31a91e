// Fixed, so the Firebase-mode build made for them (the emulators' addresses are baked into it) stays valid
// from one run to the next. E2E_FIREBASE_PORT, E2E_FIRESTORE_PORT and E2E_AUTH_PORT change them.
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const FIREBASE_E2E_PORTS = {
  port: port('E2E_FIREBASE_PORT', 4190),
  firestorePort: port('E2E_FIRESTORE_PORT', 8186),
  authPort: port('E2E_AUTH_PORT', 9196),
};
