/**
 * Bulk import benchmark:   npm run bench:import
 *
 * 1. Writes a 100,000-row CSV of real names (some invalid rows) to bench/out/.
 * 2. Starts the reference backend in this process on a loopback port (fresh PGlite folder, or a real
 *    PostgreSQL server when DATABASE_URL is set) and signs in as the demo admin.
 * 3. FULL PATH: the console's import path from Node, in a child process (the console's place is a
 *    browser, not the server): papaparse in chunks -> the console's normalizer -> batches ->
 *    POST /api/admin/names/bulk-import with bounded concurrency -> one INSERT per batch.
 * 4. DIRECT: the same normalized rows inserted straight into the same (emptied) table with the
 *    server's set-based INSERT ... SELECT FROM unnest(...), as one statement and in batches.
 * Prints rows/s, the ratio full/direct (target >= 25%), and the peak RSS of the server process
 * (PGlite included when it is the database) and of the client process.
 *
 * Env: ROWS (default 100000), BATCH_SIZE / CONCURRENCY / CHUNK_BYTES (default: the console's
 * constants from src/features/bulkUpload/importConfig.ts), RUNS (default 3; medians are printed),
 * CLIENT=inprocess (run the client on the server's thread), DATABASE_URL.
 * CHROMIUM=1 adds the import as an operator runs it: the built console (DIST_DIR, default dist/) in Chromium,
 * Upload click to the final report, beside the Node client's time, with the batches' timeline; PROFILE=1
 * adds the page's main thread by function (a CDP CPU profile of the last run).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BulkImportRow } from '../contract/schemas/importRuns';
import { IMPORT_BATCH_SIZE, IMPORT_CHUNK_BYTES, IMPORT_CONCURRENCY } from '../src/features/bulkUpload/importConfig';
import type { Db } from '../server/src/db/types';
import { validateBulkImportRows, type BulkImportColumns } from '../contract/bulkImportRows';
import { insertNameColumns } from '../server/src/names/repository';
import { startBackend, signInAdmin } from './lib/backend';
import { distDir, importInChromium, type ChromiumImportResult } from './lib/importChromium';
import { generateCsv } from './lib/csvFile';
import { importCsv, parseRows, runImportInChild, type ImportResult } from './lib/importClient';
import { mib, RssSampler } from './lib/memory';
import { formatCpu, type CpuSpent } from './lib/processCpu';
import { table, timed } from './lib/timing';

const envInt = (name: string, fallback: number) => {
  const value = process.env[name];
  return value ? Number.parseInt(value, 10) : fallback;
};
const ROWS = envInt('ROWS', 100_000);
const BATCH_SIZE = envInt('BATCH_SIZE', IMPORT_BATCH_SIZE);
const CONCURRENCY = envInt('CONCURRENCY', IMPORT_CONCURRENCY);
const CHUNK_BYTES = envInt('CHUNK_BYTES', IMPORT_CHUNK_BYTES);
const RUNS = envInt('RUNS', 3);
// 'child' (default): the client runs in its own Node process, as the console runs in a browser.
// 'inprocess': client and server share this thread (their work cannot overlap).
const CLIENT = process.env.CLIENT === 'inprocess' ? 'inprocess' : 'child';
const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'out');
const CHROMIUM = process.env.CHROMIUM === '1';
const PROFILE = process.env.PROFILE === '1';

interface Phase {
  label: string;
  rows: number;
  ms: number;
  /** CPU time of this (the server's) process: robust where wall time suffers from a shared machine */
  cpuMs: number;
  peakRss: number;
}

interface PhaseSummary extends Phase {
  minMs: number;
  maxMs: number;
}

