// Every package the lockfile installs must run on every Node version package.json declares: npm only warns
// (EBADENGINE) and installs anyway, and a package built for a newer Node fails at run time, not at install.
import semver from 'semver';

export interface LockEntry {
  version?: string;
  engines?: Record<string, string> | string[];
}
export interface EngineConflict {
  path: string;
  version: string;
  requires: string;
}

function nodeRangeOf(entry: LockEntry): string | undefined {
  const { engines } = entry;
  if (!engines || Array.isArray(engines)) return undefined; // the array form is npm's old, unenforced one
  return engines.node;
}

/** Packages whose own `engines.node` leaves out part of the range we declare. */
export function engineConflicts(lock: { packages: Record<string, LockEntry> }, declared: string): EngineConflict[] {
  const conflicts: EngineConflict[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const requires = path === '' ? undefined : nodeRangeOf(entry);
    if (!requires || semver.validRange(requires) === null) continue;
    if (!semver.subset(declared, requires)) conflicts.push({ path, version: entry.version ?? '?', requires });
  }
  return conflicts;
}
