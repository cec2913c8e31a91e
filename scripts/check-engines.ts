// npm run check:engines: the lockfile against package.json's engines.node (see engines.ts). CI runs it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { engineConflicts, type LockEntry } from './engines';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as { packages: Record<string, LockEntry> };
const conflicts = engineConflicts(lock, pkg.engines.node);
for (const c of conflicts) console.error(`${c.path}@${c.version} wants node ${c.requires}`);
console.log(
  `engines: ${Object.keys(lock.packages).length - 1} locked packages checked against node ${pkg.engines.node}: ${conflicts.length} conflict(s)`,
);
if (conflicts.length > 0) process.exitCode = 1;
