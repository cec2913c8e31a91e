// Messages between the import saga's row source and the CSV parse worker. Types only.
import type { ColumnMapping, SkipReason } from '../../../../contract/csvRows';
import type { FileEncoding } from './fileText';

/** Rows skipped before sending, by reason (only reasons that occurred). */
export type SkipCounts = Partial<Record<SkipReason, number>>;

export interface StartParse {
  type: 'start';
  file: File;
  /** the import's start time (ISO): every row's createdAt */
  createdAt: string;
  batchSize: number;
  chunkBytes: number;
  /** which columns hold name, gender and nationality when the header does not name them (contract/csvRows.ts) */
  columns?: ColumnMapping;
}

/**
 * The page asks for one batch at a time ("pull"); the worker answers each pull with one `batch`, or
 * with `end` once the file is exhausted. This is the backpressure: the worker parses a chunk only
 * when the batches it already holds have been pulled.
 */
export type ToParser = StartParse | { type: 'pull' };

/**
 * A run of valid rows, in file order. Row numbers count DATA rows: 1 is the first row after the
 * header, and blank lines (which papaparse drops) are not counted. Batches partition the rows read:
 * batch k covers fromRow..toRow, skipped rows included, and the next one starts at toRow + 1.
 */
export interface RowBatch {
  /** 1-based position of the batch in the file */
  seq: number;
  /** how many rows namesJson holds */
  rowCount: number;
  /** the rows, normalized and encoded as the request body's `names` (batchBody.ts); its buffer is transferred */
  namesJson: Uint8Array<ArrayBuffer>;
  fromRow: number;
  toRow: number;
  /** rows skipped (missing field, unknown gender, a name rule) among rows 1..toRow */
  rowsSkipped: number;
  /** the same rows by reason */
  skippedByReason: SkipCounts;
  /** how the file's bytes were decoded */
  encoding: FileEncoding;
  /** approximate byte offset of row toRow in the file, for the progress bar */
  bytesRead: number;
}

export type ParseFailureReason = 'header' | 'parse' | 'read' | 'worker';

export type FromParser =
  | { type: 'batch'; batch: RowBatch }
  /** no more batches; totals over the whole file */
  | { type: 'end'; rowsRead: number; rowsSkipped: number; skippedByReason: SkipCounts; encoding: FileEncoding }
  /** parsing stopped; nothing further comes. 'header': the required columns are missing. */
  | { type: 'error'; reason: ParseFailureReason; message: string };

/** What the page needs of a Worker: a real Worker fits, and so does the in-thread fake Jest uses. */
export interface CsvWorkerLike {
  postMessage(message: ToParser): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<FromParser>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}
