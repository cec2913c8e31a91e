import { Alert, Button, Stack } from '@mui/material';
import { formatCount } from '../../../lib/format';

export interface SelectAllMatchingBarProps {
  /** names loaded (and all selected) */
  loaded: number;
  /** names matching the filter in all */
  total: number;
  /** the operator chose every name matching the filter */
  allMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onDelete: () => void;
  onEdit: () => void;
}

/**
 * Shown once every loaded row is selected (the grid's own select-all covers only what is loaded): offers every
 * name matching the filter, then what can be done to all of them, which the server runs as one job.
 */
export function SelectAllMatchingBar({
  loaded,
  total,
  allMatching,
  onSelectAllMatching,
  onClear,
  onDelete,
  onEdit,
}: SelectAllMatchingBarProps) {
  const names = (n: number) => `${formatCount(n)} ${n === 1 ? 'name' : 'names'}`;
  return (
    <Alert severity="info" icon={false} sx={{ mb: 1.5 }} data-testid="select-all-matching">
      {allMatching ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>All {names(total)} matching this filter are selected.</span>
          <Button size="small" color="error" variant="outlined" onClick={onDelete}>
            Delete all {formatCount(total)}
          </Button>
          <Button size="small" variant="outlined" onClick={onEdit}>
            Edit all {formatCount(total)}
          </Button>
          <Button size="small" onClick={onClear}>
            Clear selection
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>All {names(loaded)} loaded are selected.</span>
          <Button size="small" onClick={onSelectAllMatching}>
            Select all {names(total)} matching this filter
          </Button>
        </Stack>
      )}
    </Alert>
  );
}
