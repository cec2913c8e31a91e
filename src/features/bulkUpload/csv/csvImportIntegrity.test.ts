// Import integrity through the real parse session (real papaparse, real decoders): a multi-byte letter at
// every chunk boundary survives, encodings are detected and named, mixed line endings neither merge
// nor drop rows, and for a corpus of hostile files every row read is either sent or counted as
// skipped, never lost.
import { createCsvParseSession } from './csvParseCore';
import type { FromParser, RowBatch, SkipCounts } from './csvParseProtocol';
import type { FileEncoding } from './fileText';
import { decodeRows } from './batchBody';

const AT = '2026-03-01T10:00:00.000Z';
const HEADER = 'name,gender,nationality\n';

type Outcome =
  | {
      kind: 'end';
      names: string[];
      rowsRead: number;
      rowsSkipped: number;
      skippedByReason: SkipCounts;
      encoding: FileEncoding;
      batches: RowBatch[];
    }
  | { kind: 'error'; reason: string; message: string; rowsSent: number };

/** Runs a whole file through the parse session, pulling until the end, and checks the batch invariants. */
async function parseAll(bytes: Uint8Array | string, chunkBytes = 64, batchSize = 7): Promise<Outcome> {
  const file = new File([bytes as BlobPart], 'hostile.csv', { type: 'text/csv' });
  const messages: FromParser[] = [];
  let wake: (() => void) | null = null;
  const session = createCsvParseSession((message) => {
    messages.push(message);
    wake?.();
  });
  session.handle({ type: 'start', file, createdAt: AT, batchSize, chunkBytes });
  const batches: RowBatch[] = [];
  for (;;) {
    const before = messages.length;
    session.handle({ type: 'pull' });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the parse session did not answer a pull')), 10_000);
      wake = () => {
        if (messages.length > before) {
          clearTimeout(timer);
          resolve();
        }
      };
      wake();
    });
    const message = messages[messages.length - 1];
    if (message.type === 'batch') {
      batches.push(message.batch);
      continue;
    }
    const rowsSent = batches.reduce((n, b) => n + b.rowCount, 0);
    if (message.type === 'error') return { kind: 'error', reason: message.reason, message: message.message, rowsSent };
    // The invariants of every finished parse: batches partition rows 1..rowsRead, and every row read
    // was either sent or counted as skipped (by exactly one reason).
    batches.forEach((b, i) => expect(b.fromRow).toBe(i === 0 ? 1 : batches[i - 1].toRow + 1));
    if (batches.length > 0) expect(batches[batches.length - 1].toRow).toBeLessThanOrEqual(message.rowsRead);
    expect(rowsSent + message.rowsSkipped).toBe(message.rowsRead);
    expect(Object.values(message.skippedByReason).reduce((n, c) => n + (c ?? 0), 0)).toBe(message.rowsSkipped);
    return {
      kind: 'end',
      names: batches.flatMap((b) => decodeRows(b.namesJson).map((r) => r.name)),
      rowsRead: message.rowsRead,
      rowsSkipped: message.rowsSkipped,
      skippedByReason: message.skippedByReason,
      encoding: message.encoding,
      batches,
    };
  }
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    out[2 + i * 2 + (endian === 'le' ? 0 : 1)] = unit & 0xff;
    out[2 + i * 2 + (endian === 'le' ? 1 : 0)] = unit >> 8;
  }
  return out;
}
/** Windows-1252 bytes of text made only of ASCII and Latin-1 letters (which 1252 maps to the same values). */
const cp1252 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
const filler = (i: number) => `Filler${String(i).padStart(3, '0')},female,english\n`;

function expectEnd(outcome: Outcome): asserts outcome is Extract<Outcome, { kind: 'end' }> {
  if (outcome.kind !== 'end') throw new Error(`expected the parse to end, got ${outcome.reason}: ${outcome.message}`);
}

