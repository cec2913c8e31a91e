// The analytics charts. This module (and @mui/x-charts with it) is loaded lazily (React.lazy in
// lazyCharts.ts), so an analytics page paints its figures and tables without waiting for the chart code.
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatCount } from '../../../lib/format';
import { formatPercent } from '../analyticsFormat';
import { formatDay, type DailySeries, type OriginRatio } from '../chartData';

const CHART_HEIGHT = 280;
const countFormatter = (value: number | null) => (value === null ? '' : formatCount(value));

export interface DailyChartProps {
  data: DailySeries;
  ariaLabel: string;
  /** fill under a single line */
  area?: boolean;
}

export function DailyLineChart({ data, ariaLabel, area = false }: DailyChartProps) {
  return (
    <div role="img" aria-label={ariaLabel}>
      <LineChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'point', data: data.days, valueFormatter: (day: string) => formatDay(day) }]}
        yAxis={[{ valueFormatter: countFormatter, width: 56 }]}
        series={data.series.map((series) => ({
          id: series.id,
          label: series.label,
          data: series.data,
          showMark: false,
          area: area && data.series.length === 1,
          valueFormatter: countFormatter,
        }))}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        grid={{ horizontal: true }}
      />
    </div>
  );
}

export function LikeRatioBarChart({ data, ariaLabel }: { data: readonly OriginRatio[]; ariaLabel: string }) {
  return (
    <div role="img" aria-label={ariaLabel}>
      <BarChart
        height={Math.max(CHART_HEIGHT, data.length * 28 + 60)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: data.map((row) => row.label), width: 110 }]}
        xAxis={[{ min: 0, valueFormatter: (value: number) => formatPercent(value) }]}
        series={[
          {
            id: 'like_ratio',
            label: 'Like ratio',
            data: data.map((row) => row.like_ratio),
            valueFormatter: (value: number | null) => formatPercent(value),
          },
        ]}
        margin={{ top: 8, right: 24, bottom: 8, left: 8 }}
        grid={{ vertical: true }}
        hideLegend
      />
    </div>
  );
}
