// Picks the adapters by configuration. Firebase is loaded with a dynamic import only when chosen, so
// the default (local) bundle never carries the Firebase SDK.
import type { AppConfig } from '../config/types';
import type { Backend } from './ports';
import { createLocalBackend } from './local/localBackend';

export type { Backend } from './ports';

export async function createBackend(config: AppConfig): Promise<Backend> {
  if (config.backend === 'firebase') {
    const { createFirebaseBackend } = await import('./firebase/firebaseBackend');
    return createFirebaseBackend(config);
  }
  return createLocalBackend(config);
}
