// How an export writes a CSV cell, stated once for both ends: the console writes its CSV with papaparse
// (src/lib/export/csvWriter.ts) and the server streams the large collections as CSV straight from
// PostgreSQL's COPY (server/src/exports/csvExport.ts). Both guard formula cells the same way, quote by
// RFC 4180 and end records with CRLF; a test parses both and compares the cells.

/** Lets Excel and LibreOffice read UTF-8 (Á Æ Ö) instead of guessing a legacy code page. */
export const UTF8_BOM = '\uFEFF';

export const CSV_NEWLINE = '\r\n';

/**
 * OWASP's CSV-injection rule: a text cell starting with = + - @ tab or CR gets a leading apostrophe, so a
 * spreadsheet shows it as text instead of running it.
 */
export const FORMULA_START_CHARS = ['=', '+', '-', '@', '\t', '\r'] as const;

/**
 * The same rule as a pattern. Our own rather than papaparse's default (/^[=+\-@\t\r].*$/), which misses a
 * formula cell that also holds a line break (`.` does not cross it, `$` then fails).
 */
export const FORMULA_START = new RegExp(`^[${FORMULA_START_CHARS.map((c) => c.replace(/[-\\\]^]/g, '\\$&')).join('')}]`);

const LF = 0x0a;
const QUOTE = 0x22;

/**
 * The record ends of CSV bytes: each line feed outside quotes. Quotes toggle the state and an escaped quote
 * ("") toggles it twice, so the state is one flag, passed in (`quoted` at the first byte) and returned (at the
 * end), which lets a file be scanned chunk by chunk. Native indexOf does the scanning, and the next quote is
 * found once and kept, as most records hold none.
 */
export function scanRecordEnds(bytes: Uint8Array, quoted: boolean, onRecordEnd: (lineFeed: number) => void): boolean {
  let inQuotes = quoted;
  let quote = bytes.indexOf(QUOTE);
  for (let lf = bytes.indexOf(LF); lf >= 0; lf = bytes.indexOf(LF, lf + 1)) {
    for (; quote >= 0 && quote < lf; quote = bytes.indexOf(QUOTE, quote + 1)) inQuotes = !inQuotes;
    if (!inQuotes) onRecordEnd(lf);
  }
  for (; quote >= 0; quote = bytes.indexOf(QUOTE, quote + 1)) inQuotes = !inQuotes;
  return inQuotes;
}
