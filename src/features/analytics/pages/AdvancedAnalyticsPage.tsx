import { useMemo } from 'react';
import { Container, Grid, List, ListItem, ListItemIcon, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import { ANALYTICS_DEFAULTS } from '../../../../contract/analytics';
import { formatCount, formatOneDecimal } from '../../../lib/format';
import { formatShare, formatSeconds } from '../analyticsFormat';
import { usePageTitle } from '../../../lib/usePageTitle';
import {
  useGetDecisionTimeStatsQuery,
  useGetMatchConversionRateQuery,
  useGetPopularityTrendsQuery,
  useGetTopNamesByGenderQuery,
  useGetTopNamesByNationalityQuery,
  useGetTopRankedNamesQuery,
  useGetUserStatsQuery,
} from '../analyticsApi';
import { withFallback } from '../analyticsFallback';
import { AnalyticsSection } from '../components/AnalyticsSection';
import { StatCard } from '../../../components/StatCard';
import { TopNamesGroups } from '../components/TopNamesGroups';
import { UserLookupPanel } from '../components/UserLookupPanel';
import { buildInsights } from '../insights';
import { genderGroups, nationalityGroups } from '../topNames';
import { RetryAlert } from '../../../components/RetryAlert';
import { AnalyticsPageHeader } from '../components/AnalyticsPageHeader';

/** /advanced-analytics (spec 2): summary cards, insights, top names per gender and nationality, and one user's analytics. */
export default function AdvancedAnalyticsPage() {
  usePageTitle('Advanced Analytics');
  const statsQuery = useGetUserStatsQuery();
  const decisionQuery = useGetDecisionTimeStatsQuery();
  const conversionQuery = useGetMatchConversionRateQuery();
  const trendsQuery = useGetPopularityTrendsQuery(ANALYTICS_DEFAULTS.popularityTrendDays);
  const topRankedQuery = useGetTopRankedNamesQuery(ANALYTICS_DEFAULTS.topRankedLimit);
  const genderQuery = useGetTopNamesByGenderQuery('swipes');
  const nationalityQuery = useGetTopNamesByNationalityQuery('swipes');

  const stats = withFallback(statsQuery, undefined);
  const decisions = withFallback(decisionQuery, undefined);
  const conversion = withFallback(conversionQuery, undefined);
  const trends = withFallback(trendsQuery, undefined);
  const topRanked = withFallback(topRankedQuery, []);
  const byGender = withFallback(genderQuery, {});
  const byNationality = withFallback(nationalityQuery, {});
  const genders = useMemo(() => genderGroups(byGender.data), [byGender.data]);
  const nationalities = useMemo(() => nationalityGroups(byNationality.data), [byNationality.data]);

  const insights = useMemo(
    () =>
      buildInsights({
        userStats: stats.data,
        decisions: decisions.data,
        trends: trends.data,
        conversion: conversion.data,
        topRanked: topRanked.data,
      }),
    [stats.data, decisions.data, trends.data, conversion.data, topRanked.data],
  );
  const insightSources = [stats, decisions, trends, conversion, topRanked];
  const insightsLoading = insightSources.some((call) => call.loading);
  // "Not enough data" is true only when every figure the insights read arrived; with a failed call and no
  // insight the honest answer is the failure.
  const insightsFailed = insights.length === 0 && insightSources.some((call) => call.failed !== null);
  const retryInsights = () => insightSources.filter((call) => call.failed !== null).forEach((call) => call.onRetry());

  const queries = [statsQuery, decisionQuery, conversionQuery, trendsQuery, topRankedQuery, genderQuery, nationalityQuery];
  const failures = [
    ['user stats', stats.failed],
    ['decision times', decisions.failed],
    ['match conversion', conversion.failed],
    ['popularity trends', trends.failed],
    ['top ranked names', topRanked.failed],
    ['top names by gender', byGender.failed],
    ['top names by nationality', byNationality.failed],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  const refreshing = queries.some((query) => query.isFetching);
  const retry = () => queries.forEach((query) => void query.refetch());

  const s = stats.data;
  const d = decisions.data;
  const c = conversion.data;
  const cards = [
    {
      title: 'Total swipes',
      value: s ? formatCount(s.totalSwipes) : '—',
      loading: stats.loading,
      caption: s ? `${formatCount(s.uniqueUsers)} users swiped` : undefined,
    },
    {
      title: 'Like rate',
      value: formatShare(s?.totalLikes, s?.totalSwipes),
      loading: stats.loading,
      caption: s ? `${formatCount(s.totalLikes)} likes` : undefined,
    },
    {
      title: 'Average decision time',
      value: formatSeconds(d?.avg_decision_time),
      loading: decisions.loading,
      caption: d ? `${formatShare(d.fast_decisions, d.total_decisions)} under 2 s` : undefined,
    },
    {
      title: 'Slow decisions (> 5 s)',
      value: formatShare(d?.slow_decisions, d?.total_decisions),
      loading: decisions.loading,
      caption: d ? `${formatCount(d.slow_decisions)} swipes` : undefined,
    },
    {
      title: 'Couples with a match',
      value: formatShare(c?.connections_with_matches, c?.total_connections),
      loading: conversion.loading,
      caption: c ? `${formatCount(c.connections_with_matches)} of ${formatCount(c.total_connections)} connections` : undefined,
    },
    {
      title: 'Matches per couple',
      value: c ? formatOneDecimal(c.avg_matches_per_connection) : '—',
      loading: conversion.loading,
      caption: c ? `${formatCount(c.total_matches)} matches in all` : undefined,
    },
  ];

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <AnalyticsPageHeader
        title="Advanced Analytics"
        subtitle="What the swipes say, the favourite names of each group, and one user up close."
        onRefresh={retry}
        refreshing={refreshing}
      />

      <Stack spacing={3}>
        {failures.length > 0 ? (
          <RetryAlert severity="warning" onRetry={retry} retrying={refreshing}>
            Some figures could not be loaded and show as empty: {failures.map(([what, reason]) => `${what} (${reason})`).join('; ')}
          </RetryAlert>
        ) : null}

        <Grid container spacing={2.5}>
          {cards.map((card) => (
            <Grid key={card.title} size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
              <StatCard size="medium" title={card.title} value={card.value} loading={card.loading} caption={card.caption} />
            </Grid>
          ))}
        </Grid>

        <AnalyticsSection
          title="Insights"
          subtitle="Written from the figures above"
          failed={insightsFailed ? 'the figures they are written from did not arrive' : null}
          onRetry={retryInsights}
          retrying={refreshing}
        >
          {insightsLoading ? (
            <Skeleton variant="rounded" height={120} />
          ) : insights.length === 0 ? (
            <Typography color="text.secondary">Not enough data for insights yet.</Typography>
          ) : (
            <List dense disablePadding aria-label="Insights">
              {insights.map((insight) => (
                <ListItem key={insight.id} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36, color: 'warning.main' }}>
                    <LightbulbOutlined fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={insight.text} />
                </ListItem>
              ))}
            </List>
          )}
        </AnalyticsSection>

        <AnalyticsSection
          title="Top names per gender"
          subtitle="The 10 most swiped names of each gender, with their swipe counts"
          failed={byGender.failed}
          onRetry={byGender.onRetry}
          retrying={byGender.retrying}
        >
          <TopNamesGroups groups={genders} loading={byGender.loading} countLabel="Swipes" emptyLabel="No swipes yet." />
        </AnalyticsSection>

        <AnalyticsSection
          title="Top names per nationality"
          subtitle="The 10 most swiped names of each nationality, with their swipe counts, busiest first"
          failed={byNationality.failed}
          onRetry={byNationality.onRetry}
          retrying={byNationality.retrying}
        >
          <TopNamesGroups
            groups={nationalities}
            loading={byNationality.loading}
            countLabel="Swipes"
            initiallyShown={6}
            emptyLabel="No swipes yet."
          />
        </AnalyticsSection>

        <UserLookupPanel aboveSettled={!queries.some((query) => query.isLoading)} />
      </Stack>
    </Container>
  );
}
