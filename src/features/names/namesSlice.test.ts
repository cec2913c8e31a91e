import { normalizeSearchText } from '../../../contract/nameSearch';
import {
  DEFAULT_NAMES_FILTERS,
  filtersReplaced,
  genderChanged,
  initialNamesState,
  letterChanged,
  namesReducer,
  nationalityChanged,
  nextPageRequested,
  searchChanged,
  DEFAULT_NAMES_VIEW,
  tabChanged,
  trashDeletionShown,
  trashPageChanged,
  type NamesState,
} from './namesSlice';
import { filtersFromSearchParams, searchParamsWithFilters, searchParamsWithView, viewFromSearchParams } from './namesUrl';
import { namesQueryParams, toNamesPage } from './namesApi';

/** A state scrolled to page 4 with some filters set. */
const scrolled: NamesState = {
  filters: { letter: 'B', gender: 'female', nationality: 'irish', search: '' },
  view: DEFAULT_NAMES_VIEW,
  requestedPages: 4,
};

describe('names slice', () => {
  it('starts unfiltered at page one', () => {
    expect(namesReducer(undefined, { type: '@@init' })).toEqual({
      filters: DEFAULT_NAMES_FILTERS,
      view: DEFAULT_NAMES_VIEW,
      requestedPages: 1,
    });
  });

  it.each([
    ['letter', letterChanged('Á'), { letter: 'Á' }],
    ['letter All', letterChanged('All'), { letter: 'All' }],
    ['gender', genderChanged('unisex'), { gender: 'unisex' }],
    ['gender all', genderChanged('all'), { gender: 'all' }],
    ['nationality', nationalityChanged('german'), { nationality: 'german' }],
    ['nationality all', nationalityChanged('all'), { nationality: 'all' }],
    ['search', searchChanged(normalizeSearchText('  sigri\u0301dur ')), { search: 'sigrídur' }],
    [
      'replaced from the address',
      filtersReplaced({ letter: 'Z', gender: 'male', nationality: 'french', search: 'anna' }),
      { letter: 'Z', gender: 'male', nationality: 'french', search: 'anna' },
    ],
  ])('a %s change resets paging to the first page', (_label, action, expected) => {
    const next = namesReducer(scrolled, action);
    expect(next.filters).toEqual({ ...scrolled.filters, ...expected });
    expect(next.requestedPages).toBe(1);
  });

  it('re-selecting the current value is not a change and keeps the place', () => {
    expect(namesReducer(scrolled, letterChanged('B'))).toBe(scrolled);
    expect(namesReducer(scrolled, genderChanged('female'))).toBe(scrolled);
    expect(namesReducer(scrolled, nationalityChanged(' Irish '))).toBe(scrolled);
    expect(namesReducer(scrolled, searchChanged(normalizeSearchText('   ')))).toBe(scrolled);
    const searched = namesReducer(scrolled, searchChanged('Sig'));
    expect(namesReducer(searched, searchChanged(normalizeSearchText(' Sig ')))).toBe(searched);
  });

  it('keeps at most the 100 characters the API takes, whole, as the box and the address normalize it', () => {
    const long = '😀'.repeat(120);
    const search = namesReducer(scrolled, searchChanged(normalizeSearchText(long))).filters.search;
    expect(Array.from(search)).toHaveLength(100);
    expect(search).toBe('😀'.repeat(100));
  });

  it('ignores letters and genders that are not filters', () => {
    expect(namesReducer(scrolled, letterChanged('AB'))).toBe(scrolled);
    expect(namesReducer(scrolled, letterChanged('Ä'))).toBe(scrolled);
    expect(namesReducer(scrolled, genderChanged('other' as never))).toBe(scrolled);
  });

  it('stores nationalities lower case, blank meaning all', () => {
    expect(namesReducer(initialNamesState, nationalityChanged('  Irish ')).filters.nationality).toBe('irish');
    expect(namesReducer(scrolled, nationalityChanged('  ')).filters.nationality).toBe('all');
  });

  it('asks for the page after the loaded ones, never for several at once', () => {
    let state = namesReducer(initialNamesState, nextPageRequested(1));
    expect(state.requestedPages).toBe(2);
    // repeated scroll events while page 2 is in flight
    state = namesReducer(state, nextPageRequested(1));
    expect(state.requestedPages).toBe(2);
    state = namesReducer(state, nextPageRequested(2));
    expect(state.requestedPages).toBe(3);
  });
});

