// `npm start` builds the console only when its sources changed since the last build: a warm start then
// costs the backend's start-up alone. The VITE_* variables are baked into the build (the backend it
// talks to, the Firebase project, the emulators' addresses), so a build made with other values is stale too.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the production build is made from: a change to any of these calls for a new build. */
const BUILD_INPUTS = [
  'src',
  'public',
  'contract',
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

/**
 * Where the env of the build in `outDir` is recorded: beside Vite's own cache, not in the build folder
 * (whatever is there is served).
 */
function envStampPath(root: string, outDir: string): string {
  const name = path.relative(root, path.resolve(outDir)).replace(/[^a-z0-9._-]+/gi, '_') || 'build';
  return path.join(root, 'node_modules', '.cache', 'console-build-env', `${name}.json`);
}

/** Records the env the build in `outDir` was made with (call right after building it). */
export function recordBuildEnv(root: string, outDir: string, env: Record<string, string>): void {
  const stamp = envStampPath(root, outDir);
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${JSON.stringify(sortedEntries(env), null, 2)}\n`);
}

const sortedEntries = (env: Record<string, string>) => Object.fromEntries(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));

/** The VITE_* names whose values differ between the recorded build env and `env`; null when none was recorded. */
function changedEnvNames(root: string, outDir: string, env: Record<string, string>): string[] | null {
  const stamp = envStampPath(root, outDir);
  if (!existsSync(stamp)) return null;
  let built: Record<string, string>;
  try {
    built = JSON.parse(readFileSync(stamp, 'utf8')) as Record<string, string>;
  } catch {
    return null;
  }
  const names = new Set([...Object.keys(built), ...Object.keys(env)]);
  return [...names].filter((name) => built[name] !== env[name]).sort();
}

/**
 * Why the build in `outDir` must be redone, or null when it is newer than everything it is made from and
 * was made with the same VITE_* values as `env` (what a build would get now: consoleServer.ts buildEnvOf).
 */
export function staleBuildReason(root: string, outDir: string, env: Record<string, string>): string | null {
  const builtIndex = path.join(outDir, 'index.html');
  if (!existsSync(builtIndex)) return `no build in ${path.relative(root, outDir) || '.'}/ yet`;
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = BUILD_INPUTS.find((input) => newestMtimeMs(path.join(root, input)) > builtAt);
  if (changed) return `${changed} changed since the last build`;
  const changedEnv = changedEnvNames(root, outDir, env);
  if (changedEnv === null) return 'the VITE_* values of the last build are not known';
  if (changedEnv.length > 0) return `${changedEnv.join(', ')} changed since the last build`;
  return null;
}
