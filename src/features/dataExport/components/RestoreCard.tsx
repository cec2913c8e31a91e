// Restore from backup: choose a Full Backup file, follow its check (the file read as a stream and staged on the
// server), read the plan and choose how to restore it, follow the restore, read its report. The work is the restore
// saga's (restore/restoreSaga.ts); this card shows the restore slice and the job of each step. In Firebase mode
// (no restore port) the file is checked in the browser only.
import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatCount } from '../../../lib/format';
import { jobCancelRequested, jobCountText, JobStatus, type Job } from '../../jobs';
import { handOffRestoreFile } from '../restore/restoreFileHandoff';
import {
  RESTORE_JOB_PREFIX,
  restoreApplyRequested,
  restoreCheckJobId,
  restoreDiscardRequested,
  restoreFileChosen,
  restoresListRequested,
  restoreReviewed,
  selectRestore,
} from '../restore/restoreSlice';
import { LeftOpenRestores } from './restore/LeftOpenRestores';
import { RestorePlanView } from './restore/RestorePlanView';
import { RestoreReportTable } from './restore/RestoreReportTable';

const isApplyJob = (job: Job) => job.id.startsWith(`${RESTORE_JOB_PREFIX}apply-`);
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function CheckFigures({ job }: { job: Job }) {
  const { rowsRead, rowsSkipped, rowsSent } = job.progress;
  return (
    <Typography variant="body2" color="text.secondary">
      {megabytes(job.workDone)}
      {job.workTotal !== null ? ` of ${megabytes(job.workTotal)}` : ''} read · {formatCount(rowsRead)} rows, {formatCount(rowsSkipped)}{' '}
      refused, {formatCount(rowsSent)} sent
    </Typography>
  );
}

export function RestoreCard() {
  const dispatch = useAppDispatch();
  const { available, current, jobId, leftOpen, listError } = useAppSelector(selectRestore);
  const job = useAppSelector((state) => (jobId ? state.jobs.byId[jobId] : undefined));
  const running = job?.state === 'running';
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    dispatch(restoresListRequested());
  }, [dispatch]);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const id = restoreCheckJobId();
    handOffRestoreFile(id, file);
    dispatch(restoreFileChosen({ jobId: id, fileName: file.name, fileSize: file.size }));
    if (input.current) input.current.value = '';
  };
  const cancelJob = () => {
    if (job) dispatch(jobCancelRequested({ id: job.id }));
  };

  return (
    // The whole row of the page's grid: its plan and report are tables of six and seven figures per collection.
    <Card variant="outlined" component="section" aria-labelledby="restore-title" sx={{ gridColumn: { md: '1 / -1' } }}>
      <CardContent>
        <Typography id="restore-title" variant="h6" component="h2" gutterBottom>
          Restore from backup
        </Typography>
        <Stack spacing={2}>
          {available === false ? (
            <Alert severity="info" role="note">
              Preview only: this checks a backup file (version 1.0, every collection and row) and says what it holds against the data now.
              This backend cannot apply a restore (it has no restore routes): nothing is written.
            </Alert>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Restores a Full Backup file (version 1.0). The file is read and checked first, with what restoring it would change shown
              collection by collection; nothing is written until you choose how to restore it and confirm.
            </Typography>
          )}
          {listError && <Alert severity="error">{listError}</Alert>}
          <LeftOpenRestores
            restores={leftOpen}
            disabled={running}
            onReview={(id) => dispatch(restoreReviewed({ id }))}
            onCancel={(id) => dispatch(restoreDiscardRequested({ id }))}
          />
          <div>
            <input
              ref={input}
              type="file"
              accept="application/json,.json"
              hidden
              id="restore-file"
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            <Button variant="outlined" component="label" htmlFor="restore-file" disabled={running}>
              Choose a backup file
            </Button>
          </div>
          {job &&
            (isApplyJob(job) ? (
              <JobStatus
                job={job}
                progressText={`Restoring ${job.label}: ${current?.progress?.step ?? 'starting'}…`}
                progressLabel={`${job.label} restore progress`}
                onCancel={cancelJob}
                cancellingText="Cancelling: waiting for the server to stop (nothing will be written)…"
                figures={job.state === 'running' && job.workTotal !== null ? jobCountText(job, 'rows') : undefined}
              />
            ) : (
              <JobStatus
                job={job}
                progressText={`Checking ${job.label}…`}
                progressLabel={`${job.label} check progress`}
                onCancel={cancelJob}
                cancellingText="Cancelling: the file is read no further…"
                figures={job.state === 'running' ? <CheckFigures job={job} /> : undefined}
              />
            ))}
          {current?.state === 'ready' && !running && available !== false && (
            <RestorePlanView
              key={current.id}
              session={current}
              disabled={running}
              onApply={(mode, confirmAdminChanges) => dispatch(restoreApplyRequested({ id: current.id, mode, confirmAdminChanges }))}
              onDiscard={() => dispatch(restoreDiscardRequested({ id: current.id }))}
            />
          )}
          {current?.state === 'done' && current.report && !running && (
            <Box>
              <RestoreReportTable report={current.report} />
              {current.report.beforeBackupFile && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  The state before this restore is saved on the server as {current.report.beforeBackupFile}.
                </Typography>
              )}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
