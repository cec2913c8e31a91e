import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, Grid, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { ANALYTICS_DEFAULTS } from '../../../../contract/analytics';
import type { PairMatch, SwipeSession, UserSwipe } from '../../../../contract/schemas/analytics';
import type { UserRecord } from '../../../../contract/schemas/usersAudit';
import { errorReason } from '../../../api/errors';
import { decisionSpeed, formatDuration, formatPercent, formatSeconds, formatShare } from '../analyticsFormat';
import { formatCount, formatDateTimeWithZone, formatOneDecimal } from '../../../lib/format';
import { useGetPairMatchesQuery, useGetSwipeSessionsQuery, useGetUserSwipeInsightsQuery, useGetUserSwipesQuery } from '../analyticsApi';
import { capitalize } from '../chartData';
import { AnalyticsGrid } from './AnalyticsGrid';
import { countCol, dateTimeCol, durationCol, labelCol, secondsCol, textCol } from './columns';
import { StatCard } from '../../../components/StatCard';
import { UserRef } from './UserRef';

const swipeColumns: GridColDef<UserSwipe>[] = [
  textCol('name', 'Name', 120),
  labelCol('gender', 'Gender', 90),
  labelCol('origin', 'Origin', 120),
  {
    field: 'liked',
    headerName: 'Swipe',
    width: 100,
    renderCell: ({ value }) => (
      <Chip size="small" label={value ? 'Like' : 'Dislike'} color={value ? 'success' : 'default'} variant="outlined" />
    ),
  },
  {
    ...secondsCol<UserSwipe>('decision_time_ms', 'Decision time', 150),
    renderCell: ({ value, formattedValue }) => {
      if (typeof value !== 'number') return formattedValue;
      const speed = decisionSpeed(value);
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', width: '100%' }}>
          {speed === 'normal' ? null : <Chip size="small" label={speed} color={speed === 'fast' ? 'info' : 'warning'} variant="outlined" />}
          <span>{formattedValue}</span>
        </Stack>
      );
    },
  },
  dateTimeCol('created_at', 'When'),
];

const sessionColumns: GridColDef<SwipeSession>[] = [
  dateTimeCol('started_at', 'Started'),
  durationCol('duration_ms', 'Length', 130),
  countCol('swipes', 'Swipes'),
  countCol('likes', 'Likes'),
  secondsCol('avg_decision_time_ms', 'Avg decision'),
];

const matchColumns: GridColDef<PairMatch>[] = [
  textCol('name', 'Name', 120),
  labelCol('gender', 'Gender', 90),
  labelCol('origin', 'Origin', 120),
  durationCol('time_between_swipes_ms', 'Time between likes', 170),
  dateTimeCol('created_at', 'Matched at'),
];

function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
      {children}
    </Typography>
  );
}

function PairMatchesBlock({ uid, partner }: { uid: string; partner: string }) {
  const [offset, setOffset] = useState(0);
  const limit = ANALYTICS_DEFAULTS.matchesLimit;
  const query = useGetPairMatchesQuery({ a: uid, b: partner, limit, offset });
  const data = query.data;
  const total = data?.total ?? 0;
  return (
    <Box>
      <SubHeading>
        Matches with <UserRef uid={partner} layout="inline" />
      </SubHeading>
      {query.isError ? (
        <Alert severity="warning">Matches could not be loaded: {errorReason(query.error)}</Alert>
      ) : (
        <>
          {data && !data.connected ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              These two are not connected (no accepted connection), so they have no matches.
            </Typography>
          ) : null}
          <AnalyticsGrid
            ariaLabel="Matches with partner"
            rows={data?.matches ?? []}
            columns={matchColumns}
            getRowId={(row) => row.name_id}
            loading={query.isFetching}
            noRowsLabel="No names liked by both yet."
          />
          {total > limit ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
              <Button size="small" disabled={offset === 0 || query.isFetching} onClick={() => setOffset(Math.max(0, offset - limit))}>
                Previous
              </Button>
              <Typography variant="body2" color="text.secondary">
                {formatCount(offset + 1)}–{formatCount(Math.min(offset + limit, total))} of {formatCount(total)}
              </Typography>
              <Button size="small" disabled={offset + limit >= total || query.isFetching} onClick={() => setOffset(offset + limit)}>
                Next
              </Button>
            </Stack>
          ) : null}
        </>
      )}
    </Box>
  );
}

