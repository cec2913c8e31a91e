// Number formatting shared by the screens.

const numberFormat = new Intl.NumberFormat('en-US');

/** 1234567 -> "1,234,567" (thousands separators, a fixed locale so figures read the same everywhere). */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}
