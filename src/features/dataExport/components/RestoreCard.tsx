import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { JobStatus } from '../../jobs';
import { selectLatestJobWithPrefix } from '../dataExportSelectors';
import { handOffBackupFile, RESTORE_JOB_PREFIX, restoreJobId, restorePreviewRequested } from '../restorePreview';

/** Checks a backup and shows what restoring it would change. Applying it is not built: the card says so. */
export function RestoreCard() {
  const dispatch = useAppDispatch();
  const job = useAppSelector((state) => selectLatestJobWithPrefix(state, RESTORE_JOB_PREFIX));
  const input = useRef<HTMLInputElement>(null);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const jobId = restoreJobId();
    handOffBackupFile(jobId, file);
    dispatch(restorePreviewRequested({ jobId, fileName: file.name }));
    if (input.current) input.current.value = '';
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="restore-title">
      <CardContent>
        <Typography id="restore-title" variant="h6" component="h2" gutterBottom>
          Restore from backup
        </Typography>
        <Stack spacing={2}>
          <Alert severity="info" role="note">
            Preview only: this checks a backup file (version 1.0, every collection and row) and shows what restoring it would change. It
            does not restore anything; nothing in the database is written.
          </Alert>
          <div>
            <input
              ref={input}
              type="file"
              accept="application/json,.json"
              hidden
              id="restore-file"
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            <Button variant="outlined" component="label" htmlFor="restore-file" disabled={job?.state === 'running'}>
              Check a backup file
            </Button>
          </div>
          {job && <JobStatus job={job} progressText={`Checking ${job.label}…`} progressLabel={`${job.label} progress`} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
