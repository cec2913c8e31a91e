import type { UrlBackedView } from '../../hooks/useUrlBackedView';
import { searchParamsWith } from '../../lib/searchParams';
import {
  analyticsFiltersReplaced,
  DEFAULT_ANALYTICS_FILTERS,
  isAnalyticsGender,
  isAnalyticsOrigin,
  selectAnalyticsFilters,
  type AnalyticsFilters,
} from './analyticsSlice';

// The dashboard's filters in the address (?gender=female&origin=irish) so a view can be shared. Defaults
// are left out; an unreadable value falls back to "all" so a hand-edited link still opens the page.

const PARAMS = { gender: 'gender', origin: 'origin' } as const;

const clean = (raw: string | null) => (raw ?? '').trim().toLowerCase();

export function analyticsFiltersFromSearchParams(params: URLSearchParams): AnalyticsFilters {
  const gender = clean(params.get(PARAMS.gender));
  const origin = clean(params.get(PARAMS.origin));
  return {
    gender: isAnalyticsGender(gender) ? gender : DEFAULT_ANALYTICS_FILTERS.gender,
    origin: isAnalyticsOrigin(origin) ? origin : DEFAULT_ANALYTICS_FILTERS.origin,
  };
}

/** A copy of `current` with the filter params set from `filters`; other params are kept. */
export function searchParamsWithAnalyticsFilters(filters: AnalyticsFilters, current = new URLSearchParams()): URLSearchParams {
  return searchParamsWith(current, [
    [PARAMS.gender, filters.gender, DEFAULT_ANALYTICS_FILTERS.gender],
    [PARAMS.origin, filters.origin, DEFAULT_ANALYTICS_FILTERS.origin],
  ]);
}

export const analyticsUrlView: UrlBackedView<AnalyticsFilters> = {
  select: selectAnalyticsFilters,
  replaced: analyticsFiltersReplaced,
  fromSearchParams: analyticsFiltersFromSearchParams,
  toSearchParams: searchParamsWithAnalyticsFilters,
  history: 'replace',
};

/** The address parameter of Advanced Analytics holding the looked-up user, so a view of one user can be shared. */
export const USER_PARAM = 'user';

/** Where one user's analytics are: the lookup on Advanced Analytics, opened at its result. */
export function userLookupPath(uid: string): string {
  return `/advanced-analytics?${new URLSearchParams({ [USER_PARAM]: uid }).toString()}`;
}
