import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { FILTER_LETTERS, GENDERS, type Gender } from '../../../../contract/wire';
import { formatCount, formatDate, withTimeZone } from '../../../lib/format';
import {
  DATABASE_ADMIN_PAGE_SIZE,
  useDatabaseNamesPageQuery,
  useDatabaseNationalitiesQuery,
  type DatabaseNamesFilters,
} from '../databaseAdminApi';

/** Spec 8, Other. */
export const FETCH_NAMES_FAILED = 'Failed to fetch names data.';

const INITIAL: DatabaseNamesFilters = { letter: 'All', gender: 'all', nationality: 'all' };

export function DatabaseNamesTable() {
  const [filters, setFilters] = useState<DatabaseNamesFilters>(INITIAL);
  const [page, setPage] = useState(1);
  const nationalities = useDatabaseNationalitiesQuery();
  const { data, isError, isFetching } = useDatabaseNamesPageQuery({ ...filters, page });
  const total = data?.total ?? null;
  const pages = total === null ? null : Math.max(1, Math.ceil(total / DATABASE_ADMIN_PAGE_SIZE));
  const hasNext = pages === null ? (data?.names.length ?? 0) === DATABASE_ADMIN_PAGE_SIZE : page < pages;
  const showSeed = data?.names.some((n) => n.random_seed !== undefined && n.random_seed !== null) ?? false;

  // Paging resets whenever a filter changes (as on Manage Names).
  const change = (next: Partial<DatabaseNamesFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="names-table-title">
      <CardContent>
        <Typography id="names-table-title" variant="h6" component="h2" gutterBottom>
          Names
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <FormControl size="small" sx={{ minWidth: 110 }}>
            <InputLabel id="db-letter">Letter</InputLabel>
            <Select labelId="db-letter" label="Letter" value={filters.letter} onChange={(e) => change({ letter: e.target.value })}>
              <MenuItem value="All">All</MenuItem>
              {FILTER_LETTERS.map((l) => (
                <MenuItem key={l} value={l}>
                  {l}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 130 }}>
            <InputLabel id="db-gender">Gender</InputLabel>
            <Select
              labelId="db-gender"
              label="Gender"
              value={filters.gender}
              onChange={(e) => change({ gender: e.target.value as Gender | 'all' })}
            >
              <MenuItem value="all">All</MenuItem>
              {GENDERS.map((g) => (
                <MenuItem key={g} value={g}>
                  {g}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 170 }}>
            <InputLabel id="db-nationality">Nationality</InputLabel>
            <Select
              labelId="db-nationality"
              label="Nationality"
              value={filters.nationality}
              onChange={(e) => change({ nationality: e.target.value })}
            >
              <MenuItem value="all">All</MenuItem>
              {(nationalities.data ?? []).map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
        {isError && <Alert severity="error">{FETCH_NAMES_FAILED}</Alert>}
        {!isError && (
          <Box sx={{ overflowX: 'auto', opacity: isFetching ? 0.6 : 1 }} tabIndex={0} role="region" aria-label="Names, scrollable">
            <Table size="small" aria-label="Names">
              <TableHead>
                <TableRow>
                  <TableCell>ID</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Gender</TableCell>
                  <TableCell>Nationality</TableCell>
                  <TableCell>{withTimeZone('Created')}</TableCell>
                  {showSeed && <TableCell align="right">random_seed</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {(data?.names ?? []).map((n) => (
                  <TableRow key={n.id}>
                    <TableCell>{n.id}</TableCell>
                    <TableCell>{n.name}</TableCell>
                    <TableCell>{n.gender}</TableCell>
                    <TableCell>{n.nationality}</TableCell>
                    <TableCell>{formatDate(n.created_at)}</TableCell>
                    {showSeed && <TableCell align="right">{typeof n.random_seed === 'number' ? n.random_seed.toFixed(6) : ''}</TableCell>}
                  </TableRow>
                ))}
                {data && data.names.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={showSeed ? 6 : 5}>No names match these filters.</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Box>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="body2" role="status" aria-live="polite">
            Page {formatCount(page)}
            {pages !== null ? ` of ${formatCount(pages)}` : ''}
            {total !== null ? ` · ${formatCount(total)} names` : ''}
          </Typography>
          <Button variant="outlined" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1 || isFetching}>
            Previous
          </Button>
          <Button variant="outlined" onClick={() => setPage((p) => p + 1)} disabled={!hasNext || isFetching}>
            Next
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
