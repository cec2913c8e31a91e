import { Alert, Box, MenuItem, Paper, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { GENDERS, FILTER_LETTERS } from '../../../../contract/nameRules';
import { NAME_SEARCH_MAX_LENGTH, normalizeSearchText, searchTextProblem } from '../../../../contract/nameSearch';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SearchField } from '../../../components/SearchField';
import { useGetNationalitiesQuery } from '../namesApi';
import { genderChanged, letterChanged, nationalityChanged, searchChanged, selectNamesFilters, type GenderFilter } from '../namesSlice';

const LETTER_OPTIONS = [...FILTER_LETTERS, 'All'];

/** How the search matches, under the box. */
export const NAME_SEARCH_HINT = 'Case and accents are ignored: “sigridur” finds Sigríður, “aegir” finds Ægir.';

/** Search, letter, gender and nationality filters. Every change goes through the slice, which resets paging. */
export function NamesFilterBar() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectNamesFilters);
  const { data: nationalities = [], isError: nationalitiesFailed, isLoading: nationalitiesLoading } = useGetNationalitiesQuery();
  // A shared link may name a nationality the list does not (yet) hold; keep it selectable so the select
  // shows what is actually filtered instead of warning about an out-of-range value.
  const nationalityOptions =
    filters.nationality !== 'all' && !nationalities.includes(filters.nationality) ? [filters.nationality, ...nationalities] : nationalities;

  return (
    <Paper component="section" aria-labelledby="names-filters-heading" sx={{ p: 2.5 }}>
      <Typography id="names-filters-heading" variant="h6" component="h2" gutterBottom>
        Filters
      </Typography>
      <SearchField
        label="Search names"
        value={filters.search}
        onSearch={(text) => dispatch(searchChanged(text))}
        normalize={normalizeSearchText}
        problemOf={searchTextProblem}
        hint={NAME_SEARCH_HINT}
        maxLength={NAME_SEARCH_MAX_LENGTH}
        sx={{ width: '100%', maxWidth: 496, mb: 2 }}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={filters.letter}
        // null when the selected letter is clicked again: that is not a change.
        onChange={(_event, value: string | null) => value && dispatch(letterChanged(value))}
        aria-label="Filter by first letter"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 0.5,
          mb: 2,
          // Wrapped rows of a joined button group look broken; give every letter its own outlined tile.
          '& .MuiToggleButtonGroup-grouped, & .MuiToggleButtonGroup-grouped:not(:first-of-type)': {
            m: 0,
            minWidth: 36,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          },
        }}
      >
        {LETTER_OPTIONS.map((letter) => (
          <ToggleButton key={letter} value={letter} sx={letter === 'All' ? { px: 1.5 } : undefined}>
            {letter}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 240px))' } }}>
        <TextField
          select
          size="small"
          label="Gender"
          value={filters.gender}
          onChange={(e) => dispatch(genderChanged(e.target.value as GenderFilter))}
        >
          <MenuItem value="all">All</MenuItem>
          {GENDERS.map((g) => (
            <MenuItem key={g} value={g}>
              {g}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Nationality"
          value={filters.nationality}
          onChange={(e) => dispatch(nationalityChanged(e.target.value))}
          helperText={nationalitiesLoading ? 'Loading nationalities…' : undefined}
        >
          <MenuItem value="all">All</MenuItem>
          {nationalityOptions.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {nationalitiesFailed && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Failed to load nationality filters. Please check your connection.
        </Alert>
      )}
    </Paper>
  );
}
