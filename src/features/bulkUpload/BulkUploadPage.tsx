// Bulk Upload (/bulk-upload): the CSV import job and the bulk delete by nationality (spec 2, 5, 8).
import { Container, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../lib/usePageTitle';
import { BulkDeleteCard } from './components/BulkDeleteCard';
import { ImportCard } from './components/ImportCard';
import { ImportRunsCard } from './components/ImportRunsCard';

export default function BulkUploadPage() {
  usePageTitle('Bulk Upload');
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Bulk Upload
        </Typography>
        <ImportCard />
        <ImportRunsCard />
        <BulkDeleteCard />
      </Stack>
    </Container>
  );
}
