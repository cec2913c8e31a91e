import type { ColumnMapping } from '../../../../contract/csvRows';
// The worker's parse session, run in-thread on a jsdom File with real papaparse in chunk mode.
import { waitFor } from '@testing-library/react';
import Papa from 'papaparse';
import { createCsvParseSession } from './csvParseCore';
import type { FromParser, RowBatch } from './csvParseProtocol';
import { decodeRows } from './batchBody';

const AT = '2026-03-01T10:00:00.000Z';
const realRead = FileReader.prototype.readAsArrayBuffer;

function csvFile(text: string, name = 'names.csv') {
  return new File([text], name, { type: 'text/csv' });
}

/** n data rows; every `invalidEvery`-th row lacks its gender. */
function makeCsv(n: number, invalidEvery = 0, eol = '\n') {
  const lines = ['name,gender,nationality'];
  for (let i = 1; i <= n; i += 1) {
    const invalid = invalidEvery > 0 && i % invalidEvery === 0;
    lines.push(`name${i},${invalid ? '' : i % 2 ? 'female' : 'male'},nation${i % 7}`);
  }
  return lines.join(eol) + eol;
}

function startSession(file: File, batchSize: number, chunkBytes: number, columns?: ColumnMapping) {
  const messages: FromParser[] = [];
  const transfers: (Transferable[] | undefined)[] = [];
  let wake: (() => void) | null = null;
  const session = createCsvParseSession((message, transfer) => {
    messages.push(message);
    transfers.push(transfer);
    wake?.();
  });
  session.handle({ type: 'start', file, createdAt: AT, batchSize, chunkBytes, ...(columns ? { columns } : {}) });
  /** resolves once `count` messages have arrived in total */
  const until = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${messages.length} of ${count} messages`)), 5000);
      const check = () => {
        if (messages.length >= count) {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
      };
      wake = check;
      check();
    });
  const pull = async () => {
    const before = messages.length;
    session.handle({ type: 'pull' });
    await until(before + 1);
    return messages[messages.length - 1];
  };
  return { session, messages, transfers, pull, until };
}

async function drain(pull: () => Promise<FromParser>) {
  const batches: RowBatch[] = [];
  for (;;) {
    const message = await pull();
    if (message.type === 'batch') batches.push(message.batch);
    else return { batches, last: message };
  }
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('csv parse session (worker core)', () => {
  let reads: jest.SpyInstance;
  beforeEach(() => {
    reads = jest.spyOn(FileReader.prototype, 'readAsArrayBuffer');
  });
  afterEach(() => reads.mockRestore());

  it("hands each batch out as the request body's bytes, moved to the page rather than copied", async () => {
    const { pull, messages, transfers } = startSession(
      csvFile('name,gender,nationality\nZoë,female,"a ""quoted"" land"\nBo,male,danish\n'),
      100,
      2048,
    );
    const { batches } = await drain(pull);
    expect(batches).toHaveLength(1);
    expect(batches[0].rowCount).toBe(2);
    expect(decodeRows(batches[0].namesJson)).toEqual([
      { name: 'Zoë', gender: 'female', nationality: 'a "quoted" land', createdAt: AT },
      { name: 'Bo', gender: 'male', nationality: 'danish', createdAt: AT },
    ]);
    const batchAt = messages.findIndex((m) => m.type === 'batch');
    expect(transfers[batchAt]).toEqual([batches[0].namesJson.buffer]);
    expect(transfers[messages.length - 1]).toBeUndefined(); // the end message carries nothing to move
  });

  it('hands out batches of batchSize that partition the data rows, then the totals', async () => {
    const file = csvFile(makeCsv(1050, 10, '\r\n'));
    const { pull } = startSession(file, 100, 2048);
    const { batches, last } = await drain(pull);

    expect(last).toEqual({ type: 'end', rowsRead: 1050, rowsSkipped: 105, skippedByReason: { 'missing-field': 105 }, encoding: 'UTF-8' });
    expect(batches.map((b) => b.rowCount)).toEqual([...Array(9).fill(100), 45]);
    expect(batches.map((b) => b.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Batches cover rows 1..1050 without gaps or overlaps; the last reaches the last row read.
    batches.forEach((b, i) => expect(b.fromRow).toBe(i === 0 ? 1 : batches[i - 1].toRow + 1));
    expect(batches[batches.length - 1].toRow).toBe(1050);
    expect(batches[0]).toMatchObject({ toRow: 111, rowsSkipped: 11, skippedByReason: { 'missing-field': 11 }, encoding: 'UTF-8' });
    const names = batches.flatMap((b) => decodeRows(b.namesJson).map((r) => r.name));
    expect(names).toHaveLength(945);
    expect(names[0]).toBe('Name1');
    expect(new Set(names).size).toBe(945); // nothing twice across chunk boundaries
    expect(batches.every((b) => decodeRows(b.namesJson).every((r) => r.createdAt === AT))).toBe(true);
    // Progress positions grow and stay within the file.
    const positions = batches.map((b) => b.bytesRead);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(positions[positions.length - 1]).toBeLessThanOrEqual(file.size);
  });

  it('parses only when pulled (backpressure): it does not read the whole file ahead', async () => {
    const file = csvFile(makeCsv(5000));
    const chunkBytes = 1024;
    const totalChunks = Math.ceil(file.size / chunkBytes);
    const { pull, messages } = startSession(file, 50, chunkBytes);
    // The BOM check, the encoding check (every chunk once: a streaming validator keeps nothing), then
    // parsing reads one chunk and waits for a pull. Wait for those reads, however slow the machine (a
    // fixed 200 ms here failed on a loaded one: the encoding pass was still running, and its reads were
    // then counted against the pull).
    const readsWithoutPull = 1 + totalChunks + 1;
    await waitFor(() => expect(reads.mock.calls.length).toBeGreaterThanOrEqual(readsWithoutPull), { timeout: 30_000 });
    await tick(50);
    const readsBeforeAnyPull = reads.mock.calls.length;
    expect(readsBeforeAnyPull).toBe(readsWithoutPull);
    expect(messages).toEqual([]);

    await pull();
    await tick(50);
    // One pull needs ~50 rows (~2 chunks); the parser then pauses instead of racing through ~100 chunks.
    expect(reads.mock.calls.length - readsBeforeAnyPull).toBeLessThanOrEqual(4);
    expect(totalChunks).toBeGreaterThan(50);
    expect(messages).toHaveLength(1);

    const { batches, last } = await drain(pull);
    expect(last).toMatchObject({ type: 'end', rowsRead: 5000, rowsSkipped: 0 });
    expect(batches.reduce((n, b) => n + b.rowCount, 0)).toBe(4950);
  });

  it('rejects a file without the three columns before handing out any row', async () => {
    const { pull, messages } = startSession(csvFile('name,gender\nAnna,female\n'), 10, 1024);
    await pull();
    expect(messages).toEqual([{ type: 'error', reason: 'header', message: expect.stringContaining('nationality') }]);
  });

  it('treats an empty file as one without a header', async () => {
    const { until, messages } = startSession(csvFile(''), 10, 1024);
    await until(1);
    expect(messages[0]).toMatchObject({ type: 'error', reason: 'header' });
  });

  it('a header-only file ends with nothing to send', async () => {
    const { pull } = startSession(csvFile('Name,Gender,Nationality\n'), 10, 1024);
    expect(await pull()).toEqual({ type: 'end', rowsRead: 0, rowsSkipped: 0, skippedByReason: {}, encoding: 'UTF-8' });
  });

  it('stops with a parse error on broken quoting instead of swallowing the rest of the file', async () => {
    const text = 'name,gender,nationality\nAnna,female,swedish\n"Bo,male,danish\nCy,male,french\n';
    const { pull, messages } = startSession(csvFile(text), 10, 1024);
    await pull();
    // the quote opens on data row 2 (it used to say row 3)
    expect(messages[0]).toEqual({ type: 'error', reason: 'parse', message: 'Quoted field unterminated at data row 2.' });
  });

  it('counts data rows for the parse error without blank lines, in a later chunk too', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => `Name${i + 1},female,swedish`);
    rows.splice(150, 0, '', '   ', ',,');
    const text = `name,gender,nationality\n${rows.join('\n')}\n"Bo,male,danish\nCy,male,french\n`;
    const { pull, messages } = startSession(csvFile(text), 500, 512);
    await pull();
    expect(messages[0]).toEqual({ type: 'error', reason: 'parse', message: 'Quoted field unterminated at data row 201.' });
  });

  it('names the row of a malformed quote with rows after it (papaparse stops before such a row)', async () => {
    const text = 'name,gender,nationality\nAnna,female,swedish\n\nEva,female,swedish\n"Bo"x,male,danish\nCy,male,french\n';
    const { pull, messages } = startSession(csvFile(text), 10, 1024);
    await pull();
    expect(messages[0]).toEqual({ type: 'error', reason: 'parse', message: 'Trailing quote on quoted field is malformed at data row 3.' });
  });

  it('names the row of a bad quote that a later quote closes, with rows after it, in the first chunk', async () => {
    // papaparse keeps this row (its field runs on to the next quote) and counts the header in its index.
    const text = 'name,gender,nationality\nAnna,female,swedish\nBo,"ma"le,danish\nCy,"male",french\nDa,male,french\n';
    const { pull, messages } = startSession(csvFile(text), 10, 1024);
    await pull();
    expect(messages[0]).toEqual({ type: 'error', reason: 'parse', message: 'Trailing quote on quoted field is malformed at data row 2.' });
  });

  it('before the first pull, parses exactly one chunk and pauses (reads nothing more)', async () => {
    // Wait for the parser's own pause rather than the clock: papaparse is wrapped to report it.
    const parse = Papa.parse.bind(Papa);
    let readsAtPause = -1;
    const spy = jest.spyOn(Papa, 'parse').mockImplementation(((input: unknown, config: Papa.ParseLocalConfig<unknown, Papa.LocalFile>) => {
      const chunk = config.chunk!;
      return parse(
        input as Papa.LocalFile,
        {
          ...config,
          chunk: (results: Papa.ParseResult<unknown>, parser: Papa.Parser) => {
            const pause = parser.pause.bind(parser);
            parser.pause = () => {
              if (readsAtPause < 0) readsAtPause = reads.mock.calls.length;
              pause();
            };
            chunk(results, parser);
          },
        } as Papa.ParseLocalConfig<unknown, Papa.LocalFile>,
      );
    }) as unknown as typeof Papa.parse);
    try {
      const file = csvFile(makeCsv(5000));
      const chunkBytes = 1024;
      const totalChunks = Math.ceil(file.size / chunkBytes);
      const { pull } = startSession(file, 50, chunkBytes);
      await pull(); // resolves after the pause above (the parser paused, then the pull resumed it)
      // The BOM check (1 read), the encoding pass (every chunk once), then the first chunk of parsing and
      // the feed's read of the next piece: the first chunk (~40 rows) completes no batch of 50, and with no
      // pull outstanding the parser must hold there rather than parse another chunk.
      expect(readsAtPause).toBe(1 + totalChunks + 2);
    } finally {
      spy.mockRestore();
    }
  });

  it.each<[string, string, string]>([
    [
      'one column missing',
      'name,gender\nAnna,female\n',
      'Missing column: nationality. The first row must be the header name,gender,nationality.',
    ],
    ['two missing', 'name\nAnna\n', 'Missing columns: gender, nationality. The first row must be the header name,gender,nationality.'],
    // (papaparse renames repeated headers, so ',,' is '', '_1', '_2': missing columns, not an empty header)
    ['only spaces', '   \nAnna,female,swedish\n', 'The file has no header row.'],
    ['nothing in its first line', '\nname,gender,nationality\nAnna,female,swedish\n', 'The file has no header row.'],
  ])('a header with %s is refused with its reason', async (_label, text, message) => {
    const { pull, messages } = startSession(csvFile(text), 10, 1024);
    await pull();
    expect(messages).toEqual([{ type: 'error', reason: 'header', message }]);
  });

  it('an empty cell after the three columns (a trailing comma) is still a header', async () => {
    const { pull } = startSession(csvFile('name,gender,nationality,\nAnna,female,swedish,\n'), 10, 1024);
    const { batches, last } = await drain(pull);
    expect(last).toMatchObject({ type: 'end', rowsRead: 1, rowsSkipped: 0 });
    expect(decodeRows(batches[0]!.namesJson).map((row) => row.name)).toEqual(['Anna']);
  });

  it("each batch's progress position is the byte where its last row ends (within a row)", async () => {
    // Rows of exactly 32 bytes after a 24-byte header: batch k ends at byte 24 + 32 * 10k.
    const rows = Array.from({ length: 300 }, (_, i) => `Name${String(i).padStart(5, '0')},female,swedish1234567\n`);
    expect(rows[0]).toHaveLength(32);
    const { pull } = startSession(csvFile(`name,gender,nationality\n${rows.join('')}`), 10, 1000);
    const { batches } = await drain(pull);
    expect(batches).toHaveLength(30);
    for (const batch of batches) expect(Math.abs(batch.bytesRead - (24 + 32 * batch.toRow))).toBeLessThanOrEqual(32);
  });

  it('a second start message is ignored: the file is parsed once', async () => {
    const file = csvFile(makeCsv(30));
    const { session, pull } = startSession(file, 100, 1024);
    session.handle({ type: 'start', file, createdAt: AT, batchSize: 100, chunkBytes: 1024 });
    const { batches, last } = await drain(pull);
    expect(last).toMatchObject({ type: 'end', rowsRead: 30 });
    expect(batches.map((batch) => batch.rowCount)).toEqual([30]);
    // One file under a chunk: the BOM check, the encoding pass and the parse read it once each.
    await tick(50);
    expect(file.size).toBeLessThan(1024);
    expect(reads.mock.calls).toHaveLength(3);
  });

  it('stopped while the encoding is checked, it never starts parsing', async () => {
    const file = csvFile(makeCsv(200));
    const chunkBytes = 512;
    const { session, messages } = startSession(file, 50, chunkBytes);
    session.stop();
    await waitFor(() => expect(reads.mock.calls.length).toBe(1 + Math.ceil(file.size / chunkBytes)));
    await tick(50);
    expect(reads.mock.calls.length).toBe(1 + Math.ceil(file.size / chunkBytes));
    expect(messages).toEqual([]);
  });

  /** FileReader fails reads number `from` to `to` (1 = the BOM check), with `error` as its error. */
  function failReads(error: DOMException, from: number, to = Infinity) {
    reads.mockImplementation(function (this: FileReader, blob: Blob) {
      const read = reads.mock.calls.length;
      if (read < from || read > to) return realRead.call(this, blob);
      Object.defineProperty(this, 'error', { value: error });
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>), 0);
    });
  }

  it('a file that cannot be read says so, once, even when a later read would work', async () => {
    failReads(new DOMException('the disk went away', 'NotReadableError'), 1, 1);
    const { until, messages } = startSession(csvFile(makeCsv(10)), 10, 1024);
    await until(1);
    await tick(50);
    expect(messages).toEqual([{ type: 'error', reason: 'read', message: 'The file could not be read: the disk went away' }]);
  });

  it('a read that fails mid-parse stops the session with one read error', async () => {
    const file = csvFile(makeCsv(300));
    const chunkBytes = 512;
    // after the BOM check, the encoding pass and two reads of parsing
    failReads(new DOMException('the file changed on disk', 'NotReadableError'), 1 + Math.ceil(file.size / chunkBytes) + 3);
    const { pull, messages } = startSession(file, 10, chunkBytes);
    const { last } = await drain(pull);
    await tick(50);
    expect(last).toEqual({ type: 'error', reason: 'read', message: 'The file could not be read: the file changed on disk' });
    expect(messages.filter((message) => message.type === 'error')).toHaveLength(1);
  });

  it('a read failing after stop() says nothing', async () => {
    failReads(new DOMException('the disk went away', 'NotReadableError'), 2);
    const { session, messages } = startSession(csvFile(makeCsv(200)), 50, 512);
    session.stop();
    await waitFor(() => expect(reads.mock.calls.length).toBeGreaterThanOrEqual(2));
    await tick(50);
    expect(messages).toEqual([]);
  });

  it('stop() ends the session: later pulls get no answer', async () => {
    const { session, pull, messages } = startSession(csvFile(makeCsv(500)), 50, 512);
    await pull();
    session.stop();
    session.handle({ type: 'pull' });
    await tick(50);
    expect(messages).toHaveLength(1);
  });
});

describe('a file whose header does not name the columns', () => {
  const file = new File(
    ['Nafn;Kyn;Uppruni;name\nSigríður;female;Icelandic;ignored\n\nÞór; MALE ;icelandic;x\nBad;other;icelandic;y\n'],
    'nofn.csv',
  );

  it('without a mapping stops at the header, naming what is missing', async () => {
    const { pull } = startSession(file, 100, 1024);
    const message = await pull();
    expect(message).toEqual({ type: 'error', reason: 'header', message: expect.stringContaining('Missing columns: gender, nationality') });
  });

  it('with a mapping reads the chosen columns under the usual rules, and a column named like a required one but not chosen is not used', async () => {
    const { pull } = startSession(file, 100, 1024, { name: 'nafn', gender: 'kyn', nationality: 'uppruni' });
    const { batches, last } = await drain(pull);
    const rows = batches.flatMap((b) => decodeRows(b.namesJson));
    expect(rows.map(({ name, gender, nationality }) => [name, gender, nationality])).toEqual([
      ['Sigríður', 'female', 'icelandic'],
      ['Þór', 'male', 'icelandic'],
    ]);
    expect(last).toMatchObject({ type: 'end', rowsRead: 3, skippedByReason: { 'unknown-gender': 1 } });
  });
});
