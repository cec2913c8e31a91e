import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../lib/usePageTitle';

/** A screen a later issue builds. Says so plainly instead of pretending. */
export function NotBuiltYet({ title, notFound = false }: { title: string; notFound?: boolean }) {
  usePageTitle(title);
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">
        {notFound ? 'There is no page at this address.' : 'This screen is not built yet.'}{' '}
        <RouterLink to="/dashboard">Back to the dashboard</RouterLink>
      </Typography>
    </Box>
  );
}
