import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatCount } from '../../../lib/format';
import { useDatabaseHealthQuery, useDatabaseOverviewQuery } from '../databaseAdminApi';

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
  const health = useDatabaseHealthQuery();
  const o = overview.data;
  const estimated = new Set(health.data?.estimated_counts ?? []);
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
        {health.data && (
          // Focusable with a name: a keyboard user can scroll the table sizes too (axe scrollable-region-focusable).
          <Box sx={{ maxHeight: 260, overflow: 'auto' }} tabIndex={0} role="region" aria-label="Table sizes, scrollable">
            <Table size="small" aria-label="Table sizes" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>Table</TableCell>
                  <TableCell align="right">Rows</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(health.data.table_counts)
                  .sort(([, a], [, b]) => b - a)
                  .map(([table, rows]) => (
                    <TableRow key={table}>
                      <TableCell>{table}</TableCell>
                      <TableCell align="right">
                        {estimated.has(table) ? '≈ ' : ''}
                        {formatCount(rows)}
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {health.data && (
          <Typography variant="caption" color="text.secondary">
            {health.data.postgresql.split(' on ')[0]}
            {estimated.size > 0 ? ' · ≈ marks an estimate from the catalog' : ''}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
