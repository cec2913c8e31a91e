// The Advanced Analytics insight sentences, written from the figures (the spec leaves the wording to us).
// Pure: each sentence appears only when its figures exist and say something.
import type {
  DecisionTimeStats,
  MatchConversionRate,
  PopularityTrends,
  TopRankedName,
  UserStats,
} from '../../../contract/schemas/analytics';
import { formatSeconds, formatShare } from './analyticsFormat';
import { formatCount, formatOneDecimal } from '../../lib/format';
import { capitalize } from './chartData';

/** An origin needs this many swipes in the window before its like ratio is compared with others'. */
export const MIN_ORIGIN_SWIPES = 50;
/** Likes and dislikes differ in speed only when their mean times differ by more than this share. */
const SPEED_DIFFERENCE = 0.1;

export interface InsightInput {
  userStats?: UserStats;
  decisions?: DecisionTimeStats;
  trends?: PopularityTrends;
  conversion?: MatchConversionRate;
  topRanked?: readonly TopRankedName[];
}

export interface Insight {
  id: 'origin' | 'decisiveness' | 'likeSpeed' | 'likeRate' | 'matches' | 'topName';
  text: string;
}

function originInsight(trends: PopularityTrends | undefined): Insight | null {
  const compared = (trends?.origins ?? []).filter((origin) => origin.swipes >= MIN_ORIGIN_SWIPES);
  if (compared.length < 2) return null;
  const ranked = [...compared].sort((a, b) => b.like_ratio - a.like_ratio || a.origin.localeCompare(b.origin));
  const best = ranked[0];
  const worst = ranked[ranked.length - 1];
  return {
    id: 'origin',
    text:
      `${capitalize(best.origin)} names are liked most: ${formatShare(best.likes, best.swipes)} of their swipes in the last ${trends!.days} days ` +
      `were likes, against ${formatShare(worst.likes, worst.swipes)} for ${capitalize(worst.origin)} names, the least liked.`,
  };
}

function decisivenessInsight(d: DecisionTimeStats | undefined): Insight | null {
  if (!d || d.total_decisions === 0) return null;
  const average = `average ${formatSeconds(d.avg_decision_time)}`;
  const fast = formatShare(d.fast_decisions, d.total_decisions);
  const slow = formatShare(d.slow_decisions, d.total_decisions);
  if (d.fast_decision_ratio >= 0.5) {
    return { id: 'decisiveness', text: `People are decisive: ${fast} of swipes take under 2 s (${average}).` };
  }
  if (d.slow_decision_ratio > d.fast_decision_ratio) {
    return {
      id: 'decisiveness',
      text: `People take their time: ${slow} of swipes take over 5 s, more than the ${fast} decided in under 2 s (${average}).`,
    };
  }
  return {
    id: 'decisiveness',
    text: `Most decisions are neither snap nor slow: ${fast} take under 2 s and ${slow} over 5 s (${average}).`,
  };
}

function likeSpeedInsight(d: DecisionTimeStats | undefined): Insight | null {
  const like = d?.avg_like_decision_time;
  const dislike = d?.avg_dislike_decision_time;
  if (like == null || dislike == null || Math.max(like, dislike) === 0) return null;
  if (Math.abs(like - dislike) / Math.max(like, dislike) <= SPEED_DIFFERENCE) {
    return { id: 'likeSpeed', text: `Likes and dislikes take about as long: ${formatSeconds(like)} against ${formatSeconds(dislike)}.` };
  }
  return like < dislike
    ? { id: 'likeSpeed', text: `Likes come faster than dislikes: ${formatSeconds(like)} against ${formatSeconds(dislike)} on average.` }
    : { id: 'likeSpeed', text: `Dislikes come faster than likes: ${formatSeconds(dislike)} against ${formatSeconds(like)} on average.` };
}

function likeRateInsight(s: UserStats | undefined): Insight | null {
  if (!s || s.totalSwipes === 0) return null;
  return {
    id: 'likeRate',
    text:
      `${formatShare(s.totalLikes, s.totalSwipes)} of all ${formatCount(s.totalSwipes)} swipes are likes, from ${formatCount(s.uniqueUsers)} users ` +
      `(${formatOneDecimal(s.averageSwipesPerUser)} swipes each on average).`,
  };
}

function matchInsight(c: MatchConversionRate | undefined): Insight | null {
  if (!c) return null;
  if (c.total_connections === 0) return { id: 'matches', text: 'No couples are connected yet, so there are no matches.' };
  const couples = c.total_connections === 1 ? 'the 1 connected couple' : `the ${formatCount(c.total_connections)} connected couples`;
  return {
    id: 'matches',
    text:
      `${formatShare(c.connections_with_matches, c.total_connections)} of ${couples} share at least one liked name; ` +
      `${formatOneDecimal(c.avg_matches_per_connection)} matches per couple on average.`,
  };
}

function topNameInsight(top: readonly TopRankedName[] | undefined): Insight | null {
  const first = top?.[0];
  if (!first) return null;
  return {
    id: 'topName',
    text: `${first.name} (${capitalize(first.origin)}, ${first.gender}) ranks first: ${formatShare(first.total_likes, first.total_swipes)} of its ${formatCount(first.total_swipes)} swipes are likes.`,
  };
}

export function buildInsights(input: InsightInput): Insight[] {
  return [
    topNameInsight(input.topRanked),
    originInsight(input.trends),
    decisivenessInsight(input.decisions),
    likeSpeedInsight(input.decisions),
    likeRateInsight(input.userStats),
    matchInsight(input.conversion),
  ].filter((insight): insight is Insight => insight !== null);
}
