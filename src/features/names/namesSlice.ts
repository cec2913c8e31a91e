import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { GENDERS, type Gender, FILTER_LETTERS } from '../../../contract/nameRules';

/** Spec 9: the names list pages by 50. */
export const NAMES_PAGE_SIZE = 50;

/** 'All' or one of FILTER_LETTERS. */
export type LetterFilter = string;
export type GenderFilter = Gender | 'all';

/** What the operator filters the list by. 'All' / 'all' mean no filter (the API's own spelling). */
export interface NamesFilters {
  letter: LetterFilter;
  gender: GenderFilter;
  /** lower case, 'all' = any nationality */
  nationality: string;
  /** the search (GET /names?q=, contract/nameSearch.ts), '' = none: NFC, trimmed, at most NAME_SEARCH_MAX_LENGTH characters */
  search: string;
}

/** Manage Names shows the live names or the trash (contract/dataSafety.ts). */
export type NamesTab = 'names' | 'trash';

/** Which tab, and where in the trash: its page (from 0) and, when set, one deletion's names only. */
export interface NamesView {
  tab: NamesTab;
  trashPage: number;
  trashDeletionId: number | null;
}

/** The trash is paged by the server (it can hold tens of thousands of names), 50 a page as the names list. */
export const TRASH_PAGE_SIZE = 50;

export const DEFAULT_NAMES_VIEW: NamesView = { tab: 'names', trashPage: 0, trashDeletionId: null };

export interface NamesState {
  filters: NamesFilters;
  view: NamesView;
  /**
   * How many pages of the current list the operator has scrolled to. The pages themselves live in the
   * RTK Query infinite-query cache (keyed by `filters`); this is only the operator's intent, so a new
   * filter starts again at one page and the page never fetches more than was asked for.
   */
  requestedPages: number;
}

export const DEFAULT_NAMES_FILTERS: NamesFilters = { letter: 'All', gender: 'all', nationality: 'all', search: '' };

export const initialNamesState: NamesState = { filters: DEFAULT_NAMES_FILTERS, view: DEFAULT_NAMES_VIEW, requestedPages: 1 };

export function isLetterFilter(value: string): boolean {
  return value === 'All' || FILTER_LETTERS.includes(value);
}

export function isGenderFilter(value: string): value is GenderFilter {
  return value === 'all' || (GENDERS as readonly string[]).includes(value);
}

/** Nationalities are stored lower case; blank means "any". */
export function normalizeNationality(value: string): string {
  const v = value.trim().toLowerCase();
  return v === '' ? 'all' : v;
}

export function sameFilters(a: NamesFilters, b: NamesFilters): boolean {
  return a.letter === b.letter && a.gender === b.gender && a.nationality === b.nationality && a.search === b.search;
}

const namesSlice = createSlice({
  name: 'names',
  initialState: initialNamesState,
  reducers: {
    // Every filter change (and the search's) starts the list again at its first page (spec 2 and 4). Re-selecting the current
    // value is not a change and keeps the operator's place.
    letterChanged(state, action: PayloadAction<LetterFilter>) {
      if (!isLetterFilter(action.payload) || state.filters.letter === action.payload) return;
      state.filters.letter = action.payload;
      state.requestedPages = 1;
    },
    genderChanged(state, action: PayloadAction<GenderFilter>) {
      if (!isGenderFilter(action.payload) || state.filters.gender === action.payload) return;
      state.filters.gender = action.payload;
      state.requestedPages = 1;
    },
    nationalityChanged(state, action: PayloadAction<string>) {
      const nationality = normalizeNationality(action.payload);
      if (state.filters.nationality === nationality) return;
      state.filters.nationality = nationality;
      state.requestedPages = 1;
    },
    /**
     * The operator searched (after a pause in typing, Enter or Escape): like a filter, the list starts again. The text
     * comes normalized by its sender (contract/nameSearch.ts normalizeSearchText: the box and the address parser), so
     * the store, which the login route loads, does not carry the search rules.
     */
    searchChanged(state, action: PayloadAction<string>) {
      const search = action.payload;
      if (state.filters.search === search) return;
      state.filters.search = search;
      state.requestedPages = 1;
    },
    /** The page opened (or the address changed) with these filters: adopt them and start at page one. */
    filtersReplaced(state, action: PayloadAction<NamesFilters>) {
      state.filters = { ...action.payload };
      state.requestedPages = 1;
    },
    /**
     * The operator reached the end of what is loaded. The payload is the number of pages loaded now, so
     * repeated scroll events while a page is in flight ask for the same page, never for several at once.
     */
    nextPageRequested(state, action: PayloadAction<number>) {
      state.requestedPages = Math.max(state.requestedPages, action.payload + 1);
    },
    /** The page opened (or the address changed) on this tab and place in the trash. */
    viewReplaced(state, action: PayloadAction<NamesView>) {
      state.view = { ...action.payload };
    },
    /** Another tab: the trash opens at its first page, all deletions. */
    tabChanged(state, action: PayloadAction<NamesTab>) {
      if (state.view.tab === action.payload) return;
      state.view = { ...DEFAULT_NAMES_VIEW, tab: action.payload };
    },
    trashPageChanged(state, action: PayloadAction<number>) {
      state.view.trashPage = Math.max(0, Math.floor(action.payload));
    },
    /** The trash narrowed to one deletion's names (null: the whole trash again), from its first page. */
    trashDeletionShown(state, action: PayloadAction<number | null>) {
      state.view = { tab: 'trash', trashPage: 0, trashDeletionId: action.payload };
    },
  },
});

export const {
  letterChanged,
  genderChanged,
  nationalityChanged,
  searchChanged,
  filtersReplaced,
  nextPageRequested,
  viewReplaced,
  tabChanged,
  trashPageChanged,
  trashDeletionShown,
} = namesSlice.actions;
export const namesReducer = namesSlice.reducer;

/** Only the slice is needed, so selectors work with any state that holds it (RootState, tests). */
interface WithNames {
  names: NamesState;
}
export const selectNamesFilters = (state: WithNames) => state.names.filters;
export const selectRequestedPages = (state: WithNames) => state.names.requestedPages;
export const selectNamesView = (state: WithNames) => state.names.view;
