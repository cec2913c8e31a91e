import { table } from './timing';

/**
 * SCALE=N: a benchmark measures at its usual size and then at N times the data, in the same
 * run, so the growth of each figure is read against a baseline taken on the same machine minutes earlier.
 */
export function scaleFactor(): number {
  const text = process.env.SCALE ?? '1';
  const scale = Number(text);
  if (!Number.isInteger(scale) || scale < 1 || scale > 100) throw new Error(`SCALE must be a whole number from 1 to 100, not "${text}"`);
  return scale;
}

/** The scales one run measures: [1] or [1, N]. */
export const scalesToMeasure = (scale = scaleFactor()): number[] => (scale === 1 ? [1] : [1, scale]);

export interface ScaledFigure {
  label: string;
  /** the figure the target is about (a p95 in ms) */
  p95: number;
}

/**
 * How each p95 grew from 1× to N×, and as what power of the data: a figure that grows as n^k with k near 1
 * is linear (it reads rows in proportion to the data), near 0 it does not depend on the data's size. The
 * last column says whether the N× figure still meets the target.
 */
export function growthTable(scale: number, base: ScaledFigure[], scaled: ScaledFigure[], targetMs = 50): string {
  const rows = scaled.map((figure) => {
    const before = base.find((b) => b.label === figure.label);
    const growth = before && before.p95 > 0 ? figure.p95 / before.p95 : Number.NaN;
    const power = Math.log(growth) / Math.log(scale);
    return [
      figure.label,
      before ? before.p95.toFixed(1) : '-',
      figure.p95.toFixed(1),
      Number.isFinite(growth) ? `${growth.toFixed(2)}x` : '-',
      Number.isFinite(power) ? `${Math.max(0, power).toFixed(2)} (${verdict(power)})` : '-',
      figure.p95 < targetMs ? 'yes' : 'NO',
    ];
  });
  return table(['figure', 'p95 ms at 1x', `p95 ms at ${scale}x`, 'growth', 'as n^k: k', `< ${targetMs} ms`], rows);
}

const verdict = (power: number) => (power < 0.25 ? 'flat' : power < 0.75 ? 'sub-linear' : 'about linear');
