// A CSV file's bytes as text for the parser: the encoding detected once for the whole
// file, then the file decoded as ONE stream, so a character split by a read boundary is carried over
// to the next read instead of becoming two U+FFFD (papaparse's own File reading decodes each chunk
// on its own). Runs in the parse worker and in Jest; no DOM beyond Blob, FileReader and TextDecoder.

/** The encodings an import file is read as, named as the report shows them. */
export type FileEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'UTF-8 with invalid bytes' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';

const DECODER_LABEL: Record<FileEncoding, string> = {
  'UTF-8': 'utf-8',
  'UTF-8 with BOM': 'utf-8',
  'UTF-8 with invalid bytes': 'utf-8',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
  'Windows-1252': 'windows-1252',
};

/** Blob.arrayBuffer where the platform has it (browsers, workers); FileReader otherwise (jsdom). */
export function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

function encodingOfBom(head: Uint8Array): FileEncoding | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'UTF-8 with BOM';
  if (head[0] === 0xff && head[1] === 0xfe) return 'UTF-16LE';
  if (head[0] === 0xfe && head[1] === 0xff) return 'UTF-16BE';
  return null;
}

/**
 * A BOM decides. Without one the file is read once through a streaming UTF-8 decoder (a multi-byte
 * sequence split by a read is not an error), counting the bytes it cannot decode (each becomes
 * U+FFFD) against the letters beyond ASCII it can:
 * - none undecodable: UTF-8;
 * - fewer undecodable than decoded: UTF-8 with a few broken bytes (a file of UTF-8 names with a stray
 *   byte); the rows holding them are skipped with their reason, the rest are read right;
 * - otherwise Windows-1252, what spreadsheet programs here export as "CSV" ('\xC1sta' is 'Ásta').
 *   Windows-1252 maps every byte, so the choice never fails.
 */
export async function detectEncoding(file: Blob, chunkBytes: number): Promise<FileEncoding> {
  const bom = encodingOfBom(await readBytes(file.slice(0, 3)));
  if (bom) return bom;
  const decoder = new TextDecoder('utf-8');
  let undecodable = 0;
  let decoded = 0;
  const tally = (text: string) => {
    for (const match of text.matchAll(/[\u0080-\uffff]+/g)) {
      for (const ch of match[0]) {
        if (ch === '\ufffd') undecodable += 1;
        else decoded += 1;
      }
    }
  };
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    tally(decoder.decode(await readBytes(file.slice(offset, offset + chunkBytes)), { stream: true }));
  }
  tally(decoder.decode()); // a sequence cut off by the end of the file
  if (undecodable === 0) return 'UTF-8';
  return decoded > undecodable ? 'UTF-8 with invalid bytes' : 'Windows-1252';
}

/** A piece of decoded text and how many bytes of the file have been read to produce it and all before. */
export interface DecodedPiece {
  text: string;
  bytesRead: number;
}

/**
 * One decoder over the whole file, read `chunkBytes` at a time. The decoder drops the BOM of its
 * own encoding, so the text starts with the first header.
 */
export async function* decodeFile(file: Blob, encoding: FileEncoding, chunkBytes: number): AsyncGenerator<DecodedPiece> {
  const decoder = new TextDecoder(DECODER_LABEL[encoding]);
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    const text = decoder.decode(await readBytes(file.slice(offset, offset + chunkBytes)), { stream: true });
    if (text) yield { text, bytesRead: Math.min(offset + chunkBytes, file.size) };
  }
  const rest = decoder.decode();
  if (rest) yield { text: rest, bytesRead: file.size };
}

/**
 * LF, CRLF and a lone CR all end a line (a file edited on several systems mixes them), so every one
 * becomes LF before papaparse, which keeps to the single line ending it guesses from the start of
 * the file and would otherwise merge rows ending differently into the previous one. A CR at the end
 * of a piece is held back until the next piece shows whether an LF follows. Inside a quoted cell this
 * changes a CR to LF, which is harmless: a name holding a line break is skipped either way.
 */
export function createLineEndingNormalizer(): { push(text: string): string; end(): string } {
  let heldCr = false;
  return {
    push(text) {
      let piece = heldCr ? `\r${text}` : text;
      heldCr = piece.endsWith('\r');
      if (heldCr) piece = piece.slice(0, -1);
      return piece.replace(/\r\n?/g, '\n');
    },
    end() {
      const rest = heldCr ? '\n' : '';
      heldCr = false;
      return rest;
    },
  };
}
