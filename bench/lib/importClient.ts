import { fork } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import type { BulkImportResponse, BulkImportRow, ImportRun } from '../../contract/schemas/importRuns';
import { CSV_PARSE_OPTIONS, missingColumns, normalizeCsvRow, type RawCsvRow } from '../../contract/csvRows';
import type { FromChild, ToChild } from './importChild';
import { cpuBetween, cpuSnapshot, type CpuSpent } from './processCpu';

export interface ImportOptions {
  file: string;
  /** http://127.0.0.1:port (the backend's origin; /api is appended) */
  origin: string;
  token: string;
  batchSize: number;
  concurrency: number;
  /** bytes per papaparse chunk (the read stream's highWaterMark) */
  chunkBytes: number;
  /** the import's start time, ISO: every row's createdAt (spec 5) */
  createdAt: string;
}

export interface ImportResult {
  rowsRead: number;
  rowsSkipped: number;
  rowsSent: number;
  addedCount: number;
  batches: number;
}

async function postJson(options: ImportOptions, path: string, body: unknown): Promise<Response> {
  return fetch(`${options.origin}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
    body: JSON.stringify(body),
  });
}

async function postBatch(options: ImportOptions, runId: number, rows: BulkImportRow[]): Promise<number> {
  const response = await postJson(options, '/admin/names/bulk-import', { names: rows, runId });
  if (!response.ok) throw new Error(`bulk-import answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as BulkImportResponse).addedCount;
}

/**
 * The console's import path, run from Node: papaparse in chunk mode with the console's own parse
 * options (CSV_PARSE_OPTIONS: header matching, greedy empty-line skipping, BOM handling), the
 * console's row normalizer (normalizeCsvRow), batches of `batchSize` rows, and at most
 * `concurrency` POST /api/admin/names/bulk-import requests in flight.
 *
 * Backpressure as in the console's parse worker: after a chunk, the parser pauses while cut batches
 * wait for a free request slot, and resumes once every cut batch is on the wire, so the next chunk
 * is parsed while the last batches are being inserted, and at most about one chunk of rows is held.
 */
export async function importCsv(options: ImportOptions): Promise<ImportResult> {
  // As the console does: one import run on the server, every batch tied to it, finished at the end.
  const started = await postJson(options, '/admin/import-runs', { fileName: options.file.split('/').pop() });
  if (!started.ok) throw new Error(`starting the import run answered ${started.status}: ${await started.text()}`);
  const { id: runId } = (await started.json()) as ImportRun;
  const result = await importRows(options, runId);
  const finished = await postJson(options, `/admin/import-runs/${runId}/finish`, { state: 'done' });
  if (!finished.ok) throw new Error(`finishing the import run answered ${finished.status}: ${await finished.text()}`);
  return result;
}

function importRows(options: ImportOptions, runId: number): Promise<ImportResult> {
  const result: ImportResult = { rowsRead: 0, rowsSkipped: 0, rowsSent: 0, addedCount: 0, batches: 0 };
  return new Promise((resolve, reject) => {
    const ready: BulkImportRow[][] = [];
    let pending: BulkImportRow[] = [];
    let parser: Papa.Parser | undefined;
    let paused = false;
    let parseDone = false;
    let failed = false;
    let inFlight = 0;
    let headerChecked = false;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      parser?.abort();
      reject(error instanceof Error ? error : new Error(String(error)));
    };

    const cut = () => {
      ready.push(pending);
      pending = [];
    };

    const pump = () => {
      while (!failed && inFlight < options.concurrency && ready.length > 0) {
        const batch = ready.shift()!;
        inFlight++;
        result.batches++;
        result.rowsSent += batch.length;
        postBatch(options, runId, batch).then((added) => {
          inFlight--;
          result.addedCount += added;
          pump();
        }, fail);
      }
      if (failed) return;
      if (parseDone && ready.length === 0 && inFlight === 0) resolve(result);
      else if (paused && ready.length === 0 && parser) {
        paused = false;
        parser.resume();
      }
    };

    // encoding 'utf8': the stream decoder keeps a multi-byte letter (Á, Æ) split across two reads whole.
    const input = createReadStream(options.file, { encoding: 'utf8', highWaterMark: options.chunkBytes });
    Papa.parse<RawCsvRow>(input, {
      ...CSV_PARSE_OPTIONS,
      chunk(results, chunkParser) {
        parser = chunkParser;
        if (failed) return chunkParser.abort();
        if (!headerChecked) {
          headerChecked = true;
          const missing = missingColumns(results.meta.fields);
          if (missing.length > 0) return fail(new Error(`missing columns: ${missing.join(', ')}`));
        }
        for (const raw of results.data) {
          result.rowsRead++;
          const row = normalizeCsvRow(raw, options.createdAt);
          if (!row) {
            result.rowsSkipped++;
            continue;
          }
          pending.push(row);
          if (pending.length === options.batchSize) cut();
        }
        if (ready.length > 0) {
          chunkParser.pause();
          paused = true;
        }
        pump();
      },
      complete() {
        if (failed) return;
        if (pending.length > 0) cut();
        parseDone = true;
        pump();
      },
      error: (error: Error) => fail(error),
    });
  });
}

/** Parse and normalize only (no HTTP): the client-side share of the import path. */
export function parseRows(file: string, chunkBytes: number, createdAt: string): Promise<{ rows: BulkImportRow[]; rowsRead: number }> {
  return new Promise((resolve, reject) => {
    const rows: BulkImportRow[] = [];
    let rowsRead = 0;
    const input = createReadStream(file, { encoding: 'utf8', highWaterMark: chunkBytes });
    Papa.parse<RawCsvRow>(input, {
      ...CSV_PARSE_OPTIONS,
      chunk(results) {
        for (const raw of results.data) {
          rowsRead++;
          const row = normalizeCsvRow(raw, createdAt);
          if (row) rows.push(row);
        }
      },
      complete: () => resolve({ rows, rowsRead }),
      error: (error: Error) => reject(error),
    });
  });
}

/**
 * Runs importCsv in a child Node process (see importChild.ts) and resolves when it is done. The
 * clock starts when the ready child is told to start, so process start-up is not counted.
 */
export async function runImportInChild(
  options: ImportOptions,
): Promise<{ result: ImportResult; ms: number; clientMaxRss: number; cpu: CpuSpent }> {
  const child = fork(fileURLToPath(new URL('./importChild.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    let started = 0;
    let cpuBefore = cpuSnapshot();
    child.on('message', (message: FromChild) => {
      if (message.type === 'ready') {
        cpuBefore = cpuSnapshot();
        started = performance.now();
        child.send({ type: 'run', options } satisfies ToChild);
      } else if (message.type === 'done') {
        const ms = performance.now() - started;
        resolve({ result: message.result, ms, clientMaxRss: message.maxRssBytes, cpu: cpuBetween(cpuBefore, cpuSnapshot()) });
      } else {
        reject(new Error(`import client failed: ${message.message}`));
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`import client exited with ${code}`));
    });
  });
}
