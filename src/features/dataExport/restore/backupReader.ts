// Reads a full backup file (backupDocument.ts's layout) as a stream, never whole: the bytes of file.stream() go
// through a guard (jsonByteGuard.ts) to @streamparser/json, which hands over the rows of data.users, data.names,
// data.connections and data.audit_logs one by one (keepStack false: a row is dropped from its list once handed
// over) and the top-level version and createdAt. Each row is checked where it is read: one larger than
// RESTORE_ROW_MAX_BYTES as JSON is refused and not sent (a small stand-in, notSentRow, takes its place in the batch,
// so the rows after it keep their positions and the server counts it refused with the reason); one the row rules
// refuse (backupRowProblem) is named and still sent, for the server to refuse again where it lands. Rows go out in
// batches of consecutive rows (RESTORE_BATCH_MAX_ROWS at most). What the page holds at a time is a piece of the file, the row being read and
// one batch, whatever the file's size.
//
// The reader is an async generator: it reads on only when its caller asks for the next event, so a caller that
// sends each batch before asking again never has the file read far ahead of what the server took.
import {
  TokenParser,
  TokenParserError,
  TokenType,
  Tokenizer,
  TokenizerError,
  type ParsedElementInfo,
  type ParsedTokenInfo,
} from '@streamparser/json';
import {
  RESTORE_BATCH_MAX_ROWS,
  RESTORE_MAX_PROBLEMS,
  RESTORE_ROW_MAX_BYTES,
  backupRowProblem,
  notSentRow,
} from '../../../../contract/backupRestore';
import type { RestoreCheckRequest, RestoreProblem, RestoreRowsRequest } from '../../../../contract/schemas/backupRestore';
import { BACKUP_VERSION, BACKUP_COLLECTIONS, type BackupCollection } from '../../../../contract/exports';
import { echo } from '../../../../contract/textRules';
import { formatCount } from '../../../lib/format';
import { JsonByteGuard, JsonNestingError, type JsonByteGuardOptions } from './jsonByteGuard';

export type PerCollection = Record<BackupCollection, number>;

export interface BackupReadProgress {
  bytesRead: number;
  rowsRead: number;
  /** rows refused so far: by the row rules (sent, the server refuses them too) or too large (not sent) */
  rowsRefused: number;
}

export type BackupReadEvent =
  { type: 'rows'; batch: RestoreRowsRequest; progress: BackupReadProgress } | { type: 'progress'; progress: BackupReadProgress };

export interface BackupReadSummary {
  /** why the file cannot be restored at all (not JSON, cut off, not version 1.0, ...); null when it can */
  problem: string | null;
  version: string | null;
  createdAt: string | null;
  bytesRead: number;
  rowsRead: PerCollection;
  /** of rowsRead, rows refused without sending them (larger than RESTORE_ROW_MAX_BYTES as JSON: a stand-in went) */
  rowsNotSent: PerCollection;
  /** of rowsRead, rows refused: by the row rules, or not sent */
  rowsRefused: PerCollection;
  /** for POST .../check: a collection that is not a list or is missing */
  fileProblems: RestoreCheckRequest['fileProblems'];
  /** the first rows refused (by the row rules, or not sent), in file order per collection */
  rowProblems: RestoreProblem[];
}

export interface BackupReadOptions {
  /** bytes handed to the parser at a time */
  pieceBytes?: number;
  /** a batch is sent once its rows take this many bytes as JSON (the server's request body limit) */
  batchMaxBytes?: number;
  /** a progress event each time this many more bytes were read */
  progressEveryBytes?: number;
  guard?: Partial<JsonByteGuardOptions>;
}

export const READ_PIECE_BYTES = 64 * 1024;
/** Fastify's default body limit: rows of a usual size fill a batch of RESTORE_BATCH_MAX_ROWS well below it. */
export const BATCH_MAX_BYTES = 1024 * 1024;
const PROGRESS_EVERY_BYTES = 1024 * 1024;
/** Far above what a row may take (see jsonByteGuard.ts): a value the guard cuts would be refused anyway. */
const GUARD_OPTIONS: JsonByteGuardOptions = {
  maxScalarBytes: 8 * RESTORE_ROW_MAX_BYTES,
  maxRowBytes: 8 * RESTORE_ROW_MAX_BYTES,
  maxDepth: 64,
};

