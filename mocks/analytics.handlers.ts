// msw handlers for the analytics calls (spec 7) and /admin/health, answering with the fixtures. name-analytics
// filters by gender and origin like the server, so filter tests see different rows. Tests override single
// routes with server.use(...) to make a call fail.
import { http, HttpResponse } from 'msw';
import type { ApiErrorBody } from '../contract/wire';
import { config } from '../jest/env.mock';
import {
  FIXTURE_USER,
  fixtureDailyActiveUsers,
  fixtureDecisionStats,
  fixtureHealth,
  fixtureMatchConversion,
  fixtureMatches,
  fixtureNameAnalytics,
  fixturePairMatches,
  fixturePopularityTrends,
  fixtureSessions,
  fixtureSwipesOverTime,
  fixtureTopByGender,
  fixtureTopByGenderSwipes,
  fixtureTopByNationality,
  fixtureTopByNationalitySwipes,
  fixtureTopRanked,
  fixtureUserInsights,
  fixtureUserStats,
  fixtureUserSwipes,
} from './analytics.fixtures';

export const analyticsUrl = (path: string) => `${config.apiBaseUrl}/${path}`;

const hasBearer = (request: Request) => /^Bearer \S+$/.test(request.headers.get('Authorization') ?? '');
const unauthorized = () => HttpResponse.json<ApiErrorBody>({ error: 'unauthorized', message: 'Sign in first' }, { status: 401 });
const unknownUser = (id: string) =>
  HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: `User ${id} not found` }, { status: 404 });

/** A JSON answer for an admin request, 401 without a token. */
const answer =
  (body: () => unknown) =>
  ({ request }: { request: Request }) =>
    hasBearer(request) ? HttpResponse.json(body() as object) : unauthorized();

/** A JSON answer for the fixture user only; any other id is unknown (404), as on the server. */
const perUser =
  (body: () => unknown) =>
  ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
    if (!hasBearer(request)) return unauthorized();
    const id = String(params.id);
    return id === FIXTURE_USER.uid ? HttpResponse.json(body() as object) : unknownUser(id);
  };

/** The top-names calls: like counts by default, swipe counts with ?count=swipes, as on the server. */
const countedBy =
  (likes: unknown, swipes: unknown) =>
  ({ request }: { request: Request }) =>
    answer(() => (new URL(request.url).searchParams.get('count') === 'swipes' ? swipes : likes))({ request });

/** An ApiErrorBody failure for server.use(...) overrides. */
export function analyticsFailure(message: string, status = 500) {
  return () => HttpResponse.json<ApiErrorBody>({ error: 'internal', message }, { status });
}

export const analyticsHandlers = [
  http.get(
    analyticsUrl('admin/health'),
    answer(() => fixtureHealth),
  ),
  http.get(
    analyticsUrl('analytics/top-ranked-names'),
    answer(() => fixtureTopRanked),
  ),
  http.get(
    analyticsUrl('analytics/decision-time-stats'),
    answer(() => fixtureDecisionStats),
  ),
  http.get(analyticsUrl('analytics/name-analytics'), ({ request }) => {
    if (!hasBearer(request)) return unauthorized();
    const params = new URL(request.url).searchParams;
    const gender = params.get('gender');
    const origin = params.get('origin');
    const rows = fixtureNameAnalytics.filter((row) => (!gender || row.gender === gender) && (!origin || row.origin === origin));
    return HttpResponse.json(rows.slice(0, Number(params.get('limit') ?? 50)));
  }),
  http.get(
    analyticsUrl('analytics/match-analytics'),
    answer(() => fixtureMatches),
  ),
  http.get(
    analyticsUrl('analytics/match-conversion-rate'),
    answer(() => fixtureMatchConversion),
  ),
  http.get(
    analyticsUrl('analytics/swipes-over-time'),
    answer(() => fixtureSwipesOverTime),
  ),
  http.get(
    analyticsUrl('analytics/daily-active-users'),
    answer(() => fixtureDailyActiveUsers),
  ),
  http.get(
    analyticsUrl('analytics/popularity-trends'),
    answer(() => fixturePopularityTrends),
  ),
  http.get(
    analyticsUrl('analytics/user-stats'),
    answer(() => fixtureUserStats),
  ),
  http.get(analyticsUrl('analytics/top-names-by-gender'), countedBy(fixtureTopByGender, fixtureTopByGenderSwipes)),
  http.get(analyticsUrl('analytics/top-names-by-nationality'), countedBy(fixtureTopByNationality, fixtureTopByNationalitySwipes)),
  http.get(
    analyticsUrl('analytics/user-swipes/:id'),
    perUser(() => fixtureUserSwipes),
  ),
  http.get(
    analyticsUrl('analytics/user-swipe-insights/:id'),
    perUser(() => fixtureUserInsights),
  ),
  http.get(
    analyticsUrl('analytics/swipe-sessions/:id'),
    perUser(() => fixtureSessions),
  ),
  http.get(analyticsUrl('matches/:a/:b'), ({ request, params }) => {
    if (!hasBearer(request)) return unauthorized();
    for (const id of [String(params.a), String(params.b)]) {
      if (id !== FIXTURE_USER.uid && id !== FIXTURE_USER.partner) return unknownUser(id);
    }
    return HttpResponse.json(fixturePairMatches);
  }),
];
