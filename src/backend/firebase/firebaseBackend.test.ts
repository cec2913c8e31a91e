// The Firebase adapter loads and wires up against emulator settings without touching the network
// (no Firestore emulator can run on these machines; see STACK.md).
import { createBackend } from '../index';
import { config } from '../../../jest/env.mock';
import { reportUnauthorized } from '../../api/http';

it('builds the Firebase backend through the dynamic import, connected to the emulators', async () => {
  const backend = await createBackend({
    ...config,
    backend: 'firebase',
    firebase: { authEmulatorUrl: 'http://127.0.0.1:9099', firestoreEmulatorHost: '127.0.0.1:8080' },
  });
  expect(backend.kind).toBe('firebase');
  const first = await new Promise((resolve) => backend.auth.observeAccount(resolve));
  expect(first).toBeNull();
  expect(await backend.auth.getIdToken()).toBeNull();
});

it('ends the session on any token the hosted API refuses (401), until no longer observed', async () => {
  const backend = await createBackend({
    ...config,
    backend: 'firebase',
    firebase: { authEmulatorUrl: 'http://127.0.0.1:9099', firestoreEmulatorHost: '127.0.0.1:8080' },
  });
  const ended: string[] = [];
  const stop = backend.auth.observeSessionEnded!((reason) => ended.push(reason));
  // Firebase renews ID tokens by itself: the refused one need not be the one held now.
  reportUnauthorized('an-earlier-id-token', 'Token revoked');
  expect(ended).toEqual(['Token revoked']);
  stop();
  reportUnauthorized('an-earlier-id-token', 'Token revoked');
  expect(ended).toHaveLength(1);
});

it('refuses to start without Firebase settings, naming what is missing', async () => {
  await expect(createBackend({ ...config, backend: 'firebase', firebase: {} })).rejects.toThrow('VITE_FIREBASE_API_KEY');
});
