// The analytics screens' number rules (spec 9): decision times in seconds with one decimal, ratios as a
// percent with one decimal, fast under 2 s and slow over 5 s.

/** Spec 9: a fast decision takes under 2 s. */
export const FAST_DECISION_MS = 2000;
/** Spec 9: a slow decision takes over 5 s. */
export const SLOW_DECISION_MS = 5000;

export type DecisionSpeed = 'fast' | 'normal' | 'slow';

// en-US like formatCount, so "1,234.5 s" reads the same as the counts beside it.
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** What a figure the API did not give (null, missing, NaN) shows as: a dash, never "NaN" or "0". */
export const MISSING = '—';

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** 1234 (milliseconds) -> "1.2 s". */
export function formatSeconds(ms: number | null | undefined): string {
  if (!isFiniteNumber(ms)) return MISSING;
  return `${oneDecimal.format(ms / 1000)} s`;
}

/** 0.4567 (a ratio between 0 and 1) -> "45.7%". */
export function formatPercent(ratio: number | null | undefined): string {
  if (!isFiniteNumber(ratio)) return MISSING;
  return `${oneDecimal.format(ratio * 100)}%`;
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
