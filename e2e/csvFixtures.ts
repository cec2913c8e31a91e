import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NAMES_BY_ORIGIN } from '../server/src/seed/data/nameData';

export interface CsvFixture {
  path: string;
  validRows: number;
  invalidRows: number;
}

const pool: [string, string, string][] = Object.entries(NAMES_BY_ORIGIN).flatMap(([origin, byGender]) =>
  Object.entries(byGender).flatMap(([gender, names]) => names.map((name) => [name, gender, origin] as [string, string, string])),
);

/** A tag per file written, so rows of different files (and the demo seed, drawn from the same pool) never collide. */
let fileSerial = 0;

/**
 * A CSV of real names written the way operators' files come: odd header case and spaces, CRLF, quoted
 * cells, names in the wrong case. Every `invalidEvery`-th row lacks a field (skipped and counted).
 * The same name, gender and nationality is stored once, so each name carries a short suffix unique to
 * its row and file: every valid row is one the database does not hold yet.
 */
export function writeNamesCsv(dir: string, fileName: string, rows: number, invalidEvery = 25): CsvFixture {
  const tag = `${Date.now().toString(36)}${(fileSerial++).toString(36)}`;
  const lines = [' Name , GENDER,Nationality '];
  let invalidRows = 0;
  for (let i = 0; i < rows; i += 1) {
    const [name, gender, origin] = pool[(i * 7919) % pool.length];
    if (i % invalidEvery === invalidEvery - 1) {
      invalidRows += 1;
      lines.push(`${name},${gender},   `);
    } else {
      lines.push(`"${name.toUpperCase()}-${tag}${i.toString(36)}", ${gender} ,${origin}`);
    }
  }
  mkdirSync(dir, { recursive: true });
  const path = join(dir, fileName);
  writeFileSync(path, lines.join('\r\n') + '\r\n');
  return { path, validRows: rows - invalidRows, invalidRows };
}
