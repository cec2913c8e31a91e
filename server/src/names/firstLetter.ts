/**
 * The letter a name files under for the Manage Names letter filter: its first character, upper-cased
 * by JavaScript (independent of the database collation). Á, É, Í, Ó, Ú, Ý, Æ and Ö are letters of their
 * own, so "Ásta" files under Á, never under A. Stored in names.first_letter.
 */
export function firstLetter(name: string): string {
  const first = Array.from(name.trim())[0] ?? '';
  return first.toLocaleUpperCase('is');
}
