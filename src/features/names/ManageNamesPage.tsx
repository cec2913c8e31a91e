import { Container, Stack, Typography } from '@mui/material';
import { useUrlBackedView } from '../../app/useUrlBackedView';
import { usePageTitle } from '../../lib/usePageTitle';
import { AddNameForm } from './components/AddNameForm';
import { NamesFilterBar } from './components/NamesFilterBar';
import { NamesTableSection } from './components/NamesTableSection';
import { namesUrlView } from './namesUrl';

/** /manage-names (spec 2): add form, filters, and the infinitely scrolling names table. */
export default function ManageNamesPage() {
  usePageTitle('Manage Names');
  const filtersReady = useUrlBackedView(namesUrlView);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Manage Names
      </Typography>
      <Stack spacing={3}>
        <AddNameForm />
        <NamesFilterBar />
        <NamesTableSection enabled={filtersReady} />
      </Stack>
    </Container>
  );
}
