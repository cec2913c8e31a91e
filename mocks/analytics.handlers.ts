// msw handlers for the analytics calls (spec 7) and /admin/health, answering with the fixtures. name-analytics
// filters by gender and origin like the server, so filter tests see different rows. Tests override single
// routes with server.use(...) to make a call fail.
import { http, HttpResponse } from 'msw';
import type { Endpoint } from '../contract/endpoints';
import type { ApiErrorBody } from '../contract/schemas/parts';
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
import { checkedRequest, type CheckedRequest } from './contract';

export const analyticsUrl = (path: string) => `${config.apiBaseUrl}/${path}`;

const hasBearer = (request: Request) => /^Bearer \S+$/.test(request.headers.get('Authorization') ?? '');
const unauthorized = () => HttpResponse.json<ApiErrorBody>({ error: 'unauthorized', message: 'Sign in first' }, { status: 401 });
const unknownUser = (id: string) =>
  HttpResponse.json<ApiErrorBody>({ error: 'not_found', message: `User ${id} not found` }, { status: 404 });

type Resolver = (info: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => Promise<Response>;

/**
 * An admin request's answer: 401 without a token (the guard runs first, as on the server), then the
 * endpoint's schema (the server's 400), then `body` with the checked request.
 */
const answer =
  <E extends Endpoint>(endpoint: E, body: (checked: CheckedRequest<E>) => unknown): Resolver =>
  async ({ request, params }) => {
    if (!hasBearer(request)) return unauthorized();
    const checked = await checkedRequest(endpoint, { request, params });
    if (checked instanceof Response) return checked;
    const result = body(checked);
    return result instanceof Response ? result : HttpResponse.json(result as object);
  };

/** The fixture user's answer; any other id is unknown (404), as on the server. */
const perUser = <E extends Endpoint>(endpoint: E, body: () => unknown): Resolver =>
  answer(endpoint, ({ params }) => {
    const id = String((params as { id: string }).id);
    return id === FIXTURE_USER.uid ? body() : unknownUser(id);
  });

/** An ApiErrorBody failure for server.use(...) overrides. */
export function analyticsFailure(message: string, status = 500) {
  return () => HttpResponse.json<ApiErrorBody>({ error: 'internal', message }, { status });
}

export const analyticsHandlers = [
  http.get(
    analyticsUrl('admin/health'),
    answer('GET /api/admin/health', () => fixtureHealth),
  ),
  http.get(
    analyticsUrl('analytics/top-ranked-names'),
    answer('GET /api/analytics/top-ranked-names', () => fixtureTopRanked),
  ),
  http.get(
    analyticsUrl('analytics/decision-time-stats'),
    answer('GET /api/analytics/decision-time-stats', () => fixtureDecisionStats),
  ),
  http.get(
    analyticsUrl('analytics/name-analytics'),
    answer('GET /api/analytics/name-analytics', ({ query }) => {
      // 'all' or absent: no filter, matched case-insensitively (as on the server).
      const gender = query.gender?.toLowerCase() ?? 'all';
      const origin = query.origin?.toLowerCase() ?? 'all';
      return fixtureNameAnalytics
        .filter((row) => (gender === 'all' || row.gender === gender) && (origin === 'all' || row.origin === origin))
        .slice(0, query.limit);
    }),
  ),
  http.get(
    analyticsUrl('analytics/match-analytics'),
    answer('GET /api/analytics/match-analytics', () => fixtureMatches),
  ),
  http.get(
    analyticsUrl('analytics/match-conversion-rate'),
    answer('GET /api/analytics/match-conversion-rate', () => fixtureMatchConversion),
  ),
  http.get(
    analyticsUrl('analytics/swipes-over-time'),
    answer('GET /api/analytics/swipes-over-time', () => fixtureSwipesOverTime),
  ),
  http.get(
    analyticsUrl('analytics/daily-active-users'),
    answer('GET /api/analytics/daily-active-users', () => fixtureDailyActiveUsers),
  ),
  http.get(
    analyticsUrl('analytics/popularity-trends'),
    answer('GET /api/analytics/popularity-trends', () => fixturePopularityTrends),
  ),
  http.get(
    analyticsUrl('analytics/user-stats'),
    answer('GET /api/analytics/user-stats', () => fixtureUserStats),
  ),
  http.get(
    analyticsUrl('analytics/top-names-by-gender'),
    answer('GET /api/analytics/top-names-by-gender', ({ query }) =>
      query.count === 'swipes' ? fixtureTopByGenderSwipes : fixtureTopByGender,
    ),
  ),
  http.get(
    analyticsUrl('analytics/top-names-by-nationality'),
    answer('GET /api/analytics/top-names-by-nationality', ({ query }) =>
      query.count === 'swipes' ? fixtureTopByNationalitySwipes : fixtureTopByNationality,
    ),
  ),
  http.get(
    analyticsUrl('analytics/user-swipes/:id'),
    perUser('GET /api/analytics/user-swipes/:id', () => fixtureUserSwipes),
  ),
  http.get(
    analyticsUrl('analytics/user-swipe-insights/:id'),
    perUser('GET /api/analytics/user-swipe-insights/:id', () => fixtureUserInsights),
  ),
  http.get(
    analyticsUrl('analytics/swipe-sessions/:id'),
    perUser('GET /api/analytics/swipe-sessions/:id', () => fixtureSessions),
  ),
  http.get(
    analyticsUrl('matches/:a/:b'),
    answer('GET /api/matches/:a/:b', ({ params }) => {
      for (const id of [params.a, params.b]) {
        if (id !== FIXTURE_USER.uid && id !== FIXTURE_USER.partner) return unknownUser(id);
      }
      return fixturePairMatches;
    }),
  ),
];
