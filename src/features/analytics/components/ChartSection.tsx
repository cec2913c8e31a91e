import { Suspense, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { AnalyticsSection } from './AnalyticsSection';

export interface ChartSectionProps {
  title: string;
  subtitle?: ReactNode;
  failed: string | null;
  loading: boolean;
  /** nothing to draw (no days with data, no origins) */
  empty: boolean;
  emptyLabel: string;
  onRetry?: () => void;
  retrying?: boolean;
  action?: ReactNode;
  children: ReactNode;
}

const CHART_PLACEHOLDER_HEIGHT = 280;

/** A chart in its section: a placeholder while its data or the chart chunk loads, a sentence when there is nothing to draw. */
export function ChartSection({
  title,
  subtitle,
  failed,
  onRetry,
  retrying,
  loading,
  empty,
  emptyLabel,
  action,
  children,
}: ChartSectionProps) {
  return (
    <AnalyticsSection title={title} subtitle={subtitle} failed={failed} onRetry={onRetry} retrying={retrying} action={action}>
      {loading ? (
        <LoadingSkeleton variant="rounded" height={CHART_PLACEHOLDER_HEIGHT} label={`Loading ${title}`} />
      ) : empty ? (
        <Box sx={{ height: CHART_PLACEHOLDER_HEIGHT, display: 'grid', placeItems: 'center' }}>
          <Typography color="text.secondary">{emptyLabel}</Typography>
        </Box>
      ) : (
        <Suspense fallback={<LoadingSkeleton variant="rounded" height={CHART_PLACEHOLDER_HEIGHT} label={`Loading ${title} chart`} />}>
          {children}
        </Suspense>
      )}
    </AnalyticsSection>
  );
}
