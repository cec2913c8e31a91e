// The CSV parse session that runs inside the worker (csvParse.worker.ts); Jest runs the same code
// in-thread (jest/workerClient.mock.ts), so tests exercise the real parsing and backpressure.
import Papa from 'papaparse';
import { CSV_PARSE_OPTIONS, missingColumns, normalizeCsvRow, type RawCsvRow } from './csvRows';
import type { FromParser, RowBatch, StartParse, ToParser } from './csvParseProtocol';
import type { BulkImportRow } from '../../api/contract';

export interface CsvParseSession {
  handle(message: ToParser): void;
  /** stop parsing (the fake worker's terminate; a real worker is simply killed) */
  stop(): void;
}

/**
 * Parses a File in papaparse chunk mode and hands out batches of normalized rows, one per pull.
 * After each chunk the parser is paused while parsed batches wait to be pulled, so at most about one
 * chunk of rows (plus what the page has in flight) exists at any time, however large the file.
 */
export function createCsvParseSession(post: (message: FromParser) => void): CsvParseSession {
  let job: StartParse | null = null;
  let parser: Papa.Parser | null = null;
  let paused = false;
  let parseComplete = false;
  let headerChecked = false;
  /** a terminal message (end or error) was posted, or the session was stopped */
  let finished = false;
  let serving = false;

  const ready: RowBatch[] = [];
  let pending: BulkImportRow[] = [];
  let pulls = 0;
  let rowsRead = 0;
  let rowsSkipped = 0;
  let seq = 0;
  let lastToRow = 0;
  let chunkIndex = 0;

  function fail(reason: 'header' | 'parse' | 'read', message: string) {
    if (finished) return;
    finished = true;
    ready.length = 0;
    pending = [];
    parser?.abort();
    post({ type: 'error', reason, message });
  }

  function cut(toRow: number, bytesRead: number) {
    seq += 1;
    ready.push({ seq, rows: pending, fromRow: lastToRow + 1, toRow, rowsSkipped, bytesRead });
    lastToRow = toRow;
    pending = [];
  }

  function onChunk(results: Papa.ParseResult<RawCsvRow>, chunkParser: Papa.Parser) {
    parser = chunkParser;
    if (finished || !job) {
      chunkParser.abort();
      return;
    }
    if (!headerChecked) {
      headerChecked = true;
      const missing = missingColumns(results.meta.fields);
      if (missing.length > 0)
        return fail(
          'header',
          `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. The first row must be the header name,gender,nationality.`,
        );
    }
    // Broken quoting makes papaparse swallow the following lines into one field: stop rather than import
    // garbage. Short and long rows (FieldMismatch) are left to row validation.
    const quoteError = results.errors.find((e) => e.type === 'Quotes');
    if (quoteError) {
      const row = rowsRead + (quoteError.row ?? 0) + 1;
      return fail('parse', `${quoteError.message} at data row ${row}.`);
    }

    const { batchSize, chunkBytes, file, createdAt } = job;
    const chunkStart = Math.min(chunkIndex * chunkBytes, file.size);
    chunkIndex += 1;
    const chunkEnd = Math.min(chunkIndex * chunkBytes, file.size);
    const count = results.data.length;
    for (let i = 0; i < count; i += 1) {
      rowsRead += 1;
      const row = normalizeCsvRow(results.data[i], createdAt);
      if (row) pending.push(row);
      else rowsSkipped += 1;
      if (pending.length === batchSize) cut(rowsRead, chunkStart + Math.round(((chunkEnd - chunkStart) * (i + 1)) / count));
    }

    // Backpressure: hold the parser while the batches already cut cover the pulls outstanding.
    if (ready.length >= pulls) {
      chunkParser.pause();
      paused = true;
    }
    serve();
  }

  function onComplete() {
    if (finished || !job) return;
    if (!headerChecked) {
      // An empty file never reaches the chunk callback with a header row.
      headerChecked = true;
      return fail('header', 'The file has no header row.');
    }
    parseComplete = true;
    serve();
  }

  /** Answers outstanding pulls from the parsed batches, resuming the parser when it runs dry. */
  function serve() {
    // resume() can complete the parse synchronously and call back into serve(); the outer loop carries on.
    if (serving) return;
    serving = true;
    try {
      while (pulls > 0 && !finished) {
        const next = ready.shift();
        if (next) {
          pulls -= 1;
          post({ type: 'batch', batch: next });
        } else if (parseComplete) {
          if (pending.length > 0) {
            cut(rowsRead, job?.file.size ?? 0);
          } else {
            finished = true;
            post({ type: 'end', rowsRead, rowsSkipped });
          }
        } else if (paused && parser) {
          paused = false;
          serving = false;
          parser.resume();
          return;
        } else {
          return; // the next chunk is being read; onChunk serves
        }
      }
    } finally {
      serving = false;
    }
  }

  function start(message: StartParse) {
    if (job) return;
    job = message;
    Papa.parse<RawCsvRow>(message.file, {
      ...CSV_PARSE_OPTIONS,
      chunkSize: message.chunkBytes,
      chunk: onChunk,
      complete: onComplete,
      error: (error: Error) => fail('read', `The file could not be read: ${error.message || String(error)}`),
    });
  }

  return {
    handle(message) {
      if (message.type === 'start') start(message);
      else if (message.type === 'pull') {
        pulls += 1;
        serve();
      }
    },
    stop() {
      if (finished) return;
      finished = true;
      parser?.abort();
    },
  };
}
