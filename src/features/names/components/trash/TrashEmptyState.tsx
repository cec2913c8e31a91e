import { Box, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';

/** An empty trash: nothing to restore, and what the trash is for. */
export function TrashEmptyState({ retentionDays }: { retentionDays: number }) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <DeleteOutlineIcon sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography variant="h6" component="p" color="text.primary" gutterBottom>
        The trash is empty
      </Typography>
      <Typography variant="body2">
        Deleted names wait here with their swipes for {retentionDays} days, and can be restored until they are deleted forever.
      </Typography>
    </Box>
  );
}
