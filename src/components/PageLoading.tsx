import { Box, LinearProgress } from '@mui/material';

export function PageLoading() {
  return (
    <Box sx={{ p: 2 }} role="progressbar" aria-label="Loading page">
      <LinearProgress />
    </Box>
  );
}