describe('a multi-byte letter at every chunk boundary', () => {
  const CHUNK = 64;
  // Letters of 2, 3 and 4 bytes in UTF-8, each placed so that the cut falls after each of its bytes.
  const cases: Array<[string, string, number]> = [];
  for (const [name, letter] of [
    ['Ásta', 'Á'],
    ['Ngọc', 'ọ'],
    ['Ab𐐷', '𐐷'],
  ] as const) {
    const width = utf8(letter).length;
    for (let split = 1; split < width; split += 1) cases.push([name, letter, split]);
  }

  it.each(cases)('%s with %s cut after byte %i of the letter, at each boundary of a 6-chunk file', async (name, letter, split) => {
    const letterOffset = utf8(name.slice(0, name.indexOf(letter))).length;
    for (let boundary = 1; boundary < 6; boundary += 1) {
      // Pad the filler before the name so that the letter starts `split` bytes before the boundary.
      const target = boundary * CHUNK - split - letterOffset;
      let head = HEADER;
      let i = 0;
      while (utf8(head + filler(i)).length + 'P,female,english\n'.length <= target) head += filler(i++);
      const pad = target - utf8(head).length - ',female,english\n'.length;
      head += `P${'a'.repeat(Math.max(0, pad - 1))},female,english\n`;
      expect(utf8(head).length).toBe(target);
      let tail = '';
      for (let j = 0; utf8(head + tail).length < 6 * CHUNK; j += 1) tail += filler(100 + j);
      const outcome = await parseAll(utf8(`${head}${name},female,icelandic\n${tail}`), CHUNK);
      expectEnd(outcome);
      expect(outcome.names).toContain(name);
      expect(outcome.names.join('')).not.toContain('\ufffd');
      expect(outcome.rowsSkipped).toBe(0);
    }
  });

  it('UTF-16LE with surrogate pairs and odd chunk sizes: every row intact', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `${['Ásta', 'Ab𐐷', 'Þóra', 'Ngọc'][i % 4]}${i},female,icelandic\n`);
    const text = HEADER + rows.join('');
    for (const chunk of [63, 65, 127]) {
      const outcome = await parseAll(utf16(text, 'le'), chunk);
      expectEnd(outcome);
      expect(outcome.encoding).toBe('UTF-16LE');
      expect(outcome.rowsRead).toBe(60);
      expect(outcome.names.join('')).not.toContain('\ufffd');
      expect(outcome.names[1]).toBe('Ab𐐷1');
    }
  });
});

describe('encodings', () => {
  const text = `${HEADER}Ásta,female,icelandic\nÞóra,female,icelandic\nJosé,male,spanish\n`;
  const names = ['Ásta', 'Þóra', 'José'];

  it.each<[string, Uint8Array, FileEncoding]>([
    ['UTF-8', utf8(text), 'UTF-8'],
    ['UTF-8 with a BOM', concat(Uint8Array.of(0xef, 0xbb, 0xbf), utf8(text)), 'UTF-8 with BOM'],
    ['UTF-16LE with a BOM', utf16(text, 'le'), 'UTF-16LE'],
    ['UTF-16BE with a BOM', utf16(text, 'be'), 'UTF-16BE'],
    ['Windows-1252', cp1252(text), 'Windows-1252'],
  ])('%s is read exactly and named', async (_label, bytes, encoding) => {
    const outcome = await parseAll(bytes, 16);
    expectEnd(outcome);
    expect(outcome.encoding).toBe(encoding);
    expect(outcome.names).toEqual(names);
  });

  it('a UTF-16LE file over several chunks loses no row (it used to lose rows as skipped)', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `Name${i},${i % 2 ? 'male' : 'female'},english\n`);
    const outcome = await parseAll(utf16(HEADER + rows.join(''), 'le'), 1000, 100);
    expectEnd(outcome);
    expect(outcome).toMatchObject({ rowsRead: 500, rowsSkipped: 0 });
    expect(new Set(outcome.names).size).toBe(500);
  });

  it('UTF-8 names with a stray invalid byte: read as UTF-8, the broken row skipped for U+FFFD', async () => {
    const bytes = concat(
      utf8(`${HEADER}Ásta,female,icelandic\nÞóra,female,icelandic\nBr`),
      Uint8Array.of(0xff),
      utf8(`ken,male,x\nJosé,male,spanish\n`),
    );
    const outcome = await parseAll(bytes, 16);
    expectEnd(outcome);
    expect(outcome.encoding).toBe('UTF-8 with invalid bytes');
    expect(outcome.names).toEqual(names);
    expect(outcome.skippedByReason).toEqual({ 'replacement-character': 1 });
  });
});

describe('line endings', () => {
  it('LF, CRLF and a lone CR in one file: every row is read, none merged', async () => {
    const text = 'name,gender,nationality\r\nAnna,female,swedish\nBo,male,danish\rCy,male,french\r\nDag,male,swedish\rEva,female,swedish';
    for (const chunk of [1, 2, 3, 5, 64]) {
      const outcome = await parseAll(utf8(text), chunk, 2);
      expectEnd(outcome);
      expect(outcome.names).toEqual(['Anna', 'Bo', 'Cy', 'Dag', 'Eva']);
      expect(outcome.rowsRead).toBe(5);
    }
  });

  it('a file of only lone CRs (classic Mac) and a CRLF split across a chunk edge', async () => {
    const outcome = await parseAll(utf8('name,gender,nationality\rAnna,female,swedish\rBo,male,danish\r'), 64);
    expectEnd(outcome);
    expect(outcome.names).toEqual(['Anna', 'Bo']);
    // "\r" ends chunk 1 and "\n" starts chunk 2: one line end, not a blank line between
    const split = 'name,gender,nationality\r\nAnna,female,swedish\r\nBo,male,danish\r\n';
    const cut = split.indexOf('\r\nBo') + 1;
    const outcome2 = await parseAll(utf8(split), cut);
    expectEnd(outcome2);
    expect(outcome2.names).toEqual(['Anna', 'Bo']);
  });
});

