import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { SystemHealth } from '../../../contract/schemas/databaseAdmin';
import { formatCount } from '../../lib/format';

/** "PostgreSQL 18.6 (PGlite 0.5.16)": the version up to its build details. */
export function postgresVersion(health: SystemHealth): string {
  return health.postgresql.split(/ on |, compiled by /)[0];
}

/** "PostgreSQL 18.6 (PGlite 0.5.16) · 4 analytics tables": the version and the count that matters. */
export function healthSummary(health: SystemHealth): string {
  const analytics = health.analytics_tables.length;
  return `${postgresVersion(health)} · ${analytics === 0 ? 'no' : formatCount(analytics)} analytics table${analytics === 1 ? '' : 's'}`;
}

function NameList({ label, names }: { label: string; names: readonly string[] }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {label} ({formatCount(names.length)})
      </Typography>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          none
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
          {names.map((name) => (
            <Chip key={name} label={name} size="small" variant="outlined" sx={{ fontFamily: 'monospace' }} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

export interface SystemHealthReadoutProps {
  health: SystemHealth;
  /** the row-count table's accessible name */
  countsLabel: string;
  /** the catalog too: the full server version and the tables, analytics tables and views it lists */
  catalog?: boolean;
}

/** What GET /admin/health says: row counts per table, largest first, and (with `catalog`) what exists. */
export function SystemHealthReadout({ health, countsLabel, catalog = false }: SystemHealthReadoutProps) {
  const counts = Object.entries(health.table_counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const estimated = new Set(health.estimated_counts ?? []);
  return (
    <Stack spacing={2}>
      {catalog && (
        <>
          <Box>
            <Typography variant="subtitle2" component="h3">
              postgresql
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
              {health.postgresql}
            </Typography>
          </Box>
          <NameList label="tables" names={health.tables} />
          <NameList label="analytics_tables" names={health.analytics_tables} />
          <NameList label="views" names={health.views} />
        </>
      )}
      <Box>
        {/* Focusable with a name: a keyboard user can scroll the counts too (axe scrollable-region-focusable). */}
        <Box sx={{ maxHeight: 260, overflow: 'auto' }} tabIndex={0} role="region" aria-label={`${countsLabel}, scrollable`}>
          <Table size="small" aria-label={countsLabel} stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>Table</TableCell>
                <TableCell align="right">Rows</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {counts.map(([table, rows]) => (
                <TableRow key={table}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{table}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {estimated.has(table) ? '≈ ' : ''}
                    {formatCount(rows)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Typography variant="caption" color="text.secondary">
          {postgresVersion(health)}
          {estimated.size > 0 ? ' · ≈ an estimate from the catalog (large tables are not counted row by row on every check)' : ''}
        </Typography>
      </Box>
    </Stack>
  );
}