/** One user's swipes, insights, sessions and (with a partner) matches: the per-user calls of spec 7. */
export function UserSwipeDetail({ user }: { user: UserRecord }) {
  const insightsQuery = useGetUserSwipeInsightsQuery(user.uid);
  const swipesQuery = useGetUserSwipesQuery({ id: user.uid, limit: ANALYTICS_DEFAULTS.userSwipesLimit });
  const sessionsQuery = useGetSwipeSessionsQuery({ id: user.uid, limit: ANALYTICS_DEFAULTS.sessionsLimit });
  const insights = insightsQuery.data;
  const partner = insights?.partner_id ?? user.connectedUserId;
  const loading = insightsQuery.isLoading;

  const cards = [
    {
      title: 'Total swipes',
      value: insights ? formatCount(insights.total_swipes) : '—',
      caption: insights ? `${formatCount(insights.total_likes)} likes · ${formatCount(insights.total_dislikes)} dislikes` : undefined,
    },
    { title: 'Like ratio', value: formatShare(insights?.total_likes, insights?.total_swipes) },
    {
      title: 'Average decision time',
      value: formatSeconds(insights?.avg_decision_time_ms),
      caption: insights
        ? `${formatPercent(insights.fast_decision_ratio)} under 2 s · ${formatPercent(insights.slow_decision_ratio)} over 5 s`
        : undefined,
    },
    {
      title: 'Swipe sessions',
      value: insights ? formatCount(insights.total_sessions) : '—',
      caption: insights
        ? `${formatOneDecimal(insights.avg_swipes_per_session)} swipes per session · ${formatCount(insights.active_days)} active days`
        : undefined,
    },
    { title: 'Matches', value: insights ? formatCount(insights.matches) : '—', caption: partner ? 'With their partner' : 'Not connected' },
  ];

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h6" component="h3">
          {user.displayName || user.username || user.email || user.uid}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[user.email, `uid ${user.uid}`].filter(Boolean).join(' · ')}
          {' · '}
          {partner ? (
            <>
              partner <UserRef uid={partner} layout="inline" />
            </>
          ) : (
            'no partner'
          )}
          {insights?.first_swipe_at ? ` · swiping since ${formatDateTimeWithZone(insights.first_swipe_at)}` : ''}
        </Typography>
      </Box>

      {insightsQuery.isError ? (
        <Alert severity="warning">Swipe insights could not be loaded: {errorReason(insightsQuery.error)}</Alert>
      ) : (
        <Grid container spacing={2}>
          {cards.map((card) => (
            <Grid key={card.title} size={{ xs: 12, sm: 6, md: 4, lg: 'grow' }}>
              <StatCard size="medium" title={card.title} value={card.value} caption={card.caption} loading={loading} />
            </Grid>
          ))}
        </Grid>
      )}

      {insights && insights.origins.length > 0 ? (
        <Box>
          <SubHeading>Likes by origin</SubHeading>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }} aria-label="Likes by origin">
            {insights.origins.map((origin) => (
              <Chip
                key={origin.origin}
                variant="outlined"
                label={`${capitalize(origin.origin)}: ${formatCount(origin.likes)} of ${formatCount(origin.swipes)} (${formatShare(origin.likes, origin.swipes)})`}
              />
            ))}
          </Stack>
        </Box>
      ) : null}

      <Box>
        <SubHeading>{`Latest swipes${swipesQuery.data ? ` (${formatCount(swipesQuery.data.swipes.length)} of ${formatCount(swipesQuery.data.total_swipes)})` : ''}`}</SubHeading>
        {swipesQuery.isError ? <Alert severity="warning">Swipes could not be loaded: {errorReason(swipesQuery.error)}</Alert> : null}
        <AnalyticsGrid
          ariaLabel="Latest swipes"
          rows={swipesQuery.data?.swipes ?? []}
          columns={swipeColumns}
          getRowId={(row) => row.id}
          loading={swipesQuery.isLoading}
          noRowsLabel="This user has not swiped yet."
        />
      </Box>

      <Box>
        <SubHeading>{`Latest swipe sessions${sessionsQuery.data ? ` (${formatCount(sessionsQuery.data.sessions.length)} of ${formatCount(sessionsQuery.data.total_sessions)}; a gap of ${formatDuration(sessionsQuery.data.session_gap_ms)} or more starts a new one)` : ''}`}</SubHeading>
        {sessionsQuery.isError ? <Alert severity="warning">Sessions could not be loaded: {errorReason(sessionsQuery.error)}</Alert> : null}
        <AnalyticsGrid
          ariaLabel="Swipe sessions"
          rows={sessionsQuery.data?.sessions ?? []}
          columns={sessionColumns}
          getRowId={(row) => row.started_at}
          loading={sessionsQuery.isLoading}
          noRowsLabel="No sessions yet."
        />
      </Box>

      {partner ? <PairMatchesBlock key={partner} uid={user.uid} partner={partner} /> : null}
    </Stack>
  );
}