/** The median run's time, the spread, and the highest peak RSS over all runs of one phase. */
function median(label: string, samples: Phase[]): PhaseSummary {
  const times = samples.map((p) => p.ms).sort((a, b) => a - b);
  return {
    label,
    rows: samples[0]!.rows,
    ms: times[Math.floor(times.length / 2)]!,
    cpuMs: samples.map((p) => p.cpuMs).sort((a, b) => a - b)[Math.floor(samples.length / 2)]!,
    minMs: times[0]!,
    maxMs: times[times.length - 1]!,
    peakRss: Math.max(...samples.map((p) => p.peakRss)),
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function emptyNames(db: Db): Promise<void> {
  await db.query('TRUNCATE names RESTART IDENTITY CASCADE');
}

async function countNames(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM names');
  return rows[0]!.n;
}

/** A fingerprint of the table's content, to show both paths stored exactly the same rows. */
async function fingerprint(db: Db): Promise<string> {
  const { rows } = await db.query<{ f: string }>(
    `SELECT md5(string_agg(name || '|' || gender || '|' || nationality || '|' || first_letter, ',' ORDER BY name, gender, nationality)) AS f FROM names`,
  );
  return rows[0]!.f;
}

function columnsOf(rows: BulkImportRow[]): BulkImportColumns {
  const checked = validateBulkImportRows(rows, new Date());
  if (!checked.ok) throw new Error(`normalized rows failed server validation: ${checked.error.message}`);
  return checked.value;
}

function slice(c: BulkImportColumns, from: number, to: number): BulkImportColumns {
  return {
    names: c.names.slice(from, to),
    genders: c.genders.slice(from, to),
    nationalities: c.nationalities.slice(from, to),
    firstLetters: c.firstLetters.slice(from, to),
    createdAts: c.createdAts.slice(from, to),
  };
}

/** Times fn, or takes the time it reports ({ ms }: a child's start-up left out), and samples RSS. */
async function measure(label: string, rows: number, fn: () => Promise<{ ms: number } | void>): Promise<Phase> {
  const sampler = new RssSampler();
  sampler.start();
  const cpuBefore = process.cpuUsage();
  const { ms, result } = await timed(fn);
  const cpu = process.cpuUsage(cpuBefore);
  return { label, rows, ms: result ? result.ms : ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRss: sampler.stop() };
}

async function main(): Promise<void> {
  const csv = generateCsv(OUT_DIR, ROWS);
  console.log(`CSV: ${csv.file} (${(csv.bytes / 1024 / 1024).toFixed(1)} MB, ${csv.dataRows} rows, ${csv.invalidRows} invalid)`);

  const backend = await startBackend(CHROMIUM ? { staticDir: distDir() } : {});
  const { db } = backend;
  try {
    const token = await signInAdmin(backend.origin);
    const rssIdle = process.memoryUsage.rss();
    console.log(`Backend: ${backend.description}, ${backend.origin}`);
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage()}; batch ${BATCH_SIZE} rows, concurrency ${CONCURRENCY}, chunk ${CHUNK_BYTES} bytes, ${RUNS} runs, client ${CLIENT === 'child' ? 'in a child process' : 'in this process'}\n`,
    );

    // The rows both paths insert, normalized by the console's code (untimed here; timed below).
    const createdAt = new Date().toISOString();
    const parsed = await parseRows(csv.file, CHUNK_BYTES, createdAt);
    const columns = columnsOf(parsed.rows);
    const valid = parsed.rows.length;

    // The client's settings, the same for the warm-up and the measured imports.
    const clientSettings = {
      origin: backend.origin,
      token,
      batchSize: BATCH_SIZE,
      concurrency: CONCURRENCY,
      chunkBytes: CHUNK_BYTES,
      createdAt,
    };
    // Warm-up (JIT, plan caches, the first pages of the table files), then start from empty.
    const warmCsv = generateCsv(OUT_DIR, 4 * BATCH_SIZE);
    await importCsv({ file: warmCsv.file, ...clientSettings });
    // the warm-up file holds the same first rows as the measured one: empty first (one copy each is stored)
    await emptyNames(db);
    await insertNameColumns(db, slice(columns, 0, 4 * BATCH_SIZE));
    await emptyNames(db);

    // Each run measures every phase once, in turn, on an emptied table; the machine is shared, so the
    // table reports each phase's median over RUNS runs (and the spread), not one lucky or unlucky run.
    const runs: Phase[][] = [];
    let imported: ImportResult | undefined;
    let clientMaxRss = 0;
    let fullCount = -1;
    let fullPrint = '';
    let directCount = -1;
    let directPrint = '';
    let browser: ChromiumImportResult | undefined;
    let nodeClientCpu: { spent: CpuSpent; ms: number } | undefined;
    let browserCount = -1;
    let browserPrint = '';
    for (let run = 0; run < RUNS; run++) {
      const phases: Phase[] = [];
      phases.push(
        await measure('parse + normalize only (no HTTP, no insert)', parsed.rowsRead, async () => {
          await parseRows(csv.file, CHUNK_BYTES, createdAt);
        }),
      );

      await emptyNames(db);
      phases.push(
        await measure('FULL PATH: parse, normalize, batch, HTTP, insert', valid, async () => {
          const options = { file: csv.file, ...clientSettings };
          if (CLIENT === 'inprocess') {
            imported = await importCsv(options);
            return;
          }
          const child = await runImportInChild(options);
          nodeClientCpu = { spent: child.cpu, ms: child.ms };
          imported = child.result;
          clientMaxRss = Math.max(clientMaxRss, child.clientMaxRss);
          return { ms: child.ms };
        }),
      );
      fullCount = await countNames(db);
      fullPrint = await fingerprint(db);

      if (CHROMIUM) {
        await emptyNames(db);
        phases.push(
          await measure('FULL PATH in Chromium: the console (worker, saga, RTK Query, page)', valid, async () => {
            browser = await importInChromium(backend.origin, csv.file, { profile: PROFILE && run === RUNS - 1 });
            return { ms: browser.ms };
          }),
        );
        browserCount = await countNames(db);
        browserPrint = await fingerprint(db);
      }

      await emptyNames(db);
      phases.push(
        await measure('DIRECT: one INSERT ... unnest of all rows', valid, async () => {
          await insertNameColumns(db, columns);
        }),
      );
      directCount = await countNames(db);
      directPrint = await fingerprint(db);

      await emptyNames(db);
      phases.push(
        await measure(`DIRECT: INSERT ... unnest in batches of ${BATCH_SIZE}`, valid, async () => {
          for (let from = 0; from < valid; from += BATCH_SIZE) await insertNameColumns(db, slice(columns, from, from + BATCH_SIZE));
        }),
      );
      runs.push(phases);
      console.log(`run ${run + 1}/${RUNS}: ${phases.map((p) => `${(p.ms / 1000).toFixed(2)} s`).join(', ')}`);
    }
    const phases = runs[0]!.map((first, i) =>
      median(
        first.label,
        runs.map((r) => r[i]!),
      ),
    );
    const full = phases[1]!;
    const direct = phases.find((p) => p.label.startsWith('DIRECT: one INSERT'))!;

    const rate = (p: Phase) => (p.rows / p.ms) * 1000;
    console.log(
      table(
        ['phase', 'rows', 'median s', 'min-max s', 'rows/s', 'full / this', 'server CPU s', 'server peak RSS'],
        phases.map((p) => [
          p.label,
          p.rows.toLocaleString('en'),
          (p.ms / 1000).toFixed(2),
          `${(p.minMs / 1000).toFixed(2)}-${(p.maxMs / 1000).toFixed(2)}`,
          Math.round(rate(p)).toLocaleString('en'),
          `${((rate(full) / rate(p)) * 100).toFixed(0)}%`,
          (p.cpuMs / 1000).toFixed(2),
          mib(p.peakRss),
        ]),
      ),
    );

    const ratio = rate(full) / rate(direct);
    const max = process.resourceUsage().maxRSS * 1024;
    console.log(`\nFull path / direct (one statement): ${(ratio * 100).toFixed(1)}% (target >= 25%: ${ratio >= 0.25 ? 'met' : 'NOT met'})`);
    console.log(
      `Rows: read ${imported?.rowsRead}, skipped ${imported?.rowsSkipped} (generated invalid: ${csv.invalidRows}), sent ${imported?.rowsSent} in ${imported?.batches} requests, added ${imported?.addedCount}`,
    );
    console.log(
      `Check: table after full path ${fullCount} rows, after direct ${directCount}; same content: ${fullPrint === directPrint ? 'yes' : 'NO'}`,
    );
    if (browser) {
      const inChromium = phases.find((p) => p.label.startsWith('FULL PATH in Chromium'))!;
      console.log(
        `\nChromium / Node client: ${(inChromium.ms / 1000).toFixed(2)} s / ${(full.ms / 1000).toFixed(2)} s = ${(inChromium.ms / full.ms).toFixed(2)}x (medians)`,
      );
      console.log(
        `Chromium, last run: ${browser.batches} batches; click -> first batch ${browser.firstBatchMs.toFixed(0)} ms, -> last answer ${browser.lastAnswerMs.toFixed(0)} ms, -> report ${browser.ms.toFixed(0)} ms; longest time without a batch in flight ${browser.longestGapMs.toFixed(0)} ms`,
      );
      console.log(`Chromium page said: ${browser.report}`);
      console.log(`Chromium, other requests during the import: ${browser.otherRequests.join(', ') || 'none'}`);
      console.log(
        `Check: table after the Chromium import ${browserCount} rows; same content as the direct insert: ${browserPrint === directPrint ? 'yes' : 'NO'}`,
      );
      if (browser.mainThread) {
        console.log(
          `Page main thread busy ${(browser.mainThread.busyMs / 1000).toFixed(2)} s of ${(browser.ms / 1000).toFixed(2)} s; most self time:`,
        );
        for (const { fn, ms } of browser.mainThread.top) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
      }
      console.log(`CPU by process, last Chromium import (click to report):\n${formatCpu(browser.cpu, browser.ms, os.cpus().length)}`);
      if (nodeClientCpu) {
        console.log(`CPU by process, last Node client import:\n${formatCpu(nodeClientCpu.spent, nodeClientCpu.ms, os.cpus().length)}`);
      }
    }
    if (db.kind === 'postgres') console.log("Server CPU excludes PostgreSQL's own processes.");
    console.log(`Load average at the end: ${loadAverage()} (other processes share the CPUs: compare ratios, not absolute rates)`);
    const serverParts =
      db.kind === 'pglite' ? 'Fastify + the PGlite database (WASM, in-process)' : 'Fastify + pg pool (PostgreSQL itself runs outside)';
    console.log(
      `Server process (${serverParts}${CLIENT === 'inprocess' ? ' + the client' : ''}): RSS idle ${mib(rssIdle)}, peak per phase above, maxRSS of the run ${mib(max)}`,
    );
    if (CLIENT === 'child') console.log(`Client process (papaparse + normalizer + fetch): maxRSS ${mib(clientMaxRss)}`);

    const problems = [
      imported?.rowsSkipped !== csv.invalidRows && 'skipped rows differ from the invalid rows generated',
      imported?.addedCount !== valid && 'addedCount differs from the valid rows',
      fullCount !== valid && 'full path left a different row count',
      directCount !== valid && 'direct insert left a different row count',
      fullPrint !== directPrint && 'the two paths stored different content',
      browser && browserCount !== valid && 'the Chromium import left a different row count',
      browser && browserPrint !== directPrint && 'the Chromium import stored different content',
    ].filter(Boolean);
    if (problems.length > 0) {
      console.error(`\nFAILED: ${problems.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await backend.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
