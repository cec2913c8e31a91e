// The analytics API (spec 7): every GET /analytics/* call and GET /matches/{a}/{b}, registered
// by app.ts inside the admin-guarded /api scope. Reads come from the analytics_* summaries (migration 030).
// Inputs are checked by their schemas in contract/endpoints.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ANALYTICS_DEFAULTS } from '../../../contract/analytics';
import { ENDPOINTS } from '../../../contract/endpoints';
import { echo } from '../../../contract/textRules';
import { dayRange, gender, origin, trendWindow } from '../analytics/filters';
import { nameAnalytics, topNamesByGender, topNamesByNationality, topRankedNames } from '../analytics/nameAnalytics';
import {
  matchAnalytics,
  matchConversionRate,
  dailyActiveUsers,
  decisionTimeStats,
  popularityTrends,
  swipesOverTime,
  userStats,
} from '../analytics/totals';
import { existingUsers, pairMatches, swipeSessions, userSwipeInsights, userSwipes } from '../analytics/userAnalytics';
import type { Db } from '../db/types';
import { badRequest, notFound } from '../http/errors';

const unknownUser = (id: string) => notFound(`No user with id ${echo(id)}`);

/** A per-user result, or the 404 when the user does not exist. */
function found<T>(value: T | null, id: string): T {
  if (value === null) throw unknownUser(id);
  return value;
}

export interface AnalyticsRoutesOptions {
  db: Db;
  /** The clock the default date ranges are counted from (tests pin it). */
  now?: () => Date;
}

export const analyticsRoutes: FastifyPluginAsyncTypebox<AnalyticsRoutesOptions> = async (app, { db, now = () => new Date() }) => {
  app.get('/analytics/top-names-by-gender', { schema: ENDPOINTS['GET /api/analytics/top-names-by-gender'] }, async (request) =>
    topNamesByGender(db, request.query.count),
  );
  app.get('/analytics/top-names-by-nationality', { schema: ENDPOINTS['GET /api/analytics/top-names-by-nationality'] }, async (request) =>
    topNamesByNationality(db, request.query.count),
  );
  app.get('/analytics/user-stats', { schema: ENDPOINTS['GET /api/analytics/user-stats'] }, async () => userStats(db));
  app.get('/analytics/decision-time-stats', { schema: ENDPOINTS['GET /api/analytics/decision-time-stats'] }, async () =>
    decisionTimeStats(db),
  );
  app.get('/analytics/match-conversion-rate', { schema: ENDPOINTS['GET /api/analytics/match-conversion-rate'] }, async () =>
    matchConversionRate(db),
  );

  app.get('/analytics/name-analytics', { schema: ENDPOINTS['GET /api/analytics/name-analytics'] }, async ({ query }) =>
    nameAnalytics(db, {
      limit: query.limit ?? ANALYTICS_DEFAULTS.nameAnalyticsLimit,
      gender: gender(query.gender),
      origin: origin(query.origin),
    }),
  );
  app.get('/analytics/top-ranked-names', { schema: ENDPOINTS['GET /api/analytics/top-ranked-names'] }, async ({ query }) =>
    topRankedNames(db, query.limit ?? ANALYTICS_DEFAULTS.topRankedLimit),
  );
  app.get('/analytics/match-analytics', { schema: ENDPOINTS['GET /api/analytics/match-analytics'] }, async ({ query }) =>
    matchAnalytics(db, query.limit ?? ANALYTICS_DEFAULTS.matchAnalyticsLimit),
  );
  app.get('/analytics/daily-active-users', { schema: ENDPOINTS['GET /api/analytics/daily-active-users'] }, async ({ query }) =>
    dailyActiveUsers(db, dayRange(query, now())),
  );
  app.get('/analytics/swipes-over-time', { schema: ENDPOINTS['GET /api/analytics/swipes-over-time'] }, async ({ query }) =>
    swipesOverTime(db, dayRange(query, now())),
  );
  app.get('/analytics/popularity-trends', { schema: ENDPOINTS['GET /api/analytics/popularity-trends'] }, async ({ query }) =>
    popularityTrends(db, trendWindow(query.days ?? ANALYTICS_DEFAULTS.popularityTrendDays, now())),
  );

  app.get('/analytics/user-swipes/:id', { schema: ENDPOINTS['GET /api/analytics/user-swipes/:id'] }, async ({ params, query }) =>
    found(await userSwipes(db, params.id, query.limit ?? ANALYTICS_DEFAULTS.userSwipesLimit), params.id),
  );
  app.get('/analytics/user-swipe-insights/:id', { schema: ENDPOINTS['GET /api/analytics/user-swipe-insights/:id'] }, async ({ params }) =>
    found(await userSwipeInsights(db, params.id), params.id),
  );
  app.get('/analytics/swipe-sessions/:id', { schema: ENDPOINTS['GET /api/analytics/swipe-sessions/:id'] }, async ({ params, query }) =>
    found(await swipeSessions(db, params.id, query.limit ?? ANALYTICS_DEFAULTS.sessionsLimit), params.id),
  );

  app.get('/matches/:a/:b', { schema: ENDPOINTS['GET /api/matches/:a/:b'] }, async ({ params: { a, b }, query }) => {
    if (a === b) throw badRequest('b must be another user than a', 'b');
    const known = await existingUsers(db, [a, b]);
    for (const id of [a, b]) if (!known.has(id)) throw unknownUser(id);
    return pairMatches(db, a, b, query.limit ?? ANALYTICS_DEFAULTS.matchesLimit, query.offset ?? 0);
  });
};
