// The screen's inclusive day ranges as the wire's [from, to) instants: UTC days, like the dates the list shows.
import { userListKey, userPageQuery, wireUserFilters } from './usersQuery';
import { DEFAULT_USER_LIST_FILTERS } from './usersSlice';

const within = (instant: Date, from?: string, to?: string) => (!from || instant >= new Date(from)) && (!to || instant < new Date(to));

describe('wireUserFilters day ranges', () => {
  it.each([
    ['created', 'createdFrom', 'createdTo'],
    ['last active', 'lastActiveFrom', 'lastActiveTo'],
  ] as const)('a %s range keeps the whole last day and nothing of the day after', (_label, fromKey, toKey) => {
    const wire = wireUserFilters({ ...DEFAULT_USER_LIST_FILTERS, [fromKey]: '2026-03-03', [toKey]: '2026-03-05' });
    const [from, to] = [wire[fromKey], wire[toKey]];
    expect(from).toBe('2026-03-03T00:00:00.000Z');
    expect(to).toBe('2026-03-06T00:00:00.000Z');
    expect(within(new Date('2026-03-03T00:00:00Z'), from, to)).toBe(true);
    expect(within(new Date('2026-03-05T23:59:59Z'), from, to)).toBe(true);
    expect(within(new Date('2026-03-06T00:00:00Z'), from, to)).toBe(false);
    expect(within(new Date('2026-03-02T23:59:59Z'), from, to)).toBe(false);
  });

  it('leaves open ends open and sends no filter for "all"', () => {
    expect(wireUserFilters(DEFAULT_USER_LIST_FILTERS)).toEqual({});
  });
});

describe('wireUserFilters flags and choices', () => {
  it.each([
    [{ search: 'ann' }, { search: 'ann' }],
    [{ premium: 'premium' }, { isPremium: true }],
    [{ premium: 'free' }, { isPremium: false }],
    [{ active: 'active' }, { accountActive: true }],
    [{ active: 'inactive' }, { accountActive: false }],
    [{ connected: 'connected' }, { connected: true }],
    [{ connected: 'notConnected' }, { connected: false }],
    [{ preferredGender: 'female' }, { preferredGender: 'female' }],
    [{ preferredNationality: 'irish' }, { preferredNationality: 'irish' }],
  ] as const)('%j is sent as %j and nothing else', (screen, wire) => {
    expect(wireUserFilters({ ...DEFAULT_USER_LIST_FILTERS, ...screen })).toEqual(wire);
  });
});

describe('userPageQuery', () => {
  it('asks for one page by offset, with the list key', () => {
    const key = userListKey({ ...DEFAULT_USER_LIST_FILTERS, premium: 'premium' }, { field: 'email', direction: 'asc' });
    expect(userPageQuery(key, 50, 3)).toEqual({ isPremium: true, sort: 'email', order: 'asc', limit: 50, offset: 150 });
    expect(userPageQuery(key, 25, 0)).toMatchObject({ limit: 25, offset: 0 });
  });

  it("reads from a neighbour's cursor instead of an offset when it has one", () => {
    const key = userListKey(DEFAULT_USER_LIST_FILTERS, { field: 'email', direction: 'asc' });
    expect(userPageQuery(key, 50, 7, { cursor: 'c-7' })).toEqual({ sort: 'email', order: 'asc', limit: 50, cursor: 'c-7' });
    expect(userPageQuery(key, 50, 7, { before: 'c-9' })).toEqual({ sort: 'email', order: 'asc', limit: 50, before: 'c-9' });
  });
});
