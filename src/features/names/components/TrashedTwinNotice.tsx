import { Alert, Button } from '@mui/material';
import type { TrashedName } from '../../../../contract/schemas/dataSafety';
import { formatDate } from '../../../lib/format';

/**
 * The name being added is in the trash (409 in_trash): restoring it brings back its swipes too, where adding it
 * again would start from none. "Emma (female, german) is in the trash, deleted by ana@example.com on 4 Mar 2026."
 */
export function TrashedTwinNotice({ twin, restoring, onRestore }: { twin: TrashedName; restoring: boolean; onRestore: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2, '& .MuiAlert-action': { alignItems: 'center' } }}
      action={
        <Button color="inherit" size="small" variant="outlined" disabled={restoring} onClick={onRestore}>
          Restore it
        </Button>
      }
    >
      {twin.name} ({twin.gender}, {twin.nationality}) is in the trash, deleted by {twin.deletedBy.email} on {formatDate(twin.deletedAt)}.
    </Alert>
  );
}
