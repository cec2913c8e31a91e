import { MenuItem, Paper, Stack, TextField } from '@mui/material';
import { GENDERS } from '../../../../contract/nameRules';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ANALYTICS_ORIGINS, analyticsGenderChanged, analyticsOriginChanged, selectAnalyticsFilters } from '../analyticsSlice';

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Gender and origin filters of the Name Analytics Dashboard (spec 2); the slice mirrors them in the address. */
export function AnalyticsFilterBar() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectAnalyticsFilters);
  return (
    <Paper component="section" aria-label="Filters" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Gender"
          value={filters.gender}
          onChange={(event) => dispatch(analyticsGenderChanged(event.target.value))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="all">All genders</MenuItem>
          {GENDERS.map((gender) => (
            <MenuItem key={gender} value={gender}>
              {capitalize(gender)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Origin"
          value={filters.origin}
          onChange={(event) => dispatch(analyticsOriginChanged(event.target.value))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="all">All origins</MenuItem>
          {ANALYTICS_ORIGINS.map((origin) => (
            <MenuItem key={origin} value={origin}>
              {capitalize(origin)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Paper>
  );
}
