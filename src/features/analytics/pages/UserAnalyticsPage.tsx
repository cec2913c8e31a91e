import { useMemo } from 'react';
import { Container, Grid, Stack } from '@mui/material';
import { formatCount, formatOneDecimal } from '../../../lib/format';
import { formatShare } from '../analyticsFormat';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useGetTopNamesByGenderQuery, useGetTopNamesByNationalityQuery, useGetUserStatsQuery } from '../analyticsApi';
import { USER_ANALYTICS_PAGE_ERROR, USER_ANALYTICS_SECTION_ERROR } from '../analyticsErrors';
import { withFallback } from '../analyticsFallback';
import { AnalyticsSection } from '../components/AnalyticsSection';
import { StatCard } from '../../../components/StatCard';
import { TopNamesGroups } from '../components/TopNamesGroups';
import { genderGroups, nationalityGroups } from '../topNames';
import type { UserStats } from '../../../../contract/schemas/analytics';
import { RetryAlert } from '../../../components/RetryAlert';
import { AnalyticsPageHeader } from '../components/AnalyticsPageHeader';

interface Metric {
  title: string;
  value: (stats: UserStats) => string;
  caption?: string;
}

/** The user stats shape's eight figures (spec 3), in reading order. */
const METRICS: Metric[] = [
  { title: 'Unique users', value: (s) => formatCount(s.uniqueUsers), caption: 'Users with at least one swipe' },
  { title: 'Total names', value: (s) => formatCount(s.totalNames), caption: 'Names in the database' },
  { title: 'Total swipes', value: (s) => formatCount(s.totalSwipes), caption: 'Likes and dislikes' },
  { title: 'Average swipes per user', value: (s) => formatOneDecimal(s.averageSwipesPerUser), caption: 'Per user who swiped' },
  { title: 'Total likes', value: (s) => formatCount(s.totalLikes) },
  { title: 'Total dislikes', value: (s) => formatCount(s.totalDislikes) },
  { title: 'Total connections', value: (s) => formatCount(s.totalConnections), caption: 'Accepted partner connections' },
  { title: 'Like rate', value: (s) => formatShare(s.totalLikes, s.totalSwipes), caption: 'Share of swipes that were likes' },
];

/** A top-10 section whose call failed: the spec's message and a Retry of that call alone, never "No likes yet.". */
function SectionFailure({ onRetry, retrying, what }: { onRetry: () => void; retrying: boolean; what: string }) {
  return (
    <RetryAlert onRetry={onRetry} retrying={retrying} retryLabel={`Retry ${what}`}>
      {USER_ANALYTICS_SECTION_ERROR}
    </RetryAlert>
  );
}

/** /user-analytics (spec 2): metric cards from the user stats and the top 10 names by gender and by nationality. */
export default function UserAnalyticsPage() {
  usePageTitle('User Analytics');
  const statsQuery = useGetUserStatsQuery();
  const genderQuery = useGetTopNamesByGenderQuery();
  const nationalityQuery = useGetTopNamesByNationalityQuery();
  const byGender = withFallback(genderQuery, {});
  const byNationality = withFallback(nationalityQuery, {});
  const genders = useMemo(() => genderGroups(byGender.data), [byGender.data]);
  const nationalities = useMemo(() => nationalityGroups(byNationality.data), [byNationality.data]);
  const stats = statsQuery.isError ? undefined : statsQuery.data;

  const retry = () => {
    void statsQuery.refetch();
    void genderQuery.refetch();
    void nationalityQuery.refetch();
  };
  const refreshing = statsQuery.isFetching || genderQuery.isFetching || nationalityQuery.isFetching;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <AnalyticsPageHeader
        title="User Analytics"
        subtitle="How people use the app, and the names they like most."
        onRefresh={retry}
        refreshing={refreshing}
      />

      <Stack spacing={3}>
        {statsQuery.isError ? (
          <RetryAlert onRetry={retry} retrying={refreshing}>
            {USER_ANALYTICS_PAGE_ERROR}
          </RetryAlert>
        ) : (
          <Grid container spacing={2.5}>
            {METRICS.map((metric) => (
              <Grid key={metric.title} size={{ xs: 12, sm: 6, lg: 3 }}>
                <StatCard
                  size="medium"
                  title={metric.title}
                  value={stats ? metric.value(stats) : '—'}
                  loading={statsQuery.isLoading}
                  caption={metric.caption}
                />
              </Grid>
            ))}
          </Grid>
        )}

        <AnalyticsSection title="Top 10 names by gender" subtitle="The most liked names of each gender">
          {byGender.failed ? (
            <SectionFailure onRetry={byGender.onRetry} retrying={byGender.retrying} what="top names by gender" />
          ) : (
            <TopNamesGroups groups={genders} loading={byGender.loading} countLabel="Likes" emptyLabel="No likes yet." />
          )}
        </AnalyticsSection>

        <AnalyticsSection title="Top 10 names by nationality" subtitle="The most liked names of each nationality, busiest first">
          {byNationality.failed ? (
            <SectionFailure onRetry={byNationality.onRetry} retrying={byNationality.retrying} what="top names by nationality" />
          ) : (
            <TopNamesGroups
              groups={nationalities}
              loading={byNationality.loading}
              countLabel="Likes"
              initiallyShown={6}
              emptyLabel="No likes yet."
            />
          )}
        </AnalyticsSection>
      </Stack>
    </Container>
  );
}
