import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { formatCount } from '../../lib/format';
import { jobPercent, type Job } from './jobsSlice';

export interface JobStatusProps {
  job: Job;
  /** what the running job has done so far ('Importing names.csv…', '12,000 of 50,000 rows') */
  progressText: string;
  /** the progress bar's accessible name */
  progressLabel: string;
  /** Cancel while it runs; without it the job cannot be stopped from here */
  onCancel?: () => void;
  /** what it says once Cancel was pressed and the work in flight is finishing */
  cancellingText?: string;
  /** figures shown while it runs and in its report (the import's rows read, sent, added and skipped) */
  figures?: ReactNode;
  /** the report's heading when the job failed */
  failedTitle?: string;
  'data-testid'?: string;
}

/** '12,000 of 50,000 rows' (or '12,000 rows' while the total is unknown) from a job counting in `unit`. */
export function jobCountText(job: Pick<Job, 'workDone' | 'workTotal'>, unit: string): string {
  return job.workTotal === null
    ? `${formatCount(job.workDone)} ${unit}`
    : `${formatCount(job.workDone)} of ${formatCount(job.workTotal)} ${unit}`;
}

/** A job (import, export, restore check, migration): its bar and Cancel while it runs, then its report. */
export function JobStatus({
  job,
  progressText,
  progressLabel,
  onCancel,
  cancellingText = 'Cancelling…',
  figures,
  failedTitle,
  'data-testid': testId,
}: JobStatusProps) {
  if (job.state === 'running') {
    const percent = jobPercent(job);
    return (
      <Box data-testid={testId}>
        <Typography variant="body2" role="status" sx={{ mb: 1 }}>
          {job.cancelRequested ? cancellingText : progressText}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LinearProgress
            sx={{ flex: 1 }}
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
            aria-label={progressLabel}
          />
          {onCancel && (
            <Button size="small" variant="outlined" color="warning" onClick={onCancel} disabled={job.cancelRequested}>
              Cancel
            </Button>
          )}
        </Stack>
        {figures && <Box sx={{ mt: 1 }}>{figures}</Box>}
      </Box>
    );
  }
  const severity = job.state === 'done' ? 'success' : job.state === 'cancelled' ? 'warning' : 'error';
  return (
    <Alert severity={severity} role={job.state === 'failed' ? 'alert' : 'status'} data-testid={testId}>
      {job.state === 'failed' && failedTitle && <AlertTitle>{failedTitle}</AlertTitle>}
      <Typography variant="body2">{job.message}</Typography>
      {job.detail && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
          {job.detail}
        </Typography>
      )}
      {figures && <Box sx={{ mt: 1 }}>{figures}</Box>}
    </Alert>
  );
}
