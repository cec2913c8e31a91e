// The bulk import as an operator runs it: the built console in Chromium (the parse worker, the import saga,
// RTK Query, the page's progress), against the bench's backend. Times the Upload click to the final report,
// and says where the time went: the batches' requests on a timeline, and (profile) the page's main thread by
// function, from a CDP CPU profile.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { launchChromium, signInAsDemoAdmin } from './chromium';
import { cpuBetween, cpuSnapshot, type CpuSpent } from './processCpu';

export interface ChromiumImportResult {
  ms: number;
  /** what the page said at the end */
  report: string;
  batches: number;
  /** click to the first batch request, and to the last batch's answer */
  firstBatchMs: number;
  lastAnswerMs: number;
  /** the longest time no batch was in flight, between the first request and the last answer */
  longestGapMs: number;
  /** every other request the page made between the click and the report, by path */
  otherRequests: string[];
  /** the page's main thread: busy share and the functions that took most of it (self time) */
  mainThread?: { busyMs: number; top: { fn: string; ms: number }[] };
  /** CPU per kind of process from the click to the report */
  cpu: CpuSpent;
}

export function distDir(): string {
  const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
  statSync(path.join(dist, 'index.html'));
  return dist;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time per function from a CDP profile, the idle and program entries left out of the busy figure. */
function summarize(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const byNode = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (deltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'}${url ? ` ${path.basename(url)}:${lineNumber + 1}` : ''}`;
    if (functionName !== '(idle)') busy += ms;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const top = [...byFunction.entries()]
    .filter(([fn]) => !fn.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([fn, ms]) => ({ fn, ms }));
  return { busyMs: busy, top };
}

export async function importInChromium(
  origin: string,
  csvFile: string,
  options: { profile?: boolean } = {},
): Promise<ChromiumImportResult> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await signInAsDemoAdmin(page, origin);
    await page.goto(`${origin}/bulk-upload`);
    await page.getByLabel('CSV file').setInputFiles(csvFile);

    const inFlight = new Set<unknown>();
    const events: { at: number; delta: 1 | -1 }[] = [];
    let started = 0;
    const isBatch = (url: string) => url.endsWith('/api/admin/names/bulk-import');
    const others = new Map<string, number>();
    page.on('request', (r) => {
      if (started > 0 && !isBatch(r.url())) {
        const path = new URL(r.url()).pathname;
        others.set(path, (others.get(path) ?? 0) + 1);
      }
      if (!isBatch(r.url())) return;
      inFlight.add(r);
      events.push({ at: performance.now() - started, delta: 1 });
    });
    const settled = (r: { url(): string }) => {
      if (!isBatch(r.url()) || !inFlight.delete(r)) return;
      events.push({ at: performance.now() - started, delta: -1 });
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);

    let cdp: CDPSession | null = null;
    if (options.profile) {
      cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const cpuBefore = cpuSnapshot();
    started = performance.now();
    await page.getByRole('button', { name: 'Upload' }).click();
    const done = page.getByText(/^Bulk upload completed!/);
    await done.waitFor({ timeout: 600_000 });
    const ms = performance.now() - started;
    const cpu = cpuBetween(cpuBefore, cpuSnapshot());
    const report = (await done.innerText()).trim();
    let mainThread: ChromiumImportResult['mainThread'];
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Parameters<typeof summarize>[0] };
      mainThread = summarize(profile);
    }

    let open = 0;
    let idleSince = events[0]?.at ?? 0;
    let longestGapMs = 0;
    for (const event of events) {
      if (open === 0 && event.delta === 1) longestGapMs = Math.max(longestGapMs, event.at - idleSince);
      open += event.delta;
      if (open === 0) idleSince = event.at;
    }
    const requests = events.filter((e) => e.delta === 1);
    return {
      ms,
      report,
      batches: requests.length,
      firstBatchMs: requests[0]?.at ?? NaN,
      lastAnswerMs: events.at(-1)?.at ?? NaN,
      longestGapMs,
      mainThread,
      cpu,
      otherRequests: [...others.entries()].sort((a, b) => b[1] - a[1]).map(([path, n]) => `${path} ×${n}`),
    };
  } finally {
    await browser.close();
  }
}
