import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { FIXTURE_USER } from '../../../../mocks/analytics.fixtures';
import { analyticsFailure, analyticsUrl } from '../../../../mocks/analytics.handlers';
import { makeUserRecord } from '../../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../../mocks/renderWithProviders';
import { server } from '../../../../mocks/server';
import AdvancedAnalyticsPage from './AdvancedAnalyticsPage';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

function renderPage() {
  const result = renderWithProviders(<AdvancedAnalyticsPage />, { route: '/advanced-analytics', preloadedState: signedInAdminState });
  result.backend.records.set(
    FIXTURE_USER.uid,
    makeUserRecord({
      uid: FIXTURE_USER.uid,
      email: FIXTURE_USER.email,
      displayName: 'Ada Lovelace',
      connectedUserId: FIXTURE_USER.partner,
    }),
  );
  result.backend.records.set('user-c', makeUserRecord({ uid: 'user-c', email: 'adam@example.com', displayName: 'Adam' }));
  return result;
}

const region = (name: string, index = 0) => screen.getAllByRole('region', { name })[index];

describe('AdvancedAnalyticsPage', () => {
  it('shows summary cards, insights written from the figures, and the top names per gender and nationality', async () => {
    renderPage();
    expect(await within(region('Total swipes')).findByText('1,234,567')).toBeInTheDocument();
    expect(within(region('Like rate')).getByText('60.0%')).toBeInTheDocument();
    expect(await within(region('Average decision time')).findByText('2.3 s')).toBeInTheDocument();
    expect(await within(region('Couples with a match')).findByText('75.0%')).toBeInTheDocument();
    expect(within(region('Matches per couple')).getByText('3.0')).toBeInTheDocument();

    const insights = await screen.findByRole('list', { name: 'Insights' });
    await waitFor(() => expect(within(insights).getAllByRole('listitem')).toHaveLength(6));
    expect(insights).toHaveTextContent(
      'Irish names are liked most: 70.0% of their swipes in the last 30 days were likes, against 30.0% for German names, the least liked.',
    );
    expect(insights).toHaveTextContent('Likes come faster than dislikes: 1.9 s against 2.8 s on average.');

    const female = within(region('Top names per gender')).getByRole('list', { name: 'Top names, female' });
    expect(within(female).getAllByRole('listitem')[0]).toHaveTextContent('1.Aoife1,200');
    expect(within(region('Top names per nationality')).getByRole('list', { name: 'Top names, irish' })).toHaveTextContent('Saoirse');
    expect(document.title).toMatch(/^Advanced Analytics/);
  });

  it('looks a user up by email and shows their insights, swipes, sessions and matches with the partner', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Email or user ID' }), 'ADA@example.com');
    await user.click(screen.getByRole('button', { name: 'Look up' }));

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?user=ADA%40example.com');
    expect(await within(region('Total swipes', 1)).findByText('1,523')).toBeInTheDocument();
    expect(within(region('Like ratio')).getByText('59.1%')).toBeInTheDocument();
    expect(within(region('Swipe sessions')).getByText('60')).toBeInTheDocument();
    expect(within(region('Matches')).getByText('17')).toBeInTheDocument();

    const swipes = await screen.findByRole('grid', { name: 'Latest swipes' });
    await waitFor(() => expect(within(swipes).getByText('Lukas')).toBeInTheDocument());
    const lukas = within(swipes).getByText('Lukas').closest('[role="row"]') as HTMLElement;
    expect(within(lukas).getByText('6.1 s')).toBeInTheDocument();
    expect(within(lukas).getByText('slow')).toBeInTheDocument();
    expect(within(lukas).getByText('Dislike')).toBeInTheDocument();

    const sessions = screen.getByRole('grid', { name: 'Swipe sessions' });
    await waitFor(() => expect(within(sessions).getByText('29 min 0 s')).toBeInTheDocument());

    expect(screen.getByRole('heading', { name: `Matches with ${FIXTURE_USER.partner}` })).toBeInTheDocument();
    const matches = screen.getByRole('grid', { name: 'Matches with partner' });
    await waitFor(() => expect(within(matches).getByText('1 h 0 min')).toBeInTheDocument());
  });

  it('offers near matches when the text names nobody exactly, and says when nobody matches', async () => {
    const user = userEvent.setup();
    renderPage();
    const input = screen.getByRole('textbox', { name: 'Email or user ID' });
    await user.type(input, 'ada');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const candidates = await screen.findByRole('list', { name: 'Matching users' });
    expect(within(candidates).getAllByRole('button')).toHaveLength(2);
    await user.click(within(candidates).getByRole('button', { name: /adam@example.com/ }));
    expect(await screen.findByRole('heading', { name: 'Adam' })).toBeInTheDocument();
    // user-c has no analytics on the server (404): said in place.
    expect(await screen.findByText(/Swipe insights could not be loaded: User user-c not found/)).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('No user found for “nobody@example.com”.')).toBeInTheDocument();
  });

  it('says which figures failed and keeps the rest', async () => {
    server.use(http.get(analyticsUrl('analytics/match-conversion-rate'), analyticsFailure('conversion query failed')));
    renderPage();
    expect(
      await screen.findByText(/Some figures could not be loaded and show as empty: match conversion \(conversion query failed\)/),
    ).toBeInTheDocument();
    expect(await within(region('Total swipes')).findByText('1,234,567')).toBeInTheDocument();
    expect(within(region('Couples with a match')).getByText('—')).toBeInTheDocument();
  });
});
