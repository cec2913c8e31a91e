// The analytics API (spec 7, issue 8): every GET /analytics/* call and GET /matches/{a}/{b}, registered
// by app.ts inside the admin-guarded /api scope. Reads come from the analytics_* summaries (migration 030).
import type { FastifyPluginAsync } from 'fastify';
import { ANALYTICS_DEFAULTS } from '../../../contract/analytics';
import {
  matchAnalytics,
  matchConversionRate,
  dailyActiveUsers,
  decisionTimeStats,
  popularityTrends,
  swipesOverTime,
  userStats,
} from '../analytics/totals';
import { nameAnalytics, topNamesByGender, topNamesByNationality, topRankedNames } from '../analytics/nameAnalytics';
import * as params from '../analytics/queryParams';
import { existingUsers, pairMatches, swipeSessions, userSwipeInsights, userSwipes } from '../analytics/userAnalytics';
import type { Db } from '../db/types';
import { badRequest, notFound } from '../http/errors';
import type { Parsed } from '../names/result';

/** The value of a parsed parameter, or the 400 naming it. */
function valid<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw badRequest(parsed.error.message, parsed.error.field);
  return parsed.value;
}

type Query = { Querystring: params.Query };
type UserRoute = { Params: { id?: string }; Querystring: params.Query };
type PairRoute = { Params: { a?: string; b?: string }; Querystring: params.Query };

const unknownUser = (id: string) => notFound(`No user with id ${id}`);

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

export const analyticsRoutes: FastifyPluginAsync<AnalyticsRoutesOptions> = async (app, { db, now = () => new Date() }) => {
  app.get<Query>('/analytics/top-names-by-gender', async (request) =>
    topNamesByGender(db, valid(params.topNamesCount(request.query ?? {}))),
  );
  app.get<Query>('/analytics/top-names-by-nationality', async (request) =>
    topNamesByNationality(db, valid(params.topNamesCount(request.query ?? {}))),
  );
  app.get('/analytics/user-stats', async () => userStats(db));
  app.get('/analytics/decision-time-stats', async () => decisionTimeStats(db));
  app.get('/analytics/match-conversion-rate', async () => matchConversionRate(db));

  app.get<Query>('/analytics/name-analytics', async (request) => {
    const q = request.query ?? {};
    return nameAnalytics(db, {
      limit: valid(params.limit(q, ANALYTICS_DEFAULTS.nameAnalyticsLimit)),
      gender: valid(params.gender(q)),
      origin: valid(params.origin(q)),
    });
  });
  app.get<Query>('/analytics/top-ranked-names', async (request) =>
    topRankedNames(db, valid(params.limit(request.query ?? {}, ANALYTICS_DEFAULTS.topRankedLimit))),
  );
  app.get<Query>('/analytics/match-analytics', async (request) =>
    matchAnalytics(db, valid(params.limit(request.query ?? {}, ANALYTICS_DEFAULTS.matchAnalyticsLimit))),
  );
  app.get<Query>('/analytics/daily-active-users', async (request) =>
    dailyActiveUsers(db, valid(params.dayRange(request.query ?? {}, now()))),
  );
  app.get<Query>('/analytics/swipes-over-time', async (request) => swipesOverTime(db, valid(params.dayRange(request.query ?? {}, now()))));
  app.get<Query>('/analytics/popularity-trends', async (request) =>
    popularityTrends(db, valid(params.trendWindow(request.query ?? {}, now()))),
  );

  app.get<UserRoute>('/analytics/user-swipes/:id', async (request) => {
    const id = valid(params.userId(request.params.id, 'id'));
    const limit = valid(params.limit(request.query ?? {}, ANALYTICS_DEFAULTS.userSwipesLimit, 0));
    return found(await userSwipes(db, id, limit), id);
  });
  app.get<UserRoute>('/analytics/user-swipe-insights/:id', async (request) => {
    const id = valid(params.userId(request.params.id, 'id'));
    return found(await userSwipeInsights(db, id), id);
  });
  app.get<UserRoute>('/analytics/swipe-sessions/:id', async (request) => {
    const id = valid(params.userId(request.params.id, 'id'));
    const limit = valid(params.limit(request.query ?? {}, ANALYTICS_DEFAULTS.sessionsLimit));
    return found(await swipeSessions(db, id, limit), id);
  });

  app.get<PairRoute>('/matches/:a/:b', async (request) => {
    const a = valid(params.userId(request.params.a, 'a'));
    const b = valid(params.userId(request.params.b, 'b'));
    if (a === b) throw badRequest('b must be another user than a', 'b');
    const q = request.query ?? {};
    const limit = valid(params.limit(q, ANALYTICS_DEFAULTS.matchesLimit));
    const offset = valid(params.integer(q, 'offset', 0, 0, 1_000_000));
    const known = await existingUsers(db, [a, b]);
    for (const id of [a, b]) if (!known.has(id)) throw unknownUser(id);
    return pairMatches(db, a, b, limit, offset);
  });
};
