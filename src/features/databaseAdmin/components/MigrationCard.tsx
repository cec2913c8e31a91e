import { useState } from 'react';
import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { JobStatus } from '../../jobs';
import { useDatabaseOverviewQuery } from '../databaseAdminApi';
import { MIGRATION_JOB_PREFIX, migrationJobId, migrationRequested } from '../migrationSaga';

export const MIGRATION_CONFIRM_TEXT =
  'This adds the random_seed column to names. Names cannot be read or written while it runs (about a minute on a million names), so the app waits meanwhile. Run it now?';
export const MIGRATION_APPLIED_TEXT = 'Applied: names have the random_seed column.';

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
  // The migration locks the names table: it asks first, and once the column is there it shows as applied
  // instead of offering a second run that would change nothing.
  const { data: overview } = useDatabaseOverviewQuery();
  const applied = overview?.hasRandomSeedColumn === true;
  const [confirming, setConfirming] = useState(false);
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
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" onClick={() => setConfirming(true)} disabled={running || applied}>
              {running ? 'Running migration…' : 'Add random_seed column'}
            </Button>
            {applied && !running ? (
              <Chip color="success" variant="outlined" icon={<CheckCircleOutline />} label={MIGRATION_APPLIED_TEXT} />
            ) : null}
          </Stack>
          <ConfirmDialog
            open={confirming}
            title="Run the migration?"
            message={MIGRATION_CONFIRM_TEXT}
            confirmLabel="Run migration"
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              dispatch(migrationRequested({ jobId: migrationJobId() }));
            }}
          />
          {job && <JobStatus job={job} progressText="Adding the random_seed column to names…" progressLabel="Migration running" />}
        </Stack>
      </CardContent>
    </Card>
  );
}
