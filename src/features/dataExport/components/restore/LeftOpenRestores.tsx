import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { RestoreSession } from '../../../../../contract/schemas/backupRestore';
import { formatCount, formatDateTimeWithZone } from '../../../../lib/format';

export interface LeftOpenRestoresProps {
  restores: RestoreSession[];
  disabled: boolean;
  onReview(id: number): void;
  onCancel(id: number): void;
}

/**
 * Restores opened before (this page was reloaded, or another console opened them) and never applied nor cancelled:
 * one whose file was being read cannot go on (the file is not here), one that was checked can still be applied.
 */
export function LeftOpenRestores({ restores, disabled, onReview, onCancel }: LeftOpenRestoresProps) {
  if (restores.length === 0) return null;
  return (
    <Alert severity="info" role="region" aria-label="Unfinished restores">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Unfinished restores
      </Typography>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {restores.map((r) => (
          <Box key={r.id}>
            <Typography variant="body2">
              {r.fileName} ({formatCount(r.fileSize)} bytes), opened {formatDateTimeWithZone(r.createdAt)} by {r.createdBy.email}:{' '}
              {r.state === 'ready'
                ? 'checked, not applied.'
                : 'its file was being read when it was left; it cannot go on without the file. Cancel it, then choose the file again.'}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              {r.state === 'ready' && (
                <Button size="small" variant="outlined" disabled={disabled} onClick={() => onReview(r.id)}>
                  Review {r.fileName}
                </Button>
              )}
              <Button size="small" variant="outlined" color="warning" disabled={disabled} onClick={() => onCancel(r.id)}>
                Cancel {r.fileName}
              </Button>
            </Stack>
          </Box>
        ))}
      </Stack>
    </Alert>
  );
}
