import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { FILTER_LETTERS, GENDERS, type Gender } from '../../../contract/wire';

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
}

export interface NamesState {
  filters: NamesFilters;
  /**
   * How many pages of the current list the operator has scrolled to. The pages themselves live in the
   * RTK Query infinite-query cache (keyed by `filters`); this is only the operator's intent, so a new
   * filter starts again at one page and the page never fetches more than was asked for.
   */
  requestedPages: number;
}

export const DEFAULT_NAMES_FILTERS: NamesFilters = { letter: 'All', gender: 'all', nationality: 'all' };

export const initialNamesState: NamesState = { filters: DEFAULT_NAMES_FILTERS, requestedPages: 1 };

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
  return a.letter === b.letter && a.gender === b.gender && a.nationality === b.nationality;
}

const namesSlice = createSlice({
  name: 'names',
  initialState: initialNamesState,
  reducers: {
    // Every filter change starts the list again at its first page (spec 2 and 4). Re-selecting the current
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
  },
});

export const { letterChanged, genderChanged, nationalityChanged, filtersReplaced, nextPageRequested } = namesSlice.actions;
export const namesReducer = namesSlice.reducer;

/** Only the slice is needed, so selectors work with any state that holds it (RootState, tests). */
interface WithNames {
  names: NamesState;
}
export const selectNamesFilters = (state: WithNames) => state.names.filters;
export const selectRequestedPages = (state: WithNames) => state.names.requestedPages;
