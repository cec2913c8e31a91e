// The large collections as one CSV file, straight from PostgreSQL's COPY (the export path built
// JSON objects per row on the server, parsed them in the browser and wrote them again with papaparse; COPY
// writes CSV about ten times faster than that whole path). The cells follow contract/csvCells.ts as the
// console's papaparse writer does: formula cells guarded by a leading apostrophe (in the SELECT), RFC 4180
// quoting (COPY's own), CRLF record ends (COPY writes LF: turned into CRLF here, outside quoted cells). The
// cells are the same values; the text may differ where both are right: a number below 1e-4 in exponent form
// (8.6e-05 where JavaScript writes 0.000086), a cell that needs no quotes left unquoted.
// Read in keyset ranges of CSV_PAGE_ROWS ids, two at a time ahead of the one being sent, so the memory held
// is a few ranges whatever the collection's size, and PGlite serves other requests between ranges.
import { CSV_NEWLINE, FORMULA_START_CHARS, scanRecordEnds, UTF8_BOM } from '../../../contract/csvCells';
import { STREAMED_CSV_COLUMNS, type StreamedCsvCollection } from '../../../contract/exports';
import type { Queryable, Db } from '../db/types';
import { hasRandomSeedColumn } from '../dbAdmin/randomSeedColumn';
import { utcInstantText } from './instantText';

/** Rows per COPY: ~3 MB of names. */
export const CSV_PAGE_ROWS = 50_000;

const sqlChar = (c: string) => (c === '\t' ? `E'\\t'` : c === '\r' ? `E'\\r'` : `'${c.replace(/'/g, "''")}'`);
const FORMULA_START_SQL = FORMULA_START_CHARS.map(sqlChar).join(', ');

/** A text column with the formula guard: an apostrophe before a cell that starts like a formula. */
export const guardedText = (column: string) =>
  `CASE WHEN left(${column}, 1) IN (${FORMULA_START_SQL}) THEN '''' || ${column} ELSE ${column} END`;

/** Ids bound into COPY's text (it takes no parameters): whole numbers from the database, checked anyway. */
function idLiteral(id: number): string {
  if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return String(id);
}

/** The SELECT of one id range (after < id <= upTo; null for an open end), columns in STREAMED_CSV_COLUMNS order. */
type RangeSelect = (after: number | null, upTo: number | null) => string;

function range(column: string, after: number | null, upTo: number | null): string {
  const bounds = [after === null ? null : `${column} > ${idLiteral(after)}`, upTo === null ? null : `${column} <= ${idLiteral(upTo)}`];
  return bounds.filter(Boolean).join(' AND ') || 'true';
}

// gender needs no guard: its CHECK allows male, female and unisex only.
async function selectOf(db: Queryable, collection: StreamedCsvCollection): Promise<RangeSelect> {
  if (collection === 'names') {
    const seed = (await hasRandomSeedColumn(db)) ? 'random_seed' : 'NULL';
    return (after, upTo) =>
      `SELECT id, ${guardedText('name')}, gender, ${guardedText('nationality')}, ${utcInstantText('created_at')}, ${seed}
         FROM names WHERE ${range('id', after, upTo)} ORDER BY id`;
  }
  // Per range, each name's swipes through swipes_name_idx: the whole export reads each swipe once. like_ratio
  // as float8 so 0.5 reads 0.5 (numeric would print 0.5000), as the page reads' JSON numbers did.
  return (after, upTo) =>
    `SELECT n.id, ${guardedText('n.name')}, n.gender, ${guardedText('n.nationality')},
            s.swipes, s.likes, s.swipes - s.likes,
            CASE WHEN s.swipes > 0 THEN round(s.likes::numeric / s.swipes, 4)::float8 END
       FROM names n
       CROSS JOIN LATERAL (SELECT count(*)::int AS swipes, count(*) FILTER (WHERE liked)::int AS likes
                             FROM swipes WHERE swipes.name_id = n.id) s
      WHERE ${range('n.id', after, upTo)} ORDER BY n.id`;
}

/** The last id of the range of `rows` ids after `after`, or null when fewer remain (the last range). */
async function rangeEnd(db: Queryable, after: number | null, rows: number): Promise<number | null> {
  const { rows: found } = await db.query<{ id: number }>(
    'SELECT id FROM names WHERE ($1::bigint IS NULL OR id > $1::bigint) ORDER BY id OFFSET $2 LIMIT 1',
    [after, rows - 1],
  );
  return found[0] ? Number(found[0].id) : null;
}

const LF = 0x0a;
const CR = 0x0d;

/** COPY's LF record ends as CRLF; an LF inside a quoted cell is data and stays. `csv` holds whole records. */
export function withCrlfRecordEnds(csv: Buffer): Buffer {
  const ends: number[] = [];
  scanRecordEnds(csv, false, (lf) => ends.push(lf));
  const out = Buffer.allocUnsafe(csv.length + ends.length);
  let from = 0;
  let to = 0;
  for (const lf of ends) {
    to += csv.copy(out, to, from, lf);
    out[to++] = CR;
    out[to++] = LF;
    from = lf + 1;
  }
  to += csv.copy(out, to, from);
  return out.subarray(0, to);
}

/** The first bytes of the file: the BOM and the header line. */
export function csvHeader(collection: StreamedCsvCollection): Buffer {
  return Buffer.from(UTF8_BOM + STREAMED_CSV_COLUMNS[collection].join(',') + CSV_NEWLINE, 'utf8');
}

/** Ranges read at once: two let PostgreSQL use both cores while this process turns one range into CRLF. */
export const CSV_RANGES_IN_FLIGHT = 2;

/**
 * The file as chunks: the header, then one chunk per id range, in order. Up to CSV_RANGES_IN_FLIGHT ranges
 * are read ahead while the current chunk travels, so the memory held is a few ranges whatever the table's
 * size. A range's bounds come from the previous one's (a cheap index read), its rows from one COPY.
 */
export async function* streamCsvExport(db: Db, collection: StreamedCsvCollection, pageRows = CSV_PAGE_ROWS): AsyncGenerator<Buffer> {
  const select = await selectOf(db, collection);
  yield csvHeader(collection);
  const reads: Promise<Buffer>[] = [];
  let after: number | null = null;
  let last = false;
  const readAhead = async () => {
    while (!last && reads.length < CSV_RANGES_IN_FLIGHT) {
      const from = after;
      const upTo = await rangeEnd(db, from, pageRows);
      after = upTo;
      last = upTo === null;
      const read = db.copyCsv(select(from, upTo)).then(withCrlfRecordEnds);
      // Awaited in turn below; a consumer that stops early must not leave it unhandled.
      read.catch(() => undefined);
      reads.push(read);
    }
  };
  await readAhead();
  while (reads.length > 0) {
    const csv = await reads.shift()!;
    const more = readAhead();
    more.catch(() => undefined);
    if (csv.length > 0) yield csv;
    await more;
  }
}
