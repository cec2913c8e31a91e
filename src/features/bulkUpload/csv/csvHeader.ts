// The header row of a chosen file, read in the page before an import starts, so Bulk Upload can ask which columns
// hold name, gender and nationality when the header does not say (contract/csvRows.ts: ColumnMapping). Only the
// start of the file is read, decoded as the import will decode it.
import Papa from 'papaparse';
import { CSV_PARSE_OPTIONS, headerSignature, type ColumnMapping } from '../../../../contract/csvRows';
import { decodeFile, detectEncoding } from './fileText';

/** Enough for any header row; a longer first line is not a header an operator maps by hand. */
const HEADER_BYTES = 64 * 1024;

/** The header's cells as written (trimmed, BOM dropped), empty ones left out; [] for an empty file. */
export async function readCsvHeader(file: Blob): Promise<string[]> {
  const start = file.slice(0, HEADER_BYTES);
  const encoding = await detectEncoding(start, HEADER_BYTES);
  let text = '';
  for await (const piece of decodeFile(start, encoding, HEADER_BYTES)) text += piece.text;
  const firstLine = CSV_PARSE_OPTIONS.beforeFirstChunk(text).split(/\r\n|\n|\r/, 1)[0] ?? '';
  const parsed = Papa.parse<string[]>(firstLine, { delimitersToGuess: CSV_PARSE_OPTIONS.delimitersToGuess, preview: 1 });
  return (parsed.data[0] ?? []).map((cell) => cell.trim()).filter((cell) => cell !== '');
}

const STORE_KEY = 'bulkUpload.columnMappings';
/** Mappings kept: the most recently used headers. */
const MAX_REMEMBERED = 20;

type Remembered = Record<string, ColumnMapping>;

function readStore(): Remembered {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Remembered) : {};
  } catch {
    return {};
  }
}

/** The mapping an operator chose last time for a file with this header, if any. */
export function rememberedColumns(fields: readonly string[]): ColumnMapping | undefined {
  return readStore()[headerSignature(fields)];
}

/** Keeps a mapping for files with the same header (this browser only; a store that cannot be written is ignored). */
export function rememberColumns(fields: readonly string[], columns: ColumnMapping): void {
  const store = readStore();
  const key = headerSignature(fields);
  delete store[key];
  store[key] = columns;
  const keys = Object.keys(store);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_REMEMBERED))) delete store[old];
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(store));
  } catch {
    // private mode or a full store: the mapping is asked again next time
  }
}
