import { Alert, Button, Stack } from '@mui/material';
import type { TrashedName } from '../../../../../contract/schemas/dataSafety';
import { formatCount } from '../../../../lib/format';
import { deletionText } from './trashText';

/**
 * The trash narrowed to one deletion (a bulk delete, an import's undo): what it was, and restoring all of it at
 * once, however many pages it spans.
 */
export function DeletionBanner({
  sample,
  total,
  restoring,
  onRestoreAll,
  onShowAll,
}: {
  /** a name of the deletion, which says how it came (none once nothing of it is left) */
  sample: TrashedName | undefined;
  total: number;
  restoring: boolean;
  onRestoreAll: () => void;
  onShowAll: () => void;
}) {
  const n = formatCount(total);
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, '& .MuiAlert-action': { alignItems: 'center' } }}
      action={
        <Stack direction="row" spacing={1}>
          {total > 0 && (
            <Button color="inherit" size="small" variant="outlined" disabled={restoring} onClick={onRestoreAll}>
              Restore all {n} of this deletion
            </Button>
          )}
          <Button color="inherit" size="small" onClick={onShowAll}>
            Show the whole trash
          </Button>
        </Stack>
      }
    >
      {sample ? `${n} ${total === 1 ? 'name' : 'names'} of ${deletionText(sample)}.` : 'Nothing of this deletion is left in the trash.'}
    </Alert>
  );
}
