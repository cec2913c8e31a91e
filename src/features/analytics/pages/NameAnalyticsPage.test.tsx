import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { fixtureHealth } from '../../../../mocks/analytics.fixtures';
import { analyticsFailure, analyticsUrl } from '../../../../mocks/analytics.handlers';
import { makeUserRecord } from '../../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../../mocks/renderWithProviders';
import { server } from '../../../../mocks/server';
import NameAnalyticsPage from './NameAnalyticsPage';

jest.mock('../charts/AnalyticsCharts', () => jest.requireActual('../testing/chartStub'));
// Three data grids on one page: generous limits so a busy machine does not fail the test.
jest.setTimeout(90_000);
configure({ asyncUtilTimeout: 10_000 });

function renderPage(route = '/analytics') {
  return renderWithProviders(<NameAnalyticsPage />, { route, preloadedState: signedInAdminState });
}

const section = (name: string) => screen.getByRole('region', { name });
const grid = (name: string) => screen.getByRole('grid', { name });

describe('NameAnalyticsPage', () => {
  it('shows decision times in seconds, ratios as percents and the three tables', async () => {
    renderPage();
    const ranked = await waitFor(() => {
      const table = grid('Top ranked names');
      expect(within(table).getByText('Aoife')).toBeInTheDocument();
      return table;
    });
    // Aoife: 1,500 swipes, like ratio 0.8, avg decision 1,234 ms, match rate 0.075
    const aoife = within(ranked).getByText('Aoife').closest('[role="row"]') as HTMLElement;
    expect(within(aoife).getByText('1,500')).toBeInTheDocument();
    expect(within(aoife).getByText('80.0%')).toBeInTheDocument();
    expect(within(aoife).getByText('1.2 s')).toBeInTheDocument();
    expect(within(aoife).getByText('7.5%')).toBeInTheDocument();
    expect(within(aoife).getByText('72.35')).toBeInTheDocument();

    expect(await within(section('Average decision time')).findByText('2.3 s')).toBeInTheDocument();
    expect(within(section('Average decision time')).getByText('Likes 1.9 s · dislikes 2.8 s')).toBeInTheDocument();
    expect(within(section('Fast decisions (< 2 s)')).getByText('41.2%')).toBeInTheDocument();
    expect(within(section('Slow decisions (> 5 s)')).getByText('15.6%')).toBeInTheDocument();
    expect(within(section('Timed decisions')).getByText('56,000')).toBeInTheDocument();

    const matches = await waitFor(() => {
      const table = grid('Recent matches');
      expect(within(table).getByText('1 d 0 h')).toBeInTheDocument();
      return table;
    });
    expect(within(matches).queryByText('user-a · user-b')).not.toBeInTheDocument();
    expect(within(grid('Detailed name analytics')).getByText('Camille')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Name Analytics/);
    // The charts get the API's series: swipes and likes per day, and like ratio per origin, highest first.
    expect(await screen.findByRole('img', { name: 'Swipes and likes per day' })).toHaveTextContent('Swipes: 100,110,120,130,140,150,160');
    expect(screen.getByRole('img', { name: 'Like ratio by origin' })).toHaveTextContent('Irish 0.7, English 0.5, German 0.3');
    expect(screen.getByRole('img', { name: 'Daily active users' })).toHaveTextContent('Active users: 20,21,22,23,24,25,26');
  });

  it("shows each partner of a recent match by name beside the id, linking to that user's analytics", async () => {
    const { backend } = renderPage();
    backend.records.set('user-a', makeUserRecord({ uid: 'user-a', email: 'ada@example.com', displayName: 'Ada Lovelace' }));
    backend.records.set('user-b', makeUserRecord({ uid: 'user-b', email: 'ben@example.com' }));
    const matches = await waitFor(() => {
      const table = grid('Recent matches');
      expect(within(table).getByText('Aoife')).toBeInTheDocument();
      return table;
    });
    expect(await within(matches).findByRole('link', { name: 'Ada Lovelace user-a' })).toHaveAttribute(
      'href',
      '/advanced-analytics?user=user-a',
    );
    expect(await within(matches).findByRole('link', { name: 'ben@example.com user-b' })).toHaveAttribute(
      'href',
      '/advanced-analytics?user=user-b',
    );
  });

  it('filters detailed name analytics by gender and origin and writes both into the address', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    const details = () => grid('Detailed name analytics');
    await waitFor(() => expect(within(details()).getByText('Oliver')).toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: 'Gender' }));
    await user.click(screen.getByRole('option', { name: 'Female' }));
    await waitFor(() => expect(within(details()).queryByText('Oliver')).not.toBeInTheDocument());
    expect(within(details()).getByText('Aoife')).toBeInTheDocument();
    expect(within(details()).getByText('Freya')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?gender=female');

    await user.click(screen.getByRole('combobox', { name: 'Origin' }));
    await user.click(screen.getByRole('option', { name: 'Scandinavian' }));
    await waitFor(() => expect(within(details()).queryByText('Aoife')).not.toBeInTheDocument());
    expect(within(details()).getByText('Freya')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?gender=female&origin=scandinavian');
    // The ranking is over all names: the filters do not touch it.
    expect(within(grid('Top ranked names')).getByText('Oliver')).toBeInTheDocument();
  });

  it('opens with the filters of a shared link', async () => {
    renderPage('/analytics?origin=german');
    await waitFor(() => expect(within(grid('Detailed name analytics')).getByText('Lukas')).toBeInTheDocument());
    expect(within(grid('Detailed name analytics')).queryByText('Aoife')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Origin' })).toHaveTextContent('German');
  });

  it('says the analytics tables are missing when health lists none, and Retry loads the page once they exist', async () => {
    const user = userEvent.setup();
    let tablesExist = false;
    server.use(
      http.get(analyticsUrl('admin/health'), () =>
        HttpResponse.json(
          tablesExist ? fixtureHealth : { ...fixtureHealth, tables: ['names', 'users'], analytics_tables: [], table_counts: {} },
        ),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Analytics tables not found. Available tables: names, users');

    tablesExist = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(within(grid('Top ranked names')).getByText('Aoife')).toBeInTheDocument();
  });

  it('says none when the database has no tables at all', async () => {
    server.use(
      http.get(analyticsUrl('admin/health'), () =>
        HttpResponse.json({ ...fixtureHealth, tables: [], analytics_tables: [], table_counts: {} }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Analytics tables not found. Available tables: none');
  });

  it('reports other failures as unable to fetch, with the reason', async () => {
    server.use(http.get(analyticsUrl('admin/health'), analyticsFailure('connection refused', 503)));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch analytics data: connection refused');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows one failed call as the failure of its section with Retry instead of an empty table', async () => {
    server.use(http.get(analyticsUrl('analytics/top-ranked-names'), analyticsFailure('ranking query timed out')));
    renderPage();
    expect(
      await within(section('Top ranked names')).findByText('Top ranked names could not be loaded: ranking query timed out'),
    ).toBeInTheDocument();
    expect(within(section('Top ranked names')).queryByRole('grid')).not.toBeInTheDocument();
    expect(within(section('Top ranked names')).getByRole('button', { name: 'Retry Top ranked names' })).toBeInTheDocument();
    // The other tables still show their data, and there is no page-level error.
    await waitFor(() => expect(within(grid('Recent matches')).getByText('Aoife')).toBeInTheDocument());
    expect(screen.queryByText(/Unable to fetch analytics data/)).not.toBeInTheDocument();
  });

  it('shows the system health debug block with the table counts', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /System health/ }));
    const counts = await screen.findByRole('table', { name: 'table_counts' });
    expect(within(counts).getByText('56,789')).toBeInTheDocument();
    expect(screen.getByText('analytics_tables (2)')).toBeInTheDocument();
  });
});