/** What is wrong with the file as a whole: the reading stops there. */
class FileProblem extends Error {}

const perCollection = (): PerCollection => ({ users: 0, names: 0, connections: 0, audit_logs: 0 });
const sum = (figures: PerCollection) => BACKUP_COLLECTIONS.reduce((n, c) => n + figures[c], 0);
const isCollection = (key: unknown): key is BackupCollection => (BACKUP_COLLECTIONS as readonly unknown[]).includes(key);

/** Bytes of a string as UTF-8 (JSON.stringify leaves no lone surrogate). */
export function utf8Bytes(text: string): number {
  // Each UTF-16 unit takes 1 to 3 bytes: only a length between the two bounds needs counting.
  if (text.length * 3 <= RESTORE_ROW_MAX_BYTES) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

type ValueKind = 'an object' | 'a list' | 'text' | 'a number' | 'true or false' | 'null';

/**
 * Follows the document's shape from the tokens, before the parser builds anything: the root must be an object,
 * data an object, each collection a list, version text. A version or createdAt that is an object or a list stops
 * the reading at its first token (the parser would keep it whole: it is on a path it emits).
 */
class ShapeWatch {
  private readonly frames: { kind: 'object' | 'array'; key: unknown; awaitingKey: boolean }[] = [];
  rootSeen = false;
  dataSeen = false;
  versionSeen = false;
  readonly collectionsSeen = new Set<BackupCollection>();
  readonly collectionProblems: { collection: BackupCollection; problem: string }[] = [];

  see({ token, value }: ParsedTokenInfo): void {
    const top = this.frames[this.frames.length - 1];
    switch (token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        this.valueStarts(token === TokenType.LEFT_BRACE ? 'an object' : 'a list');
        this.frames.push({
          kind: token === TokenType.LEFT_BRACE ? 'object' : 'array',
          key: null,
          awaitingKey: token === TokenType.LEFT_BRACE,
        });
        return;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        this.frames.pop();
        return;
      case TokenType.COMMA:
        if (top?.kind === 'object') top.awaitingKey = true;
        return;
      case TokenType.STRING:
        if (top?.kind === 'object' && top.awaitingKey) {
          top.key = value;
          top.awaitingKey = false;
        } else this.valueStarts('text');
        return;
      case TokenType.NUMBER:
        this.valueStarts('a number');
        return;
      case TokenType.TRUE:
      case TokenType.FALSE:
        this.valueStarts('true or false');
        return;
      case TokenType.NULL:
        this.valueStarts('null');
        return;
      default:
        return;
    }
  }

  private valueStarts(kind: ValueKind): void {
    const depth = this.frames.length;
    if (depth === 0) {
      this.rootSeen = true;
      if (kind !== 'an object') throw new FileProblem(`the file is not a backup: it holds ${kind}, not an object with version and data`);
      return;
    }
    const rootKey = this.frames[0]!.key;
    if (depth === 1) {
      if (rootKey === 'version') {
        this.versionSeen = true;
        if (kind !== 'text')
          throw new FileProblem(`the file's version is ${kind}; this console restores version "${BACKUP_VERSION}" backups`);
      } else if (rootKey === 'createdAt' && (kind === 'an object' || kind === 'a list')) {
        throw new FileProblem(`the file's createdAt is ${kind}, not the date the backup was made`);
      } else if (rootKey === 'data') {
        if (this.dataSeen) throw new FileProblem('the file has two data sections');
        this.dataSeen = true;
        if (kind !== 'an object') throw new FileProblem(`the file's data section is ${kind}, not an object holding the four collections`);
      }
      return;
    }
    if (depth === 2 && rootKey === 'data' && this.frames[1]!.kind === 'object') {
      const name = this.frames[1]!.key;
      if (!isCollection(name)) return;
      if (this.collectionsSeen.has(name)) throw new FileProblem(`the file has two ${name} lists`);
      this.collectionsSeen.add(name);
      if (kind !== 'a list')
        this.collectionProblems.push({ collection: name, problem: `${name} is ${kind}, not a list: its rows cannot be read` });
    }
  }
}

/** The parser's complaint, told with the file's own byte position (0-based offset: said as the n-th byte). */
function notJson(error: Error, offset: number | null): string {
  const where = offset === null ? '' : ` at byte ${formatCount(offset + 1)}`;
  const tokenizer = /^Unexpected "(.*)" at chunk position/s.exec(error.message);
  if (tokenizer) return `the file is not valid JSON: unexpected ${echo(JSON.stringify(tokenizer[1]))}${where}`;
  const parser = /^Unexpected (\w+) \((.*)\) in state/s.exec(error.message);
  if (parser) return `the file is not valid JSON: unexpected ${echo(parser[2])}${where}`;
  return `the file is not valid JSON (${echo(error.message)})${where}`;
}

class BackupParse {
  private readonly tokenizer = new Tokenizer();
  private readonly parser = new TokenParser({
    paths: ['$.version', '$.createdAt', ...BACKUP_COLLECTIONS.map((c) => `$.data.${c}.*`)],
    keepStack: false,
  });
  private readonly guard: JsonByteGuard;
  private readonly shape = new ShapeWatch();
  /** where the token being handled starts, in the bytes the parser was given */
  private tokenOffset = 0;
  private sawToken = false;

  version: string | null = null;
  createdAt: string | null = null;
  bytesRead = 0;
  readonly rowsRead = perCollection();
  readonly rowsNotSent = perCollection();
  readonly rowsRefused = perCollection();
  readonly rowProblems: RestoreProblem[] = [];
  private batch: (RestoreRowsRequest & { bytes: number }) | null = null;
  readonly ready: RestoreRowsRequest[] = [];

  constructor(
    private readonly batchMaxBytes: number,
    guardOptions: JsonByteGuardOptions,
  ) {
    this.guard = new JsonByteGuard((bytes) => this.tokenizer.write(bytes), guardOptions);
    this.tokenizer.onToken = (info) => {
      this.tokenOffset = info.offset;
      this.sawToken = true;
      this.shape.see(info);
      this.parser.write(info);
    };
    this.parser.onValue = (info) => this.onValue(info);
  }

  get progress(): BackupReadProgress {
    return { bytesRead: this.bytesRead, rowsRead: sum(this.rowsRead), rowsRefused: sum(this.rowsRefused) };
  }

  /** Parses the next bytes; returns why the reading must stop, or null. */
  write(bytes: Uint8Array): string | null {
    try {
      this.guard.write(bytes);
      this.bytesRead += bytes.length;
      return null;
    } catch (error) {
      return this.explain(error);
    }
  }

  /** The file was read to its end: returns why it cannot be restored, or null. The last batch is ready. */
  end(): string | null {
    if (!this.sawToken) return 'the file is empty';
    try {
      this.tokenizer.end();
    } catch (error) {
      return error instanceof TokenizerError ? this.cutOff() : this.explain(error);
    }
    if (!this.parser.isEnded) return this.cutOff();
    this.closeBatch();
    if (!this.shape.versionSeen) return `the file has no version; this console restores version "${BACKUP_VERSION}" backups`;
    if (!this.shape.dataSeen) return 'the file has no data section';
    return null;
  }

  fileProblems(): RestoreCheckRequest['fileProblems'] {
    const missing = BACKUP_COLLECTIONS.filter((c) => this.shape.dataSeen && !this.shape.collectionsSeen.has(c)).map((collection) => ({
      collection,
      problem: `${collection} is missing from the file`,
    }));
    return [...this.shape.collectionProblems, ...missing].slice(0, RESTORE_MAX_PROBLEMS);
  }

  private cutOff(): string {
    return `the file ends before its JSON document does (after ${formatCount(this.bytesRead)} bytes): it is incomplete`;
  }

  private explain(error: unknown): string {
    if (error instanceof FileProblem) return error.message;
    if (error instanceof JsonNestingError) return `the file is not a backup: ${error.message}`;
    if (error instanceof TokenizerError) {
      const position = /absolute position "(\d+)"/.exec(error.message);
      return notJson(error, position ? Number(position[1]) + this.guard.shift : null);
    }
    if (error instanceof TokenParserError) return notJson(error, this.tokenOffset + this.guard.shift);
    // TextDecoder's fatal mode: bytes that are not UTF-8
    if (error instanceof TypeError) return `the file is not UTF-8 text (${echo(error.message)})`;
    throw error;
  }

  private onValue({ value, key, stack }: ParsedElementInfo): void {
    if (stack.length === 1) {
      if (key === 'version') {
        if (value !== BACKUP_VERSION)
          throw new FileProblem(
            `the file's version is ${echo(JSON.stringify(value))}; this console restores version "${BACKUP_VERSION}" backups`,
          );
        this.version = value;
      } else if (key === 'createdAt') {
        this.createdAt = typeof value === 'string' && value.length <= 40 ? value : null;
      }
      return;
    }
    const collection = stack[2]?.key;
    // a member of a collection that is not a list (the shape watch named it): not a row
    if (stack.length !== 3 || typeof key !== 'number' || !isCollection(collection)) return;
    this.row(collection, key, value);
  }

  private row(collection: BackupCollection, index: number, read: unknown): void {
    this.rowsRead[collection] += 1;
    const cut = this.guard.takeOversized(index);
    let row = read;
    let bytes = cut ? Infinity : utf8Bytes(JSON.stringify(row));
    let problem: string | null;
    if (bytes > RESTORE_ROW_MAX_BYTES) {
      this.rowsNotSent[collection] += 1;
      problem = `the row is larger than ${formatCount(RESTORE_ROW_MAX_BYTES)} bytes as JSON (not sent)`;
      row = notSentRow(problem);
      bytes = utf8Bytes(JSON.stringify(row));
    } else {
      problem = backupRowProblem(collection, row);
    }
    if (problem) {
      this.rowsRefused[collection] += 1;
      if (this.rowProblems.length < RESTORE_MAX_PROBLEMS) this.rowProblems.push({ collection, index, problem });
    }
    const batch = this.batch;
    if (
      batch &&
      (batch.collection !== collection ||
        batch.firstIndex + batch.rows.length !== index ||
        batch.rows.length >= RESTORE_BATCH_MAX_ROWS ||
        batch.bytes + bytes > this.batchMaxBytes)
    ) {
      this.closeBatch();
    }
    this.batch ??= { collection, firstIndex: index, rows: [], bytes: 0 };
    this.batch.rows.push(row);
    this.batch.bytes += bytes;
  }

  private closeBatch(): void {
    if (!this.batch) return;
    const { collection, firstIndex, rows } = this.batch;
    this.ready.push({ collection, firstIndex, rows });
    this.batch = null;
  }

  summary(problem: string | null): BackupReadSummary {
    return {
      problem,
      version: this.version,
      createdAt: this.createdAt,
      bytesRead: this.bytesRead,
      rowsRead: { ...this.rowsRead },
      rowsNotSent: { ...this.rowsNotSent },
      rowsRefused: { ...this.rowsRefused },
      fileProblems: problem === null ? this.fileProblems() : [],
      rowProblems: [...this.rowProblems],
    };
  }
}

/**
 * Reads the backup; yields each batch of rows to send (and progress now and then) and returns what was read. A
 * file that cannot be restored ends the reading at once with `problem` set. Stopping early (return()) stops
 * reading the file.
 */
export async function* readBackup(file: Blob, options: BackupReadOptions = {}): AsyncGenerator<BackupReadEvent, BackupReadSummary, void> {
  const pieceBytes = options.pieceBytes ?? READ_PIECE_BYTES;
  const progressEvery = options.progressEveryBytes ?? PROGRESS_EVERY_BYTES;
  const parse = new BackupParse(options.batchMaxBytes ?? BATCH_MAX_BYTES, { ...GUARD_OPTIONS, ...options.guard });
  const stream = file.stream().getReader();
  let readToEnd = false;
  let reported = 0;
  try {
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      for (let at = 0; at < value.length; at += pieceBytes) {
        const problem = parse.write(value.subarray(at, at + pieceBytes));
        // A file that cannot be restored sends nothing more.
        if (problem) return parse.summary(problem);
        while (parse.ready.length > 0) yield { type: 'rows', batch: parse.ready.shift()!, progress: parse.progress };
      }
      if (parse.bytesRead - reported >= progressEvery) {
        reported = parse.bytesRead;
        yield { type: 'progress', progress: parse.progress };
      }
    }
    readToEnd = true;
    const problem = parse.end();
    while (!problem && parse.ready.length > 0) yield { type: 'rows', batch: parse.ready.shift()!, progress: parse.progress };
    yield { type: 'progress', progress: parse.progress };
    return parse.summary(problem);
  } finally {
    if (!readToEnd) await stream.cancel().catch(() => undefined);
    stream.releaseLock();
  }
}
