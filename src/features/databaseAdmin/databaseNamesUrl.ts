// Database Admin's names table in the address (?letter=Á&gender=female&nationality=irish&q=sig&page=3), so Back
// returns to the filters, search and page looked at before, and a link or a reload opens the same table. The
// address is the table's only state: every change writes it (a history entry), the table reads it. Defaults are
// left out; an unreadable value is the default, so any link opens the page.
import { normalizeSearchText } from '../../../contract/nameSearch';
import { GENDERS, type Gender, FILTER_LETTERS } from '../../../contract/nameRules';
import { searchParamsWith } from '../../lib/searchParams';
import type { DatabaseNamesFilters } from './databaseAdminApi';

export interface DatabaseNamesView extends DatabaseNamesFilters {
  /** from 1 */
  page: number;
}

export const DEFAULT_DATABASE_NAMES_VIEW: DatabaseNamesView = { letter: 'All', gender: 'all', nationality: 'all', search: '', page: 1 };

const PARAMS = { letter: 'letter', gender: 'gender', nationality: 'nationality', search: 'q', page: 'page' } as const;

function readLetter(raw: string | null): string {
  // NFC: a link may carry "A" + combining acute instead of "Á"; Icelandic upper-casing keeps Á/Æ/Ö.
  const value = (raw ?? '').trim().normalize('NFC').toLocaleUpperCase('is');
  return FILTER_LETTERS.includes(value) ? value : 'All';
}

function readGender(raw: string | null): Gender | 'all' {
  const value = (raw ?? '').trim().toLowerCase();
  return (GENDERS as readonly string[]).includes(value) ? (value as Gender) : 'all';
}

function readPage(raw: string | null): number {
  const value = (raw ?? '').trim();
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : 1;
}

export function databaseNamesViewOf(params: URLSearchParams): DatabaseNamesView {
  const nationality = (params.get(PARAMS.nationality) ?? '').trim().toLowerCase();
  return {
    letter: readLetter(params.get(PARAMS.letter)),
    gender: readGender(params.get(PARAMS.gender)),
    nationality: nationality === '' ? 'all' : nationality,
    search: normalizeSearchText(params.get(PARAMS.search) ?? ''),
    page: readPage(params.get(PARAMS.page)),
  };
}

/** A copy of `current` with the view's params set (defaults removed); other params are kept. */
export function searchParamsWithDatabaseNamesView(view: DatabaseNamesView, current: URLSearchParams): URLSearchParams {
  return searchParamsWith(current, [
    [PARAMS.letter, view.letter, DEFAULT_DATABASE_NAMES_VIEW.letter],
    [PARAMS.gender, view.gender, DEFAULT_DATABASE_NAMES_VIEW.gender],
    [PARAMS.nationality, view.nationality, DEFAULT_DATABASE_NAMES_VIEW.nationality],
    [PARAMS.search, view.search, DEFAULT_DATABASE_NAMES_VIEW.search],
    [PARAMS.page, String(view.page), String(DEFAULT_DATABASE_NAMES_VIEW.page)],
  ]);
}
