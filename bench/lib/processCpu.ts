// CPU time per kind of process over a window (Linux /proc), to say where a phase's CPU went on a machine whose
// cores every process shares: the database's backends, the browser's processes, the bench's own process.
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: the unit of /proc/<pid>/stat's utime and stime on Linux */
const TICKS_PER_SECOND = 100;

type Snapshot = Map<number, { group: string; ticks: number }>;
export type CpuSpent = { group: string; seconds: number }[];

function chromiumGroup(cmdline: string): string {
  const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
  if (!type) return 'Chromium browser process';
  if (type === 'renderer') return 'Chromium renderer (the page and its worker)';
  if (type === 'gpu-process') return 'Chromium GPU process';
  return `Chromium ${type}${/NetworkService/.test(cmdline) ? ' (network)' : ''}`;
}

function groupOf(pid: number, comm: string, cmdline: string): string {
  if (pid === process.pid) return 'the bench process (server, and the Playwright driver in Chromium mode)';
  if (comm === 'postgres') return 'PostgreSQL';
  if (/chrom(e|ium)/.test(comm) || /\/chromium|\/chrome\b/.test(cmdline)) return chromiumGroup(cmdline);
  if (comm === 'node' || /\bnode\b/.test(cmdline.split(' ')[0] ?? '')) return 'other Node processes (the Node client)';
  return 'other processes';
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended meanwhile
  }
}

export function cpuSnapshot(): Snapshot {
  const snapshot: Snapshot = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // After "pid (comm) ": state is field 3, utime 14 and stime 15 (1-based).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const cmdline = (read(`/proc/${entry}/cmdline`) ?? '').replace(/\0/g, ' ');
    snapshot.set(Number(entry), { group: groupOf(Number(entry), comm, cmdline), ticks });
  }
  return snapshot;
}

/** CPU seconds per group between two snapshots, largest first (processes started in between count from 0). */
export function cpuBetween(before: Snapshot, after: Snapshot): CpuSpent {
  const byGroup = new Map<string, number>();
  for (const [pid, { group, ticks }] of after) {
    const spent = ticks - (before.get(pid)?.ticks ?? 0);
    if (spent > 0) byGroup.set(group, (byGroup.get(group) ?? 0) + spent / TICKS_PER_SECOND);
  }
  return [...byGroup].map(([group, seconds]) => ({ group, seconds })).sort((a, b) => b.seconds - a.seconds);
}

/** "PostgreSQL 2.31 s, …; 5.80 s of CPU in 3.97 s: 1.46 of 2 cores busy" */
export function formatCpu(spent: CpuSpent, wallMs: number, cores: number): string {
  const total = spent.reduce((sum, s) => sum + s.seconds, 0);
  const lines = spent.filter((s) => s.seconds >= 0.01).map((s) => `  ${s.seconds.toFixed(2).padStart(6)} s  ${s.group}`);
  return `${lines.join('\n')}\n  ${total.toFixed(2).padStart(6)} s  in all, in ${(wallMs / 1000).toFixed(2)} s: ${(total / (wallMs / 1000)).toFixed(2)} of ${cores} cores busy`;
}
