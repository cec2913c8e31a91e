// Analytics answers as the reference backend gives them (contract/schemas/analytics.ts), with figures chosen
// so the screens' formatting is visible: 1,234 ms shows as "1.2 s", 0.6667 as "66.7%", counts with separators.
import type {
  DailyActiveUsers,
  DecisionTimeStats,
  MatchAnalytics,
  MatchConversionRate,
  NameAnalytics,
  PairMatches,
  PopularityTrends,
  SwipeSessions,
  SwipesOverTime,
  TopNamesByGroup,
  TopRankedName,
  UserStats,
  UserSwipeInsights,
  UserSwipes,
} from '../contract/schemas/analytics';
import type { SystemHealth } from '../contract/schemas/databaseAdmin';

export const fixtureHealth: SystemHealth = {
  postgresql: 'PostgreSQL 15.8 on x86_64-pc-linux-gnu',
  tables: ['analytics_daily', 'analytics_names', 'names', 'swipes', 'users'],
  analytics_tables: ['analytics_daily', 'analytics_names'],
  views: [],
  table_counts: { analytics_daily: 90, analytics_names: 812, names: 1234, swipes: 56789, users: 312 },
};

export const fixtureTopRanked: TopRankedName[] = [
  {
    name_id: 11,
    name: 'Aoife',
    gender: 'female',
    origin: 'irish',
    popularity_score: 72.35,
    total_swipes: 1500,
    total_likes: 1200,
    like_ratio: 0.8,
    matches: 90,
    match_rate: 0.075,
    fast_decisions: 640,
    avg_decision_time_ms: 1234,
  },
  {
    name_id: 12,
    name: 'Oliver',
    gender: 'male',
    origin: 'english',
    popularity_score: 65.1,
    total_swipes: 900,
    total_likes: 600,
    like_ratio: 0.6667,
    matches: 30,
    match_rate: 0.05,
    fast_decisions: 200,
    avg_decision_time_ms: 3456,
  },
];

export const fixtureDecisionStats: DecisionTimeStats = {
  avg_decision_time: 2345,
  fast_decision_ratio: 0.4123,
  slow_decision_ratio: 0.1555,
  total_decisions: 56000,
  fast_decisions: 23089,
  slow_decisions: 8708,
  avg_like_decision_time: 1900,
  avg_dislike_decision_time: 2800,
};

function nameAnalytics(row: Partial<NameAnalytics> & Pick<NameAnalytics, 'name_id' | 'name' | 'gender' | 'origin'>): NameAnalytics {
  return {
    popularity_score: 50,
    total_swipes: 100,
    total_likes: 60,
    total_dislikes: 40,
    like_ratio: 0.6,
    matches: 3,
    match_rate: 0.05,
    fast_decisions: 30,
    slow_decisions: 10,
    fast_decision_ratio: 0.3,
    slow_decision_ratio: 0.1,
    avg_decision_time_ms: 2500,
    last_swiped_at: '2026-11-20T10:00:00.000Z',
    ...row,
  };
}

/** Enough variety for the gender and origin filters to select different rows. */
export const fixtureNameAnalytics: NameAnalytics[] = [
  nameAnalytics({ name_id: 11, name: 'Aoife', gender: 'female', origin: 'irish', total_swipes: 1500, like_ratio: 0.8 }),
  nameAnalytics({ name_id: 12, name: 'Oliver', gender: 'male', origin: 'english', total_swipes: 900 }),
  nameAnalytics({ name_id: 13, name: 'Freya', gender: 'female', origin: 'scandinavian', total_swipes: 700 }),
  nameAnalytics({ name_id: 14, name: 'Lukas', gender: 'male', origin: 'german', total_swipes: 500 }),
  nameAnalytics({ name_id: 15, name: 'Camille', gender: 'unisex', origin: 'french', total_swipes: 300 }),
];

export const fixtureMatches: MatchAnalytics[] = [
  {
    name: 'Aoife',
    time_between_swipes_ms: 86_400_000,
    created_at: '2026-11-21T09:30:00.000Z',
    name_id: 11,
    gender: 'female',
    origin: 'irish',
    user_a: 'user-a',
    user_b: 'user-b',
  },
];

export const fixtureMatchConversion: MatchConversionRate = {
  total_connections: 40,
  connections_with_matches: 30,
  conversion_rate: 0.75,
  total_matches: 120,
  avg_matches_per_connection: 3,
  connected_likes: 2400,
  like_to_match_rate: 0.1,
};

