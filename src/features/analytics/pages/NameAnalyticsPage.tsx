import { useMemo, useState } from 'react';
import { Alert, Button, Container, Grid, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { ANALYTICS_DEFAULTS } from '../../../../contract/analytics';
import type { MatchAnalytics, NameAnalytics, TopRankedName } from '../../../../contract/schemas/analytics';
import { useAppSelector } from '../../../app/hooks';
import { useUrlBackedView } from '../../../hooks/useUrlBackedView';
import { useGetSystemHealthQuery } from '../../../components/systemHealth/systemHealthApi';
import { formatCount } from '../../../lib/format';
import { formatShare, formatSeconds } from '../analyticsFormat';
import { usePageTitle } from '../../../lib/usePageTitle';
import {
  useGetDailyActiveUsersQuery,
  useGetDecisionTimeStatsQuery,
  useGetMatchAnalyticsQuery,
  useGetNameAnalyticsQuery,
  useGetPopularityTrendsQuery,
  useGetSwipesOverTimeQuery,
  useGetTopRankedNamesQuery,
  nameAnalyticsParams,
} from '../analyticsApi';
import { selectDashboardError } from '../analyticsErrors';
import { lastDaysRange, withFallback } from '../analyticsFallback';
import { selectAnalyticsFilters } from '../analyticsSlice';
import { analyticsUrlView } from '../analyticsUrl';
import { capitalize, dailyActiveUsersSeries, likeRatioByOrigin, popularityTrendSeries, swipesOverTimeSeries } from '../chartData';
import { DailyLineChart, LikeRatioBarChart } from '../charts/lazyCharts';
import { AnalyticsFilterBar } from '../components/AnalyticsFilterBar';
import { AnalyticsGrid } from '../components/AnalyticsGrid';
import { AnalyticsSection } from '../components/AnalyticsSection';
import { ChartSection } from '../components/ChartSection';
import { countCol, dateTimeCol, durationCol, labelCol, percentCol, secondsCol, textCol } from '../components/columns';
import { HealthDebugBlock } from '../components/HealthDebugBlock';
import { StatCard } from '../../../components/StatCard';
import { UserRef } from '../components/UserRef';
import { RetryAlert } from '../../../components/RetryAlert';
import { AnalyticsPageHeader } from '../components/AnalyticsPageHeader';

const RANGE_CHOICES = [7, 30, 90] as const;
type RangeDays = (typeof RANGE_CHOICES)[number];

const topRankedColumns: GridColDef<TopRankedName & { rank: number }>[] = [
  { ...countCol('rank', '#', 60), sortable: false },
  textCol('name', 'Name', 120),
  labelCol('gender', 'Gender', 90),
  labelCol('origin', 'Origin', 115),
  {
    field: 'popularity_score',
    headerName: 'Popularity',
    type: 'number',
    width: 110,
    valueFormatter: (v: number | null) => (typeof v === 'number' ? v.toFixed(2) : '—'),
  },
  countCol('total_swipes', 'Swipes'),
  countCol('total_likes', 'Likes'),
  percentCol('like_ratio', 'Like ratio'),
  countCol('matches', 'Matches'),
  percentCol('match_rate', 'Match rate'),
  countCol('fast_decisions', 'Fast (< 2 s)', 100),
  secondsCol('avg_decision_time_ms', 'Avg decision'),
];

// Thirteen columns: their widths add up to what the section holds at 1440 px (its last column was once cut off
// there); narrower windows scroll the grid sideways.
const nameAnalyticsColumns: GridColDef<NameAnalytics>[] = [
  textCol('name', 'Name', 105),
  labelCol('gender', 'Gender', 80),
  labelCol('origin', 'Origin', 110),
  countCol('total_swipes', 'Swipes', 80),
  countCol('total_likes', 'Likes', 75),
  countCol('total_dislikes', 'Dislikes', 85),
  percentCol('like_ratio', 'Like ratio', 95),
  countCol('matches', 'Matches', 85),
  percentCol('match_rate', 'Match rate', 100),
  secondsCol('avg_decision_time_ms', 'Avg decision', 110),
  percentCol('fast_decision_ratio', 'Fast (< 2 s)', 105),
  percentCol('slow_decision_ratio', 'Slow (> 5 s)', 105),
  dateTimeCol('last_swiped_at', 'Last swiped', 165),
];

// Narrow enough that both partners (name and 28-character id) fit beside the rest at 1024 px.
const matchColumns: GridColDef<MatchAnalytics>[] = [
  textCol('name', 'Name', 100),
  labelCol('gender', 'Gender', 80),
  labelCol('origin', 'Origin', 110),
  durationCol('time_between_swipes_ms', 'Time between likes', 150),
  dateTimeCol('created_at', 'Matched at', 175),
  {
    field: 'user_a',
    headerName: 'Partners',
    minWidth: 300,
    flex: 1,
    sortable: false,
    // Text for the grid's quick filter and copy; the cell shows each partner by name with a link.
    valueGetter: (_v, row) => `${row.user_a} · ${row.user_b}`,
    renderCell: ({ row }) => (
      <Stack spacing={0.25} sx={{ py: 0.5, minWidth: 0 }}>
        <UserRef uid={row.user_a} layout="inline" />
        <UserRef uid={row.user_b} layout="inline" />
      </Stack>
    ),
  },
];

const matchKey = (row: MatchAnalytics) => `${row.user_a}|${row.user_b}|${row.name_id}`;

function filterSummary(gender: string, origin: string): string {
  const parts = [gender === 'all' ? 'all genders' : `${gender} names`, origin === 'all' ? 'all origins' : `${capitalize(origin)} origin`];
  return `${ANALYTICS_DEFAULTS.nameAnalyticsLimit} most popular, ${parts.join(', ')}`;
}

/** /analytics (spec 2): system health, filters, charts, and the four analytics tables. */
export default function NameAnalyticsPage() {
  usePageTitle('Name Analytics');
  const filtersReady = useUrlBackedView(analyticsUrlView);
  const filters = useAppSelector(selectAnalyticsFilters);
  const [rangeDays, setRangeDays] = useState<RangeDays>(30);
  // Computed once per range choice, so the cache key does not change with every render.
  const range = useMemo(() => lastDaysRange(rangeDays), [rangeDays]);

  const healthQuery = useGetSystemHealthQuery();
  const topRankedQuery = useGetTopRankedNamesQuery(ANALYTICS_DEFAULTS.topRankedLimit);
  const decisionQuery = useGetDecisionTimeStatsQuery();
  const nameQuery = useGetNameAnalyticsQuery(nameAnalyticsParams(filters, ANALYTICS_DEFAULTS.nameAnalyticsLimit), { skip: !filtersReady });
  const matchQuery = useGetMatchAnalyticsQuery(ANALYTICS_DEFAULTS.matchAnalyticsLimit);
  const swipesQuery = useGetSwipesOverTimeQuery(range);
  const activeQuery = useGetDailyActiveUsersQuery(range);
  const trendsQuery = useGetPopularityTrendsQuery(rangeDays);

  const topRanked = withFallback(topRankedQuery, []);
  const decisions = withFallback(decisionQuery, undefined);
  const names = withFallback(nameQuery, []);
  const matches = withFallback(matchQuery, []);
  const swipes = withFallback(swipesQuery, []);
  const active = withFallback(activeQuery, []);
  const trends = withFallback(trendsQuery, undefined);
  const healthFailed = healthQuery.isError ? withFallback(healthQuery, undefined).failed : null;

  const pageError = selectDashboardError({
    health: { data: healthQuery.data, failed: healthFailed },
    sections: [topRanked, decisions, names, matches, swipes, active, trends],
  });

  const retry = () => {
    for (const query of [healthQuery, topRankedQuery, decisionQuery, nameQuery, matchQuery, swipesQuery, activeQuery, trendsQuery]) {
      if (!query.isUninitialized) void query.refetch();
    }
  };
  const refreshing = [healthQuery, topRankedQuery, decisionQuery, nameQuery, matchQuery].some((query) => query.isFetching);

  const rankedRows = useMemo(() => topRanked.data.map((row, index) => ({ ...row, rank: index + 1 })), [topRanked.data]);
  const swipeSeries = useMemo(() => swipesOverTimeSeries(swipes.data), [swipes.data]);
  const activeSeries = useMemo(() => dailyActiveUsersSeries(active.data), [active.data]);
  const trendSeries = useMemo(() => popularityTrendSeries(trends.data), [trends.data]);
  const originRatios = useMemo(() => likeRatioByOrigin(trends.data), [trends.data]);
  const decisionStats = decisions.data;

  const rangeToggle = (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={rangeDays}
      onChange={(_event, value: RangeDays | null) => value && setRangeDays(value)}
      aria-label="Chart period"
    >
      {RANGE_CHOICES.map((days) => (
        <ToggleButton key={days} value={days} sx={{ px: 1.5 }}>
          {days} days
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <AnalyticsPageHeader
        title="Name Analytics Dashboard"
        subtitle="Rankings, decision times and matches from every swipe."
        onRefresh={retry}
        refreshing={refreshing}
      />

      <Stack spacing={3}>
        <HealthDebugBlock health={healthQuery.data} loading={healthQuery.isLoading} failed={healthFailed} />

        {pageError ? (
          <RetryAlert onRetry={retry} retrying={refreshing}>
            {pageError}
          </RetryAlert>
        ) : null}

        <AnalyticsFilterBar />

        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              size="medium"
              title="Average decision time"
              value={formatSeconds(decisionStats?.avg_decision_time)}
              loading={decisions.loading}
              caption={
                decisionStats
                  ? `Likes ${formatSeconds(decisionStats.avg_like_decision_time)} · dislikes ${formatSeconds(decisionStats.avg_dislike_decision_time)}`
                  : undefined
              }
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              size="medium"
              title="Fast decisions (< 2 s)"
              value={formatShare(decisionStats?.fast_decisions, decisionStats?.total_decisions)}
              loading={decisions.loading}
              caption={decisionStats ? `${formatCount(decisionStats.fast_decisions)} swipes` : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              size="medium"
              title="Slow decisions (> 5 s)"
              value={formatShare(decisionStats?.slow_decisions, decisionStats?.total_decisions)}
              loading={decisions.loading}
              caption={decisionStats ? `${formatCount(decisionStats.slow_decisions)} swipes` : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              size="medium"
              title="Timed decisions"
              value={decisionStats ? formatCount(decisionStats.total_decisions) : '—'}
              loading={decisions.loading}
              caption="Swipes with a recorded decision time"
            />
          </Grid>
        </Grid>
        {decisions.failed ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={decisions.onRetry}
                disabled={decisions.retrying}
                aria-label="Retry Decision time statistics"
              >
                Retry
              </Button>
            }
          >
            Decision time statistics could not be loaded: {decisions.failed}
          </Alert>
        ) : null}

        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartSection
              title="Swipes over time"
              subtitle={`Swipes and likes per day, last ${rangeDays} days (UTC; today so far)`}
              failed={swipes.failed}
              onRetry={swipes.onRetry}
              retrying={swipes.retrying}
              loading={swipes.loading}
              empty={swipes.data.length === 0}
              emptyLabel="No swipes in this period."
              action={rangeToggle}
            >
              <DailyLineChart data={swipeSeries} ariaLabel="Swipes and likes per day" />
            </ChartSection>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartSection
              title="Daily active users"
              subtitle={`Users with at least one swipe per day, last ${rangeDays} days (UTC; today so far)`}
              failed={active.failed}
              onRetry={active.onRetry}
              retrying={active.retrying}
              loading={active.loading}
              empty={active.data.length === 0}
              emptyLabel="No active users in this period."
            >
              <DailyLineChart data={activeSeries} ariaLabel="Daily active users" area />
            </ChartSection>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartSection
              title="Popularity trends"
              subtitle={`Likes per day by origin, last ${rangeDays} days (UTC; today so far)`}
              failed={trends.failed}
              onRetry={trends.onRetry}
              retrying={trends.retrying}
              loading={trends.loading}
              empty={trendSeries.series.length === 0}
              emptyLabel="No likes in this period."
            >
              <DailyLineChart data={trendSeries} ariaLabel="Likes per day by origin" />
            </ChartSection>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartSection
              title="Like ratio by origin"
              subtitle={`Share of swipes that were likes, last ${rangeDays} days`}
              failed={trends.failed}
              onRetry={trends.onRetry}
              retrying={trends.retrying}
              loading={trends.loading}
              empty={originRatios.length === 0}
              emptyLabel="No swipes in this period."
            >
              <LikeRatioBarChart data={originRatios} ariaLabel="Like ratio by origin" />
            </ChartSection>
          </Grid>
        </Grid>

        <AnalyticsSection
          title="Top ranked names"
          subtitle={`The ${ANALYTICS_DEFAULTS.topRankedLimit} names with the highest popularity score (many swipes, mostly likes)`}
          failed={topRanked.failed}
          onRetry={topRanked.onRetry}
          retrying={topRanked.retrying}
        >
          <AnalyticsGrid
            ariaLabel="Top ranked names"
            rows={rankedRows}
            columns={topRankedColumns}
            getRowId={(row) => row.name_id}
            loading={topRanked.loading}
            noRowsLabel="No swiped names yet."
          />
        </AnalyticsSection>

        <AnalyticsSection
          title="Detailed name analytics"
          subtitle={filterSummary(filters.gender, filters.origin)}
          failed={names.failed}
          onRetry={names.onRetry}
          retrying={names.retrying}
        >
          <AnalyticsGrid
            ariaLabel="Detailed name analytics"
            rows={names.data}
            columns={nameAnalyticsColumns}
            getRowId={(row) => row.name_id}
            loading={names.loading || nameQuery.isFetching}
            noRowsLabel="No swiped names match these filters."
          />
        </AnalyticsSection>

        <AnalyticsSection
          title="Recent matches"
          subtitle={`The latest ${ANALYTICS_DEFAULTS.matchAnalyticsLimit} names liked by both partners of a connection`}
          failed={matches.failed}
          onRetry={matches.onRetry}
          retrying={matches.retrying}
        >
          <AnalyticsGrid
            ariaLabel="Recent matches"
            rows={matches.data}
            columns={matchColumns}
            getRowId={matchKey}
            rowHeight={60}
            loading={matches.loading}
            noRowsLabel="No matches yet."
          />
        </AnalyticsSection>
      </Stack>
    </Container>
  );
}
