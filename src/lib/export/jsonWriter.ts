// JSON arrays written page by page: the brackets once, commas between rows across pages, so the
// text of a whole export is never built as one value (JSON.stringify of a million rows would be).

export interface JsonArrayWriter<T> {
  open(): string;
  rows(records: readonly T[]): string;
  close(): string;
}

/** One row per line, for files that stay readable in an editor. */
export function createJsonArrayWriter<T>(): JsonArrayWriter<T> {
  let written = 0;
  return {
    open: () => '[',
    rows(records) {
      if (records.length === 0) return '';
      const text = (written === 0 ? '\n' : ',\n') + records.map((r) => JSON.stringify(r)).join(',\n');
      written += records.length;
      return text;
    },
    close: () => (written === 0 ? ']' : '\n]'),
  };
}
