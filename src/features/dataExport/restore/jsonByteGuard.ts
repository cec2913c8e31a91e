// Bounds what the JSON parser holds while a backup is read. @streamparser/json keeps a string or a number whole
// until it ends, and a value it emits (a row) whole until it closes; it has no limit of its own, so a 50 MB string
// or a row of a million fields would sit whole on the page. This guard reads the bytes first and hands the parser
// a bounded version of them:
// - a string or number longer than maxScalarBytes is cut there (the rest of it is dropped);
// - a row, an element of a container at ROW_DEPTH ({ data: { users: [ row, ... ] } }), longer than maxRowBytes
//   is closed early at its next member boundary (the containers still open get their closing brackets) and the
//   rest of it is dropped;
// - nesting deeper than maxDepth stops the reading (no backup is nested like that; the parser's stack would grow
//   with it).
// A row cut either way is marked, so the reader refuses it without sending it. The bounds sit far above what a row
// may take (RESTORE_ROW_MAX_BYTES as JSON): the reader measures the rows the guard lets through exactly.
// The guard tracks strings, escapes and brackets only; whether the bytes are JSON is the parser's to say.

/** The depth of a row's container: root object (1), data (2), the collection's array (3). */
export const ROW_DEPTH = 3;

export interface JsonByteGuardOptions {
  maxScalarBytes: number;
  maxRowBytes: number;
  maxDepth: number;
}

