// CSV text for exports, written page by page: the header (with the byte order mark) once, then each
// page's rows. papaparse's unparse does the quoting; we only choose the options.
import Papa from 'papaparse';
import { CSV_NEWLINE as NEWLINE, FORMULA_START, UTF8_BOM } from '../../../contract/csvCells';

export { FORMULA_START, UTF8_BOM };

export type CsvCell = string | number | boolean | null | undefined;

/** One output column: its header and how to read it from a record. */
export interface CsvColumn<T> {
  header: string;
  value(record: T): CsvCell;
}

export interface CsvWriter<T> {
  /** The BOM and the header line; call once, first. */
  header(): string;
  /** The lines of one page of records (each ends with CRLF); '' for an empty page. */
  rows(records: readonly T[]): string;
}

function unparse(data: CsvCell[][]): string {
  return Papa.unparse(data, { newline: NEWLINE, escapeFormulae: FORMULA_START, header: false });
}

export function createCsvWriter<T>(columns: readonly CsvColumn<T>[]): CsvWriter<T> {
  return {
    header: () => UTF8_BOM + unparse([columns.map((c) => c.header)]) + NEWLINE,
    rows(records) {
      if (records.length === 0) return '';
      return unparse(records.map((record) => columns.map((c) => c.value(record)))) + NEWLINE;
    },
  };
}

/** Columns that copy fields by name, in order: the common case of a flat record. */
export function fieldColumns<T>(fields: readonly (keyof T & string)[]): CsvColumn<T>[] {
  return fields.map((field) => ({ header: field, value: (record: T) => cellOf(record[field]) }));
}

/** Anything as a CSV cell: objects (e.g. a settings map) as compact JSON, dates as ISO text. */
export function cellOf(value: unknown): CsvCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return JSON.stringify(value);
}
