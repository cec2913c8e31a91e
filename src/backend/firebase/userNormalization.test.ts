import { normalizeUserDocument } from './userNormalization';

/** A Timestamp as both SDKs shape it: an object with toDate(). */
const timestamp = (iso: string) => ({ toDate: () => new Date(iso), seconds: Date.parse(iso) / 1000, nanoseconds: 0 });

const complete = {
  email: 'Anna@Example.test',
  username: 'annab',
  displayName: 'Anna Berg',
  createdAt: timestamp('2026-01-02T03:04:05.000Z'),
  lastActiveDate: null,
  isPremium: false,
  accountActive: true,
  preferredGender: 'female',
  preferredNationality: 'all',
};

describe('normalizeUserDocument', () => {
  it('leaves a document the console can already order, filter and search untouched', () => {
    expect(normalizeUserDocument(complete)).toEqual({ update: {}, unreadable: [] });
  });

  it('turns instants stored as ISO text or epoch milliseconds into Dates (Timestamps when written)', () => {
    const { update } = normalizeUserDocument({ ...complete, createdAt: '2026-01-02T03:04:05Z', lastActiveDate: 1767323045000 });
    expect(update).toEqual({ createdAt: new Date('2026-01-02T03:04:05.000Z'), lastActiveDate: new Date(1767323045000) });
  });

  it('sets absent sort fields to null, so the document is listed and counted under every sort', () => {
    const { createdAt: _c, lastActiveDate: _l, username: _u, ...rest } = complete;
    expect(normalizeUserDocument(rest).update).toEqual({ createdAt: null, lastActiveDate: null, username: null });
  });

  it('writes the default of an absent filtered field, so the filters agree with what the grid shows', () => {
    const { isPremium: _p, accountActive: _a, preferredGender: _g, ...rest } = complete;
    expect(normalizeUserDocument({ ...rest, preferredNationality: null }).update).toEqual({
      isPremium: false,
      accountActive: true,
      preferredGender: 'all',
      preferredNationality: 'all',
    });
  });

  it('writes no search copies and leaves the ones an older console wrote: the search reads the fields themselves', () => {
    expect(normalizeUserDocument({ ...complete, emailLower: 'old@example.test', displayNameLower: 'old name' }).update).toEqual({});
  });

  it('names values it cannot read and leaves them for a person, instead of guessing or dropping them', () => {
    const result = normalizeUserDocument({
      ...complete,
      createdAt: 'next tuesday',
      lastActiveDate: { when: 'x' },
      email: 42,
      isPremium: 'yes',
    });
    expect(result.unreadable).toEqual(['createdAt', 'lastActiveDate', 'email', 'isPremium']);
    expect(result.update).toEqual({});
  });
});
