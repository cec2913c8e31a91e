// The grid toolbar an operator expects on the console's tables: columns, density and a quick
// filter over the rows loaded on the page. No CSV or print button: the pages' own exports cover everything
// matching their filters, not only the rows loaded here.
import { Box } from '@mui/material';
import { GridToolbarColumnsButton, GridToolbarContainer, GridToolbarDensitySelector, GridToolbarQuickFilter } from '@mui/x-data-grid';

/**
 * Columns and density only: for a table whose rows are a part of a list the server orders and filters (Manage Names
 * scrolls on through thousands), where a quick filter over the loaded rows would pass for a search of the list.
 */
export function ColumnsAndDensityToolbar() {
  return (
    <GridToolbarContainer sx={{ px: 1, py: 0.75, gap: 1 }}>
      <GridToolbarColumnsButton />
      <GridToolbarDensitySelector />
    </GridToolbarContainer>
  );
}

export function BasicGridToolbar() {
  return (
    <GridToolbarContainer sx={{ px: 1, py: 0.75, gap: 1 }}>
      <GridToolbarColumnsButton />
      <GridToolbarDensitySelector />
      <Box sx={{ flex: 1 }} />
      <GridToolbarQuickFilter />
    </GridToolbarContainer>
  );
}
