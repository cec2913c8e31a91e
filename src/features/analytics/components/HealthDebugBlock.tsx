import { Accordion, AccordionDetails, AccordionSummary, Alert, Skeleton, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { SystemHealth } from '../../../../contract/schemas/databaseAdmin';
import { healthSummary, SystemHealthReadout } from '../../../components/systemHealth/SystemHealthReadout';

export interface HealthDebugBlockProps {
  health: SystemHealth | undefined;
  loading: boolean;
  failed: string | null;
}

/** Spec 2: the dashboard's debug block. Collapsed by default: it is for diagnosing, not for reading daily. */
export function HealthDebugBlock({ health, loading, failed }: HealthDebugBlockProps) {
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
          <SystemHealthReadout health={health} countsLabel="table_counts" catalog />
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
}
