// Search texts for GET /api/names?q= drawn from real names (bench/lib/realNames.ts), of the three kinds the
// search answers in order (contract/nameSearch.ts): the start of a name, a piece from inside one, and a
// misspelling that neither starts nor is inside any name (so the close spellings answer it).
import { foldForSearch, searchesInside } from '../../contract/nameSearch';
import { realNames, seededRandom } from './realNames';

export type SearchKind = 'prefix' | 'contains' | 'close';

export interface SearchQueries {
  prefix: string[];
  contains: string[];
  close: string[];
}

/**
 * `count` texts of each kind, the same on every run (seeded). Prefix: the first 3 to 5 letters of a name as it
 * is written (accents and case as people type them). Contains: 4 letters from inside a name, not its start.
 * Close: a name of 6 letters or more with one inner letter dropped, kept only when its folded form is no
 * part of any real name's folded form.
 */
export function searchQueries(count = 200, seed = 7): SearchQueries {
  const random = seededRandom(seed);
  const pool = realNames()
    .map((n) => n.name)
    .filter((name) => /^\p{L}+$/u.test(name));
  const folded = pool.map((name) => foldForSearch(name));
  const pick = () => Math.floor(random() * pool.length);
  const queries: SearchQueries = { prefix: [], contains: [], close: [] };

  for (let guard = 0; queries.prefix.length < count && guard < count * 20; guard++) {
    const letters = Array.from(pool[pick()]!);
    if (letters.length < 3) continue;
    queries.prefix.push(
      letters
        .slice(0, 3 + Math.floor(random() * 3))
        .join('')
        .toLowerCase(),
    );
  }
  for (let guard = 0; queries.contains.length < count && guard < count * 20; guard++) {
    const letters = Array.from(pool[pick()]!);
    if (letters.length < 6) continue;
    const start = 1 + Math.floor(random() * (letters.length - 4));
    const piece = letters
      .slice(start, start + 4)
      .join('')
      .toLowerCase();
    if (searchesInside(foldForSearch(piece))) queries.contains.push(piece);
  }
  for (let guard = 0; queries.close.length < count && guard < count * 50; guard++) {
    const letters = Array.from(pool[pick()]!);
    if (letters.length < 6) continue;
    const drop = 2 + Math.floor(random() * (letters.length - 3));
    const typo = [...letters.slice(0, drop), ...letters.slice(drop + 1)].join('');
    const key = foldForSearch(typo);
    if (!folded.some((f) => f.includes(key))) queries.close.push(typo);
  }
  return queries;
}
