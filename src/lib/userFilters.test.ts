import { makeUserRecord } from '../../mocks/fakeBackend';
import { matchesSearch, matchesUserFilters } from './userFilters';

const anna = makeUserRecord({
  uid: 'uidAnna01',
  email: 'Anna.J@Example.test',
  username: 'annaj',
  displayName: 'Anna Jónsdóttir',
  isPremium: true,
  connectedUserId: 'x',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastActiveDate: null,
});

it('searches email, username, display name and uid, case-insensitively, in part', () => {
  for (const text of ['ANNA.j@ex', 'nnaj', 'JÓNSDÓ', 'idanna0', '  anna  ', '']) expect(matchesSearch(anna, text)).toBe(true);
  expect(matchesSearch(anna, 'bjorn')).toBe(false);
});

it('applies each filter with the server meaning (from inclusive, to exclusive, no value never in a range)', () => {
  expect(matchesUserFilters(anna, { isPremium: true, connected: true, accountActive: true })).toBe(true);
  expect(matchesUserFilters(anna, { connected: false })).toBe(false);
  expect(matchesUserFilters(anna, { preferredGender: 'all', preferredNationality: 'all' })).toBe(true);
  expect(matchesUserFilters(anna, { createdFrom: '2026-03-01T10:00:00Z' })).toBe(true);
  expect(matchesUserFilters(anna, { createdTo: '2026-03-01T10:00:00Z' })).toBe(false);
  expect(matchesUserFilters(anna, { createdFrom: '2026-03-01T11:00:00+01:00' })).toBe(true);
  expect(matchesUserFilters(anna, { lastActiveFrom: '2020-01-01T00:00:00Z' })).toBe(false);
});
