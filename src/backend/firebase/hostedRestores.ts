// Restoring a full backup in Firebase mode: the hosted API does it (server/src/restores/firestoreRestore.ts), through
// the same /api/admin/restores routes as the reference backend's local mode, with the Firebase ID token. The browser
// never writes the restored documents itself: firestore.rules forbid it to create users records or write isAdmin,
// deliberately, and the Admin SDK on the hosted API is not bound by them. The calls are the local adapter's
// (../local/localRestores.ts): the routes and their answers are the same.
import { createLocalRestores, type LocalRestoresOptions } from '../local/localRestores';
import type { RestorePort } from '../ports';

export function createHostedRestores(hostedApi: LocalRestoresOptions): RestorePort {
  return createLocalRestores(hostedApi);
}
