import { useState } from 'react';
import { useMediaQuery, useTheme } from '@mui/material';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';

/**
 * Columns a table leaves out below the lg breakpoint (1200 px wide), shown again by its Columns button. A grid
 * wider than the window scrolls sideways, and the scroll bar sits under its last row: out of sight once the table
 * grows with the page, so the columns past the window's edge would just be gone. The choice made with
 * the Columns button holds until the window crosses the breakpoint.
 */
export function useNarrowWindowColumns(hiddenWhenNarrow: readonly string[]) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const [state, setState] = useState(() => ({ narrow, model: modelFor(hiddenWhenNarrow, narrow) }));
  if (state.narrow !== narrow) setState({ narrow, model: modelFor(hiddenWhenNarrow, narrow) });
  return {
    columnVisibilityModel: state.model,
    onColumnVisibilityModelChange: (model: GridColumnVisibilityModel) => setState({ narrow, model }),
  };
}

function modelFor(fields: readonly string[], narrow: boolean): GridColumnVisibilityModel {
  return Object.fromEntries(fields.map((field) => [field, !narrow]));
}
