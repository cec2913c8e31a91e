import { skipToken } from '@reduxjs/toolkit/query/react';
import { DialogContentText } from '@mui/material';
import { impactText } from '../../../../../contract/dataSafety';
import { useDeletePreviewQuery } from '../../namesApi';
import { useTrashSummary } from '../../hooks/useTrashSummary';

/**
 * What a delete takes to the trash, read from delete-preview each time the confirmation opens (the dialog mounts
 * its content then; never from a cache: swipes keep coming): "3 names with 214 swipes and 2 matches will move to the trash. You can restore them from
 * the Trash for 30 days." A preview that fails does not block the delete: the names still go to the trash.
 */
export function DeleteImpact({ nameIds }: { nameIds: readonly number[] }) {
  const preview = useDeletePreviewQuery(nameIds.length > 0 ? nameIds : skipToken, { refetchOnMountOrArgChange: true });
  const { retentionDays } = useTrashSummary();
  const one = nameIds.length === 1;
  const restorable = `You can restore ${one ? 'it' : 'them'} from the Trash for ${retentionDays} days.`;
  let text: string;
  if (preview.isFetching || preview.isUninitialized) text = 'Counting the swipes and matches…';
  else if (preview.data) text = `${impactText(preview.data)} will move to the trash. ${restorable}`;
  else {
    text = `The swipes and matches could not be counted. ${one ? 'The name' : 'The names'} will still move to the trash with all ${one ? 'its' : 'their'} swipes. ${restorable}`;
  }
  return (
    <DialogContentText aria-live="polite" data-testid="delete-impact">
      {text}
    </DialogContentText>
  );
}
