// The analytics screens' number rules (spec 9): decision times in seconds with one decimal, ratios as a
// percent with one decimal, fast under 2 s and slow over 5 s (the thresholds the API counts with too, defined
// once in contract/analytics.ts). A percent is rounded exactly once, here: the API sends unrounded fractions,
// and where the counts are at hand the screen divides them itself (formatShare), so 2 of 52 reads 3.8 %, not
// the 3.9 % that rounding 0.0385 again would give.
import { FAST_DECISION_MS, SLOW_DECISION_MS } from '../../../contract/analytics';
import { MISSING, formatOneDecimal } from '../../lib/format';

export { FAST_DECISION_MS, SLOW_DECISION_MS };

export type DecisionSpeed = 'fast' | 'normal' | 'slow';

export { MISSING };

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** 1234 (milliseconds) -> "1.2 s". */
export function formatSeconds(ms: number | null | undefined): string {
  if (!isFiniteNumber(ms)) return MISSING;
  return `${formatOneDecimal(ms / 1000)} s`;
}

/** 0.4567 (a ratio between 0 and 1) -> "45.7%". The one place a ratio is rounded. */
export function formatPercent(ratio: number | null | undefined): string {
  if (!isFiniteNumber(ratio)) return MISSING;
  return `${formatOneDecimal(Math.round(ratio * 1000) / 10)}%`;
}

/** part of whole as a percent, rounded once from the counts: (2, 52) -> "3.8%"; a dash without a whole. */
export function formatShare(part: number | null | undefined, whole: number | null | undefined): string {
  if (!isFiniteNumber(part) || !isFiniteNumber(whole) || whole <= 0) return MISSING;
  return `${formatOneDecimal(Math.round((part * 1000) / whole) / 10)}%`;
}

/** A decision time's class: fast (< 2 s), slow (> 5 s), otherwise normal. Exactly 2 s or 5 s is normal. */
export function decisionSpeed(ms: number): DecisionSpeed {
  if (ms < FAST_DECISION_MS) return 'fast';
  if (ms > SLOW_DECISION_MS) return 'slow';
  return 'normal';
}

/** part / whole as a ratio, or null when there is no whole to divide by. */
export function ratioOf(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (!isFiniteNumber(part) || !isFiniteNumber(whole) || whole <= 0) return null;
  return part / whole;
}

/**
 * A span of time that is not a decision (gap between two partners' likes, a session's length), in the
 * largest units that read well: "42.0 s", "12 min 5 s", "3 h 12 min", "2 d 4 h".
 */
export function formatDuration(ms: number | null | undefined): string {
  if (!isFiniteNumber(ms) || ms < 0) return MISSING;
  if (ms < 60_000) return formatSeconds(ms);
  const totalSeconds = Math.floor(ms / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min ${seconds} s`;
}
