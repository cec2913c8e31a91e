// Sizing of the bulk import. Pure constants: bench/ imports this file from Node.
import { BULK_IMPORT_MAX_ROWS } from '../../../contract/wire';

/**
 * Rows per POST /admin/names/bulk-import (one request = one transaction on the server).
 * Measured with bench/import.bench.ts (50,000 rows, PGlite, a busy 2-CPU machine, so +-30% noise):
 * full path / one direct INSERT was 65% at 500 rows, 63-83% at 2,000 and 79% at 5,000. The insert
 * dominates, so above ~1,000 rows the batch size hardly matters for speed; 2,000 (~170 KB of JSON)
 * keeps what Cancel waits for and what one failed batch holds back small, under the 5,000-row cap.
 */
export const IMPORT_BATCH_SIZE = 2000;

/**
 * Batches in flight at once. On the loopback bench 1, 2 and 3 were within noise (75%, 63-83%, 73%):
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
