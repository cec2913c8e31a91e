// The ONE module that reads import.meta.env (Jest maps it to jest/env.mock.ts).
import type { AppConfig } from './types';

const env = import.meta.env;

function optional(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

export const config: AppConfig = {
  backend: env.VITE_BACKEND === 'firebase' ? 'firebase' : 'local',
  apiBaseUrl: optional(env.VITE_API_BASE_URL) ?? '/api',
  authBaseUrl: optional(env.VITE_AUTH_BASE_URL) ?? '/auth',
  apiTimeoutMs: 10_000,
  isDevelopment: env.DEV,
  firebase: {
    apiKey: optional(env.VITE_FIREBASE_API_KEY),
    authDomain: optional(env.VITE_FIREBASE_AUTH_DOMAIN),
    projectId: optional(env.VITE_FIREBASE_PROJECT_ID),
    storageBucket: optional(env.VITE_FIREBASE_STORAGE_BUCKET),
    messagingSenderId: optional(env.VITE_FIREBASE_MESSAGING_SENDER_ID),
    appId: optional(env.VITE_FIREBASE_APP_ID),
    authEmulatorUrl: optional(env.VITE_FIREBASE_AUTH_EMULATOR_URL),
    firestoreEmulatorHost: optional(env.VITE_FIREBASE_FIRESTORE_EMULATOR_HOST),
  },
  // The defaults name the app's expected listings; set the real ones for a deployment (docs/operations.md, Settings).
  invite: {
    appScheme: optional(env.VITE_INVITE_APP_SCHEME) ?? 'babynames',
    androidStoreUrl: optional(env.VITE_INVITE_ANDROID_STORE_URL) ?? 'https://play.google.com/store/apps/details?id=com.babynames.app',
    iosStoreUrl: optional(env.VITE_INVITE_IOS_STORE_URL) ?? 'https://apps.apple.com/app/baby-names/id6450000000',
  },
};
