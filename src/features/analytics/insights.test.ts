import type { DecisionTimeStats, PopularityTrends } from '../../../contract/schemas/analytics';
import {
  fixtureDecisionStats,
  fixtureMatchConversion,
  fixturePopularityTrends,
  fixtureTopRanked,
  fixtureUserStats,
} from '../../../mocks/analytics.fixtures';
import { buildInsights } from './insights';

const text = (id: string, insights: ReturnType<typeof buildInsights>) => insights.find((i) => i.id === id)?.text;

describe('buildInsights', () => {
  it('writes every insight from the figures', () => {
    const insights = buildInsights({
      userStats: fixtureUserStats,
      decisions: fixtureDecisionStats,
      trends: fixturePopularityTrends,
      conversion: fixtureMatchConversion,
      topRanked: fixtureTopRanked,
    });
    expect(insights.map((i) => i.text)).toEqual([
      'Aoife (Irish, female) ranks first: 80.0% of its 1,500 swipes are likes.',
      'Irish names are liked most: 70.0% of their swipes in the last 30 days were likes, against 30.0% for German names, the least liked.',
      'Most decisions are neither snap nor slow: 41.2% take under 2 s and 15.6% over 5 s (average 2.3 s).',
      'Likes come faster than dislikes: 1.9 s against 2.8 s on average.',
      '60.0% of all 1,234,567 swipes are likes, from 1,250 users (987.7 swipes each on average).',
      '75.0% of the 40 connected couples share at least one liked name; 3.0 matches per couple on average.',
    ]);
  });

  it('calls people decisive when most decisions are fast, and slow when slow ones outnumber fast ones', () => {
    const base: DecisionTimeStats = { ...fixtureDecisionStats };
    expect(
      text(
        'decisiveness',
        buildInsights({
          decisions: { ...base, total_decisions: 100, fast_decisions: 62, fast_decision_ratio: 0.62, avg_decision_time: 1500 },
        }),
      ),
    ).toBe('People are decisive: 62.0% of swipes take under 2 s (average 1.5 s).');
    expect(
      text(
        'decisiveness',
        buildInsights({
          decisions: {
            ...base,
            total_decisions: 100,
            fast_decisions: 10,
            slow_decisions: 30,
            fast_decision_ratio: 0.1,
            slow_decision_ratio: 0.3,
          },
        }),
      ),
    ).toBe('People take their time: 30.0% of swipes take over 5 s, more than the 10.0% decided in under 2 s (average 2.3 s).');
  });

  it('says dislikes come faster when they do, and calls a small difference even', () => {
    const base: DecisionTimeStats = { ...fixtureDecisionStats };
    expect(
      text('likeSpeed', buildInsights({ decisions: { ...base, avg_like_decision_time: 3000, avg_dislike_decision_time: 1200 } })),
    ).toBe('Dislikes come faster than likes: 1.2 s against 3.0 s on average.');
    expect(
      text('likeSpeed', buildInsights({ decisions: { ...base, avg_like_decision_time: 2000, avg_dislike_decision_time: 2100 } })),
    ).toBe('Likes and dislikes take about as long: 2.0 s against 2.1 s.');
  });

  it('compares only origins with enough swipes, and needs two of them', () => {
    const trends: PopularityTrends = {
      ...fixturePopularityTrends,
      origins: [
        { origin: 'french', swipes: 10, likes: 10, like_ratio: 1, points: [] },
        { origin: 'irish', swipes: 400, likes: 200, like_ratio: 0.5, points: [] },
      ],
    };
    expect(text('origin', buildInsights({ trends }))).toBeUndefined();
  });

  it('writes nothing from missing figures, and says when nobody is connected', () => {
    expect(buildInsights({})).toEqual([]);
    expect(buildInsights({ conversion: { ...fixtureMatchConversion, total_connections: 0 } })).toEqual([
      { id: 'matches', text: 'No couples are connected yet, so there are no matches.' },
    ]);
    expect(buildInsights({ decisions: { ...fixtureDecisionStats, total_decisions: 0, avg_like_decision_time: null } })).toEqual([]);
  });
});
