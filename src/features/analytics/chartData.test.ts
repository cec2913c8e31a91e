import { formatDay, PARTIAL_DAY_SUFFIX } from './chartData';

describe('formatDay', () => {
  const now = new Date('2026-11-25T15:00:00Z');
  it('labels a past UTC day by day and month, in the order the tables write dates', () => {
    expect(formatDay('2026-11-24', now)).toBe('24 Nov');
  });
  it("marks today's UTC day as partial: its figures are still counting", () => {
    expect(formatDay('2026-11-25', now)).toBe(`25 Nov${PARTIAL_DAY_SUFFIX}`);
    expect(formatDay('2026-11-25', now)).toBe('25 Nov (today, so far)');
  });
  it('leaves text that is not a day as it is', () => {
    expect(formatDay('soon', now)).toBe('soon');
  });
});
