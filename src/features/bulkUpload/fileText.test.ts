// The encoding choice of a file without a byte order mark (detectEncoding), at its boundaries.
import { detectEncoding } from './fileText';

const bytes = (...parts: (string | number[])[]) =>
  new Blob(parts.map((part) => (typeof part === 'string' ? new TextEncoder().encode(part) : new Uint8Array(part))));

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
