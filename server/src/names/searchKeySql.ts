// The SQL twin of contract/nameSearch.ts's foldForSearch, generated from its table: migration 100_name_search
// holds this text (migrations are frozen text, so it is pasted there, not imported), and
// server/test/nameSearch.fold.test.ts checks both that the migration still holds what the table makes and
// that the function folds every character of the table as foldForSearch does. A change to the table is a new
// migration that replaces the function (and recomputes names.search_key).
import { SEARCH_FOLD_TABLE } from '../../../contract/nameSearch';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * A PostgreSQL Unicode-escape literal with ! as its escape character (U&'!0300!0301' UESCAPE '!'): combining
 * marks written as themselves would be unreadable, and a backslash has a meaning of its own in the migration's
 * template literal.
 */
const escapedLiteral = (chars: readonly string[]) =>
  `U&'${chars.map((c) => `!${c.codePointAt(0)!.toString(16).padStart(4, '0')}`).join('')}' UESCAPE '!'`;

const isAscii = (ch: string) => ch.codePointAt(0)! < 0x80;

/**
 * CREATE FUNCTION name_search_key(text): the folded search form of a name.
 * - ASCII-only text (octet length = character length), most names: lower() under the "C" collation, which
 *   lower-cases A-Z and nothing else whatever the database's locale, as the table does for ASCII.
 * - Otherwise also: each letter that folds to several (Æ -> ae) by replace(), the ones that fold to one by one
 *   translate(), and the combining marks dropped by a second translate() without replacements.
 * LANGUAGE sql, IMMUTABLE and not STRICT, so PostgreSQL inlines it into the generated column's expression.
 */
export function searchKeyFunctionSql(table: ReadonlyMap<string, string> = SEARCH_FOLD_TABLE): string {
  const entries = [...table].filter(([from]) => !isAscii(from)).sort(([a], [b]) => a.codePointAt(0)! - b.codePointAt(0)!);
  const several = entries.filter(([, to]) => to.length > 1);
  const one = entries.filter(([, to]) => to.length === 1);
  const dropped = entries.filter(([, to]) => to.length === 0).map(([from]) => from);
  let folded = 'lower($1 COLLATE "C")';
  for (const [from, to] of several) folded = `replace(${folded}, ${literal(from)}, ${literal(to)})`;
  folded = `translate(${folded},\n      ${literal(one.map(([from]) => from).join(''))},\n      ${literal(one.map(([, to]) => to).join(''))})`;
  folded = `translate(${folded},\n      ${escapedLiteral(dropped)}, '')`;
  return [
    'CREATE FUNCTION name_search_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$',
    '  SELECT CASE WHEN octet_length($1) = char_length($1) THEN lower($1 COLLATE "C") ELSE',
    `    ${folded}`,
    '  END',
    '$$;',
  ].join('\n');
}
