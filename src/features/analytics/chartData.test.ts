import { formatDay, PARTIAL_DAY_SUFFIX } from './chartData';

describe('formatDay', () => {
  const now = new Date('2026-11-25T15:00:00Z');
  it('labels a past UTC day by month and day', () => {
    expect(formatDay('2026-11-24', now)).toBe('Nov 24');
  });
  it("marks today's UTC day as partial: its figures are still counting", () => {
    expect(formatDay('2026-11-25', now)).toBe(`Nov 25${PARTIAL_DAY_SUFFIX}`);
    expect(formatDay('2026-11-25', now)).toBe('Nov 25 (today, so far)');
  });
  it('leaves text that is not a day as it is', () => {
    expect(formatDay('soon', now)).toBe('soon');
  });
});
