// Sizing of the bulk import. Pure constants: bench/ imports this file from Node.
import { BULK_IMPORT_MAX_ROWS } from '../../../contract/importRuns';

/**
 * Rows per POST /admin/names/bulk-import (one request = one transaction on the server), the most the
 * server takes (BULK_IMPORT_MAX_ROWS, ~430 KB of JSON).
 * Each batch costs the same few things whatever its size (a fetch, a worker message, a transaction with
 * the run's count and its console-action record, a progress render): on 2 cores that are both busy with
 * the insert, fewer batches is less CPU taken from the database. bench/import.bench.ts, 97k rows,
 * PostgreSQL 15, medians of 3 (2026-11-26, builds alternated in one sitting): in Chromium 3.05-3.10 s at
 * 5,000 against 3.49-3.57 s at 2,000 (the Node client 2.29-2.44 s against 2.42-2.60 s); on PGlite 5.96
 * against 6.40 s. Cancel waits for at most two batches in flight (~0.3 s each here), and a failed batch
 * holds back at most 5,000 rows, which the report names by row range.
 */
export const IMPORT_BATCH_SIZE = 5000;

/**
 * Batches in flight at once. On the loopback bench 1, 2 and 3 were within noise (75%, 63-83%, 73%; at 5,000
 * rows 2 and 3 again: Chromium 3.10-3.53 s against 3.16-3.21 s):
 * the database has a single writer. 2 overlaps one batch's network and JSON time with the other's
 * insert, which pays off on a real network; more would only queue and widen what a failure leaves
 * unsettled.
 */
export const IMPORT_CONCURRENCY = 2;

/** papaparse chunkSize in bytes: each chunk is read, parsed and normalized in one step (~45k rows). */
export const IMPORT_CHUNK_BYTES = 1024 * 1024;

/**
 * Waits before retrying a batch the server refused without doing any work (429 / 503).
 * Timeouts and network errors are NOT retried: the transaction may have committed, and a retry could
 * add the rows twice.
 */
export const IMPORT_RETRY_DELAYS_MS: readonly number[] = [1000, 3000];

// Keep the batch within what the server accepts even if someone edits the numbers above.
if (IMPORT_BATCH_SIZE > BULK_IMPORT_MAX_ROWS) throw new Error('IMPORT_BATCH_SIZE exceeds BULK_IMPORT_MAX_ROWS');