function days(count: number, end = '2026-11-22'): string[] {
  const endMs = Date.parse(`${end}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(endMs - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

export const fixtureSwipesOverTime: SwipesOverTime[] = days(7).map((date, i) => ({
  date,
  swipes: 100 + i * 10,
  likes: 60 + i * 5,
  dislikes: 40 + i * 5,
  like_ratio: (60 + i * 5) / (100 + i * 10),
  avg_decision_time_ms: 2000 + i * 100,
}));

export const fixtureDailyActiveUsers: DailyActiveUsers[] = days(7).map((date, i) => ({ date, active_users: 20 + i }));

const trendDays = days(7);
export const fixturePopularityTrends: PopularityTrends = {
  days: 30,
  start_date: trendDays[0],
  end_date: trendDays[trendDays.length - 1],
  origins: [
    { origin: 'irish', swipes: 700, likes: 490, like_ratio: 0.7, points: trendDays.map((date) => ({ date, swipes: 100, likes: 70 })) },
    { origin: 'english', swipes: 700, likes: 350, like_ratio: 0.5, points: trendDays.map((date) => ({ date, swipes: 100, likes: 50 })) },
    { origin: 'german', swipes: 350, likes: 105, like_ratio: 0.3, points: trendDays.map((date) => ({ date, swipes: 50, likes: 15 })) },
  ],
};

export const fixtureUserStats: UserStats = {
  uniqueUsers: 1250,
  totalNames: 98765,
  totalSwipes: 1234567,
  averageSwipesPerUser: 987.65,
  totalLikes: 740740,
  totalDislikes: 493827,
  totalConnections: 321,
  likeRate: 0.6,
};

export const fixtureTopByGender: TopNamesByGroup = {
  female: [
    ['Aoife', 1200],
    ['Freya', 800],
  ],
  male: [
    ['Oliver', 600],
    ['Lukas', 450],
  ],
  unisex: [['Camille', 120]],
};

export const fixtureTopByNationality: TopNamesByGroup = {
  irish: [
    ['Aoife', 1200],
    ['Saoirse', 700],
  ],
  english: [['Oliver', 600]],
  german: [['Lukas', 450]],
};

/** The same groups counted in swipes (`?count=swipes`, Advanced Analytics): more than the likes above. */
export const fixtureTopByGenderSwipes: TopNamesByGroup = {
  female: [
    ['Aoife', 1500],
    ['Freya', 1100],
  ],
  male: [
    ['Oliver', 900],
    ['Lukas', 800],
  ],
  unisex: [['Camille', 300]],
};

export const fixtureTopByNationalitySwipes: TopNamesByGroup = {
  irish: [
    ['Aoife', 1500],
    ['Saoirse', 1000],
  ],
  english: [['Oliver', 900]],
  german: [['Lukas', 800]],
};

export const FIXTURE_USER = { uid: 'user-a', email: 'ada@example.com', partner: 'user-b' } as const;

export const fixtureUserSwipes: UserSwipes = {
  user_id: FIXTURE_USER.uid,
  total_swipes: 1523,
  total_likes: 900,
  total_dislikes: 623,
  last_swipe_at: '2026-11-21T09:30:00.000Z',
  swipes: [
    {
      id: 501,
      name_id: 11,
      name: 'Aoife',
      gender: 'female',
      origin: 'irish',
      liked: true,
      decision_time_ms: 1450,
      created_at: '2026-11-21T09:30:00.000Z',
    },
    {
      id: 500,
      name_id: 14,
      name: 'Lukas',
      gender: 'male',
      origin: 'german',
      liked: false,
      decision_time_ms: 6100,
      created_at: '2026-11-21T09:29:00.000Z',
    },
  ],
};

export const fixtureUserInsights: UserSwipeInsights = {
  user_id: FIXTURE_USER.uid,
  total_swipes: 1523,
  total_likes: 900,
  total_dislikes: 623,
  like_ratio: 0.591,
  avg_decision_time_ms: 2750,
  fast_decision_ratio: 0.35,
  slow_decision_ratio: 0.12,
  first_swipe_at: '2026-09-01T08:00:00.000Z',
  last_swipe_at: '2026-11-21T09:30:00.000Z',
  active_days: 42,
  total_sessions: 60,
  avg_swipes_per_session: 25.38,
  origins: [
    { origin: 'irish', likes: 400, swipes: 500, like_ratio: 0.8 },
    { origin: 'german', likes: 100, swipes: 300, like_ratio: 0.3333 },
  ],
  likes_by_gender: { female: 500, male: 300, unisex: 100 },
  partner_id: FIXTURE_USER.partner,
  matches: 17,
};

export const fixtureSessions: SwipeSessions = {
  user_id: FIXTURE_USER.uid,
  session_gap_ms: 1_800_000,
  total_sessions: 60,
  sessions: [
    {
      started_at: '2026-11-21T09:00:00.000Z',
      ended_at: '2026-11-21T09:30:00.000Z',
      duration_ms: 1_800_000 - 60_000,
      swipes: 40,
      likes: 25,
      avg_decision_time_ms: 2100,
    },
  ],
};

export const fixturePairMatches: PairMatches = {
  user_a: FIXTURE_USER.uid,
  user_b: FIXTURE_USER.partner,
  connected: true,
  total: 17,
  limit: 20,
  offset: 0,
  matches: [
    {
      name_id: 11,
      name: 'Aoife',
      gender: 'female',
      origin: 'irish',
      created_at: '2026-11-21T09:30:00.000Z',
      time_between_swipes_ms: 3_600_000,
    },
  ],
};
