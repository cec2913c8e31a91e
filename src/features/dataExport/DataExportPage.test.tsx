import { screen, within } from '@testing-library/react';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import DataExportPage from './DataExportPage';

test("the Full Backup card says what its JSON holds (spec 9's four collections, version 1.0) and what it does not", async () => {
  renderWithProviders(<DataExportPage />, { route: '/data-export', preloadedState: signedInAdminState });
  const card = await screen.findByRole('region', { name: 'Full Backup' });
  expect(within(card).getByText('Users, names, connections and audit logs in one JSON document (version 1.0).')).toBeInTheDocument();
  expect(
    within(card).getByText(
      'It does not hold swipes, connection requests, console actions, import runs, the trash or sign-in accounts: ' +
        'a complete copy of the server database is npm run db:backup.',
    ),
  ).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Create Backup' })).toBeEnabled();
});
