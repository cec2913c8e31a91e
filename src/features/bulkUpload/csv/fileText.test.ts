// The encoding choice of a file without a byte order mark (detectEncoding), at its boundaries.
import { createLineEndingNormalizer, decodeFile, detectEncoding, readBytes, type DecodedPiece } from './fileText';

const bytes = (...parts: (string | number[])[]) =>
  new Blob(parts.map((part) => (typeof part === 'string' ? new TextEncoder().encode(part) : new Uint8Array(part))));
/** jsdom's File, which has no arrayBuffer(): read through FileReader, so its reads can be counted. */
const file = (text: string) => new File([text], 'names.csv', { type: 'text/csv' });

describe('detectEncoding without a BOM', () => {
  it('reads plain ASCII and valid UTF-8 as UTF-8', async () => {
    expect(await detectEncoding(bytes('name,gender,nationality\nAnna,female,swedish\n'), 8)).toBe('UTF-8');
    expect(await detectEncoding(bytes('name\nÁsta\n'), 3)).toBe('UTF-8');
  });

  it('with as many undecodable bytes as decoded letters, chooses Windows-1252 (a tie is not UTF-8)', async () => {
    // "é" as UTF-8 (one decoded letter) and a lone 0xC1 (one undecodable byte): 1 against 1.
    expect(await detectEncoding(bytes('name\nRen', [0xc3, 0xa9], '\n', [0xc1], 'sta\n'), 4)).toBe('Windows-1252');
  });

  it('with one decoded letter more than undecodable bytes, reads UTF-8 with invalid bytes', async () => {
    expect(await detectEncoding(bytes('name\nRen', [0xc3, 0xa9], '\nZo', [0xc3, 0xab], '\n', [0xc1], 'sta\n'), 4)).toBe(
      'UTF-8 with invalid bytes',
    );
  });
});

describe('detectEncoding: a byte order mark only when all of it is there', () => {
  // Each starts like a BOM but is not one: Windows-1252 text (the lone high bytes do not decode as UTF-8).
  it.each<[string, number[]]>([
    ['EF BB without BF', [0xef, 0xbb, 0x41]],
    ['EF without BB BF', [0xef, 0x41, 0xbf]],
    ['BB BF without EF', [0x41, 0xbb, 0xbf]],
    ['FF without FE', [0xff, 0x41, 0x42]],
    ['FE after another byte', [0x41, 0xfe, 0x42]],
    ['FE without FF', [0xfe, 0x41, 0x42]],
    ['FF after another byte', [0x41, 0xff, 0x42]],
  ])('%s is no BOM', async (_label, head) => {
    expect(await detectEncoding(bytes(head, ',gender,nationality\n'), 8)).toBe('Windows-1252');
  });

  it('an undecodable byte in the last read counts (every byte is read once)', async () => {
    // 20 bytes in reads of 4: the lone 0xC1 is the last byte.
    expect(await detectEncoding(bytes('name\nAnna\nSta\nRen', [0xc1]), 4)).toBe('Windows-1252');
  });

  it('reads a file of whole chunks in exactly that many reads after the BOM check', async () => {
    const reads = jest.spyOn(FileReader.prototype, 'readAsArrayBuffer');
    try {
      // The BOM check reads 3 bytes, then each read is a chunk: nothing is read twice.
      const sizes = () => reads.mock.calls.map(([blob]) => blob.size);
      await detectEncoding(file('12345678'), 4);
      expect(sizes()).toEqual([3, 4, 4]);
      reads.mockClear();
      await drain(decodeFile(file('12345678'), 'UTF-8', 4));
      expect(sizes()).toEqual([4, 4]);
    } finally {
      reads.mockRestore();
    }
  });
});

async function drain(pieces: AsyncGenerator<DecodedPiece>): Promise<DecodedPiece[]> {
  const out: DecodedPiece[] = [];
  for await (const piece of pieces) out.push(piece);
  return out;
}

describe('decodeFile', () => {
  it('hands out each read as text with the bytes read so far, the last one at the file size', async () => {
    expect(await drain(decodeFile(bytes('abcdefghij'), 'UTF-8', 4))).toEqual([
      { text: 'abcd', bytesRead: 4 },
      { text: 'efgh', bytesRead: 8 },
      { text: 'ij', bytesRead: 10 },
    ]);
  });

  it('a letter cut by a read comes whole with the next; a sequence cut off by the end of the file is one U+FFFD', async () => {
    // "é" is C3 A9: cut after its first byte by the first read.
    expect(await drain(decodeFile(bytes('abc', [0xc3, 0xa9], 'd'), 'UTF-8', 4))).toEqual([
      { text: 'abc', bytesRead: 4 },
      { text: 'éd', bytesRead: 6 },
    ]);
    expect(await drain(decodeFile(bytes('ab', [0xc3]), 'UTF-8', 4))).toEqual([
      { text: 'ab', bytesRead: 3 },
      { text: '\ufffd', bytesRead: 3 },
    ]);
  });
});

describe('readBytes through FileReader (where Blob has no arrayBuffer)', () => {
  it('rejects with the reader’s error, or a plain one when it gives none', async () => {
    const blob = file('abc');
    const failing = (error: DOMException | null) =>
      jest.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementation(function (this: FileReader) {
        Object.defineProperty(this, 'error', { value: error });
        setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>), 0);
      });
    let spy = failing(new DOMException('the disk went away', 'NotReadableError'));
    await expect(readBytes(blob)).rejects.toThrow('the disk went away');
    spy.mockRestore();
    spy = failing(null);
    await expect(readBytes(blob)).rejects.toThrow('the file could not be read');
    spy.mockRestore();
    expect(Array.from(await readBytes(blob))).toEqual([97, 98, 99]);
  });
});

describe('line endings', () => {
  it('a CR at the end of a piece waits for the next: CRLF across pieces is one line end, a last lone CR is one too', () => {
    const lines = createLineEndingNormalizer();
    expect(lines.push('a\r')).toBe('a');
    expect(lines.push('\nb\r')).toBe('\nb');
    expect(lines.push('c\r\nd\re')).toBe('\nc\nd\ne');
    expect(lines.push('f\r')).toBe('f');
    expect(lines.end()).toBe('\n');
    expect(lines.end()).toBe('');
  });
});
