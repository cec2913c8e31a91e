import {
  DEFAULT_USER_LIST_FILTERS,
  activeFilterCount,
  filtersChanged,
  filtersCleared,
  initialUsersState,
  pageChanged,
  pageStepped,
  pageSizeChanged,
  searchChanged,
  sortChanged,
  usersReducer,
  viewReplaced,
  type UsersState,
} from './usersSlice';
import { searchParamsWithUsersView, usersViewFromSearchParams } from './usersUrl';

const onPage3: UsersState = { ...initialUsersState, filters: { ...DEFAULT_USER_LIST_FILTERS, premium: 'premium' }, page: 3 };

describe('users slice', () => {
  it('starts unfiltered, newest first, 50 per page, on the first page', () => {
    expect(usersReducer(undefined, { type: '@@init' })).toEqual({
      filters: DEFAULT_USER_LIST_FILTERS,
      sort: { field: 'createdAt', direction: 'desc' },
      pageSize: 50,
      page: 0,
      anchor: null,
    });
  });

  it.each([
    ['search', searchChanged('anna')],
    ['a filter', filtersChanged({ active: 'inactive' })],
    ['a date', filtersChanged({ createdFrom: '2026-01-31' })],
    ['the sort', sortChanged({ field: 'email', direction: 'asc' })],
    ['the page size', pageSizeChanged(250)],
    ['clearing filters', filtersCleared()],
  ])('changing %s goes back to the first page', (_label, action) => {
    const stepped = usersReducer(onPage3, pageStepped({ page: 3, anchor: { cursor: 'c-3' } }));
    expect(usersReducer(stepped, action)).toMatchObject({ page: 0, anchor: null });
  });

  it('Next and Previous keep the cursor they reached the page by; a page by its number goes by offset', () => {
    const next = usersReducer(onPage3, pageStepped({ page: 3, anchor: { cursor: 'c-3' } }));
    expect(next).toMatchObject({ page: 3, anchor: { cursor: 'c-3' } });
    expect(usersReducer(next, pageStepped({ page: 2, anchor: { before: 'b-2' } }))).toMatchObject({ page: 2, anchor: { before: 'b-2' } });
    expect(usersReducer(next, pageStepped({ page: 0, anchor: { before: 'b-0' } }))).toMatchObject({ page: 0, anchor: null });
    expect(usersReducer(next, pageChanged(7))).toMatchObject({ page: 7, anchor: null });
    // a cursor longer than any backend issues (a hand-made link) is not sent
    expect(usersReducer(onPage3, pageStepped({ page: 3, anchor: { cursor: 'x'.repeat(2001) } })).anchor).toBeNull();
  });

  it('keeps the page when nothing changes', () => {
    expect(usersReducer(onPage3, filtersChanged({ premium: 'premium' }))).toBe(onPage3);
    expect(usersReducer(onPage3, searchChanged('  '))).toBe(onPage3);
  });

  it('trims the search and refuses values that are not filters', () => {
    const state = usersReducer(
      initialUsersState,
      filtersChanged({ search: '  Anna ', premium: 'gold' as never, createdFrom: '2026-02-30', preferredNationality: ' Irish ' }),
    );
    expect(state.filters).toEqual({ ...DEFAULT_USER_LIST_FILTERS, search: 'Anna', preferredNationality: 'irish' });
  });

  it('Show All has no pages', () => {
    const all = usersReducer(onPage3, pageSizeChanged('all'));
    expect(all).toMatchObject({ pageSize: 'all', page: 0 });
    expect(usersReducer(all, pageChanged(4)).page).toBe(0);
    expect(usersReducer(onPage3, pageSizeChanged(75 as never))).toBe(onPage3);
  });

  it('counts the advanced filters that are set', () => {
    expect(activeFilterCount({ ...DEFAULT_USER_LIST_FILTERS, search: 'x' })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_USER_LIST_FILTERS, premium: 'free', lastActiveTo: '2026-01-01' })).toBe(2);
  });
});

describe('users view in the address', () => {
  it('round-trips every field, leaving defaults out', () => {
    const view = {
      filters: {
        search: 'ann@x',
        premium: 'premium',
        active: 'inactive',
        connected: 'notConnected',
        preferredGender: 'female',
        preferredNationality: 'irish',
        createdFrom: '2026-01-01',
        createdTo: '2026-01-31',
        lastActiveFrom: '2026-02-01',
        lastActiveTo: '2026-02-28',
      },
      sort: { field: 'email', direction: 'asc' },
      pageSize: 250,
      page: 2,
      anchor: { cursor: 'k[["ts",1],"u-9"]' },
    } as const;
    const params = searchParamsWithUsersView(view);
    expect(params.get('q')).toBe('ann@x');
    expect(params.get('page')).toBe('3');
    expect(params.get('after')).toBe('k[["ts",1],"u-9"]');
    expect(usersViewFromSearchParams(searchParamsWithUsersView({ ...view, anchor: { before: 'b' } })).anchor).toEqual({ before: 'b' });
    expect(usersViewFromSearchParams(params)).toEqual(view);
    expect(searchParamsWithUsersView(initialUsersState).toString()).toBe('');
  });

  it('keeps parameters it does not own', () => {
    const params = searchParamsWithUsersView({ ...initialUsersState, pageSize: 'all' }, new URLSearchParams('user=u-1'));
    expect(params.toString()).toBe('user=u-1&size=all');
  });

  it('falls back to the defaults for a hand-edited link', () => {
    expect(usersViewFromSearchParams(new URLSearchParams('size=75&page=-3&premium=yes&sort=password:up&createdFrom=yesterday'))).toEqual(
      initialUsersState,
    );
    expect(usersViewFromSearchParams(new URLSearchParams('size=all&page=5')).page).toBe(0);
  });

  it('a replaced view is sanitized too', () => {
    const state = usersReducer(onPage3, viewReplaced({ ...initialUsersState, pageSize: 'all', page: 9 }));
    expect(state).toMatchObject({ pageSize: 'all', page: 0 });
  });
});