describe('hostile files: every row read is sent or counted as skipped', () => {
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const rand = random(7);
  const binary = Uint8Array.from({ length: 5000 }, () => Math.floor(rand() * 256));

  type Expect = { rowsRead: number; names?: string[]; skippedByReason?: SkipCounts } | { error: 'header' | 'parse' };
  const corpus: Array<[string, Uint8Array | string, Expect]> = [
    ['an empty file', '', { error: 'header' }],
    ['only blank lines', '\n\n  \n', { error: 'header' }],
    ['a header only', 'name,gender,nationality', { rowsRead: 0, names: [] }],
    ['a header with a BOM and CRLF only', '\ufeffName,Gender,Nationality\r\n', { rowsRead: 0, names: [] }],
    ['a quoted header behind a BOM', '\ufeff"name","gender","nationality"\n"Anna","female","swedish"\n', { rowsRead: 1, names: ['Anna'] }],
    [
      'quotes, escaped quotes and commas in cells',
      'name,gender,nationality\n"Anna, Maria",female,swedish\n"O""Brien",male,irish\n"Bo",male,"danish"\n',
      { rowsRead: 3, names: ['Anna, maria', 'O"brien', 'Bo'] },
    ],
    [
      'an embedded newline in a quoted name',
      'name,gender,nationality\n"Anna\nMaria",female,swedish\nBo,male,danish\n',
      { rowsRead: 2, names: ['Bo'], skippedByReason: { 'control-character': 1 } },
    ],
    [
      'missing and extra columns',
      'name,gender,nationality\nAnna,female\nBo,male,danish,extra,more\nCy\n,,\n',
      { rowsRead: 3, names: ['Bo'], skippedByReason: { 'missing-field': 2 } },
    ],
    ['columns in another order, extra columns', 'id,Nationality,NAME,gender\n1,swedish,anna,female\n', { rowsRead: 1, names: ['Anna'] }],
    ['duplicate headers', 'name,name,gender,nationality\nAnna,Other,female,swedish\n', { rowsRead: 1, names: ['Anna'] }],
    ['a missing column', 'name,gender\nAnna,female\n', { error: 'header' }],
    ['semicolons (a European Excel export)', 'name;gender;nationality\nAnna;female;swedish\n', { rowsRead: 1, names: ['Anna'] }],
    [
      'a huge cell',
      `name,gender,nationality\n${'A'.repeat(100_000)},female,swedish\nBo,male,danish\n`,
      { rowsRead: 2, names: ['Bo'], skippedByReason: { 'too-long': 1 } },
    ],
    [
      'unknown genders and unusable characters',
      'name,gender,nationality\nAnna,robot,swedish\nB\u202eo,male,danish\nC\u200by,male,french\nDag,male,swedish\n',
      { rowsRead: 4, names: ['Dag'], skippedByReason: { 'unknown-gender': 1, 'bidi-control': 1, 'zero-width': 1 } },
    ],
    ['an unterminated quote', 'name,gender,nationality\nAnna,female,swedish\n"Bo,male,danish\nCy,male,french\n', { error: 'parse' }],
    ['NUL bytes in a row', `name,gender,nationality\nAn\u0000na,female,swedish\nBo,male,danish\n`, { rowsRead: 2, names: ['Bo'] }],
  ];

  it.each(corpus)('%s', async (_label, bytes, expected) => {
    const data = typeof bytes === 'string' ? utf8(bytes) : bytes;
    // papaparse re-reads an unfinished row with every piece: tiny pieces of a huge cell only cost time
    for (const chunk of data.length > 10_000 ? [512, 1 << 20] : [7, 64, 1 << 20]) {
      const outcome = await parseAll(data, chunk);
      if ('error' in expected) {
        expect(outcome).toMatchObject({ kind: 'error', reason: expected.error, rowsSent: 0 });
        continue;
      }
      expectEnd(outcome);
      expect(outcome.rowsRead).toBe(expected.rowsRead);
      if (expected.names) expect(outcome.names).toEqual(expected.names);
      if (expected.skippedByReason) expect(outcome.skippedByReason).toEqual(expected.skippedByReason);
    }
  });

  it('binary data: no row is lost whatever it parses as', async () => {
    for (const bytes of [
      binary,
      concat(utf8(HEADER), binary),
      concat(
        utf8(HEADER),
        binary.map((b) => (b === 10 || b === 13 ? 32 : b)),
      ),
    ]) {
      const outcome = await parseAll(bytes, 256);
      // either refused as a whole (nothing sent) or every row accounted for (parseAll checks the sum)
      if (outcome.kind === 'error') expect(outcome.rowsSent).toBe(0);
      else expect(outcome.names.join('')).not.toContain('\ufffd');
    }
  });
});
