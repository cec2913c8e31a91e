import { Alert, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { jobPercent } from '../../jobs';
import { MIGRATION_JOB_PREFIX, migrationJobId, migrationRequested } from '../migrationSaga';

export function MigrationCard() {
  const dispatch = useAppDispatch();
  const job = useAppSelector((state) => {
    for (let i = state.jobs.order.length - 1; i >= 0; i -= 1) {
      const id = state.jobs.order[i]!;
      if (id.startsWith(MIGRATION_JOB_PREFIX)) return state.jobs.byId[id];
    }
    return undefined;
  });
  const running = job?.state === 'running';
  return (
    <Card variant="outlined" component="section" aria-labelledby="migration-title">
      <CardContent>
        <Typography id="migration-title" variant="h6" component="h2" gutterBottom>
          Migration
        </Typography>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Adds a random_seed column to names: one random number per name, kept, so the app can shuffle names the same way on every page.
            It runs once; running it again changes nothing. Names cannot be read or written while it runs: about a minute on a million
            names. Keep this page open until it reports.
          </Typography>
          <div>
            <Button variant="contained" onClick={() => dispatch(migrationRequested({ jobId: migrationJobId() }))} disabled={running}>
              {running ? 'Running migration…' : 'Add random_seed column'}
            </Button>
          </div>
          {running && (
            <LinearProgress variant={jobPercent(job) === null ? 'indeterminate' : 'determinate'} aria-label="Migration running" />
          )}
          {job && !running && (
            <Alert severity={job.state === 'done' ? 'success' : 'error'} role={job.state === 'done' ? 'status' : 'alert'}>
              {job.message}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
