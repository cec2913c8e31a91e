import { waitFor } from '@testing-library/react';
import { renderRoutes, signedInAdminState } from '../../mocks/renderWithProviders';
import { routes } from './routes';

// Every page names itself in the browser tab (and so in the history list).
jest.setTimeout(60_000);

it.each([
  ['/dashboard', 'Dashboard · Baby Names Admin Console'],
  ['/manage-names', 'Manage Names · Baby Names Admin Console'],
  ['/bulk-upload', 'Bulk Upload · Baby Names Admin Console'],
  ['/api-reference', 'API Reference · Baby Names Admin Console'],
])('%s sets the document title', async (route, title) => {
  document.title = '';
  renderRoutes(routes, { route, preloadedState: signedInAdminState });
  await waitFor(() => expect(document.title).toBe(title), { timeout: 20_000 });
});

it('/login sets the document title', async () => {
  document.title = '';
  renderRoutes(routes, { route: '/login' });
  await waitFor(() => expect(document.title).toBe('Admin Login · Baby Names Admin Console'), { timeout: 20_000 });
});
