import { Box, Container, Stack } from '@mui/material';
import { useAppSelector } from '../../app/hooks';
import { useUrlBackedView } from '../../hooks/useUrlBackedView';
import { usePageTitle } from '../../lib/usePageTitle';
import { AddNameForm } from './components/AddNameForm';
import { NamesFilterBar } from './components/NamesFilterBar';
import { NamesTableSection } from './components/NamesTableSection';
import { NamesTabs, tabId, tabPanelId } from './components/NamesTabs';
import { NamesViewsControl } from './components/NamesViewsControl';
import { TrashSection } from './components/trash/TrashSection';
import { selectNamesView } from './namesSlice';
import { namesUrlView, namesViewUrlView } from './namesUrl';
import { PageHeading } from '../../components/PageHeading';

/** /manage-names (spec 2): add form, then the names (filters and the infinitely scrolling table) or the trash. */
export default function ManageNamesPage() {
  usePageTitle('Manage Names');
  const filtersReady = useUrlBackedView(namesUrlView);
  const viewReady = useUrlBackedView(namesViewUrlView);
  const { tab } = useAppSelector(selectNamesView);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageHeading title="Manage Names">{tab === 'names' && <NamesViewsControl />}</PageHeading>
      <Stack spacing={3}>
        <AddNameForm />
        <Box>
          <NamesTabs />
          {/* Nothing below until the address has been read: the page must not fetch the names list on its way to the trash. */}
          {viewReady && (
            <Stack spacing={3} role="tabpanel" id={tabPanelId(tab)} aria-labelledby={tabId(tab)} sx={{ pt: 2 }}>
              {tab === 'trash' ? (
                <TrashSection />
              ) : (
                <>
                  <NamesFilterBar />
                  <NamesTableSection enabled={filtersReady} />
                </>
              )}
            </Stack>
          )}
        </Box>
      </Stack>
    </Container>
  );
}
