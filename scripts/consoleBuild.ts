// `npm start` builds the console only when its sources changed since the last build: a warm start then
// costs the backend's start-up alone.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the production build is made from: a change to any of these calls for a new build. */
const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'scripts/sourceDependencies.ts',
];
const NOT_SHIPPED = /(\.test\.tsx?$|[\\/](testing|__mocks__)[\\/])/;

function newestMtimeMs(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return NOT_SHIPPED.test(target) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's mtime
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtimeMs(path.join(target, entry)));
  return newest;
}

/** Why the build in `outDir` must be redone, or null when it is newer than everything it is made from. */
export function staleBuildReason(root: string, outDir: string): string | null {
  const builtIndex = path.join(outDir, 'index.html');
  if (!existsSync(builtIndex)) return `no build in ${path.relative(root, outDir) || '.'}/ yet`;
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = BUILD_INPUTS.find((input) => newestMtimeMs(path.join(root, input)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}