describe('filters in the address', () => {
  it('round-trips every filter, Icelandic letters included', () => {
    const filters = { letter: 'Á', gender: 'female', nationality: 'irish', search: 'Sigríður Jóns' } as const;
    const params = searchParamsWithFilters(filters);
    expect(params.get('letter')).toBe('Á');
    expect(params.toString()).toBe('letter=%C3%81&gender=female&nationality=irish&q=Sigr%C3%AD%C3%B0ur+J%C3%B3ns');
    expect(filtersFromSearchParams(new URLSearchParams(params.toString()))).toEqual(filters);
  });

  it('leaves defaults out and keeps unrelated parameters', () => {
    const params = searchParamsWithFilters(DEFAULT_NAMES_FILTERS, new URLSearchParams('letter=B&tab=2'));
    expect(params.toString()).toBe('tab=2');
    expect(filtersFromSearchParams(new URLSearchParams(''))).toEqual(DEFAULT_NAMES_FILTERS);
  });

  it('reads hand-edited links leniently', () => {
    expect(filtersFromSearchParams(new URLSearchParams('letter=%C3%A1&gender=FEMALE&nationality=Irish&q=+sig+'))).toEqual({
      letter: 'Á',
      gender: 'female',
      nationality: 'irish',
      search: 'sig',
    });
    // "A" followed by a combining acute accent is the letter Á
    expect(filtersFromSearchParams(new URLSearchParams(`letter=${encodeURIComponent('A\u0301')}`)).letter).toBe('Á');
    expect(filtersFromSearchParams(new URLSearchParams('letter=all')).letter).toBe('All');
  });

  it('falls back to no filter for values that are not filters', () => {
    expect(filtersFromSearchParams(new URLSearchParams('letter=AB&gender=other&nationality=&q=%20'))).toEqual(DEFAULT_NAMES_FILTERS);
  });
});

describe('GET /names parameters and answers', () => {
  it('sends gender, nationality, limit and offset, and alphabetFilter only for a letter', () => {
    expect(namesQueryParams(DEFAULT_NAMES_FILTERS, 0)).toEqual({ gender: 'all', nationality: 'all', limit: 50, offset: 0 });
    expect(namesQueryParams({ letter: 'Ö', gender: 'male', nationality: 'icelandic', search: '' }, 100)).toEqual({
      gender: 'male',
      nationality: 'icelandic',
      limit: 50,
      offset: 100,
      alphabetFilter: 'Ö',
    });
  });

  it('sends q only for a search', () => {
    expect(namesQueryParams({ ...DEFAULT_NAMES_FILTERS, search: 'sigridur' }, 50)).toEqual({
      gender: 'all',
      nationality: 'all',
      limit: 50,
      offset: 50,
      q: 'sigridur',
    });
  });

  const record = {
    id: 1,
    name_id: 1,
    name: 'Ásta',
    gender: 'female',
    nationality: 'icelandic',
    created_at: '2026-01-01T00:00:00.000Z',
  } as const;

  it('accepts a list or an object with names, and marks full pages', () => {
    expect(toNamesPage([record])).toEqual({ names: [record], full: false });
    expect(toNamesPage({ names: [record] })).toEqual({ names: [record], full: false });
    expect(toNamesPage(Array.from({ length: 50 }, (_, i) => ({ ...record, id: i }))).full).toBe(true);
  });

  it('keeps what a search found, when the backend says', () => {
    const search = { q: 'asta', key: 'asta', prefixMatches: 1, containsMatches: 0, closeMatches: 0, exact: true };
    expect(toNamesPage({ names: [record], total: 1, totalIsEstimate: false, search })).toEqual({
      names: [record],
      full: false,
      total: 1,
      totalIsEstimate: false,
      search,
    });
  });
});

describe('the tab and the place in the trash', () => {
  it('another tab opens the trash at its first page, all deletions; the same tab changes nothing', () => {
    const deep = namesReducer(scrolled, trashDeletionShown(17));
    expect(namesReducer(namesReducer(deep, trashPageChanged(3)), tabChanged('names')).view).toEqual(DEFAULT_NAMES_VIEW);
    expect(namesReducer(deep, tabChanged('trash')).view).toEqual({ tab: 'trash', trashPage: 0, trashDeletionId: 17 });
    expect(namesReducer(scrolled, tabChanged('trash')).view).toEqual({ tab: 'trash', trashPage: 0, trashDeletionId: null });
    // the names list keeps its filters and place
    expect(namesReducer(scrolled, tabChanged('trash')).requestedPages).toBe(4);
  });

  it.each([
    ['', DEFAULT_NAMES_VIEW],
    ['view=trash', { tab: 'trash', trashPage: 0, trashDeletionId: null }],
    ['view=trash&trashPage=3&deletion=17', { tab: 'trash', trashPage: 2, trashDeletionId: 17 }],
    ['view=TRASH&trashPage=0&deletion=x', { tab: 'trash', trashPage: 0, trashDeletionId: null }],
    ['view=other&trashPage=3', DEFAULT_NAMES_VIEW],
  ])('reads ?%s', (query, view) => {
    expect(viewFromSearchParams(new URLSearchParams(query))).toEqual(view);
  });

  it('writes only what differs from the defaults and keeps the filters', () => {
    const filters = new URLSearchParams('letter=B');
    expect(searchParamsWithView({ tab: 'trash', trashPage: 2, trashDeletionId: 17 }, filters).toString()).toBe(
      'letter=B&view=trash&trashPage=3&deletion=17',
    );
    expect(searchParamsWithView(DEFAULT_NAMES_VIEW, new URLSearchParams('letter=B&view=trash&trashPage=3')).toString()).toBe('letter=B');
  });
});
