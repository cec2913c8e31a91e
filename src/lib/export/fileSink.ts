// Where an export's text goes while it is produced. Chromium streams it to the file the operator
// picks (File System Access API); elsewhere the parts become one Blob and download at the end. Either
// way no single string ever holds the whole export.
import { downloadBlob } from '../downloadBlob';

/** The parts of the File System Access API we use (not in TypeScript's DOM lib yet). */
export interface SaveFilePickerOptions {
  suggestedName?: string;
  types?: { description?: string; accept: Record<string, string[]> }[];
}
export type ShowSaveFilePicker = (options?: SaveFilePickerOptions) => Promise<FileSystemFileHandle>;

export interface FileSink {
  /** 'disk': written to the chosen file as it goes; 'download': a Blob handed to the browser at the end */
  readonly kind: 'disk' | 'download';
  readonly fileName: string;
  /** Text, or bytes already encoded as UTF-8 (a file the server wrote). */
  write(part: string | Uint8Array<ArrayBuffer>): Promise<void>;
  /** Finishes the file (closes it, or starts the download). */
  close(): Promise<void>;
  /** Drops what was written: a cancelled or failed export leaves no half file. */
  abort(): Promise<void>;
}

export interface OpenFileSinkOptions {
  fileName: string;
  mimeType: 'text/csv' | 'application/json';
  /** What the browser offers (window in the app); tests pass their own. */
  host?: FileSinkHost;
}

export interface FileSinkHost {
  showSaveFilePicker?: ShowSaveFilePicker;
  /** starts a download of a finished Blob */
  download(blob: Blob, fileName: string): void;
}

/** Thrown when the operator closes the save dialog without choosing a file. */
export class SaveCancelledError extends Error {
  constructor() {
    super('No file was chosen');
    this.name = 'SaveCancelledError';
  }
}

/** Parts are moved from the JS heap into a Blob (browser-managed storage) every this many characters or bytes. */
export const BLOB_COMPACT_CHARS = 4 * 1024 * 1024;

export function browserFileSinkHost(): FileSinkHost {
  const picker = (globalThis as { showSaveFilePicker?: ShowSaveFilePicker }).showSaveFilePicker;
  return {
    showSaveFilePicker: typeof picker === 'function' ? picker.bind(globalThis) : undefined,
    download: downloadBlob,
  };
}

const EXTENSION: Record<OpenFileSinkOptions['mimeType'], string> = { 'text/csv': '.csv', 'application/json': '.json' };

/**
 * Opens the sink. Must be called while the click that started the export still counts as a user
 * gesture (the save dialog requires one), i.e. before any network wait.
 */
export async function openFileSink({ fileName, mimeType, host = browserFileSinkHost() }: OpenFileSinkOptions): Promise<FileSink> {
  if (host.showSaveFilePicker) {
    let handle: FileSystemFileHandle;
    try {
      handle = await host.showSaveFilePicker({
        suggestedName: fileName,
        types: [{ description: mimeType === 'text/csv' ? 'CSV file' : 'JSON file', accept: { [mimeType]: [EXTENSION[mimeType]] } }],
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw new SaveCancelledError();
      if ((error as { name?: string })?.name === 'AbortError') throw new SaveCancelledError();
      // SecurityError (no user gesture any more) and the like: the download path still works.
      return blobSink(fileName, mimeType, host);
    }
    return diskSink(handle, await handle.createWritable());
  }
  return blobSink(fileName, mimeType, host);
}

function diskSink(handle: FileSystemFileHandle, writable: FileSystemWritableFileStream): FileSink {
  return {
    kind: 'disk',
    fileName: handle.name,
    write: (part) => writable.write(part),
    close: () => writable.close(),
    // abort() discards the swap file: the chosen file keeps whatever it held before.
    abort: () => writable.abort(),
  };
}

/** Parts as Blobs of compacted text, so the JS heap holds at most BLOB_COMPACT_CHARS of pending text. */
export function blobSink(fileName: string, mimeType: string, host: Pick<FileSinkHost, 'download'>): FileSink {
  let blobs: Blob[] = [];
  let pending: (string | Uint8Array<ArrayBuffer>)[] = [];
  let pendingChars = 0;
  const compact = () => {
    if (pending.length === 0) return;
    blobs.push(new Blob(pending));
    pending = [];
    pendingChars = 0;
  };
  return {
    kind: 'download',
    fileName,
    async write(part) {
      pending.push(part);
      pendingChars += typeof part === 'string' ? part.length : part.byteLength;
      if (pendingChars >= BLOB_COMPACT_CHARS) compact();
    },
    async close() {
      compact();
      host.download(new Blob(blobs, { type: `${mimeType};charset=utf-8` }), fileName);
      blobs = [];
    },
    async abort() {
      blobs = [];
      pending = [];
    },
  };
}
