import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import type { AuditStats } from '../../../../contract/schemas/usersAudit';
import { formatCount } from '../../../lib/format';
import { EventBadge } from './EventBadge';

export interface AuditStatsSectionProps {
  stats: AuditStats | undefined;
  loading: boolean;
  error: string | null;
  rangeLabel: string;
}

/** Counts per event type and the total for the selected range, as the backend computed them. */
export function AuditStatsSection({ stats, loading, error, rangeLabel }: AuditStatsSectionProps) {
  return (
    <Paper component="section" aria-labelledby="audit-stats-heading" sx={{ p: 2.5 }}>
      <Typography id="audit-stats-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Statistics · {rangeLabel}
      </Typography>
      {error ? (
        <Alert severity="error">The statistics could not be loaded: {error}</Alert>
      ) : loading && !stats ? (
        <LoadingSkeleton variant="rounded" height={72} label="Loading statistics" />
      ) : stats ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }} role="list" aria-label="Events per type">
          <Box role="listitem" sx={{ px: 2, py: 1.25, borderRadius: 2, bgcolor: 'action.hover', minWidth: 120 }}>
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
              Total events
            </Typography>
            <Typography variant="h5" component="p" data-testid="audit-total" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(stats.total)}
            </Typography>
          </Box>
          {stats.byEvent.map((e) => (
            <Box
              key={`${e.source}:${e.event}`}
              role="listitem"
              aria-label={`${e.event}: ${formatCount(e.count)}`}
              sx={{ px: 2, py: 1.25, borderRadius: 2, border: 1, borderColor: 'divider', minWidth: 120 }}
            >
              <EventBadge event={e.event} />
              <Typography variant="h6" component="p" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(e.count)}
              </Typography>
            </Box>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}
