import { Alert, AlertTitle, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { jobPercent, type Job } from '../../jobs';
import { formatCount } from '../../../lib/format';

export interface ImportJobStatusProps {
  job: Job;
  onCancel: () => void;
}

function Figures({ job }: { job: Job }) {
  const { rowsRead, rowsSent, rowsAdded, rowsSkipped } = job.progress;
  const items: [string, number][] = [
    ['Rows read', rowsRead],
    ['Sent', rowsSent],
    ['Added', rowsAdded],
    ['Skipped', rowsSkipped],
  ];
  return (
    <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }} role="group" aria-label="Import figures">
      {items.map(([label, value]) => (
        <Typography key={label} variant="body2">
          {label}: <strong>{formatCount(value)}</strong>
        </Typography>
      ))}
    </Stack>
  );
}

/** The current (or last) import: a progress bar and Cancel while it runs, then its report. */
export function ImportJobStatus({ job, onCancel }: ImportJobStatusProps) {
  if (job.state === 'running') {
    const percent = jobPercent(job) ?? 0;
    return (
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {job.cancelRequested ? 'Cancelling: waiting for the batches already sent…' : `Importing ${job.label}…`}
        </Typography>
        <LinearProgress variant="determinate" value={percent} aria-label="Import progress" />
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Figures job={job} />
          <Button variant="outlined" color="warning" onClick={onCancel} disabled={job.cancelRequested}>
            Cancel
          </Button>
        </Stack>
      </Box>
    );
  }
  const severity = job.state === 'done' ? 'success' : job.state === 'cancelled' ? 'warning' : 'error';
  return (
    <Alert severity={severity}>
      <AlertTitle>{job.message}</AlertTitle>
      {job.detail && <Typography variant="body2">{job.detail}</Typography>}
      <Box sx={{ mt: 1 }}>
        <Figures job={job} />
      </Box>
    </Alert>
  );
}
