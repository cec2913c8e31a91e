import { Alert, AlertTitle, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { formatCount } from '../../../lib/format';
import { jobPercent, type Job } from '../../jobs';
import { AUDIT_EXPORT_FAILED } from '../auditExportSaga';

/** The audit export job: progress and Cancel while it runs, then how it ended. */
export function AuditExportStatus({ job, onCancel }: { job: Job; onCancel(): void }) {
  if (job.state === 'running') {
    const percent = jobPercent(job);
    return (
      <Box role="status" aria-label="Audit log export">
        <Typography variant="body2" sx={{ mb: 1 }}>
          {job.cancelRequested ? 'Cancelling the export…' : `Exporting ${job.label}: ${formatCount(job.workDone)}`}
          {job.workTotal !== null && !job.cancelRequested
            ? ` of ${formatCount(job.workTotal)} entries`
            : job.cancelRequested
              ? ''
              : ' entries'}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LinearProgress
            sx={{ flex: 1 }}
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
            aria-label="Export progress"
          />
          <Button variant="outlined" color="warning" onClick={onCancel} disabled={job.cancelRequested}>
            Cancel
          </Button>
        </Stack>
      </Box>
    );
  }
  const severity = job.state === 'done' ? 'success' : job.state === 'cancelled' ? 'warning' : 'error';
  return (
    <Alert severity={severity} data-testid="audit-export-status">
      {job.state === 'failed' && <AlertTitle>{AUDIT_EXPORT_FAILED}</AlertTitle>}
      {job.message}
      {job.detail ? ` ${job.detail}` : ''}
    </Alert>
  );
}
