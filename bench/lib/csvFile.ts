import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { realNames, seededRandom } from './realNames';

export interface GeneratedCsv {
  file: string;
  bytes: number;
  dataRows: number;
  /** rows the console must skip (empty, whitespace-only or missing cells) */
  invalidRows: number;
}

/**
 * Writes a CSV the way people hand them in: real first names with their sex and nationality, in
 * mixed case with stray spaces (the import normalizes those), some quoted cells, and INVALID_SHARE
 * of rows the console must skip: an empty cell, a whitespace-only cell, or a missing column.
 * Deterministic (seeded), so every run imports the same file. The same name, gender and nationality
 * is stored once (migration 010), so each name carries a short suffix unique to its row: every valid
 * row is inserted, and the figures measure inserts, not duplicate skips.
 */
export function generateCsv(dir: string, dataRows: number, invalidShare = 0.03): GeneratedCsv {
  const pool = realNames();
  const random = seededRandom(20250601);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const messyCase = (text: string) => {
    const r = random();
    return r < 0.1 ? text.toUpperCase() : r < 0.2 ? text.toLowerCase() : text;
  };
  const padded = (text: string) => (random() < 0.05 ? `  ${text} ` : text);
  const quoted = (text: string) => (random() < 0.05 ? `"${text}"` : text);

  // Header matching ignores case and surrounding spaces: use a header that needs it.
  const lines: string[] = ['Name, Gender ,NATIONALITY'];
  let invalidRows = 0;
  for (let i = 0; i < dataRows; i++) {
    const n = pick(pool);
    const cells = [quoted(padded(messyCase(`${n.name}-${i.toString(36)}`))), padded(messyCase(n.gender)), padded(messyCase(n.nationality))];
    if (random() < invalidShare) {
      invalidRows++;
      const kind = Math.floor(random() * 4);
      if (kind === 0) cells[0] = '';
      else if (kind === 1) cells[1] = '   ';
      else if (kind === 2) cells[2] = '\t';
      else cells.pop(); // a short row: the nationality column is missing
    }
    lines.push(cells.join(','));
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `names-${dataRows}.csv`);
  const text = `${lines.join('\n')}\n`;
  writeFileSync(file, text);
  return { file, bytes: Buffer.byteLength(text), dataRows, invalidRows };
}
