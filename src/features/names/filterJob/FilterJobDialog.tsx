import { useEffect, useState } from 'react';
import {
  Alert,
  DialogContentText,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { COUNT_CHANGED, countAndFilterInWords, type NameBulkJobFilter } from '../../../../contract/namesBulkJobs';
import type { NameBulkJobStart } from '../../../../contract/schemas/namesBulkJobs';
import { GENDERS } from '../../../../contract/nameRules';
import { errorDetail, errorReason } from '../../../api/errors';
import { useAppDispatch } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatCount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useStartNamesJobMutation } from '../namesApi';
import { namesFilterJobStarted } from './namesFilterJobSaga';

export type FilterJobAction = 'delete' | 'edit';
type EditField = 'gender' | 'nationality';

export interface FilterJobDialogProps {
  action: FilterJobAction;
  open: boolean;
  /** how many names match, as the list counted them */
  count: number;
  filter: NameBulkJobFilter;
  onClose: () => void;
  /** the job started on the server */
  onStarted: () => void;
}

/**
 * The confirmation of a job over every name matching the filter: the count and the filter in words, and for an
 * edit the one field to set. The server checks the count against what matches when it starts; when it differs
 * (409 count_changed) the dialog shows the new count and asks again rather than act on names nobody counted.
 */
export function FilterJobDialog({ action, open, count, filter, onClose, onStarted }: FilterJobDialogProps) {
  const dispatch = useAppDispatch();
  const [start, { isLoading }] = useStartNamesJobMutation();
  const [confirmedCount, setConfirmedCount] = useState(count);
  const [changedFrom, setChangedFrom] = useState<number | null>(null);
  const [field, setField] = useState<EditField>('nationality');
  const [gender, setGender] = useState<string>('');
  const [nationality, setNationality] = useState('');

  useEffect(() => {
    if (!open) return;
    setConfirmedCount(count);
    setChangedFrom(null);
    setGender('');
    setNationality('');
  }, [open, count]);

  const words = countAndFilterInWords(confirmedCount, filter);
  const value = field === 'gender' ? gender : nationality.trim();
  const canConfirm = confirmedCount > 0 && (action === 'delete' || value !== '');

  async function confirm() {
    const body: NameBulkJobStart = {
      action,
      filter,
      expectedCount: confirmedCount,
      ...(action === 'edit' ? { set: field === 'gender' ? { gender } : { nationality: nationality.trim() } } : {}),
    };
    try {
      const job = await start(body).unwrap();
      dispatch(namesFilterJobStarted({ job }));
      onStarted();
      onClose();
    } catch (error) {
      const detail = errorDetail(error);
      if (detail?.code === COUNT_CHANGED && typeof detail.count === 'number') {
        setChangedFrom(confirmedCount);
        setConfirmedCount(detail.count);
        return;
      }
      notify(`The names job did not start: ${errorReason(error)}`, 'error');
    }
  }

  const title =
    action === 'delete'
      ? `Delete all ${formatCount(confirmedCount)} matching names?`
      : `Edit all ${formatCount(confirmedCount)} matching names?`;
  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={
        <Stack spacing={1.5}>
          {changedFrom !== null && (
            <Alert severity="warning" data-testid="filter-job-count-changed">
              The names matching this filter changed since they were counted: {formatCount(confirmedCount)} now, not{' '}
              {formatCount(changedFrom)}. Confirm again to act on these.
            </Alert>
          )}
          <DialogContentText data-testid="filter-job-summary">{words}</DialogContentText>
          {action === 'delete' ? (
            <DialogContentText>
              They go to the trash with their swipes and matches, as one deletion you can restore from the Trash tab. Names added from now
              on are not touched; a name someone edits meanwhile is skipped.
            </DialogContentText>
          ) : (
            <>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={field}
                onChange={(_e, next: EditField | null) => next && setField(next)}
                aria-label="Field to set"
              >
                <ToggleButton value="nationality">Nationality</ToggleButton>
                <ToggleButton value="gender">Gender</ToggleButton>
              </ToggleButtonGroup>
              {field === 'gender' ? (
                <FormControl size="small">
                  <InputLabel id="filter-job-gender">New gender</InputLabel>
                  <Select labelId="filter-job-gender" label="New gender" value={gender} onChange={(e) => setGender(e.target.value)}>
                    {GENDERS.map((g) => (
                      <MenuItem key={g} value={g}>
                        {g}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              ) : (
                <TextField size="small" label="New nationality" value={nationality} onChange={(e) => setNationality(e.target.value)} />
              )}
              <DialogContentText variant="body2">
                A name someone edits meanwhile, or one the change would make a second copy of, is skipped and counted.
              </DialogContentText>
            </>
          )}
        </Stack>
      }
      confirmLabel={`${action === 'delete' ? 'Delete' : 'Edit'} ${formatCount(confirmedCount)}`}
      destructive={action === 'delete'}
      pending={isLoading}
      confirmDisabled={!canConfirm}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
