// The CSV parse session that runs inside the worker (csvParse.worker.ts); Jest runs the same code
// in-thread (jest/workerClient.mock.ts), so tests exercise the real decoding, parsing and backpressure.
import Papa from 'papaparse';
import { CSV_PARSE_OPTIONS, checkCsvRow, isBlankRow, mappedHeader, missingColumns, type RawCsvRow } from '../../../../contract/csvRows';
import type { FromParser, RowBatch, SkipCounts, StartParse, ToParser } from './csvParseProtocol';
import type { BulkImportRow } from '../../../../contract/schemas/importRuns';
import { encodeRows } from './batchBody';
import { createDecodedTextFeed, type DecodedTextFeed } from './decodedTextFeed';
import { detectEncoding, type FileEncoding } from './fileText';

export interface CsvParseSession {
  handle(message: ToParser): void;
  /** stop parsing (the fake worker's terminate; a real worker is simply killed) */
  stop(): void;
}

/**
 * Parses a File in papaparse chunk mode and hands out batches of normalized rows, one per pull.
 * The file is decoded by one streaming decoder (decodedTextFeed.ts) and fed to papaparse as text,
 * one piece per read. After each piece the parser is paused while parsed batches wait to be pulled,
 * so at most about one chunk of rows (plus what the page has in flight) exists at any time.
 */
export function createCsvParseSession(post: (message: FromParser, transfer?: Transferable[]) => void): CsvParseSession {
  let job: StartParse | null = null;
  let parser: Papa.Parser | null = null;
  let feed: DecodedTextFeed | null = null;
  let encoding: FileEncoding = 'UTF-8';
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
  const skippedByReason: SkipCounts = {};
  let seq = 0;
  let lastToRow = 0;
  let bytesBefore = 0;

  function fail(reason: 'header' | 'parse' | 'read', message: string) {
    if (finished) return;
    finished = true;
    ready.length = 0;
    pending = [];
    feed?.stop();
    parser?.abort();
    post({ type: 'error', reason, message });
  }

  function cut(toRow: number, bytesRead: number) {
    seq += 1;
    ready.push({
      seq,
      rowCount: pending.length,
      namesJson: encodeRows(pending),
      fromRow: lastToRow + 1,
      toRow,
      rowsSkipped,
      skippedByReason: { ...skippedByReason },
      encoding,
      bytesRead,
    });
    lastToRow = toRow;
    pending = [];
  }

  /**
   * The data-row number (1 = first row after the header, blank lines not counted) of papaparse's
   * error row: its index counts the header in the first chunk and every line, blank ones included.
   * The rows before it are counted, then the error row itself: papaparse keeps an unterminated quote's
   * row in `rows` but stops before a malformed one ("Bo"x), so `rows` cannot be counted up to it.
   */
  function dataRowOf(errorRow: number, rows: RawCsvRow[], firstChunk: boolean): number {
    const index = errorRow - (firstChunk ? 1 : 0);
    let row = rowsRead + 1;
    for (let i = 0; i < index && i < rows.length; i += 1) if (!isBlankRow(rows[i])) row += 1;
    return row;
  }

  function onChunk(results: Papa.ParseResult<RawCsvRow>, chunkParser: Papa.Parser) {
    parser = chunkParser;
    if (finished || !job) {
      chunkParser.abort();
      return;
    }
    const firstChunk = !headerChecked;
    if (!headerChecked) {
      headerChecked = true;
      if (!results.meta.fields?.some((field) => field.trim() !== '')) return fail('header', 'The file has no header row.');
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
      return fail('parse', `${quoteError.message} at data row ${dataRowOf(quoteError.row ?? 0, results.data, firstChunk)}.`);
    }

    const { batchSize, createdAt } = job;
    const chunkStart = bytesBefore;
    const chunkEnd = feed?.bytesRead ?? chunkStart;
    bytesBefore = chunkEnd;
    const count = results.data.length;
    for (let i = 0; i < count; i += 1) {
      const raw = results.data[i];
      if (isBlankRow(raw)) continue; // spec 5: empty lines are skipped (and not counted)
      rowsRead += 1;
      const checked = checkCsvRow(raw, createdAt);
      if (checked.ok) pending.push(checked.row);
      else {
        rowsSkipped += 1;
        skippedByReason[checked.reason] = (skippedByReason[checked.reason] ?? 0) + 1;
      }
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
          // The batch's bytes move to the page rather than being copied.
          post({ type: 'batch', batch: next }, [next.namesJson.buffer]);
        } else if (parseComplete) {
          if (pending.length > 0) {
            cut(rowsRead, job?.file.size ?? 0);
          } else {
            finished = true;
            post({ type: 'end', rowsRead, rowsSkipped, skippedByReason: { ...skippedByReason }, encoding });
          }
        } else if (paused && parser) {
          paused = false;
          serving = false;
          parser.resume();
          feed?.resume();
          return;
        } else {
          return; // the next piece is being read; onChunk serves
        }
      }
    } finally {
      serving = false;
    }
  }

  async function start(message: StartParse) {
    if (job) return;
    job = message;
    try {
      encoding = await detectEncoding(message.file, message.chunkBytes);
    } catch (error) {
      return fail('read', `The file could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (finished) return;
    feed = createDecodedTextFeed(message.file, encoding, message.chunkBytes, {
      isHeld: () => paused,
      onError: (error) => fail('read', `The file could not be read: ${error.message || String(error)}`),
    });
    Papa.parse<RawCsvRow>(feed.stream as unknown as Papa.LocalFile, {
      ...CSV_PARSE_OPTIONS,
      transformHeader: mappedHeader(message.columns),
      // Blank lines are dropped in onChunk instead, so papaparse's row numbers still match its rows.
      skipEmptyLines: false,
      // decodedTextFeed turns CRLF and lone CR into LF.
      newline: '\n',
      chunk: onChunk,
      complete: onComplete,
      error: (error: Error) => fail('read', `The file could not be read: ${error.message || String(error)}`),
    });
    feed.resume();
  }

  return {
    handle(message) {
      if (message.type === 'start') void start(message);
      else if (message.type === 'pull') {
        pulls += 1;
        serve();
      }
    },
    stop() {
      if (finished) return;
      finished = true;
      feed?.stop();
      parser?.abort();
    },
  };
}
