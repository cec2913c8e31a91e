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
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NAME_SEARCH_MAX_LENGTH, normalizeSearchText, searchTextProblem } from '../../../../contract/nameSearch';
import type { NameSearchSummary } from '../../../../contract/schemas/names';
import { GENDERS, type Gender, FILTER_LETTERS } from '../../../../contract/nameRules';
import { SearchField } from '../../../components/SearchField';
import { formatCount, formatDate, withTimeZone } from '../../../lib/format';
import {
  DATABASE_ADMIN_PAGE_SIZE,
  useDatabaseNamesPageQuery,
  useDatabaseNationalitiesQuery,
  type DatabaseNamesFilters,
} from '../databaseAdminApi';
import { databaseNamesViewOf, searchParamsWithDatabaseNamesView, type DatabaseNamesView } from '../databaseNamesUrl';

/** Spec 8, Other. */
export const FETCH_NAMES_FAILED = 'Failed to fetch names data.';

const FILTER_KEYS = ['letter', 'gender', 'nationality', 'search'] as const satisfies readonly (keyof DatabaseNamesFilters)[];

/**
 * The line beside Previous and Next: the page, and how many names match. A search says what it matched and how
 * many are close spellings, or that the API did not say it searched (its answer is then the unsearched list).
 */
export function databaseNamesStatus(
  page: number,
  total: number | null,
  search: string,
  summary: NameSearchSummary | null | undefined,
): string {
  // A search counted up to a bound (contract/nameSearch.ts: NAME_SEARCH_COUNT_LIMIT): more than were counted match.
  if (search !== '' && total !== null && summary?.exact === false)
    return `Page ${formatCount(page)} · more than ${formatCount(total - 1)} names match “${search}”`;
  const pages = total === null ? null : Math.max(1, Math.ceil(total / DATABASE_ADMIN_PAGE_SIZE));
  let line = `Page ${formatCount(page)}${pages !== null ? ` of ${formatCount(pages)}` : ''}`;
  if (total !== null) line += ` · ${formatCount(total)} ${total === 1 ? 'name' : 'names'}`;
  if (search === '' || summary === undefined) return line;
  if (summary === null) return `${line} · the names API did not say it applied the search “${search}”`;
  line += ` ${total === 1 ? 'matches' : 'match'} “${search}”`;
  const close = summary.closeMatches;
  return close === 0 ? line : `${line}, ${formatCount(close)} of them ${close === 1 ? 'a close spelling' : 'close spellings'}`;
}

export function DatabaseNamesTable() {
  // The address holds the table's filters, search and page (databaseNamesUrl.ts): Back restores them.
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => databaseNamesViewOf(params), [params]);
  const { page, ...filters } = view;
  const go = (next: DatabaseNamesView) => setParams(searchParamsWithDatabaseNamesView(next, params));
  const nationalities = useDatabaseNationalitiesQuery();
  const { data, currentData, isError, isFetching } = useDatabaseNamesPageQuery(view);
  const total = data?.total ?? null;
  const pages = total === null ? null : Math.max(1, Math.ceil(total / DATABASE_ADMIN_PAGE_SIZE));
  // A total that is a lower bound (a search counted up to its bound) does not say where the last page is.
  const fullPage = (data?.names.length ?? 0) === DATABASE_ADMIN_PAGE_SIZE;
  const hasNext = pages === null || data?.search?.exact === false ? fullPage : page < pages;
  const showSeed = data?.names.some((n) => n.random_seed !== undefined && n.random_seed !== null) ?? false;
  // A link may name a nationality the list does not (yet) hold: keep it selectable, so the select shows what is filtered.
  const nationalityOptions = nationalities.data ?? [];
  const shownNationalities =
    filters.nationality !== 'all' && !nationalityOptions.includes(filters.nationality)
      ? [filters.nationality, ...nationalityOptions]
      : nationalityOptions;

  const unfiltered = filters.letter === 'All' && filters.gender === 'all' && filters.nationality === 'all';

  // Paging resets whenever a filter or the search changes (as on Manage Names); the same value again is no change.
  const change = (next: Partial<DatabaseNamesFilters>) => {
    const changed = { ...filters, ...next };
    if (FILTER_KEYS.every((key) => changed[key] === filters[key])) return;
    go({ ...changed, page: 1 });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="names-table-title">
      <CardContent>
        <Typography id="names-table-title" variant="h6" component="h2" gutterBottom>
          Names
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
          <SearchField
            label="Search names"
            value={filters.search}
            onSearch={(text) => change({ search: normalizeSearchText(text) })}
            normalize={normalizeSearchText}
            problemOf={searchTextProblem}
            hint="Case and accents are ignored"
            maxLength={NAME_SEARCH_MAX_LENGTH}
            sx={{ minWidth: 220, flex: 1, maxWidth: 360 }}
          />
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
              {shownNationalities.map((n) => (
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
                    <TableCell colSpan={showSeed ? 6 : 5}>
                      {filters.search === ''
                        ? 'No names match these filters.'
                        : `No names match “${filters.search}”${unfiltered ? '' : ' with these filters'}.`}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Box>
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="body2" role="status" aria-live="polite">
            {/* currentData: while another search loads, the previous answer says nothing about this one */}
            {databaseNamesStatus(page, total, filters.search, currentData?.search)}
          </Typography>
          <Button variant="outlined" onClick={() => go({ ...view, page: Math.max(1, page - 1) })} disabled={page <= 1 || isFetching}>
            Previous
          </Button>
          <Button variant="outlined" onClick={() => go({ ...view, page: page + 1 })} disabled={!hasNext || isFetching}>
            Next
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
