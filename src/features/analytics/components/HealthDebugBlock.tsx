import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { SystemHealth } from '../../../../contract/wire';
import { formatCount } from '../../../lib/format';

export interface HealthDebugBlockProps {
  health: SystemHealth | undefined;
  loading: boolean;
  failed: string | null;
}

function NameList({ label, names }: { label: string; names: readonly string[] }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {label} ({formatCount(names.length)})
      </Typography>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          none
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
          {names.map((name) => (
            <Chip key={name} label={name} size="small" variant="outlined" sx={{ fontFamily: 'monospace' }} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** "PostgreSQL 18.6 (PGlite 0.5.16) · 4 analytics tables": the version up to its build details, and the count that matters. */
export function healthSummary(health: SystemHealth): string {
  const version = health.postgresql.split(/ on |, compiled by /)[0];
  const analytics = health.analytics_tables.length;
  return `${version} · ${analytics === 0 ? 'no' : formatCount(analytics)} analytics table${analytics === 1 ? '' : 's'}`;
}

/** Spec 2: the dashboard's debug block. Collapsed by default: it is for diagnosing, not for reading daily. */
export function HealthDebugBlock({ health, loading, failed }: HealthDebugBlockProps) {
  const counts = Object.entries(health?.table_counts ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const estimated = new Set(health?.estimated_counts ?? []);
  return (
    <Accordion disableGutters variant="outlined" sx={{ borderRadius: 1, '&::before': { display: 'none' } }}>
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls="analytics-health-details"
        id="analytics-health-summary"
        sx={{ '& .MuiAccordionSummary-content': { minWidth: 0, overflow: 'hidden' } }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600, flexShrink: 0 }}>System health</Typography>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
            {loading ? 'checking…' : failed ? 'unavailable' : health ? healthSummary(health) : ''}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id="analytics-health-details">
        {loading ? (
          <Skeleton height={80} />
        ) : failed ? (
          <Alert severity="error">Health check failed: {failed}</Alert>
        ) : health ? (
          <Stack spacing={2}>
            <Box>
              <Typography variant="subtitle2" component="h3">
                postgresql
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
                {health.postgresql}
              </Typography>
            </Box>
            <NameList label="tables" names={health.tables} />
            <NameList label="analytics_tables" names={health.analytics_tables} />
            <NameList label="views" names={health.views} />
            <Box>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                table_counts
              </Typography>
              <Table size="small" aria-label="table_counts" sx={{ maxWidth: 480 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Table</TableCell>
                    <TableCell align="right">Rows</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {counts.map(([table, count]) => (
                    <TableRow key={table}>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{table}</TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {estimated.has(table) ? `~${formatCount(count)}` : formatCount(count)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {estimated.size > 0 ? (
                <Typography variant="caption" color="text.secondary">
                  ~ an estimate from the catalog (large tables are not counted row by row on every check)
                </Typography>
              ) : null}
            </Box>
          </Stack>
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
}
