import { useId, type ReactNode } from 'react';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';

export interface MetricCardProps {
  title: string;
  /** the figure already formatted (counts with separators, seconds, percents) */
  value: string;
  loading?: boolean;
  caption?: ReactNode;
}

/** One formatted figure of an analytics screen (the dashboard's StatCard shows plain counts only). */
export function MetricCard({ title, value, loading = false, caption }: MetricCardProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Typography id={titleId} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="h5" component="p" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
          {loading ? <Skeleton width={90} aria-label={`Loading ${title}`} /> : value}
        </Typography>
        {caption ? (
          <Box sx={{ mt: 0.75 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {caption}
            </Typography>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
