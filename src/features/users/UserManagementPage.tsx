import { useEffect } from 'react';
import { Container, Stack } from '@mui/material';
import { useAppDispatch } from '../../app/hooks';
import { useUrlBackedView } from '../../hooks/useUrlBackedView';
import { usePageTitle } from '../../lib/usePageTitle';
import { UserSearchBar } from './components/UserSearchBar';
import { UsersTableSection } from './components/UsersTableSection';
import { UsersViewsControl } from './components/UsersViewsControl';
import { swipeTotalsReset } from './swipeTotalsSlice';
import { usersUrlView } from './usersUrl';
import { PageHeading } from '../../components/PageHeading';

/** /user-management (spec 2): search and advanced filters, the users table with its toggles and delete. */
export default function UserManagementPage() {
  usePageTitle('User Management');
  const dispatch = useAppDispatch();
  const ready = useUrlBackedView(usersUrlView);
  // Totals move as people swipe: each visit fetches them afresh.
  useEffect(() => {
    dispatch(swipeTotalsReset());
  }, [dispatch]);
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <PageHeading title="User Management">
        <UsersViewsControl />
      </PageHeading>
      <Stack spacing={3}>
        <UserSearchBar />
        <UsersTableSection enabled={ready} />
      </Stack>
    </Container>
  );
}
