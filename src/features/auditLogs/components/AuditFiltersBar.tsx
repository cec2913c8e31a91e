import { Box, Button, MenuItem, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import DownloadIcon from '@mui/icons-material/Download';
import { APP_AUDIT_EVENTS } from '../../../../contract/usersAudit';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  AUDIT_RANGE_DAYS,
  auditFiltersReplaced,
  eventChanged,
  rangeChanged,
  selectAuditFilters,
  sourceChanged,
  type AuditRangeDays,
  type AuditSource,
} from '../auditLogsSlice';
import { rangeParam } from '../auditLogsUrl';

export const RANGE_LABELS: Record<string, string> = {
  '1': 'Last 24 hours',
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  all: 'All time',
};

const SOURCE_LABELS: Record<AuditSource, string> = { all: 'All', app: 'App events', console: 'Console actions' };

export interface AuditFiltersBarProps {
  /** event types seen in the range (from the statistics), offered besides the app's known ones */
  knownEvents: readonly string[];
  onExport(): void;
  exportRunning: boolean;
}

export function AuditFiltersBar({ knownEvents, onExport, exportRunning }: AuditFiltersBarProps) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectAuditFilters);
  const events = [...new Set([...APP_AUDIT_EVENTS, ...knownEvents, ...(filters.event === 'all' ? [] : [filters.event])])];

  return (
    <Paper component="section" aria-labelledby="audit-filters-heading" sx={{ p: 2.5 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Typography id="audit-filters-heading" variant="h6" component="h2">
          Filters
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button startIcon={<RefreshIcon />} onClick={() => dispatch(auditFiltersReplaced(filters))}>
            Refresh
          </Button>
          <Button variant="contained" startIcon={<DownloadIcon />} onClick={onExport} disabled={exportRunning}>
            Export CSV
          </Button>
        </Stack>
      </Stack>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={rangeParam(filters.rangeDays)}
        onChange={(_event, value: string | null) => {
          if (value !== null) dispatch(rangeChanged((value === 'all' ? null : Number(value)) as AuditRangeDays));
        }}
        aria-label="Date range"
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {AUDIT_RANGE_DAYS.map((days) => {
          const key = rangeParam(days);
          return (
            <ToggleButton key={key} value={key} sx={{ px: 2 }}>
              {RANGE_LABELS[key]}
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 280px))' } }}>
        <TextField select size="small" label="Event type" value={filters.event} onChange={(e) => dispatch(eventChanged(e.target.value))}>
          <MenuItem value="all">All events</MenuItem>
          {events.map((event) => (
            <MenuItem key={event} value={event}>
              {event}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Source"
          value={filters.source}
          onChange={(e) => dispatch(sourceChanged(e.target.value as AuditSource))}
        >
          {(Object.keys(SOURCE_LABELS) as AuditSource[]).map((source) => (
            <MenuItem key={source} value={source}>
              {SOURCE_LABELS[source]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Paper>
  );
}
