import { useEffect, useState } from 'react';
import { Badge, Box, Button, Collapse, InputAdornment, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import { GENDERS } from '../../../../contract/nameRules';
import { MAX_USER_SEARCH_LENGTH } from '../../../../contract/usersAudit';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { activeFilterCount, filtersChanged, filtersCleared, searchChanged, selectUserFilters, type UserListFilters } from '../usersSlice';

/** Typing pauses this long before the list is asked again: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

type Choice<T extends string> = readonly (readonly [T, string])[];

const PREMIUM_CHOICES: Choice<UserListFilters['premium']> = [
  ['all', 'All'],
  ['premium', 'Premium'],
  ['free', 'Free'],
];
const ACTIVE_CHOICES: Choice<UserListFilters['active']> = [
  ['all', 'All'],
  ['active', 'Active'],
  ['inactive', 'Inactive'],
];
const CONNECTED_CHOICES: Choice<UserListFilters['connected']> = [
  ['all', 'All'],
  ['connected', 'Connected'],
  ['notConnected', 'Not connected'],
];
const GENDER_CHOICES: Choice<string> = [['all', 'Any'], ...GENDERS.map((g) => [g, g] as const)];

function SelectFilter<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: T;
  choices: Choice<T>;
  onChange: (value: T) => void;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value as T)}>
      {choices.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

const DAY_FILTERS_ZONE_ID = 'user-day-filters-zone';

function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': DAY_FILTERS_ZONE_ID } }}
    />
  );
}

/**
 * Search and the advanced filters. Every change goes through the slice (which starts the list at page
 * one); the search box keeps its own text while typing and hands it over after a pause.
 */
export function UserSearchBar() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectUserFilters);
  const [text, setText] = useState(filters.search);
  const [open, setOpen] = useState(() => activeFilterCount(filters) > 0);
  const [nationality, setNationality] = useState(filters.preferredNationality === 'all' ? '' : filters.preferredNationality);

  // The address (back/forward, a shared link) can change the search: show it.
  useEffect(() => setText(filters.search), [filters.search]);
  useEffect(
    () => setNationality(filters.preferredNationality === 'all' ? '' : filters.preferredNationality),
    [filters.preferredNationality],
  );

  useEffect(() => {
    if (text.trim() === filters.search) return;
    const timer = setTimeout(() => dispatch(searchChanged(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.search, dispatch]);

  const set = (change: Partial<UserListFilters>) => dispatch(filtersChanged(change));
  const count = activeFilterCount(filters);
  // A link or a reload with filters set opens the panel, so what narrows the list is in sight.
  useEffect(() => {
    if (count > 0) setOpen(true);
  }, [count]);

  return (
    <Paper component="section" aria-label="Search and filters" sx={{ p: 2.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label="Search users"
          placeholder="Email, username, display name or uid"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') dispatch(searchChanged(text));
          }}
          sx={{ flex: 1 }}
          slotProps={{
            htmlInput: { maxLength: MAX_USER_SEARCH_LENGTH, 'aria-label': 'Search users' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Badge badgeContent={count} color="primary">
          <Button
            variant={open ? 'contained' : 'outlined'}
            startIcon={<TuneIcon />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="user-advanced-filters"
          >
            Advanced filters
          </Button>
        </Badge>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box
          id="user-advanced-filters"
          role="group"
          aria-label="Advanced filters"
          sx={{ mt: 2.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
        >
          <SelectFilter label="Premium" value={filters.premium} choices={PREMIUM_CHOICES} onChange={(premium) => set({ premium })} />
          <SelectFilter label="Account" value={filters.active} choices={ACTIVE_CHOICES} onChange={(active) => set({ active })} />
          <SelectFilter
            label="Connection"
            value={filters.connected}
            choices={CONNECTED_CHOICES}
            onChange={(connected) => set({ connected })}
          />
          <SelectFilter
            label="Preferred gender"
            value={filters.preferredGender}
            choices={GENDER_CHOICES}
            onChange={(preferredGender) => set({ preferredGender })}
          />
          <TextField
            size="small"
            label="Preferred nationality"
            placeholder="Any"
            value={nationality}
            onChange={(e) => setNationality(e.target.value)}
            onBlur={() => set({ preferredNationality: nationality })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') set({ preferredNationality: nationality });
            }}
          />
          <DayFilter label="Created from" value={filters.createdFrom} onChange={(createdFrom) => set({ createdFrom })} />
          <DayFilter label="Created to" value={filters.createdTo} onChange={(createdTo) => set({ createdTo })} />
          <Typography id={DAY_FILTERS_ZONE_ID} variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
            Days are UTC days, like the dates in the list.
          </Typography>
          <DayFilter label="Last active from" value={filters.lastActiveFrom} onChange={(lastActiveFrom) => set({ lastActiveFrom })} />
          <DayFilter label="Last active to" value={filters.lastActiveTo} onChange={(lastActiveTo) => set({ lastActiveTo })} />
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Button onClick={() => dispatch(filtersCleared())} disabled={count === 0 && filters.search === ''}>
              Clear filters
            </Button>
          </Box>
        </Box>
      </Collapse>
    </Paper>
  );
}
