// Database Admin (/database-admin): overview, the random-seed migration, a paged names table and quick actions (spec 2).
import { Box, Container, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../lib/usePageTitle';
import { DatabaseNamesTable } from './components/DatabaseNamesTable';
import { DatabaseOverviewCard } from './components/DatabaseOverviewCard';
import { MigrationCard } from './components/MigrationCard';
import { QuickActions } from './components/QuickActions';

export default function DatabaseAdminPage() {
  usePageTitle('Database Admin');
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Database Admin
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
          <DatabaseOverviewCard />
          <Stack spacing={2}>
            <MigrationCard />
            <QuickActions />
          </Stack>
        </Box>
        <DatabaseNamesTable />
      </Stack>
    </Container>
  );
}
