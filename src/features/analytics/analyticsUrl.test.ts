import {
  analyticsFiltersReplaced,
  analyticsGenderChanged,
  analyticsOriginChanged,
  analyticsReducer,
  DEFAULT_ANALYTICS_FILTERS,
  initialAnalyticsState,
} from './analyticsSlice';
import { analyticsFiltersFromSearchParams, searchParamsWithAnalyticsFilters } from './analyticsUrl';

describe('analytics filters in the address', () => {
  it('reads gender and origin, ignoring case and spaces', () => {
    expect(analyticsFiltersFromSearchParams(new URLSearchParams('gender=Female&origin=%20IRISH'))).toEqual({
      gender: 'female',
      origin: 'irish',
    });
  });

  it('falls back to all for values it does not know', () => {
    expect(analyticsFiltersFromSearchParams(new URLSearchParams('gender=robot&origin=martian'))).toEqual(DEFAULT_ANALYTICS_FILTERS);
  });

  it('writes only non-default filters and keeps other params', () => {
    const next = searchParamsWithAnalyticsFilters({ gender: 'all', origin: 'german' }, new URLSearchParams('gender=male&tab=2'));
    expect(next.toString()).toBe('tab=2&origin=german');
  });
});

describe('analytics slice', () => {
  it('accepts known filter values and ignores unknown ones', () => {
    let state = analyticsReducer(initialAnalyticsState, analyticsGenderChanged('unisex'));
    state = analyticsReducer(state, analyticsOriginChanged('scandinavian'));
    expect(state.filters).toEqual({ gender: 'unisex', origin: 'scandinavian' });
    state = analyticsReducer(state, analyticsGenderChanged('nope'));
    state = analyticsReducer(state, analyticsOriginChanged('spanish'));
    expect(state.filters).toEqual({ gender: 'unisex', origin: 'scandinavian' });
    expect(analyticsReducer(state, analyticsFiltersReplaced(DEFAULT_ANALYTICS_FILTERS)).filters).toEqual(DEFAULT_ANALYTICS_FILTERS);
  });
});
