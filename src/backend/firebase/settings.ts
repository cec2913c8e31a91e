// Pure helpers for the Firebase adapter (no SDK import here, so they are cheap to test).
import type { FirebaseSettings } from '../../config/types';

export interface FirebaseAppOptions {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  storageBucket?: string;
  messagingSenderId?: string;
  appId?: string;
}

/** Firebase options from config. Against the emulators any key and a demo- project id will do. */
export function toFirebaseOptions(settings: FirebaseSettings): FirebaseAppOptions {
  const usesEmulators = !!(settings.authEmulatorUrl || settings.firestoreEmulatorHost);
  const apiKey = settings.apiKey ?? (usesEmulators ? 'demo-api-key' : undefined);
  const projectId = settings.projectId ?? (usesEmulators ? 'demo-babynames' : undefined);
  const missing = [!apiKey && 'VITE_FIREBASE_API_KEY', !projectId && 'VITE_FIREBASE_PROJECT_ID'].filter(Boolean);
  if (!apiKey || !projectId) {
    throw new Error(`The Firebase backend is selected but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.`);
  }
  return {
    apiKey,
    projectId,
    authDomain: settings.authDomain,
    storageBucket: settings.storageBucket,
    messagingSenderId: settings.messagingSenderId,
    appId: settings.appId,
  };
}

/** "127.0.0.1:8080" -> { host, port } for connectFirestoreEmulator. */
export function parseHostPort(value: string): { host: string; port: number } {
  const trimmed = value
    .trim()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  const colon = trimmed.lastIndexOf(':');
  const port = Number(trimmed.slice(colon + 1));
  if (colon <= 0 || !Number.isInteger(port) || port <= 0 || port > 65_535) {
    throw new Error(`Firestore emulator host must look like host:port, got "${value}".`);
  }
  return { host: trimmed.slice(0, colon).replace(/^\[|\]$/g, ''), port };
}
