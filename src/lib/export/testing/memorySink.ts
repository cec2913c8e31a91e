// A FileSink that keeps what is written, for tests of the export jobs: parts as written (bytes decoded as
// UTF-8, as a file would read), whether it was closed or aborted, and a switch that makes writes fail.
import type { FileSink } from '../fileSink';

export function memorySink(fileName = 'test.csv') {
  const written: string[] = [];
  // One decoder across the byte parts: a character split between two parts is whole again, a BOM kept.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const sink: FileSink & { closed: boolean; aborted: boolean; failWrites?: boolean } = {
    kind: 'download',
    fileName,
    closed: false,
    aborted: false,
    write: async (part) => {
      if (sink.failWrites) throw new Error('The disk is full');
      written.push(typeof part === 'string' ? part : decoder.decode(part, { stream: true }));
    },
    close: async () => void (sink.closed = true),
    abort: async () => void (sink.aborted = true),
  };
  return { sink, written, text: () => written.join('') };
}
