// Name rankings read from analytics_name_stats (one row per swiped name, kept by the triggers of
// migration 030): each call is one index range, never a pass over swipes.
import { ANALYTICS_ORIGINS, type TopNamesCount } from '../../../contract/analytics';
import type { NameAnalytics, TopNamesByGroup, TopRankedName } from '../../../contract/schemas/analytics';
import { GENDERS, type Gender } from '../../../contract/nameRules';
import type { Queryable } from '../db/types';
import { average, iso, ratio, round2, type SwipeCounts } from './figures';

interface NameStatsRow extends SwipeCounts {
  name_id: number;
  name: string;
  gender: Gender;
  nationality: string;
  popularity_score: number;
  matches: number;
  last_swiped_at: Date;
}

const NAME_STATS_COLUMNS = `s.name_id, n.name, s.gender, s.nationality, s.popularity_score, s.swipes, s.likes, s.fast, s.slow,
       s.decisions, s.decision_ms::float8 AS decision_ms, s.matches, s.last_swiped_at`;

function toTopRanked(row: NameStatsRow): TopRankedName {
  return {
    name_id: row.name_id,
    name: row.name,
    gender: row.gender,
    origin: row.nationality,
    popularity_score: round2(row.popularity_score),
    total_swipes: row.swipes,
    total_likes: row.likes,
    like_ratio: ratio(row.likes, row.swipes),
    matches: row.matches,
    match_rate: ratio(row.matches, row.likes),
    fast_decisions: row.fast,
    avg_decision_time_ms: average(row.decision_ms, row.decisions),
  };
}

function toNameAnalytics(row: NameStatsRow): NameAnalytics {
  return {
    ...toTopRanked(row),
    total_dislikes: row.swipes - row.likes,
    slow_decisions: row.slow,
    fast_decision_ratio: ratio(row.fast, row.decisions),
    slow_decision_ratio: ratio(row.slow, row.decisions),
    last_swiped_at: iso(row.last_swiped_at),
  };
}

export async function topRankedNames(db: Queryable, limit: number): Promise<TopRankedName[]> {
  const { rows } = await db.query<NameStatsRow>(
    `SELECT ${NAME_STATS_COLUMNS}
       FROM analytics_name_stats s JOIN names n ON n.id = s.name_id
      ORDER BY s.popularity_score DESC, s.name_id
      LIMIT $1`,
    [limit],
  );
  return rows.map(toTopRanked);
}

export interface NameAnalyticsFilter {
  limit: number;
  gender?: Gender;
  origin?: (typeof ANALYTICS_ORIGINS)[number] | 'other';
}

export async function nameAnalytics(db: Queryable, filter: NameAnalyticsFilter): Promise<NameAnalytics[]> {
  const where: string[] = [];
  const params: unknown[] = [filter.limit];
  if (filter.gender) {
    params.push(filter.gender);
    where.push(`s.gender = $${params.length}`);
  }
  if (filter.origin === 'other') {
    params.push(ANALYTICS_ORIGINS);
    where.push(`s.nationality <> ALL($${params.length}::text[])`);
  } else if (filter.origin) {
    params.push(filter.origin);
    where.push(`s.nationality = $${params.length}`);
  }
  const { rows } = await db.query<NameStatsRow>(
    `SELECT ${NAME_STATS_COLUMNS}
       FROM analytics_name_stats s JOIN names n ON n.id = s.name_id
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY s.popularity_score DESC, s.name_id
      LIMIT $1`,
    params,
  );
  return rows.map(toNameAnalytics);
}

const TOP_PER_GROUP = 10;

/**
 * The groups' top names. The groups go in as a VALUES list of one parameter each, not as `unnest($1::text[])`: the
 * server prepares the statement, and PostgreSQL's plan cache keeps a generic plan only while its estimated cost stays
 * near the per-call plans'. unnest of a parameter is estimated at 10 rows in the generic plan against the 3 or 8 of a
 * per-call plan, and which side won flipped with the statistics: with 10 % of the names in the trash, 30 calls made 30
 * plans (+0.35 ms each, the same plan every time), without it one generic plan (bench:analytics; docs/names.md, "What a trash costs, measured").
 * A VALUES list has as many rows in both plans.
 */
async function topNamesPerGroup(
  db: Queryable,
  column: 'gender' | 'nationality',
  groups: readonly string[],
  count: TopNamesCount,
): Promise<TopNamesByGroup> {
  if (groups.length === 0) return {};
  // Likes: one index range (group, likes DESC) of ten rows per group. Swipes: a top-10 over the group's
  // summary rows (one per swiped name, no index by swipes yet).
  const { rows } = await db.query<{ grp: string; name: string; n: number }>(
    `SELECT g.grp, n.name, t.n
       FROM (VALUES ${groups.map((_, i) => `($${i + 1}::text)`).join(', ')}) AS g(grp)
       CROSS JOIN LATERAL (
         SELECT s.name_id, s.${count} AS n FROM analytics_name_stats s
          WHERE s.${column} = g.grp AND s.${count} > 0
          ORDER BY s.${count} DESC, s.name_id LIMIT ${TOP_PER_GROUP}
       ) t
       JOIN names n ON n.id = t.name_id
      ORDER BY g.grp, t.n DESC, t.name_id`,
    [...groups],
  );
  const result: TopNamesByGroup = {};
  for (const row of rows) (result[row.grp] ??= []).push([row.name, row.n]);
  return result;
}

export const topNamesByGender = (db: Queryable, count: TopNamesCount = 'likes') => topNamesPerGroup(db, 'gender', GENDERS, count);

export async function topNamesByNationality(db: Queryable, count: TopNamesCount = 'likes'): Promise<TopNamesByGroup> {
  // The origins that have swipes, from the small per-day table instead of a DISTINCT over every name.
  const { rows } = await db.query<{ nationality: string }>('SELECT DISTINCT nationality FROM analytics_origin_days ORDER BY 1');
  return topNamesPerGroup(
    db,
    'nationality',
    rows.map((row) => row.nationality),
    count,
  );
}
