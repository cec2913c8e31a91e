import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordBuildEnv, staleBuildReason } from '../../scripts/consoleBuild';

// npm start builds the console only when needed: when a source changed, and when a VITE_* value the build
// baked in (the backend kind, the Firebase project, the emulators' addresses) is not what it would be now.
let root: string;
let outDir: string;
const past = new Date(Date.now() - 60_000);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'console-build-'));
  outDir = path.join(root, 'dist-firebase');
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src', 'main.tsx'), 'export {};');
  utimesSync(path.join(root, 'src', 'main.tsx'), past, past);
  utimesSync(path.join(root, 'src'), past, past);
  mkdirSync(outDir);
  writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const firebaseEnv = {
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_PROJECT_ID: 'demo-a',
  VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
};

it('is up to date only with newer output and the same VITE_* values', () => {
  expect(staleBuildReason(root, outDir, firebaseEnv)).toBe('the VITE_* values of the last build are not known');
  recordBuildEnv(root, outDir, firebaseEnv);
  expect(staleBuildReason(root, outDir, firebaseEnv)).toBeNull();
});

it('names the VITE_* values that changed, added or removed since the build', () => {
  recordBuildEnv(root, outDir, firebaseEnv);
  expect(staleBuildReason(root, outDir, { ...firebaseEnv, VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9199' })).toBe(
    'VITE_FIREBASE_AUTH_EMULATOR_URL changed since the last build',
  );
  expect(staleBuildReason(root, outDir, { VITE_BACKEND: 'local' })).toBe(
    'VITE_BACKEND, VITE_FIREBASE_AUTH_EMULATOR_URL, VITE_FIREBASE_PROJECT_ID changed since the last build',
  );
});

it('keeps one record per build folder', () => {
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  recordBuildEnv(root, outDir, firebaseEnv);
  recordBuildEnv(root, dist, {});
  expect(staleBuildReason(root, outDir, firebaseEnv)).toBeNull();
  expect(staleBuildReason(root, dist, {})).toBeNull();
});

it('still rebuilds when a source is newer than the build, or when there is no build', () => {
  recordBuildEnv(root, outDir, firebaseEnv);
  writeFileSync(path.join(root, 'src', 'main.tsx'), 'export const changed = 1;');
  utimesSync(path.join(outDir, 'index.html'), past, past);
  expect(staleBuildReason(root, outDir, firebaseEnv)).toBe('src changed since the last build');
  expect(staleBuildReason(root, path.join(root, 'nowhere'), firebaseEnv)).toBe('no build in nowhere/ yet');
});
