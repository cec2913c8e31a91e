import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ANALYTICS_ORIGINS, type AnalyticsOrigin } from '../../../contract/analytics';
import { GENDERS, type Gender } from '../../../contract/nameRules';

export { ANALYTICS_ORIGINS };

export type AnalyticsGenderFilter = Gender | 'all';
export type AnalyticsOriginFilter = AnalyticsOrigin | 'all';

/** The Name Analytics Dashboard's filters. 'all' means no filter (the parameter is left out). */
export interface AnalyticsFilters {
  gender: AnalyticsGenderFilter;
  origin: AnalyticsOriginFilter;
}

export interface AnalyticsState {
  filters: AnalyticsFilters;
}

export const DEFAULT_ANALYTICS_FILTERS: AnalyticsFilters = { gender: 'all', origin: 'all' };

export const initialAnalyticsState: AnalyticsState = { filters: DEFAULT_ANALYTICS_FILTERS };

export function isAnalyticsGender(value: string): value is AnalyticsGenderFilter {
  return value === 'all' || (GENDERS as readonly string[]).includes(value);
}

export function isAnalyticsOrigin(value: string): value is AnalyticsOriginFilter {
  return value === 'all' || (ANALYTICS_ORIGINS as readonly string[]).includes(value);
}

export function sameAnalyticsFilters(a: AnalyticsFilters, b: AnalyticsFilters): boolean {
  return a.gender === b.gender && a.origin === b.origin;
}

const analyticsSlice = createSlice({
  name: 'analytics',
  initialState: initialAnalyticsState,
  reducers: {
    analyticsGenderChanged(state, action: PayloadAction<string>) {
      if (isAnalyticsGender(action.payload)) state.filters.gender = action.payload;
    },
    analyticsOriginChanged(state, action: PayloadAction<string>) {
      if (isAnalyticsOrigin(action.payload)) state.filters.origin = action.payload;
    },
    /** The page opened (or the address changed) with these filters. */
    analyticsFiltersReplaced(state, action: PayloadAction<AnalyticsFilters>) {
      state.filters = { ...action.payload };
    },
  },
});

export const { analyticsGenderChanged, analyticsOriginChanged, analyticsFiltersReplaced } = analyticsSlice.actions;
export const analyticsReducer = analyticsSlice.reducer;

interface WithAnalytics {
  analytics: AnalyticsState;
}
export const selectAnalyticsFilters = (state: WithAnalytics) => state.analytics.filters;
