// Feeds papaparse the decoded text of a file (fileText.ts) through the one input of papaparse that
// takes text piece by piece: a Node-style readable stream ('data', 'end', 'error' events). In a
// browser worker there is no Node stream, so this is the smallest object papaparse accepts as one
// (Papa.parse checks readable, read() and on()). papaparse parses each 'data' piece synchronously,
// joining a row cut at a piece edge with the next piece, which is what the parse session relies on.
import { createLineEndingNormalizer, decodeFile, type FileEncoding } from './fileText';

type Listener = (value?: unknown) => void;
type StreamEvent = 'data' | 'end' | 'error';

export interface TextStreamForPapa {
  readonly readable: true;
  read(): null;
  on(event: StreamEvent, listener: Listener): TextStreamForPapa;
  removeListener(event: StreamEvent, listener: Listener): TextStreamForPapa;
  pause(): void;
  resume(): void;
}

export interface DecodedTextFeed {
  stream: TextStreamForPapa;
  /** bytes of the file behind the text handed out so far (for the progress bar) */
  readonly bytesRead: number;
  /** hand out pieces until the session holds the parser (isHeld) or the file ends */
  resume(): void;
  stop(): void;
}

export interface FeedControl {
  /** the parser is paused (backpressure): hand out nothing until resume() */
  isHeld(): boolean;
  onError(error: Error): void;
}

/**
 * The first piece holds at least the whole first line (unless the file has none within this many
 * characters): papaparse reads the header and guesses the delimiter from its first piece only.
 */
const FIRST_PIECE_MIN_LINE_CAP = 1024 * 1024;

export function createDecodedTextFeed(file: Blob, encoding: FileEncoding, chunkBytes: number, control: FeedControl): DecodedTextFeed {
  const listeners: Record<StreamEvent, Listener[]> = { data: [], end: [], error: [] };
  const emit = (event: StreamEvent, value?: unknown) => listeners[event].slice().forEach((listener) => listener(value));
  const stream: TextStreamForPapa = {
    readable: true,
    read: () => null,
    on(event, listener) {
      listeners[event].push(listener);
      return stream;
    },
    removeListener(event, listener) {
      listeners[event] = listeners[event].filter((l) => l !== listener);
      return stream;
    },
    // papaparse's own pause/resume of the stream; the feed is held through control.isHeld instead.
    pause() {},
    resume() {},
  };

  const pieces = decodeFile(file, encoding, chunkBytes);
  const lineEndings = createLineEndingNormalizer();
  let bytesRead = 0;
  let sentFirst = false;
  let sentAny = false;
  let lastChar = '';
  let pumping = false;
  let ended = false;
  let stopped = false;

  async function nextPiece(): Promise<{ text: string; bytesRead: number } | null> {
    let text = '';
    let bytes = bytesRead;
    for (;;) {
      const next = await pieces.next();
      if (next.done) {
        text += lineEndings.end();
        // The last row ends with a line end too: papaparse would otherwise hold a header-only file's
        // one line back as an unfinished row.
        const unterminated = text !== '' ? !text.endsWith('\n') : sentAny && lastChar !== '\n';
        if (unterminated) text += '\n';
        return text ? { text, bytesRead: file.size } : null;
      }
      text += lineEndings.push(next.value.text);
      bytes = next.value.bytesRead;
      if (text && (sentFirst || text.includes('\n') || text.length >= FIRST_PIECE_MIN_LINE_CAP)) {
        sentFirst = true;
        return { text, bytesRead: bytes };
      }
    }
  }

  async function pump() {
    if (pumping || stopped || ended) return;
    pumping = true;
    try {
      while (!stopped && !ended && !control.isHeld()) {
        const piece = await nextPiece();
        if (stopped) return;
        if (piece === null) {
          ended = true;
          emit('end');
          return;
        }
        bytesRead = piece.bytesRead;
        sentAny = true;
        lastChar = piece.text[piece.text.length - 1]!;
        emit('data', piece.text);
      }
    } catch (error) {
      if (!stopped) control.onError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      pumping = false;
    }
  }

  return {
    stream,
    get bytesRead() {
      return bytesRead;
    },
    resume() {
      void pump();
    },
    stop() {
      stopped = true;
      void pieces.return(undefined);
    },
  };
}
