import { normalizeSearchText } from '../../../contract/nameSearch';
import type { UrlBackedView } from '../../hooks/useUrlBackedView';
import { searchParamsWith } from '../../lib/searchParams';
import {
  DEFAULT_NAMES_FILTERS,
  DEFAULT_NAMES_VIEW,
  filtersReplaced,
  selectNamesView,
  viewReplaced,
  type NamesView,
  isGenderFilter,
  isLetterFilter,
  normalizeNationality,
  selectNamesFilters,
  type NamesFilters,
} from './namesSlice';

// The filters and the search in the address (?letter=Á&gender=female&nationality=irish&q=sig) so a view can be shared.
// Defaults are left out to keep links short; anything unreadable falls back to "no filter" rather than
// failing, because a hand-edited link should still open the page.

const PARAMS = { letter: 'letter', gender: 'gender', nationality: 'nationality', search: 'q' } as const;

function readLetter(raw: string | null): string {
  if (!raw) return DEFAULT_NAMES_FILTERS.letter;
  // NFC: a link may carry "A" + combining acute instead of "Á". Icelandic upper-casing keeps Á/Æ/Ö intact.
  const value = raw.trim().normalize('NFC').toLocaleUpperCase('is');
  if (value === 'ALL') return 'All';
  return isLetterFilter(value) ? value : DEFAULT_NAMES_FILTERS.letter;
}

function readGender(raw: string | null): NamesFilters['gender'] {
  const value = (raw ?? '').trim().toLowerCase();
  return isGenderFilter(value) ? value : DEFAULT_NAMES_FILTERS.gender;
}

export function filtersFromSearchParams(params: URLSearchParams): NamesFilters {
  return {
    letter: readLetter(params.get(PARAMS.letter)),
    gender: readGender(params.get(PARAMS.gender)),
    nationality: normalizeNationality(params.get(PARAMS.nationality) ?? ''),
    search: normalizeSearchText(params.get(PARAMS.search) ?? ''),
  };
}

/** A copy of `current` with the filter params set from `filters`; other params are kept untouched. */
export function searchParamsWithFilters(filters: NamesFilters, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  return searchParamsWith(current, [
    [PARAMS.letter, filters.letter, DEFAULT_NAMES_FILTERS.letter],
    [PARAMS.gender, filters.gender, DEFAULT_NAMES_FILTERS.gender],
    [PARAMS.nationality, filters.nationality, DEFAULT_NAMES_FILTERS.nationality],
    [PARAMS.search, filters.search, DEFAULT_NAMES_FILTERS.search],
  ]);
}

/** Each filter change and search is a history entry, so Back steps through the lists the operator looked at. */
export const namesUrlView: UrlBackedView<NamesFilters> = {
  select: selectNamesFilters,
  replaced: filtersReplaced,
  fromSearchParams: filtersFromSearchParams,
  toSearchParams: searchParamsWithFilters,
  history: 'push',
};

// The tab and the place in the trash (?view=trash&trashPage=3&deletion=17), beside the filters and kept apart
// from them: the filters are the names list's cache key, the tab is not. The trash's page is written from 1.
const VIEW_PARAMS = { tab: 'view', page: 'trashPage', deletion: 'deletion' } as const;

/** A whole number from 1 in an address, or null. */
function readPositive(raw: string | null): number | null {
  const value = (raw ?? '').trim();
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export function viewFromSearchParams(params: URLSearchParams): NamesView {
  if ((params.get(VIEW_PARAMS.tab) ?? '').trim().toLowerCase() !== 'trash') return DEFAULT_NAMES_VIEW;
  return {
    tab: 'trash',
    trashPage: (readPositive(params.get(VIEW_PARAMS.page)) ?? 1) - 1,
    trashDeletionId: readPositive(params.get(VIEW_PARAMS.deletion)),
  };
}

/** A copy of `current` with the view's params set (none for the Names tab); other params are kept untouched. */
export function searchParamsWithView(view: NamesView, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of Object.values(VIEW_PARAMS)) next.delete(key);
  if (view.tab !== 'trash') return next;
  next.set(VIEW_PARAMS.tab, 'trash');
  if (view.trashPage > 0) next.set(VIEW_PARAMS.page, String(view.trashPage + 1));
  if (view.trashDeletionId !== null) next.set(VIEW_PARAMS.deletion, String(view.trashDeletionId));
  return next;
}

/** Each tab, trash page and deletion shown is a history entry, as the filters are: Back returns to it. */
export const namesViewUrlView: UrlBackedView<NamesView> = {
  select: selectNamesView,
  replaced: viewReplaced,
  fromSearchParams: viewFromSearchParams,
  toSearchParams: searchParamsWithView,
  history: 'push',
};
