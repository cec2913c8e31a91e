import {
  MISSING,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatDayKey,
  formatOneDecimal,
  formatTimeWithZone,
  utcDay,
  withTimeZone,
} from './format';
import { dayRangeToInstants, endOfDayIso, startOfDayIso } from './dayRange';

describe('numbers', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1234567, '1,234,567'],
    [-1200, '-1,200'],
  ])('formatCount(%p) -> %s', (n, text) => expect(formatCount(n)).toBe(text));

  it.each([
    [0, '0.0'],
    [12, '12.0'],
    [17.33, '17.3'],
    [1234.56, '1,234.6'],
  ])('formatOneDecimal(%p) -> %s', (n, text) => expect(formatOneDecimal(n)).toBe(text));
});

describe('dates and times, always UTC', () => {
  // 02:30 UTC on 4 March is still 3 March in the Americas: the day shown must be the UTC one.
  const instant = '2026-03-04T02:30:05.123Z';

  it('writes an instant as its UTC day, date-time and time', () => {
    expect(formatDate(instant)).toBe('4 Mar 2026');
    expect(formatDateTime(instant)).toBe('4 Mar 2026, 02:30:05');
    expect(formatDateTimeWithZone(instant)).toBe('4 Mar 2026, 02:30:05 UTC');
    expect(formatTimeWithZone(instant)).toBe('02:30:05 UTC');
  });

  it('reads the same instant the same whatever offset it was written with', () => {
    expect(formatDateTime('2026-03-03T21:30:05-05:00')).toBe(formatDateTime(instant.replace('.123', '')));
    expect(formatDate(new Date(instant))).toBe('4 Mar 2026');
  });

  it('writes every month with three letters, September included (ICU says "Sept" in en-GB)', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate(new Date(Date.UTC(2026, m, 15))).split(' ')[1]);
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('pads the time and not the day', () => {
    expect(formatDateTime('2026-11-05T00:00:00Z')).toBe('5 Nov 2026, 00:00:00');
    expect(formatDateTime('2026-12-31T23:59:59.999Z')).toBe('31 Dec 2026, 23:59:59');
  });

  it.each([null, undefined, ''])('shows %p as a dash', (value) => {
    expect(formatDate(value)).toBe(MISSING);
    expect(formatDateTime(value)).toBe(MISSING);
    expect(formatDateTimeWithZone(value)).toBe(MISSING);
  });

  it('shows text that is not a date as it came, not as a dash that would read "never"', () => {
    expect(formatDateTime('yesterday')).toBe('yesterday');
    expect(formatDate('2026-13-45')).toBe('2026-13-45');
    expect(formatDate(new Date(Number.NaN))).toBe(MISSING);
  });

  it('states the zone in labels', () => {
    expect(withTimeZone('Created')).toBe('Created (UTC)');
  });

  it('keys and labels chart days by the UTC day', () => {
    expect(utcDay(new Date('2026-03-03T23:59:59Z'))).toBe('2026-03-03');
    expect(utcDay(new Date('2026-03-03T21:30:00-05:00'))).toBe('2026-03-04');
    expect(formatDayKey('2026-03-04')).toBe('4 Mar');
    expect(formatDayKey('not a day')).toBe('not a day');
  });
});

describe('day filters are UTC days', () => {
  it('starts and ends a day at UTC midnight', () => {
    expect(startOfDayIso('2026-03-04')).toBe('2026-03-04T00:00:00.000Z');
    expect(endOfDayIso('2026-03-04')).toBe('2026-03-05T00:00:00.000Z');
    expect(endOfDayIso('2026-12-31')).toBe('2027-01-01T00:00:00.000Z');
    expect(() => startOfDayIso('4 March')).toThrow(RangeError);
  });

  it('makes a range of days with both ends included', () => {
    expect(dayRangeToInstants({ from: '2026-03-01', to: '2026-03-04' })).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-05T00:00:00.000Z',
    });
    expect(dayRangeToInstants({ from: '', to: '2026-03-04' })).toEqual({ to: '2026-03-05T00:00:00.000Z' });
    expect(dayRangeToInstants({ from: '', to: '' })).toEqual({});
    expect(dayRangeToInstants({ from: '2026-03-05', to: '2026-03-04' })).toBeNull();
    expect(dayRangeToInstants({ from: 'soon', to: '' })).toBeNull();
  });
});
