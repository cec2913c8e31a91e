// Page tests replace the lazily loaded chart module with this: the charts' own drawing is @mui/x-charts'
// business (and costly in jsdom); what the pages must get right is which data they hand over. Browser tests
// (e2e/analytics.spec.ts) look at the real charts.
import type { DailyChartProps } from '../charts/AnalyticsCharts';
import type { OriginRatio } from '../chartData';

export function DailyLineChart({ data, ariaLabel }: DailyChartProps) {
  return (
    <div role="img" aria-label={ariaLabel}>
      {data.series.map((series) => `${series.label}: ${series.data.join(',')}`).join(' | ')}
    </div>
  );
}

export function LikeRatioBarChart({ data, ariaLabel }: { data: readonly OriginRatio[]; ariaLabel: string }) {
  return (
    <div role="img" aria-label={ariaLabel}>
      {data.map((row) => `${row.label} ${row.like_ratio}`).join(', ')}
    </div>
  );
}
