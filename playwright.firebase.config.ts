import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { FIREBASE_E2E_PORTS } from './e2e-firebase/ports';

// The console in Firebase mode in Chromium: the BUILT Firebase-mode console (dist-firebase/) against the
// Firestore and Auth emulators, with the reference backend as its hosted API (e2e-firebase/globalSetup.ts
// starts all of it). `npm run test:e2e:firebase`; the normal `npm run test:e2e` is unchanged.
export default defineConfig({
  ...base,
  testDir: 'e2e-firebase',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results-firebase',
  globalSetup: './e2e-firebase/globalSetup.ts',
  webServer: undefined,
  // One emulator pair and one backend for the whole suite: one worker.
  workers: 1,
  use: { ...base.use, baseURL: `http://127.0.0.1:${FIREBASE_E2E_PORTS.port}` },
});
