import { useState } from 'react';
import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../lib/notify';
import { useGetNationalitiesWithCountsQuery } from '../bulkUploadApi';

export const NO_NATIONALITY_TEXT = 'Please select a nationality.';
export const BULK_DELETE_UNSUPPORTED_TEXT = 'Bulk delete by nationality is not supported for the current backend.';

/**
 * Bulk delete by nationality (spec 2): the dropdown, the required selection and the confirmation are
 * real, but the current backend has no such operation, so confirming only shows a warning and
 * NO request deletes anything.
 */
export function BulkDeleteCard() {
  const { data: nationalities = [], isFetching } = useGetNationalitiesWithCountsQuery();
  const [selected, setSelected] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const askToDelete = () => {
    if (!selected) {
      setProblem(NO_NATIONALITY_TEXT);
      return;
    }
    setProblem(null);
    setConfirming(true);
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Delete names by nationality
          </Typography>
          {/* Said before anything is asked: the confirmation's "cannot be undone" read as if it would run. */}
          <Alert severity="info" data-testid="bulk-delete-unsupported">
            {BULK_DELETE_UNSUPPORTED_TEXT} Confirming below deletes nothing.
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              label="Nationality"
              value={selected}
              onChange={(event) => {
                setSelected(event.target.value);
                setProblem(null);
              }}
              sx={{ minWidth: 260 }}
              size="small"
              helperText={isFetching ? 'Loading nationalities…' : undefined}
            >
              {nationalities.map(({ name, count }) => (
                <MenuItem key={name} value={name}>
                  {`${name} (${count})`}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" color="error" onClick={askToDelete}>
              Delete all names of this nationality
            </Button>
          </Stack>
          {problem && <Alert severity="warning">{problem}</Alert>}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Delete names by nationality"
        message={`Are you sure you want to delete all names with nationality "${selected}"? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          notify(BULK_DELETE_UNSUPPORTED_TEXT, 'warning');
        }}
      />
    </Card>
  );
}
