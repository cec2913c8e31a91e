import { decisionSpeed, formatDuration, formatPercent, formatSeconds, MISSING, ratioOf } from './analyticsFormat';

describe('formatSeconds', () => {
  it.each([
    [0, '0.0 s'],
    [1234, '1.2 s'],
    [1250, '1.3 s'],
    [1949, '1.9 s'],
    [2000, '2.0 s'],
    [59_960, '60.0 s'],
    [1_234_567, '1,234.6 s'],
  ])('%d ms -> %s', (ms, text) => expect(formatSeconds(ms)).toBe(text));

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('%p shows as a dash', (value) =>
    expect(formatSeconds(value)).toBe(MISSING),
  );
});

describe('formatPercent', () => {
  it.each([
    [0, '0.0%'],
    [1, '100.0%'],
    [0.4567, '45.7%'],
    [0.12345, '12.3%'],
    [2 / 3, '66.7%'],
    [0.0004, '0.0%'],
  ])('%p -> %s', (ratio, text) => expect(formatPercent(ratio)).toBe(text));

  it('shows a missing ratio as a dash', () => {
    expect(formatPercent(null)).toBe(MISSING);
    expect(formatPercent(Number.NaN)).toBe(MISSING);
  });
});

describe('decisionSpeed', () => {
  it('is fast under 2 s, slow over 5 s, normal from 2 s to 5 s inclusive', () => {
    expect(decisionSpeed(0)).toBe('fast');
    expect(decisionSpeed(1999)).toBe('fast');
    expect(decisionSpeed(2000)).toBe('normal');
    expect(decisionSpeed(5000)).toBe('normal');
    expect(decisionSpeed(5001)).toBe('slow');
  });
});

describe('ratioOf', () => {
  it('divides, and gives null when there is nothing to divide by', () => {
    expect(ratioOf(1, 4)).toBe(0.25);
    expect(ratioOf(3, 0)).toBeNull();
    expect(ratioOf(undefined, 4)).toBeNull();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0.0 s'],
    [42_049, '42.0 s'],
    [60_000, '1 min 0 s'],
    [725_000, '12 min 5 s'],
    [3 * 3_600_000 + 12 * 60_000 + 59_000, '3 h 12 min'],
    [86_400_000, '1 d 0 h'],
    [2 * 86_400_000 + 4 * 3_600_000, '2 d 4 h'],
  ])('%d ms -> %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it('shows a negative or missing span as a dash', () => {
    expect(formatDuration(-1)).toBe(MISSING);
    expect(formatDuration(null)).toBe(MISSING);
  });
});
