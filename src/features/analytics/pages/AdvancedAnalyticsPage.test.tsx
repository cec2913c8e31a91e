import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { FIXTURE_USER } from '../../../../mocks/analytics.fixtures';
import { analyticsFailure, analyticsUrl } from '../../../../mocks/analytics.handlers';
import { makeUserRecord } from '../../../../mocks/fakeBackend';
import { renderWithProviders, signedInAdminState } from '../../../../mocks/renderWithProviders';
import { server } from '../../../../mocks/server';
import AdvancedAnalyticsPage from './AdvancedAnalyticsPage';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

function renderPage(route = '/advanced-analytics') {
  const result = renderWithProviders(<AdvancedAnalyticsPage />, { route, preloadedState: signedInAdminState });
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
  result.backend.records.set(
    FIXTURE_USER.partner,
    makeUserRecord({ uid: FIXTURE_USER.partner, email: 'ben@example.com', displayName: 'Ben Partner', connectedUserId: FIXTURE_USER.uid }),
  );
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

    // Spec 2: Advanced Analytics counts the top names in SWIPES (the like counts are User Analytics').
    const female = within(region('Top names per gender')).getByRole('list', { name: 'Top names, female' });
    expect(within(female).getAllByRole('listitem')[0]).toHaveTextContent('1.Aoife1,500');
    expect(within(female).getByLabelText('1,500 swipes')).toBeInTheDocument();
    expect(within(region('Top names per nationality')).getByLabelText('1,000 swipes')).toBeInTheDocument();
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

    expect(await screen.findByRole('heading', { name: `Matches with Ben Partner ${FIXTURE_USER.partner}` })).toBeInTheDocument();
    const matches = screen.getByRole('grid', { name: 'Matches with partner' });
    await waitFor(() => expect(within(matches).getByText('1 h 0 min')).toBeInTheDocument());
  });

  it("a shared lookup link scrolls to its result; the partner's id links to the partner's own lookup", async () => {
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const user = userEvent.setup();
    const { router } = renderPage(`/advanced-analytics?user=${FIXTURE_USER.uid}`);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const lookupSection = () => screen.getByRole('region', { name: 'Look up a user' });
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(scrolled.mock.contexts[0]).toBe(lookupSection().parentElement);
    expect(scrolled.mock.calls[0][0]).toEqual({ block: 'start' });

    // The partner, by name, in the summary line and above the pair's matches; both link to their lookup.
    const partnerLinks = await screen.findAllByRole('link', { name: `Ben Partner ${FIXTURE_USER.partner}` });
    expect(partnerLinks).toHaveLength(2);
    for (const link of partnerLinks) expect(link).toHaveAttribute('href', `/advanced-analytics?user=${FIXTURE_USER.partner}`);
    await user.click(partnerLinks[0]);
    expect(router.state.location.search).toBe(`?user=${FIXTURE_USER.partner}`);
    expect(await screen.findByRole('heading', { name: 'Ben Partner' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email or user ID' })).toHaveValue(FIXTURE_USER.partner);
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(2));
    scrolled.mockRestore();
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

  it('rounds a percent once, from the counts: 6 of 11 fast is 54.5 %, 2 of 52 likes 3.8 %', async () => {
    // The ratios as the API rounded them to 4 decimals once; a second rounding gave 54.6 % and 3.9 %.
    server.use(
      http.get(analyticsUrl('analytics/decision-time-stats'), () =>
        HttpResponse.json({
          avg_decision_time: 2300,
          fast_decision_ratio: 0.5455,
          slow_decision_ratio: 0.1818,
          total_decisions: 11,
          fast_decisions: 6,
          slow_decisions: 2,
          avg_like_decision_time: 1900,
          avg_dislike_decision_time: 2800,
        }),
      ),
      http.get(analyticsUrl('analytics/user-stats'), () =>
        HttpResponse.json({
          uniqueUsers: 3,
          totalNames: 10,
          totalSwipes: 52,
          averageSwipesPerUser: 17.33,
          totalLikes: 2,
          totalDislikes: 50,
          totalConnections: 1,
          likeRate: 0.0385,
        }),
      ),
    );
    renderPage();
    expect(await within(region('Average decision time')).findByText('54.5% under 2 s')).toBeInTheDocument();
    expect(await within(region('Like rate')).findByText('3.8%')).toBeInTheDocument();
  });

  it('a failed top-10 shows its own failure with Retry and never "No swipes yet."; Retry loads it', async () => {
    let fail = true;
    server.use(
      http.get(analyticsUrl('analytics/top-names-by-gender'), () =>
        fail
          ? HttpResponse.json({ error: 'internal', message: 'gender query failed' }, { status: 500 })
          : HttpResponse.json({ male: [['Oliver', 900]] }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const section = region('Top names per gender');
    expect(await within(section).findByText(/Top names per gender could not be loaded: gender query failed/)).toBeInTheDocument();
    expect(within(section).queryByText('No swipes yet.')).not.toBeInTheDocument();
    expect(within(section).queryByText('No likes yet.')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry Top names per gender' }));
    expect(await within(section).findByRole('list', { name: 'Top names, male' })).toHaveTextContent('Oliver');
  });

  it('insights never say "Not enough data" when the figures they read failed', async () => {
    const failing = ['user-stats', 'decision-time-stats', 'match-conversion-rate', 'popularity-trends', 'top-ranked-names'];
    server.use(...failing.map((path) => http.get(analyticsUrl(`analytics/${path}`), analyticsFailure('database unavailable', 503))));
    renderPage();
    const insights = region('Insights');
    expect(await within(insights).findByText(/Insights could not be loaded/)).toBeInTheDocument();
    expect(within(insights).getByRole('button', { name: 'Retry Insights' })).toBeInTheDocument();
    expect(screen.queryByText('Not enough data for insights yet.')).not.toBeInTheDocument();
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
