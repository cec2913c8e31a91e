import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { apiUrl, fixtureLiveCounts, fixtureSwipeStats } from '../../../mocks/dashboard.handlers';
import { config } from '../../../jest/env.mock';
import { createFakeBackend, makeUserRecord } from '../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../mocks/renderWithProviders';
import { server } from '../../../mocks/server';
import { api } from '../../api/apiSlice';
import { adminPages } from '../../app/adminPages';
import { AppProviders } from '../../app/AppProviders';
import { makeStore } from '../../app/store';
import { createLocalBackend } from '../../backend/local/localBackend';
import { formatCount } from '../../lib/format';
import DashboardPage from './DashboardPage';
import * as adminModules from '../../app/adminModules';

function signedInBackend() {
  const account = { uid: 'admin-1', email: 'admin@example.com', displayName: 'Demo Admin' };
  const backend = createFakeBackend({ signedIn: account });
  backend.records.set('admin-1', makeUserRecord({ ...account, isAdmin: true }));
  backend.setUserCount(312);
  backend.setAcceptedConnectionCount(41);
  backend.documentCounts = { names: 1200, swipes: 54321 };
  return backend;
}

const card = (title: string) => screen.getByRole('region', { name: title });

/** Waits for /swipes/stats to land, so no update arrives after the test has ended. */
const settled = () => within(card('Total Names')).findByText('1,234');

function renderDashboard(backend = signedInBackend()) {
  return renderWithProviders(<DashboardPage />, { route: '/dashboard', preloadedState: signedInAdminState, backend });
}

describe('DashboardPage', () => {
  it('shows the four figures: users and connections live, names and swipes from /swipes/stats', async () => {
    const { backend } = renderDashboard();
    await waitFor(() => expect(within(card('Total Names')).getByText('1,234')).toBeInTheDocument());
    expect(within(card('Total Swipes')).getByText('56,789')).toBeInTheDocument();
    expect(within(card('Total Users')).getByText('312')).toBeInTheDocument();
    expect(within(card('Connections')).getByText('41')).toBeInTheDocument();
    expect(screen.queryByText(/Document counts/)).not.toBeInTheDocument();
    // The figures are the ones /swipes/stats served, not the document counts the page falls back to.
    expect(within(card('Total Names')).getByText(formatCount(fixtureSwipeStats.totalNames))).toBeInTheDocument();
    expect(within(card('Total Swipes')).getByText(formatCount(fixtureSwipeStats.totalSwipes))).toBeInTheDocument();
    expect(within(card('Total Names')).queryByText(formatCount(backend.documentCounts.names))).not.toBeInTheDocument();
    expect(within(card('Total Swipes')).queryByText(formatCount(backend.documentCounts.swipes))).not.toBeInTheDocument();
  });

  it('updates Total Users and Connections when the backend emits new counts', async () => {
    const backend = signedInBackend();
    renderDashboard(backend);
    expect(await within(card('Total Users')).findByText('312')).toBeInTheDocument();
    // RTK batches cache-update notifications to the next frame, hence findBy.
    act(() => backend.setUserCount(2500));
    expect(await within(card('Total Users')).findByText('2,500')).toBeInTheDocument();
    act(() => backend.setAcceptedConnectionCount(42));
    expect(await within(card('Connections')).findByText('42')).toBeInTheDocument();
  });

  it('falls back to document counts when /swipes/stats fails, and says so', async () => {
    server.use(
      http.get(apiUrl('swipes/stats'), () => HttpResponse.json({ error: 'internal', message: 'Analytics database down' }, { status: 500 })),
    );
    renderDashboard();
    await waitFor(() => expect(within(card('Total Names')).getByText('1,200')).toBeInTheDocument());
    expect(within(card('Total Swipes')).getByText('54,321')).toBeInTheDocument();
    expect(within(card('Total Names')).getByText('Document counts (API unavailable: Analytics database down)')).toBeInTheDocument();
  });

  it('shows a reason when both the API and the document counts fail', async () => {
    server.use(http.get(apiUrl('swipes/stats'), () => HttpResponse.error()));
    const backend = signedInBackend();
    backend.liveCounts.countNames = () => Promise.reject(new Error('permission denied'));
    renderDashboard(backend);
    expect(
      await within(card('Total Names')).findByText(
        // The network failure's reason is the one HTTP client's (src/api/http.ts), with the browser's own message.
        'Could not load: Could not reach the server (Failed to fetch). Document counts failed too: permission denied',
      ),
    ).toBeInTheDocument();
  });

  it('shows a live listener error on its card', async () => {
    const backend = signedInBackend();
    backend.liveCounts.watchUserCount = (_onCount, onError) => {
      onError('Live counts unavailable (offline). Retrying...');
      return () => {};
    };
    renderDashboard(backend);
    expect(await within(card('Total Users')).findByText('Live counts unavailable (offline). Retrying...')).toBeInTheDocument();
  });

  it('shows loading skeletons until the figures arrive', async () => {
    const backend = signedInBackend();
    backend.liveCounts.watchAcceptedConnectionCount = () => () => {};
    renderDashboard(backend);
    expect(screen.getByLabelText('Loading Connections')).toBeInTheDocument();
    await settled();
  });

  it('links to every section', async () => {
    renderDashboard();
    const sections = within(screen.getByRole('navigation', { name: 'Sections' }));
    for (const page of adminPages.filter((p) => p.path !== '/dashboard')) {
      expect(sections.getByRole('link', { name: new RegExp(`^${page.label}`) })).toHaveAttribute('href', page.path);
    }
    await settled();
  });

  it('unsubscribes the live listeners when the cache entry goes away', async () => {
    const backend = signedInBackend();
    const stopUsers = jest.fn();
    const watch = backend.liveCounts.watchUserCount;
    backend.liveCounts.watchUserCount = (onCount, onError) => {
      const stop = watch(onCount, onError);
      return () => {
        stopUsers();
        stop();
      };
    };
    const { store, unmount } = renderDashboard(backend);
    await within(card('Total Users')).findByText('312');
    unmount();
    act(() => {
      store.dispatch(api.util.resetApiState());
    });
    await waitFor(() => expect(stopUsers).toHaveBeenCalledTimes(1));
  });
});

describe('DashboardPage on the local adapter (msw answering like the reference backend)', () => {
  it('reads live counts over SSE and totals over /swipes/stats with the stored session', async () => {
    window.localStorage.clear();
    const backend = createLocalBackend(config);
    await backend.auth.signIn('admin@babynames.test', 'admin-demo-password');
    const store = makeStore({ backend, runSagas: false, admin: adminModules });
    const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], { initialEntries: ['/dashboard'] });
    const { unmount } = render(
      <Provider store={store}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </Provider>,
    );
    expect(await within(card('Total Users')).findByText(formatCount(fixtureLiveCounts.users))).toBeInTheDocument();
    expect(within(card('Connections')).getByText(formatCount(fixtureLiveCounts.acceptedConnections))).toBeInTheDocument();
    expect(await within(card('Total Names')).findByText('1,234')).toBeInTheDocument();
    unmount();
    act(() => {
      store.dispatch(api.util.resetApiState()); // closes the stream
    });
    await backend.auth.signOut();
  });
});
