import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { fixtureUserStats } from '../../../../mocks/analytics.fixtures';
import { analyticsFailure, analyticsUrl } from '../../../../mocks/analytics.handlers';
import { renderWithProviders, signedInAdminState } from '../../../../mocks/renderWithProviders';
import { server } from '../../../../mocks/server';
import UserAnalyticsPage from './UserAnalyticsPage';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 10_000 });

const renderPage = () => renderWithProviders(<UserAnalyticsPage />, { route: '/user-analytics', preloadedState: signedInAdminState });
const card = (name: string) => screen.getByRole('region', { name });

describe('UserAnalyticsPage', () => {
  it('shows the eight user figures with separators, one decimal and a percent', async () => {
    renderPage();
    expect(await within(card('Total swipes')).findByText('1,234,567')).toBeInTheDocument();
    expect(within(card('Unique users')).getByText('1,250')).toBeInTheDocument();
    expect(within(card('Total names')).getByText('98,765')).toBeInTheDocument();
    expect(within(card('Average swipes per user')).getByText('987.7')).toBeInTheDocument();
    expect(within(card('Total likes')).getByText('740,740')).toBeInTheDocument();
    expect(within(card('Total dislikes')).getByText('493,827')).toBeInTheDocument();
    expect(within(card('Total connections')).getByText('321')).toBeInTheDocument();
    expect(within(card('Like rate')).getByText('60.0%')).toBeInTheDocument();
    expect(document.title).toMatch(/^User Analytics/);
  });

  it('lists the top names of each gender and nationality with their like counts', async () => {
    renderPage();
    const female = await screen.findByRole('list', { name: 'Top names, female' });
    const items = within(female).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1.Aoife1,200');
    expect(items[1]).toHaveTextContent('2.Freya800');
    expect(screen.getByRole('list', { name: 'Top names, male' })).toHaveTextContent('Oliver');
    // Nationalities with the most likes come first: irish (1,900), english (600), german (450).
    const nationalitySection = card('Top 10 names by nationality');
    const headings = within(nationalitySection)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Irish', 'English', 'German']);
  });

  it("says 'Failed to load analytics data. Please try again later.' when the user stats fail, and Retry recovers", async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      http.get(analyticsUrl('analytics/user-stats'), () =>
        fail ? HttpResponse.json({ error: 'internal', message: 'boom' }, { status: 500 }) : HttpResponse.json(fixtureUserStats),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load analytics data. Please try again later.');
    // The top-10 lists that did load stay.
    expect(await screen.findByRole('list', { name: 'Top names, female' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(card('Total swipes')).findByText('1,234,567')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load analytics data. Please try again later.')).not.toBeInTheDocument();
  });

  it("says 'Failed to load analytics.' on a top-10 section whose call failed, beside the figures that loaded", async () => {
    server.use(http.get(analyticsUrl('analytics/top-names-by-nationality'), analyticsFailure('timeout')));
    renderPage();
    const section = card('Top 10 names by nationality');
    expect(await within(section).findByText('Failed to load analytics.')).toBeInTheDocument();
    // The failure, not an empty state: "No likes yet." under it would read as no data.
    expect(within(section).queryByText('No likes yet.')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Retry top names by nationality' })).toBeInTheDocument();
    expect(await within(card('Total swipes')).findByText('1,234,567')).toBeInTheDocument();
    expect(within(card('Top 10 names by gender')).queryByText('Failed to load analytics.')).not.toBeInTheDocument();
  });
});
