// Spec 8: an individual analytics call that fails falls back to empty data. The fallback is derived from the
// query's state (not stored), so a Retry that succeeds shows the real data again at once.
import { errorReason } from '../../api/errors';
import type { CallState } from './analyticsErrors';

/** The parts of an RTK Query hook result the fallback reads. */
export interface QueryLike<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  isFetching?: boolean;
  refetch?: () => unknown;
}

export interface WithFallback<T> extends CallState {
  data: T;
  /** asks again (the section's own Retry) */
  onRetry: () => void;
  /** a Retry or refresh is under way */
  retrying: boolean;
}

export function withFallback<T>(result: QueryLike<T>, empty: T): WithFallback<T> {
  const retry = { onRetry: () => void result.refetch?.(), retrying: result.isFetching ?? false };
  if (result.isError) return { data: empty, loading: false, failed: errorReason(result.error), ...retry };
  return { data: result.data ?? empty, loading: result.isLoading, failed: null, ...retry };
}

/** Date range of the daily series: the last `days` UTC days ending with today's, as the API reads them. */
export function lastDaysRange(days: number, now: Date = new Date()): { startDate: string; endDate: string } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { startDate: day(start), endDate: day(end) };
}
