// The analytics API (spec 7): every GET /analytics/* call and GET /matches/{a}/{b}, registered
// by app.ts inside the admin-guarded /api scope. Reads come from the analytics_* summaries (migration 030).
// Inputs are checked by their schemas in contract/endpoints.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ANALYTICS_DEFAULTS } from '../../../contract/analytics';
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
import { onEndpoint } from '../http/contractRoutes';
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
  onEndpoint(app, 'GET /api/analytics/top-names-by-gender', async (request) => topNamesByGender(db, request.query.count));
  onEndpoint(app, 'GET /api/analytics/top-names-by-nationality', async (request) => topNamesByNationality(db, request.query.count));
  onEndpoint(app, 'GET /api/analytics/user-stats', async () => userStats(db));
  onEndpoint(app, 'GET /api/analytics/decision-time-stats', async () => decisionTimeStats(db));
  onEndpoint(app, 'GET /api/analytics/match-conversion-rate', async () => matchConversionRate(db));

  onEndpoint(app, 'GET /api/analytics/name-analytics', async ({ query }) =>
    nameAnalytics(db, {
      limit: query.limit ?? ANALYTICS_DEFAULTS.nameAnalyticsLimit,
      gender: gender(query.gender),
      origin: origin(query.origin),
    }),
  );
  onEndpoint(app, 'GET /api/analytics/top-ranked-names', async ({ query }) =>
    topRankedNames(db, query.limit ?? ANALYTICS_DEFAULTS.topRankedLimit),
  );
  onEndpoint(app, 'GET /api/analytics/match-analytics', async ({ query }) =>
    matchAnalytics(db, query.limit ?? ANALYTICS_DEFAULTS.matchAnalyticsLimit),
  );
  onEndpoint(app, 'GET /api/analytics/daily-active-users', async ({ query }) => dailyActiveUsers(db, dayRange(query, now())));
  onEndpoint(app, 'GET /api/analytics/swipes-over-time', async ({ query }) => swipesOverTime(db, dayRange(query, now())));
  onEndpoint(app, 'GET /api/analytics/popularity-trends', async ({ query }) =>
    popularityTrends(db, trendWindow(query.days ?? ANALYTICS_DEFAULTS.popularityTrendDays, now())),
  );

  onEndpoint(app, 'GET /api/analytics/user-swipes/:id', async ({ params, query }) =>
    found(await userSwipes(db, params.id, query.limit ?? ANALYTICS_DEFAULTS.userSwipesLimit), params.id),
  );
  onEndpoint(app, 'GET /api/analytics/user-swipe-insights/:id', async ({ params }) =>
    found(await userSwipeInsights(db, params.id), params.id),
  );
  onEndpoint(app, 'GET /api/analytics/swipe-sessions/:id', async ({ params, query }) =>
    found(await swipeSessions(db, params.id, query.limit ?? ANALYTICS_DEFAULTS.sessionsLimit), params.id),
  );

  onEndpoint(app, 'GET /api/matches/:a/:b', async ({ params: { a, b }, query }) => {
    if (a === b) throw badRequest('b must be another user than a', 'b');
    const known = await existingUsers(db, [a, b]);
    for (const id of [a, b]) if (!known.has(id)) throw unknownUser(id);
    return pairMatches(db, a, b, query.limit ?? ANALYTICS_DEFAULTS.matchesLimit, query.offset ?? 0);
  });
};