export class JsonNestingError extends Error {
  constructor(readonly depth: number) {
    super(`values are nested more than ${depth} levels deep`);
    this.name = 'JsonNestingError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LETTER_U = 0x75;
const isWhitespace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
/** bytes a JSON number is written with */
const isNumberByte = (b: number) => isDigit(b) || b === 0x2d || b === 0x2b || b === 0x2e || b === 0x65 || b === 0x45;
/** a UTF-8 continuation byte: never the first byte of a character */
const isContinuation = (b: number) => (b & 0xc0) === 0x80;

const CLOSING: Record<number, number> = { [LBRACE]: RBRACE, [LBRACKET]: RBRACKET };

type Dropping = 'none' | 'string' | 'number' | 'row';

export class JsonByteGuard {
  /** the opening bracket of each container open now, outermost first */
  private readonly open: number[] = [];
  private inString = false;
  /** bytes of an escape still to come: 1 after a backslash, then 4 after \u */
  private escape = 0;
  private scalarBytes = 0;
  private inNumber = false;
  private lastWasDigit = false;
  private dropping: Dropping = 'none';
  /** the element of the row container being read (its index), and its bytes so far */
  private element = 0;
  private rowBytes = 0;
  private readonly oversized = new Set<number>();
  /** bytes dropped minus bytes added (closing brackets): a position the parser names plus this is the file's */
  private shiftBytes = 0;

  constructor(
    private readonly forward: (bytes: Uint8Array) => void,
    private readonly options: JsonByteGuardOptions,
  ) {}

  /** How far the parser's byte positions are behind the file's (bytes dropped minus bytes added so far). */
  get shift(): number {
    return this.shiftBytes;
  }

  /**
   * Whether the element at this index of the row container being read was cut (and forgets it: each row is asked
   * about once, when the parser hands it over).
   */
  takeOversized(index: number): boolean {
    return this.oversized.delete(index);
  }

  write(chunk: Uint8Array): void {
    const { maxScalarBytes, maxRowBytes, maxDepth } = this.options;
    const open = this.open;
    /** first byte of the range not yet handed on (or dropped) */
    let start = 0;
    const flush = (end: number) => {
      if (end > start) this.forward(chunk.subarray(start, end));
      start = end;
    };
    const dropFrom = (at: number, what: Dropping) => {
      flush(at);
      this.dropping = what;
    };
    const resumeAt = (at: number) => {
      this.shiftBytes += at - start;
      this.dropping = 'none';
      start = at;
    };
    const markRow = () => {
      if (open.length >= ROW_DEPTH) this.oversized.add(this.element);
    };
    // Where the next quote and backslash are: a string's plain bytes are passed over in one step. Each search
    // starts where the last one's answer was passed, so the chunk is searched once whatever its strings.
    let nextQuote = -1;
    let nextBackslash = -1;
    const find = (byte: number, from: number) => {
      const at = chunk.indexOf(byte, from);
      return at < 0 ? chunk.length : at;
    };

    for (let i = 0; i < chunk.length; i += 1) {
      const b = chunk[i]!;
      const inRow = open.length >= ROW_DEPTH && this.dropping !== 'row';

      if (this.inString) {
        if (this.escape === 0) {
          if (nextQuote < i) nextQuote = find(QUOTE, i);
          if (nextBackslash < i) nextBackslash = find(BACKSLASH, i);
          const run = Math.min(nextQuote, nextBackslash) - i;
          if (run > 0 && (this.dropping !== 'none' || this.scalarBytes + run < maxScalarBytes)) {
            if (this.dropping === 'none') {
              this.scalarBytes += run;
              if (inRow) this.rowBytes += run;
            }
            i += run - 1;
            continue;
          }
        }
        const escaped = this.escape > 0;
        if (escaped) this.escape = this.escape === 1 && b === LETTER_U ? 4 : this.escape - 1;
        else if (b === QUOTE) this.inString = false;
        else if (b === BACKSLASH) this.escape = 1;
        if (!this.inString) {
          // the closing quote: kept, also after a cut
          if (this.dropping === 'string') resumeAt(i);
          if (inRow) this.rowBytes += 1;
          continue;
        }
        if (this.dropping !== 'none') continue;
        // Cut where a character starts outside any escape, so the part kept is whole text.
        if (!escaped && this.scalarBytes >= maxScalarBytes && !isContinuation(b)) {
          markRow();
          dropFrom(i, 'string');
          continue;
        }
        this.scalarBytes += 1;
        if (inRow) this.rowBytes += 1;
        continue;
      }

      if (this.inNumber) {
        if (isNumberByte(b)) {
          if (this.dropping === 'none' && this.scalarBytes >= maxScalarBytes && this.lastWasDigit) {
            markRow();
            dropFrom(i, 'number');
          }
          this.scalarBytes += 1;
          this.lastWasDigit = isDigit(b);
          if (inRow && this.dropping === 'none') this.rowBytes += 1;
          continue;
        }
        this.inNumber = false;
        if (this.dropping === 'number') resumeAt(i);
      }

      if (isWhitespace(b)) continue;

      if (b === QUOTE) {
        this.inString = true;
        this.escape = 0;
        this.scalarBytes = 0;
      } else if (b === LBRACE || b === LBRACKET) {
        if (open.length >= maxDepth) throw new JsonNestingError(maxDepth);
        open.push(b);
        if (open.length === ROW_DEPTH && this.dropping === 'none') {
          // A new row container: what the parser holds of the one before is handed on first, so its rows are
          // asked about before the marks are forgotten.
          flush(i + 1);
          this.oversized.clear();
          this.element = 0;
          this.rowBytes = 0;
          continue;
        }
      } else if (b === RBRACE || b === RBRACKET) {
        if (open.length > 0) open.pop();
        if (this.dropping === 'row' && open.length === ROW_DEPTH) {
          // The cut row's own end: its closing brackets went to the parser when it was cut.
          resumeAt(i + 1);
          continue;
        }
      } else if (b === COMMA) {
        if (open.length === ROW_DEPTH && this.dropping === 'none') {
          this.element += 1;
          this.rowBytes = 0;
          continue;
        }
        if (open.length > ROW_DEPTH && this.dropping === 'none' && this.rowBytes > maxRowBytes) {
          // After a whole member of a row already too large: close what is open down to the row and drop the rest.
          markRow();
          flush(i);
          const closers = open
            .slice(ROW_DEPTH)
            .reverse()
            .map((opening) => CLOSING[opening]!);
          this.forward(Uint8Array.from(closers));
          this.shiftBytes -= closers.length;
          this.dropping = 'row';
          continue;
        }
      } else if (isNumberByte(b)) {
        this.inNumber = true;
        this.scalarBytes = 1;
        this.lastWasDigit = isDigit(b);
      }
      if (inRow) this.rowBytes += 1;
    }

    if (this.dropping === 'none') flush(chunk.length);
    else {
      this.shiftBytes += chunk.length - start;
      start = chunk.length;
    }
  }
}
