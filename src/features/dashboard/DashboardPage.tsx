// Dashboard (spec 2): four figures, then a link card per section.
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Container, Grid, Stack, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ChildCare from '@mui/icons-material/ChildCare';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SwipeOutlined from '@mui/icons-material/SwipeOutlined';
import { adminPages } from '../../app/adminPages';
import { useAppSelector } from '../../app/hooks';
import { errorReason } from '../../api/errors';
import { StatCard } from '../../components/StatCard';
import { usePageTitle } from '../../lib/usePageTitle';
import { pageIcons } from '../../app/layout/pageIcons';
import { selectSessionUser } from '../session';
import {
  useGetLiveConnectionCountQuery,
  useGetLiveUserCountQuery,
  useGetNameAndSwipeTotalsQuery,
  type LiveCount,
  type NameAndSwipeTotals,
} from './dashboardApi';

function DocumentCountsCaption({ totals }: { totals: NameAndSwipeTotals | undefined }) {
  if (totals?.source !== 'documents') return null;
  return (
    <Tooltip title={`The API failed: ${totals.apiError ?? 'unknown error'}`}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <InfoOutlined sx={{ fontSize: 14 }} />
        <span>Document counts (API unavailable: {totals.apiError ?? 'unknown error'})</span>
      </Stack>
    </Tooltip>
  );
}

/** StatCard props of a live count: a skeleton until the first figure or error arrives. */
function liveFigure(data: LiveCount | undefined) {
  return { value: data?.count, loading: data?.count == null && !data?.error, error: data?.error, live: true };
}

function Figures() {
  const users = useGetLiveUserCountQuery();
  const connections = useGetLiveConnectionCountQuery();
  // Refreshed when the dashboard is opened again after 30 s; users and connections are live anyway.
  const totals = useGetNameAndSwipeTotalsQuery(undefined, { refetchOnMountOrArgChange: 30 });
  const totalsError = totals.isError ? `Could not load: ${errorReason(totals.error)}` : null;
  const totalsFigure = { loading: totals.isLoading, error: totalsError, caption: <DocumentCountsCaption totals={totals.data} /> };
  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard title="Total Users" icon={<PeopleAltOutlined />} {...liveFigure(users.data)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard title="Total Names" icon={<ChildCare />} color="secondary" value={totals.data?.totalNames} {...totalsFigure} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard title="Total Swipes" icon={<SwipeOutlined />} color="info" value={totals.data?.totalSwipes} {...totalsFigure} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard title="Connections" icon={<HandshakeOutlined />} color="success" {...liveFigure(connections.data)} />
      </Grid>
    </Grid>
  );
}

function SectionLinks() {
  const sections = adminPages.filter((page) => page.path !== '/dashboard');
  return (
    <Grid container spacing={2} component="nav" aria-label="Sections">
      {sections.map((page) => {
        const Icon = pageIcons[page.path];
        return (
          <Grid key={page.path} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
            <Card sx={{ height: '100%', '&:hover .section-arrow': { transform: 'translateX(3px)', opacity: 1 } }}>
              <CardActionArea component={RouterLink} to={page.path} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <Box
                    sx={(theme) => ({
                      display: 'grid',
                      placeItems: 'center',
                      width: 40,
                      height: 40,
                      flexShrink: 0,
                      borderRadius: 2,
                      color: 'primary.main',
                      bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
                    })}
                  >
                    <Icon fontSize="small" />
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                      {page.label}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {page.description}
                    </Typography>
                  </Box>
                  <ArrowForward
                    className="section-arrow"
                    fontSize="small"
                    sx={{ color: 'text.secondary', opacity: 0.6, transition: 'transform 150ms, opacity 150ms' }}
                  />
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useAppSelector(selectSessionUser);
  const name = user?.displayName || user?.email;
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1">
          Dashboard
        </Typography>
        <Typography color="text.secondary">{name ? `Welcome back, ${name}.` : 'Welcome back.'}</Typography>
      </Box>
      <Figures />
      <Typography variant="h6" component="h2" sx={{ mt: 5, mb: 2 }}>
        Sections
      </Typography>
      <SectionLinks />
    </Container>
  );
}
