// PGlite is one process's database: two processes writing the same data folder corrupt it, and a copy taken
// while a server writes is not consistent. PGlite takes no lock, but it writes postmaster.pid into the folder
// when it opens it and removes it when it closes (checked with @electric-sql/pglite 0.5: the file reads
// "-42", not a real pid). So: no postmaster.pid, nobody has it open. With one, a live holder still keeps the
// folder's files open, which Linux shows under /proc/<pid>/fd; a file left by a process that was killed has
// no holder, and PGlite recovers such a folder from its WAL when it opens it, as the server would.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export type FolderUse =
  | { state: 'free' }
  /** postmaster.pid left by a process that did not close the database (killed): safe to open */
  | { state: 'stale' }
  | { state: 'held'; holders: { pid: number; command: string }[] }
  /** postmaster.pid present and no /proc to look for its holder (not Linux) */
  | { state: 'unknown' };

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 200);
  } catch {
    return '?';
  }
}

export function pgliteFolderUse(dataDir: string): FolderUse {
  const folder = path.resolve(dataDir);
  if (!existsSync(path.join(folder, 'postmaster.pid'))) return { state: 'free' };
  if (!existsSync('/proc/self/fd')) return { state: 'unknown' };
  const holders: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's (who cannot open an owner-only folder anyway)
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(`${folder}${path.sep}`);
      } catch {
        return false;
      }
    });
    if (holds) holders.push({ pid, command: commandOf(pid) });
  }
  return holders.length > 0 ? { state: 'held', holders } : { state: 'stale' };
}

/** The refusal text for a folder in use, or undefined when the folder may be opened. */
export function folderInUseMessage(dataDir: string, use: FolderUse, what: string): string | undefined {
  if (use.state === 'held') {
    const list = use.holders.map((h) => `pid ${h.pid} (${h.command})`).join(', ');
    return `The PGlite folder ${dataDir} is open in ${list}: stop the server (npm start, npm run serve) before the ${what}. PGlite is one process's database; a second process would corrupt it.`;
  }
  if (use.state === 'unknown') {
    return `The PGlite folder ${dataDir} has a postmaster.pid: a server has it open, or one was killed before it closed it, and this system cannot tell which. Stop the server before the ${what}; if none runs, pass --force.`;
  }
  return undefined;
}
