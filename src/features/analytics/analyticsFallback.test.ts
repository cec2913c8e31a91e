import { lastDaysRange, withFallback } from './analyticsFallback';

describe('withFallback', () => {
  it('gives the data when the call succeeded', () => {
    expect(withFallback({ data: [1, 2], isLoading: false, isError: false }, [])).toMatchObject({
      data: [1, 2],
      loading: false,
      failed: null,
    });
  });

  it('gives the empty value and the reason when the call failed, even over older data', () => {
    const result = withFallback({ data: [1], isLoading: false, isError: true, error: { status: 500, reason: 'Database down' } }, []);
    expect(result).toMatchObject({ data: [], loading: false, failed: 'Database down' });
  });

  it('gives the empty value while loading', () => {
    expect(withFallback<number[]>({ isLoading: true, isError: false }, [])).toMatchObject({ data: [], loading: true, failed: null });
  });
});

describe('lastDaysRange', () => {
  it('covers the last n UTC days including today', () => {
    expect(lastDaysRange(30, new Date('2026-03-01T23:30:00-05:00'))).toMatchObject({ startDate: '2026-02-01', endDate: '2026-03-02' });
    expect(lastDaysRange(1, new Date('2026-11-22T10:00:00Z'))).toMatchObject({ startDate: '2026-11-22', endDate: '2026-11-22' });
  });
});
