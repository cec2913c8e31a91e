import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { formatCount } from '../../../lib/format';
import { jobPercent, type Job } from '../../jobs';

/** A running export's bar ("12,000 of 1,000,000 rows") and Cancel, or the finished export's report. */
export function ExportJobStatus({ job, onCancel, runningText }: { job: Job; onCancel?: () => void; runningText?: string }) {
  if (job.state === 'running') {
    const percent = jobPercent(job);
    const rows = job.progress.rowsRead;
    return (
      <Box>
        <LinearProgress
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? undefined}
          aria-label={`${job.label} progress`}
        />
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2" role="status">
            {job.cancelRequested
              ? 'Cancelling…'
              : runningText
                ? runningText
                : job.workTotal === null
                  ? `${formatCount(rows)} rows`
                  : `${formatCount(rows)} of ${formatCount(job.workTotal)} rows`}
          </Typography>
          {onCancel && (
            <Button size="small" variant="outlined" color="warning" onClick={onCancel} disabled={job.cancelRequested}>
              Cancel
            </Button>
          )}
        </Stack>
      </Box>
    );
  }
  const severity = job.state === 'done' ? 'success' : job.state === 'cancelled' ? 'warning' : 'error';
  return (
    <Alert severity={severity} role={job.state === 'failed' ? 'alert' : 'status'}>
      <Typography variant="body2">{job.message}</Typography>
      {job.detail && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
          {job.detail}
        </Typography>
      )}
    </Alert>
  );
}
