import { Alert, Box, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useGetSystemHealthQuery } from '../../../components/systemHealth/systemHealthApi';
import { SystemHealthReadout } from '../../../components/systemHealth/SystemHealthReadout';
import { formatCount } from '../../../lib/format';
import { useDatabaseOverviewQuery } from '../databaseAdminApi';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </Box>
  );
}

export function DatabaseOverviewCard() {
  const overview = useDatabaseOverviewQuery();
  const health = useGetSystemHealthQuery();
  const o = overview.data;
  return (
    <Card variant="outlined" component="section" aria-labelledby="overview-title">
      <CardContent>
        <Typography id="overview-title" variant="h6" component="h2" gutterBottom>
          Overview
        </Typography>
        {overview.isError && <Alert severity="error">The overview could not be loaded.</Alert>}
        {!o && overview.isLoading && <Skeleton variant="rounded" height={64} />}
        {o && (
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
            <Figure label="Total names" value={formatCount(o.totalNames)} />
            <Figure label="Male" value={formatCount(o.namesByGender.male)} />
            <Figure label="Female" value={formatCount(o.namesByGender.female)} />
            <Figure label="Unisex" value={formatCount(o.namesByGender.unisex)} />
            <Figure label="Nationalities" value={formatCount(o.nationalityCount)} />
            <Box>
              <Typography variant="body2" color="text.secondary">
                Random seed column
              </Typography>
              <Chip
                size="small"
                color={o.hasRandomSeedColumn ? 'success' : 'default'}
                label={o.hasRandomSeedColumn ? 'Present' : 'Not added yet'}
                sx={{ mt: 0.5 }}
              />
            </Box>
          </Stack>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
          Table sizes
        </Typography>
        {health.isError && <Alert severity="warning">System health is not available.</Alert>}
        {health.data && <SystemHealthReadout health={health.data} countsLabel="Table sizes" />}
      </CardContent>
    </Card>
  );
}
