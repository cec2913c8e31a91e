import { useCallback, useEffect, useMemo } from 'react';
import { useMediaQuery, useTheme } from '@mui/material';
import type { GridColumnVisibilityModel, GridDensity } from '@mui/x-data-grid';
import type { SavedViewPage } from '../../../contract/savedViews';
import { useAppDispatch } from '../../app/hooks';
import { DEFAULT_PREFERENCES, flushGridPreferences, gridPreferencesChanged } from './gridPreferences';
import { useGetGridPreferencesQuery } from './savedViewsApi';

/**
 * A grid's column choice and density as the operator left them, from any browser (gridPreferences.ts), as DataGrid
 * props. Until the operator has chosen, the columns in `hiddenWhenNarrow` stay out below the lg breakpoint (1200 px),
 * as src/components/useNarrowWindowColumns.ts explains; once they chose, their choice holds at every width.
 */
export function useGridPreferences(page: SavedViewPage, hiddenWhenNarrow: readonly string[] = []) {
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  // Read afresh on each visit: another browser may have changed them since.
  const { data = DEFAULT_PREFERENCES(page) } = useGetGridPreferencesQuery(page, { refetchOnMountOrArgChange: true });
  const chosen = data.updatedAt !== null || Object.keys(data.columns).length > 0;
  const columnVisibilityModel = useMemo<GridColumnVisibilityModel>(
    () => (chosen ? data.columns : Object.fromEntries(hiddenWhenNarrow.map((field) => [field, !narrow]))),
    [chosen, data.columns, hiddenWhenNarrow, narrow],
  );
  const onColumnVisibilityModelChange = useCallback(
    (model: GridColumnVisibilityModel) => dispatch(gridPreferencesChanged(page, { columns: model })),
    [dispatch, page],
  );
  const onDensityChange = useCallback((density: GridDensity) => dispatch(gridPreferencesChanged(page, { density })), [dispatch, page]);
  useEffect(() => () => dispatch(flushGridPreferences(page)), [dispatch, page]);
  return { columnVisibilityModel, onColumnVisibilityModelChange, density: data.density as GridDensity, onDensityChange };
}
