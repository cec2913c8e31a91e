import { BLOB_COMPACT_CHARS, blobSink, openFileSink, SaveCancelledError, type FileSinkHost } from './fileSink';

function downloads() {
  const got: { blob: Blob; fileName: string }[] = [];
  const host: FileSinkHost = { download: (blob, fileName) => got.push({ blob, fileName }) };
  return { got, host };
}

describe('blobSink', () => {
  it('assembles the parts into one UTF-8 Blob and downloads it on close', async () => {
    const { got, host } = downloads();
    const sink = blobSink('names-2026-11-22.csv', 'text/csv', host);
    await sink.write('\uFEFFname\r\n');
    await sink.write('Ásta\r\n');
    expect(got).toHaveLength(0);
    await sink.close();
    expect(got).toHaveLength(1);
    expect(got[0].fileName).toBe('names-2026-11-22.csv');
    const bytes = new Uint8Array(await got[0].blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFname\r\nÁsta\r\n');
  });

  it('keeps the order across compactions into Blobs', async () => {
    const { got, host } = downloads();
    const sink = blobSink('big.csv', 'text/csv', host);
    const big = 'x'.repeat(BLOB_COMPACT_CHARS);
    await sink.write('a');
    await sink.write(big);
    await sink.write('b');
    await sink.close();
    const text = await got[0].blob.text();
    expect(text.length).toBe(BLOB_COMPACT_CHARS + 2);
    expect(text.startsWith('ax')).toBe(true);
    expect(text.endsWith('xb')).toBe(true);
  });

  it('downloads nothing after abort', async () => {
    const { got, host } = downloads();
    const sink = blobSink('x.csv', 'text/csv', host);
    await sink.write('a');
    await sink.abort();
    expect(got).toHaveLength(0);
  });
});

describe('openFileSink', () => {
  function fakeWritable() {
    const written: string[] = [];
    const writable = {
      write: jest.fn(async (text: string) => void written.push(text)),
      close: jest.fn(async () => undefined),
      abort: jest.fn(async () => undefined),
    };
    return { written, writable };
  }

  it('streams to the chosen file when the browser offers a save dialog', async () => {
    const { written, writable } = fakeWritable();
    const handle = { name: 'chosen.csv', createWritable: async () => writable } as unknown as FileSystemFileHandle;
    const picker = jest.fn(async () => handle);
    const { got, host } = downloads();
    const sink = await openFileSink({
      fileName: 'names-2026-11-22.csv',
      mimeType: 'text/csv',
      host: { ...host, showSaveFilePicker: picker },
    });
    expect(picker).toHaveBeenCalledWith(expect.objectContaining({ suggestedName: 'names-2026-11-22.csv' }));
    expect(sink.kind).toBe('disk');
    await sink.write('a');
    await sink.write('b');
    await sink.close();
    expect(written).toEqual(['a', 'b']);
    expect(writable.close).toHaveBeenCalled();
    expect(got).toHaveLength(0);
  });

  it('reports a dismissed dialog as SaveCancelledError', async () => {
    const picker = jest.fn(async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    const { host } = downloads();
    await expect(
      openFileSink({ fileName: 'x.csv', mimeType: 'text/csv', host: { ...host, showSaveFilePicker: picker } }),
    ).rejects.toBeInstanceOf(SaveCancelledError);
  });

  it('falls back to a download when the dialog is refused for another reason, or absent', async () => {
    const picker = jest.fn(async () => {
      throw new DOMException('Must be handling a user gesture', 'SecurityError');
    });
    const { host } = downloads();
    expect((await openFileSink({ fileName: 'x.csv', mimeType: 'text/csv', host: { ...host, showSaveFilePicker: picker } })).kind).toBe(
      'download',
    );
    expect((await openFileSink({ fileName: 'x.csv', mimeType: 'text/csv', host })).kind).toBe('download');
  });
});
